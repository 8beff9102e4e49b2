"""Field matches (``arena --field``): one challenger in each seat in turn of a table of one field player.

An independent oracle replays a deal from the rules' own primitives (the pass, the round, the score), and
the pairing is checked where it must be exact: a player against a table of itself gains nothing, and the
field passes once per seat and hand however many tables a deal plays."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest

import ai.arena
import ai.field
from ai.arena import _deal_seed, deal_hands
from ai.bots import LevelPlayer
from ai.contract import Level, TableView
from ai.field import FIELD_SEATS, run_field
from ai.passing import choose_pass
from rules.deal import Deal
from rules.exchange import Direction, pass_round, seen_holdings
from rules.presets import Options, Preset
from rules.scoring import score_deal


def without_timings(report: dict) -> dict:
    return {
        **report,
        "challenger": {k: v for k, v in report["challenger"].items() if k != "median_ms"},
        "field": {k: v for k, v in report["field"].items() if k != "median_ms"},
    }


def oracle_gain(challenger: str, fielder: str, seed: int, rounds: int, way: Direction) -> float:
    """Deal 0's gain, from the primitives: every table played out in full, nothing memoised."""
    preset, n = Preset.TAIWAN, FIELD_SEATS
    deal_seed = _deal_seed(seed, 0)
    hands, turned = deal_hands(deal_seed, n, preset.default_options)
    views = [TableView(preset=preset, players=n, seat=s, levels=(fielder,) * n, turned=turned) for s in range(n)]
    way = way.for_deal(1, n)

    def totals(seat: int | None) -> tuple[int, ...]:
        who = [Level(challenger if s == seat else fielder) for s in range(n)]
        held, passed = list(hands), []
        for rnd in range(rounds):
            passes = [choose_pass(held[s], views[s], who[s], seed=(deal_seed * 8 + s) * 4 + rnd + 1).cards
                      for s in range(n)]
            held = list(pass_round(held, passes, way))
            passed.append(passes)
        known = [replace(v, held=seen_holdings(s, n, way, passed)) if rounds else v for s, v in enumerate(views)]
        decisions = [LevelPlayer(who[s]).decide(held[s], known[s], seed=deal_seed * 8 + s).decision for s in range(n)]
        return score_deal(Deal(preset, preset.default_options, tuple(decisions))).totals

    base = totals(None)
    return statistics.fmean(totals(s)[s] - base[s] for s in range(n))


@pytest.mark.parametrize("rounds, way", [(0, Direction.CLOCKWISE), (1, Direction.CLOCKWISE), (2, Direction.ACROSS)])
def test_the_gain_is_what_the_rules_score_at_the_two_tables(rounds: int, way: Direction) -> None:
    report = run_field("normal", "easy", 1, seed=21, exchange=rounds, exchange_way=way)
    assert report["challenger"]["mean"] == pytest.approx(oracle_gain("normal", "easy", 21, rounds, way), abs=1e-4)
    assert report["challenger"]["fouls"] == report["field"]["fouls"] == 0


@pytest.mark.parametrize(
    "preset, rounds, joker",
    [(Preset.TAIWAN, 0, False), (Preset.TAIWAN, 1, False), (Preset.SHISANSHUI, 2, False), (Preset.TAIWAN, 1, True),
     (Preset.ARCADE, 1, False)],
)
def test_against_a_table_of_itself_a_player_gains_exactly_nothing(preset: Preset, rounds: int, joker: bool) -> None:
    options = Options.for_preset(preset, {"joker": True}) if joker else None
    report = run_field("normal", "normal", 3, seed=5, preset=preset, exchange=rounds, options=options)
    me = report["challenger"]
    assert me["mean"] == 0.0 and me["ci95"] == 0.0 and me["same_table"] == 1.0
    assert me.get("same_pass", 1.0) == 1.0
    assert ("joker" in report) is joker and ("exchange" in report) is bool(rounds)


def test_the_field_passes_once_per_seat_and_hand_and_the_challenger_once_per_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: Counter[tuple[str, tuple, int]] = Counter()

    def spy(hand, view, level, *, seed=0, modelled=True):
        asked[(Level(level).value, tuple(hand), view.seat)] += 1
        return choose_pass(hand, view, level, seed=seed, modelled=modelled)

    monkeypatch.setattr(ai.arena, "choose_pass", spy)
    deals = 2
    run_field("normal", "easy", deals, seed=8, exchange=1)
    # One round: the field's first passes are the baseline's at every table, the challenger passes in each seat.
    assert sum(v for (lvl, _, _), v in asked.items() if lvl == "easy") == FIELD_SEATS * deals
    assert sum(v for (lvl, _, _), v in asked.items() if lvl == "normal") == FIELD_SEATS * deals
    assert max(asked.values()) == 1


def test_where_the_challenger_plays_differently_the_gain_moves_and_the_counts_say_how_often() -> None:
    report = run_field("normal", "easy", 4, seed=3, exchange=1)
    me = report["challenger"]
    assert 0.0 <= me["same_table"] <= me["same_pass"] <= 1.0
    assert me["same_table"] < 1.0 and me["mean"] != 0.0  # normal and easy do not play alike
    assert report["mode"] == "field" and report["field"]["name"] == "easy"


@pytest.mark.slow
def test_two_processes_give_the_same_report_as_one() -> None:
    seen: list[tuple[int, int]] = []
    one = run_field("normal", "easy", 4, seed=12, exchange=1, jobs=1)
    two = run_field("normal", "easy", 4, seed=12, exchange=1, jobs=2, progress=lambda d, t: seen.append((d, t)))
    assert without_timings(one) == without_timings(two)
    assert seen[-1] == (4, 4)


def test_refusals() -> None:
    with pytest.raises(ValueError, match="in-process"):
        run_field("cmd:python bot.py", "easy", 1)
    with pytest.raises(ValueError, match="unknown player"):
        run_field("grandmaster", "easy", 1)
    with pytest.raises(ValueError, match="jobs"):
        run_field("normal", "easy", 1, jobs=0)


def test_where_the_rules_make_players_equal_the_report_says_so() -> None:
    assert "pattern ladder" in run_field("hard", "normal", 1, preset=Preset.LADDER)["note"]
    backrow = run_field("hard", "normal", 2, preset=Preset.BACKROW)
    assert "strongest back" in backrow["note"] and backrow["challenger"]["mean"] == 0.0


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "app", "arena", *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_cli_field_prints_the_gain_and_refuses_what_it_cannot_play() -> None:
    text = _cli("--players", "normal,easy", "--field", "--deals", "2", "--exchange", "1", "--jobs", "1")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].startswith("2 field deals, rules taiwan, 換三張 1× clockwise: normal in each seat")
    assert lines[1].startswith("gain of normal over easy: ") and "units a seat-hand" in lines[1]
    assert "normal passed as easy did on" in lines[2]
    data = _cli("--players", "normal,easy", "--field", "--deals", "2", "--jobs", "1", "--json")
    report = json.loads(data.stdout)
    assert report["mode"] == "field" and report["challenger"]["name"] == "normal"
    assert "same_pass" not in report["challenger"]  # nothing is passed without --exchange
    for players in ("normal,easy,hard", "normal", "normal,cmd:bot"):
        bad = _cli("--players", players, "--field", "--deals", "1")
        assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "CHALLENGER,FIELD" in bad.stderr
        assert "Traceback" not in bad.stderr


def test_every_seat_sees_the_field_level_everywhere_so_only_the_challengers_choices_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[str, tuple]] = []

    class Spy:
        def __init__(self, inner: LevelPlayer) -> None:
            self.inner, self.name = inner, inner.name

        def decide(self, hand, view: TableView, seed: int):
            seen.append((self.name, view.levels))
            return self.inner.decide(hand, view, seed)

        def close(self) -> None:
            self.inner.close()

    monkeypatch.setattr(ai.field, "make_player", lambda name, preset: Spy(LevelPlayer(Level(name))))
    run_field("normal", "easy", 2, seed=4)
    assert {levels for _, levels in seen} == {("easy",) * FIELD_SEATS}
    # Per deal: four baseline seats, then the challenger in each seat; a field seat with the same hand and
    # view as at the baseline is not asked again (without passing every field seat is).
    assert Counter(name for name, _ in seen) == {"normal": 2 * FIELD_SEATS, "easy": 2 * FIELD_SEATS}
