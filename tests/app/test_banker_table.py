"""The banker game at the table (rules/RULES.md §16): the bank going round, the player's stake, the pairs with
the banker only, what the computers and the coach are told, records and a continued session."""

from __future__ import annotations

import json
import random

import pytest

from ai import Level
from app.config import STAKES, TableConfig
from app.game import Action, Allowed, Phase, run_ai, verdict
from app.game.journal import Journal
from app.game.record import DealRecord
from app.game.replay import OneDeal
from app.game.resume import restore, restore_table
from app.game.table import Table
from app.store.database import open_history
from rules.presets import OptionError, Preset, TieRule
from rules.scoring import score_deal
from tests.app.harness import suggested
from tests.tiers import one_daily

from .history_helpers import play_random_deal


def cfg(preset: Preset = Preset.HONGKONG, **kw) -> TableConfig:
    kw.setdefault("levels", (Level.EASY,) * 3)
    kw.setdefault("banker", True)
    return TableConfig(
        preset=preset, options=kw.pop("options", preset.default_options), seed=kw.pop("seed", 4), time_limit=0, **kw
    )


def auto_deal(t: Table) -> DealRecord:
    rec = t.start_deal()
    t.decide_computers()
    if t.human is not None and t.human in rec.seats:
        if t.arrange.declared is None and t.preset.arranged:  # the pattern ladder: READY at once
            t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
        t.ready()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    t.reveal.finish()
    return rec


def test_hongkong_is_a_banker_game_by_default_and_the_others_are_not() -> None:
    assert TableConfig.quick(Preset.HONGKONG).banker
    assert not TableConfig.quick(Preset.TAIWAN).banker
    assert TableConfig.quick(Preset.TAIWAN).with_preset(Preset.HONGKONG).banker
    assert not TableConfig.quick(Preset.HONGKONG).with_preset(Preset.WESTERN).banker


# Every day the banker's own preset, arcade's coins and the ladder (rules/test_banker.py's property checks the
# banker's pairs in every preset every day); every preset in the soak tier.
@one_daily("preset", list(Preset), [Preset.HONGKONG, Preset.ARCADE, Preset.LADDER])
def test_the_bank_goes_round_and_only_the_banker_meets_the_players(preset: Preset) -> None:
    t = Table(cfg(preset))
    bankers = []
    for _ in range(5):
        rec = auto_deal(t)
        bankers.append(rec.banker)
        assert rec.result is not None and sum(rec.result.totals) == 0
        assert {(p.i, p.j) for p in rec.result.pairs} == {
            tuple(sorted((rec.position(rec.banker), rec.position(s)))) for s in rec.seats if s != rec.banker
        }
        assert not any("home_run" in {it.kind for it in p.items} for p in rec.result.pairs)
    assert bankers == [1, 2, 3, 0, 1]


def test_a_fixed_bank_stays() -> None:
    t = Table(cfg(banker_moves=False))
    assert [auto_deal(t).banker for _ in range(3)] == [1, 1, 1]


def test_the_players_stake_counts_from_the_next_deal_and_never_as_banker() -> None:
    t = Table(cfg(player_stake=2))
    rec = auto_deal(t)
    assert rec.stakes[0] == 2 and rec.stakes[1] == 1  # the player's own, the bank's 1
    assert rec.stakes[2] in STAKES and rec.stakes[3] in STAKES  # the computers' own (ai.choose_stake)
    assert t.wagers.cycle_stake() == 3  # the deal just played keeps its 2
    assert rec.stakes[0] == 2
    assert auto_deal(t).stakes[0] == 3
    auto_deal(t)
    mine = auto_deal(t)  # the fourth deal: the player holds the bank
    assert mine.banker == 0 and mine.stakes[0] == 1
    for seat in (1, 2, 3):  # each pair with the bank at the computer's own stake
        pair = mine.result.pair(0, seat)
        rest = sum(it.value for it in pair.items if it.kind != "stake")
        staked = sum(it.value for it in pair.items if it.kind == "stake")
        assert staked == rest * (mine.stakes[seat] - 1)


def test_a_stake_multiplies_the_players_pair() -> None:
    plain, staked = Table(cfg(player_stake=1)), Table(cfg(player_stake=5))
    a, b = auto_deal(plain), auto_deal(staked)
    assert a.hands == b.hands and a.decisions == b.decisions
    assert b.result.pair(0, 1).score == 5 * a.result.pair(0, 1).score


def test_the_stake_key_is_offered_only_in_a_banker_game() -> None:
    assert verdict(Table(cfg()), Action.STAKE).allowed is Allowed.ALLOWED
    assert verdict(Table(cfg(Preset.TAIWAN, banker=False)), Action.STAKE).allowed is Allowed.HIDDEN
    assert verdict(Table(cfg(watch=True)), Action.STAKE).allowed is Allowed.HIDDEN


def test_the_computers_and_the_coach_are_told_who_holds_the_bank() -> None:
    t = Table(cfg(player_stake=3))
    rec = t.start_deal()
    view = t.asking.view_for(2)
    stakes = tuple(rec.stakes[s] for s in rec.seats)
    assert view.banker == rec.position(1) and view.stakes == stakes and stakes[:2] == (3, 1)
    assert view.weight == rec.stakes[2]
    assert t.asking.view_for(1).weight == 3 + rec.stakes[2] + rec.stakes[3]  # the banker meets each player at its stake
    request = t.asking.suggest_request()
    assert request.view.banker == 1 and request.view.seat == 0
    choice = run_ai(request)
    assert choice.decision.cards == tuple(sorted(rec.hands[0]))


@pytest.mark.parametrize("ties", list(TieRule))
def test_records_of_a_banker_game_read_back_and_score_the_same(ties: TieRule) -> None:
    options = TableConfig().options.__class__(ties=ties)
    t = Table(cfg(Preset.TAIWAN, options=options, player_stake=5))
    for _ in range(3):
        rec = auto_deal(t)
        again = DealRecord.from_dict(rec.to_dict())
        assert again.banker == rec.banker and again.stakes == rec.stakes
        assert score_deal(again.to_deal()) == rec.result


def test_bad_banker_settings_are_refused() -> None:
    with pytest.raises(OptionError, match="player_stake"):
        TableConfig(player_stake=4)
    with pytest.raises(OptionError, match="'banker'"):
        TableConfig.from_dict({"banker": "yes"})
    assert TableConfig.from_dict(cfg().to_dict()) == cfg()
    assert "banker" not in TableConfig().to_dict()  # a table without a bank saves what it always did
    assert set(STAKES) == {1, 2, 3, 5}


def test_rule_seven_brings_its_tie_rule() -> None:
    c = TableConfig.quick(Preset.HONGKONG).with_rule_seven(True)
    assert c.options.rule_seven and c.options.ties is TieRule.BANKER


def test_a_continued_banker_session_keeps_the_rotation(tmp_path) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    table = Table(cfg(seed=9, player_stake=2), journal=Journal(history))
    rng = random.Random(3)
    for _ in range(2):
        play_random_deal(table, rng)
    table.progress.keep()  # back to the menu: the session kept for Continue
    row = history.resumable()
    assert row is not None
    again = restore_table(row, history.session_deals(row.id), history)
    assert [r.banker for r in again.history] == [1, 2]
    assert [r.stakes for r in again.history] == [r.stakes for r in table.history]
    first, restored = table.start_deal(), again.start_deal()
    assert restored.banker == first.banker == 3 and restored.stakes == first.stakes


def test_a_saved_session_stakes_the_next_deals_as_the_first_table_would() -> None:
    # Computers of every level, so that the stakes differ from seat to seat and deal to deal.
    config = cfg(seed=11, levels=(Level.EASY, Level.NORMAL, Level.EXPERT), player_stake=3)
    table = Table(config)
    rng = random.Random(5)
    for _ in range(2):
        play_random_deal(table, rng)
    again = restore(json.loads(json.dumps(table.saving.save())))
    for _ in range(4):
        first, restored = play_random_deal(table, rng), play_random_deal(again, random.Random(0))
        assert restored.banker == first.banker and restored.stakes == first.stakes
    assert any(s > 1 for rec in table.history for seat, s in rec.stakes.items() if seat != rec.human)


def test_a_stored_banker_deal_shown_again_keeps_its_stakes_and_its_score() -> None:
    table = Table(cfg(seed=2, levels=(Level.HARD, Level.EASY, Level.EXPERT)))
    played = [auto_deal(table) for _ in range(3)]
    assert any(s > 1 for rec in played for seat, s in rec.stakes.items() if seat != rec.human)
    for rec in played:
        stored = DealRecord.from_dict(rec.to_dict())
        shown = OneDeal(stored, retry=False).start_deal()
        assert shown.stakes == rec.stakes and shown.result == rec.result


def test_the_play_flag_sets_the_banker_game() -> None:
    from app.cli import build_parser
    from app.commands.play_cmds import config_from_args

    def parsed(*argv: str) -> TableConfig:
        return config_from_args(build_parser().parse_args(["play", *argv]))

    assert parsed("--rules", "hongkong").banker and not parsed().banker
    assert parsed("--banker").banker and not parsed("--rules", "hongkong", "--no-banker").banker


def test_the_host_chooses_who_holds_the_bank_first_and_may_keep_it_there() -> None:
    mine = Table(cfg(first_banker=0, banker_moves=False))
    assert [auto_deal(mine).banker for _ in range(3)] == [0, 0, 0]  # the player keeps the bank
    west = Table(cfg(first_banker=3))
    assert [auto_deal(west).banker for _ in range(3)] == [3, 0, 1]
    across = Table(cfg(first_banker=1, players=2))  # East's chair is empty at two: the next seat in play
    assert auto_deal(across).banker == 2
    with pytest.raises(OptionError, match="first_banker"):
        TableConfig(first_banker=4)
