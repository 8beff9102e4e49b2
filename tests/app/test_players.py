"""Tables of two or three players (issue 14, rules/RULES.md §10.1): the host setting, the `--players` flag, and
the table's state machine with empty chairs — never dealt, never scored, never out — under every preset."""

from __future__ import annotations

import copy
import json
import math
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai import Level
from ai.reviews import Budget
from app.config import PLAYERS, TableConfig, seats_for
from app.game import ArrangeError, Phase, SeatState, Table, run_ai, run_coach
from app.game.journal import Journal
from app.game.record import DealRecord, RecordError
from app.game.replay import OneDeal
from app.game.resume import RestoreError, restore_table
from app.game.why import Why
from app.store.database import open_history
from rules.arrangement import Row
from rules.ledger import EndReason
from rules.presets import OptionError, Preset
from tests.app.harness import Clock, suggested
from tests.tiers import one_daily

from .history_helpers import play_random_deal, play_session

SMALL = (2, 3)


def cfg(preset: Preset = Preset.TAIWAN, players: int = 3, **kw) -> TableConfig:
    kw.setdefault("levels", (Level.EASY,) * 3)
    kw.setdefault("watch_level", Level.EASY)
    return TableConfig(preset=preset, options=preset.default_options, seed=kw.pop("seed", 11), players=players, **kw)


def empty_chairs(players: int) -> set[int]:
    return set(range(4)) - set(seats_for(players))


def auto_deal(t: Table) -> None:
    """Every computer decides; the player plays the helper's first suggestion; scored, the reveal over."""
    t.decide_computers()
    if t.human is not None and t.human in t.current.seats and not t.human_ready:
        if t.arrange.declared is None and t.preset.arranged:  # the pattern ladder: READY at once
            t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
        t.ready()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    t.reveal.finish()


# ------------------------------------------------------------------------------------------ the setting


def test_which_seats_each_table_size_uses():
    assert seats_for(4) == (0, 1, 2, 3)
    assert seats_for(3) == (0, 1, 3)  # North's chair empty: East and West either side of the player
    assert seats_for(2) == (0, 2)  # the player and North, across the table
    assert PLAYERS == (2, 3, 4) and TableConfig().players == 4


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", list(Preset))
def test_the_setting_reads_back_in_every_preset(preset, players):
    config = replace(TableConfig.quick(preset), players=players)
    data = json.loads(json.dumps(config.to_dict()))
    assert ("players" in data) is (players != 4)  # a table of four saves what it saved before the setting
    assert TableConfig.from_dict(data) == config and config.seats == seats_for(players)


def test_an_old_saved_config_without_the_setting_reads_as_four():
    data = TableConfig.quick(Preset.ARCADE).to_dict()
    assert "players" not in data
    assert TableConfig.from_dict(data).players == 4


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (5, "must be 2, 3 or 4, not 5"),
        (1, "not 1"),
        (0, "not 0"),
        ("3", "cannot be '3'"),
        (True, "cannot be True"),
        (3.0, "cannot be 3.0"),
        (None, "cannot be None"),
        ([3], "cannot be"),
    ],
)
def test_a_bad_players_setting_is_refused_with_its_name(value, words):
    data = {**TableConfig().to_dict(), "players": value}
    with pytest.raises(OptionError, match="players") as exc:
        TableConfig.from_dict(data)
    assert words in str(exc.value)


def test_a_table_config_of_another_size_cannot_be_made():
    with pytest.raises(OptionError, match="2, 3 or 4"):
        TableConfig(players=5)


def test_the_play_flag_sets_the_table_size():
    from app.cli import build_parser
    from app.commands.play_cmds import config_from_args

    args = build_parser().parse_args(["play", "--players", "3", "--rules", "tournament", "--watch"])
    c = config_from_args(args)
    assert c.players == 3 and c.preset is Preset.TOURNAMENT and c.watch
    assert config_from_args(build_parser().parse_args(["play"])).players == 4


@pytest.mark.parametrize("value", ["5", "1", "0", "-3", "three", "3.0", "", "３", "1_0"])
def test_bad_players_on_the_command_line_exit_2_with_one_error_line(value, capsys):
    from app.cli import main

    assert main(["play", "--players", value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "players" in err and "Traceback" not in err and err.count("\n") == 1


# ------------------------------------------------------------------------------------ the state machine


@pytest.mark.parametrize("players", SMALL)
# Every day an arranged table, arcade's coins and the ladder (rules/test_properties.py scores every preset at tables
# of two to four every day); every preset in the soak tier.
@one_daily("preset", list(Preset), [Preset.TAIWAN, Preset.ARCADE, Preset.LADDER])
def test_a_deal_deals_arranges_and_scores_the_seats_at_the_table_only(preset, players):
    t = Table(cfg(preset, players), now=Clock(1000.0))
    seats, empty = seats_for(players), empty_chairs(players)
    assert t.seating.seats == seats and t.seating.seats_in_play() == seats
    before = t.totals.money()
    rec = t.start_deal()
    assert rec.seats == seats and set(rec.hands) == set(seats) and rec.players == players
    assert all(len(h) == 13 for h in rec.hands.values())
    assert len({c for h in rec.hands.values() for c in h}) == 13 * players
    assert [r.seat for r in t.asking.computer_requests()] == [s for s in seats if s != 0]
    assert all(r.view.players == players for r in t.asking.computer_requests())  # the AI sees the table's size
    for seat in empty:
        assert t.seating.is_empty(seat) and not t.seating.is_out(seat) and t.status(seat) is SeatState.EMPTY
    auto_deal(t)
    assert t.phase is Phase.RESULTS and rec.result is not None
    assert len(rec.result.totals) == players and sum(rec.result.totals) == 0
    assert sum(rec.units) == 0 and all(rec.units[s] == 0 for s in empty)
    assert len(rec.result.pairs) == players * (players - 1) // 2
    after = t.totals.money()
    assert all(after[s] == before[s] for s in empty)  # nothing ever moves at an empty chair
    assert not any(item.kind == "home_run" for pair in rec.result.pairs for item in pair.items)  # §4: four only
    summary = t.outcome.summary()
    assert [line.seat for line in summary.seats] == list(seats)
    assert sorted(summary.standings) == list(seats) and not any(line.out for line in summary.seats)
    assert t.next() is Phase.ARRANGING and t.current.seats == seats  # nobody can be out after one deal


@pytest.mark.parametrize("players", SMALL)
def test_practice_at_a_smaller_table_keeps_nothing_and_lists_its_seats(players):
    t = Table(cfg(players=players, scored=False))
    t.start_deal()
    auto_deal(t)
    assert t.totals.money() == (0, 0, 0, 0) and len(t.outcome.summary().seats) == players


def test_two_players_tournament_ends_when_either_is_out():
    t = Table(cfg(Preset.TOURNAMENT, 2, watch=True))
    assert t.totals.money() == (3100, 0, 3100, 0) and not t.seating.is_out(1) and not t.seating.is_out(3)
    t.totals.ledger = replace(t.totals.ledger, points=(1, 0, 1, 0))  # any deal won or lost puts one of the two out
    t.start_deal()
    while True:
        auto_deal(t)
        if t.outcome.reason() is not None:
            break
        t.next()
    assert t.outcome.reason() is EndReason.PLAYERS
    loser = next(s for s in (0, 2) if t.seating.is_out(s))
    t.next()
    s = t.outcome.summary()
    assert t.phase is Phase.OVER and s.reason is EndReason.PLAYERS
    assert [line.seat for line in s.seats] == [0, 2] and s.line(loser).out and s.standings[-1] == loser
    with pytest.raises(KeyError):
        s.line(1)  # an empty chair has no line


def test_a_three_player_tournament_plays_its_sixteen_deals_and_the_dealer_is_never_the_empty_chair():
    t = Table(cfg(Preset.TOURNAMENT, 3, watch=True))
    t.start_deal()
    dealers = []
    while t.phase is not Phase.OVER:
        dealers.append(t.current.dealer)
        assert t.current.seats == tuple(s for s in (0, 1, 3) if not t.seating.is_out(s))
        auto_deal(t)
        t.next()
    assert dealers[0] == 0 and 2 not in dealers and len(set(dealers)) > 1
    assert t.outcome.summary().reason in (EndReason.FINISHED, EndReason.PLAYERS)
    assert t.number == 16 or t.outcome.summary().reason is EndReason.PLAYERS


def test_the_player_out_of_a_three_player_tournament_ends_it():
    t = Table(cfg(Preset.TOURNAMENT, 3))
    t.totals.ledger = replace(t.totals.ledger, points=(1, 3100, 0, 3100))
    t.start_deal()
    for _ in range(16):
        auto_deal(t)
        if t.outcome.reason() is not None:
            break
        t.next()
    assert t.outcome.reason() in (EndReason.ELIMINATED, EndReason.FINISHED)
    assert not t.seating.is_out(2) and t.status(2) is SeatState.EMPTY


def test_a_three_player_arcade_table_plays_down_to_the_last_two_and_ends():
    t = Table(cfg(Preset.ARCADE, 3, watch=True, stake=100, coins=300))
    assert t.totals.money() == (300, 300, 0, 300)
    t.start_deal()
    shrank = False
    for _ in range(60):
        auto_deal(t)
        if t.outcome.reason() is not None:
            break
        if t.next() is Phase.ROUND_SUMMARY:
            assert [line.seat for line in t.outcome.summary().seats] == [0, 1, 3]
            t.next()
        shrank = shrank or len(t.current.seats) == 2
        assert 2 not in t.current.seats
    assert t.outcome.reason() is EndReason.PLAYERS and len(t.seating.seats_in_play()) < 2
    assert not t.seating.is_out(2) and t.seating.is_empty(2)
    assert shrank or len(t.seating.seats_in_play()) == 1


@pytest.mark.parametrize(("players", "targets"), [(3, [1, 3, None]), (2, [2, None])])
def test_the_arcade_double_offers_only_the_opponents_at_the_table(players, targets):
    t = Table(cfg(Preset.ARCADE, players))
    t.start_deal()
    assert [t.wagers.cycle_double() for _ in range(len(targets))] == targets


def test_watching_three_players_the_empty_chair_cannot_be_taken():
    t = Table(cfg(players=3, watch=True))
    t.start_deal()
    assert len(t.asking.computer_requests()) == 3
    with pytest.raises(ArrangeError) as exc:
        t.seating.take_seat(2)
    assert exc.value.why is Why.BAD_SEAT
    t.seating.take_seat(3)
    auto_deal(t)
    t.next()
    assert t.human == 3 and t.viewer == 3 and t.arrange is not None and 3 in t.current.seats


@pytest.mark.parametrize("players", SMALL)
def test_the_time_out_takeover_completes_the_players_hand_only(players):
    clock = Clock(1000.0)
    t = Table(cfg(players=players, time_limit=30), now=clock)
    t.start_deal()
    t.decide_computers()
    t.apply(t.arrange.place(Row.BACK))
    clock.t += 31
    (req,) = t.countdown.on_timeout().requests
    assert req is not None and req.seat == 0 and req.view.players == players
    assert t.countdown.accept(req, run_ai(req)) and t.all_decided
    assert t.current.result is not None and t.current.decided_by[0] == "timeout"  # the time-out, apart from a takeover


@pytest.mark.parametrize("players", SMALL)
def test_leaving_a_smaller_table_hands_the_seat_to_the_computer(players):
    t = Table(cfg(players=players))
    t.start_deal()
    (req,) = t.leave().requests
    assert req is not None and req.seat == 0 and t.watching
    t.accept(req, run_ai(req))
    t.decide_computers()
    assert t.all_decided and set(t.current.decisions) == set(seats_for(players))


@pytest.mark.parametrize("players", SMALL)
def test_the_helper_and_the_coach_work_at_a_smaller_table(players):
    t = Table(cfg(Preset.SHISANSHUI if players == 2 else Preset.TAIWAN, players))
    t.start_deal()
    # On 12 pricing tables: a sound hint is the point (at the standard budget, with no bank at a smaller table,
    # the hint was seconds, the slowest part of this test).
    hint = t.helping.hint_for(run_ai(replace(t.asking.hint_request(), tables=12)))
    assert hint is not None and hint.card == t.arrange.cursor_card
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    assert t.arrange.suggestions
    t.ready()
    # The quick budget: the coach's pricing at the table's size is the point, not how long it prices for.
    request = t.coach.request(t.current, 0, t.asking.view_for(0), Budget.QUICK)
    assert request is not None and request.view.players == players
    review = run_coach(request)
    assert math.isfinite(review.loss) and review.loss >= 0 and review.best is not None


# ------------------------------------------------------------------------------------- records and restore


@pytest.mark.parametrize("players", SMALL)
@pytest.mark.parametrize("preset", list(Preset))
def test_a_smaller_tables_records_read_back_exactly(preset, players):
    table = play_session(preset, 500 + players, 12, players=players)
    assert table.history
    for rec in table.history:
        data = json.loads(json.dumps(rec.to_dict()))
        assert data["players"] == players and set(data["seats"]) <= set(seats_for(players))
        again = DealRecord.from_dict(data)
        assert again.to_dict() == data and again.players == players and again.to_deal() == rec.to_deal()


def test_a_table_of_fours_records_say_nothing_of_the_size():
    rec = play_session(Preset.TAIWAN, 3, 1).history[0]
    assert "players" not in rec.to_dict() and DealRecord.from_dict(rec.to_dict()).players == 4


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.__setitem__("players", 2), "not all at a table of 2"),
        (lambda d: d.__setitem__("players", 5), "2, 3 or 4"),
        (lambda d: d.__setitem__("players", "3"), "integer"),
    ],
)
def test_a_record_whose_seats_do_not_fit_its_table_is_refused(change, words):
    data = copy.deepcopy(play_session(Preset.TAIWAN, 8, 1, players=3).history[0].to_dict())
    change(data)
    with pytest.raises(RecordError, match=words):
        DealRecord.from_dict(data)


@pytest.mark.parametrize("preset", list(Preset))
def test_a_stored_three_player_session_comes_back_exactly(tmp_path, preset):
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    table = play_session(preset, 31, 7, Journal(history), players=3)
    table.progress.keep()  # back to the menu: the session kept for Continue
    row = history.resumable()
    assert row is not None and row.config["players"] == 3
    again = restore_table(row, history.session_deals(row.id), history)
    assert again.saving.save() == table.saving.save()
    assert again.seating.seats == (0, 1, 3) and again.seating.is_empty(2) and again.status(2) is SeatState.EMPTY
    assert again.totals.money() == table.totals.money() and again.outcome.start_money == table.outcome.start_money
    table.phase, table.outcome.ended = again.phase, None
    if table.outcome.reason() is None:
        rec = play_random_deal(again, random.Random(2))
        assert rec.hands == table.start_deal().hands and 2 not in rec.seats
        assert history.session(row.id).deals == row.deals + 1  # type: ignore[union-attr]
    listed = history.deals(session=row.id)
    assert listed and all(r.players == 3 for r in listed)


def test_a_stored_smaller_session_whose_empty_chair_holds_money_is_not_continued(tmp_path):
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    table = play_session(Preset.TAIWAN, 32, 2, Journal(history), players=3)
    table.progress.keep()  # back to the menu: the session kept for Continue
    row = history.resumable()
    assert row is not None
    units = row.state["ledger"]["units"]
    units[2], units[0] = 5, units[0] - 5  # still zero-sum, but the empty chair has won something
    with pytest.raises(RestoreError, match="empty chair"):
        restore_table(row, history.session_deals(row.id), history)


def test_a_stored_three_player_deal_shown_again_keeps_its_empty_chair():
    stored = play_session(Preset.TOURNAMENT, 9, 1, players=3).history[0]
    again = OneDeal(stored, retry=False)
    rec = again.start_deal()
    assert again.seating.seats == (0, 1, 3) and again.seating.is_empty(2) and not again.seating.is_out(2)
    assert rec.result == stored.result and rec.players == 3


# ------------------------------------------------------------------------------------------- a property


@given(
    preset=st.sampled_from(list(Preset)),
    players=st.sampled_from(PLAYERS),
    seed=st.integers(0, 2**31 - 1),
    choices=st.integers(0, 2**31 - 1),
)
def test_any_deal_at_any_table_size_is_zero_sum_and_the_empty_chairs_get_nothing(preset, players, seed, choices):
    table = Table(cfg(preset, players, seed=seed, time_limit=0))
    start = table.totals.money()
    rec = play_random_deal(table, random.Random(choices))
    assert sum(rec.units) == 0 and len(rec.units) == 4
    for seat in empty_chairs(players):
        assert rec.units[seat] == 0 and table.totals.money()[seat] == start[seat] == 0 and seat not in rec.seats
    assert rec.seats == seats_for(players)


# ------------------------------------------------------------------------------------ history and statistics


def test_the_history_lists_a_smaller_tables_deals_with_its_size(tmp_path):
    from app.i18n import Translator
    from app.screens.history import HistoryScreen
    from app.store.stats import compute_stats

    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    three = play_session(Preset.TAIWAN, 41, 3, Journal(history), players=3)
    four = play_session(Preset.TAIWAN, 42, 2, Journal(history))
    rows = history.deals()
    assert [r.players for r in rows] == [4, 4, 3, 3, 3]
    screen = HistoryScreen(history, t=Translator("en"))
    cells = {r.players: str(screen._cells(r)[3]) for r in rows}  # a Text: a mark of who decided is styled
    assert cells[3].endswith("(3 players)") and "players" not in cells[4]
    # The player's side of a deal of three: rows against two opponents, six at most.
    for r in rows[2:]:
        rec = next(x for x in three.history if x.number == r.number)
        assert r.units == rec.units[0] and r.rows_won is not None and 0 <= r.rows_won <= 6
    stats = compute_stats(history, "taiwan")
    assert stats.deals == 5 and stats.units == sum(r.units[0] for r in [*three.history, *four.history])


def test_the_history_command_says_a_deals_table_size(tmp_path, monkeypatch, capsys):
    from app.cli import main

    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))
    history = open_history().history
    assert history is not None
    play_session(Preset.ARCADE, 43, 2, Journal(history), players=2)
    history.close()
    assert main(["history", "--json"]) == 0
    assert [r["players"] for r in json.loads(capsys.readouterr().out)] == [2, 2]
    assert main(["history"]) == 0
    assert "(2p)" in capsys.readouterr().out


def test_export_then_import_keeps_a_smaller_tables_session(tmp_path):
    from app.game.transfer import ImportFailed, export_lines, import_lines

    source = open_history(tmp_path / "a" / "h.sqlite3").history
    assert source is not None
    for preset, players in ((Preset.TOURNAMENT, 3), (Preset.ARCADE, 2), (Preset.TAIWAN, 4)):
        play_session(preset, 44, 3, Journal(source), players=players).outcome.end(EndReason.LEFT)
    lines = list(export_lines(source))
    sizes = {json.loads(line)["deal"]["rules"]: json.loads(line)["session"]["config"].get("players") for line in lines}
    assert sizes == {"tournament": 3, "arcade": 2, "taiwan": None}
    target = open_history(tmp_path / "b" / "h.sqlite3").history
    assert target is not None
    import_lines(target, lines)
    assert list(export_lines(target)) == lines
    row = next(r for r in (target.session(i) for i in range(1, 4)) if r is not None and r.preset == "tournament")
    again = restore_table(row, target.session_deals(row.id), target)
    assert again.seating.seats == (0, 1, 3) and again.totals.money()[2] == 0
    spoiled = json.loads(lines[0])
    spoiled["session"]["config"]["players"] = 4 if spoiled["deal"].get("players") else 3
    with pytest.raises(ImportFailed, match="seats"):
        import_lines(open_history(tmp_path / "c" / "h.sqlite3").history, [json.dumps(spoiled)])
