"""Field matches (``arena --field``): one challenger in each seat in turn of a table of one field player.

An independent oracle replays a deal from the rules' own primitives (the pass, the round, the score), and
the pairing is checked where it must be exact: a player against a table of itself gains nothing, and the
field passes once per seat and hand however many tables a deal plays."""

from __future__ import annotations

import json
import statistics
import subprocess
from collections import Counter
from dataclasses import dataclass, replace

import pytest

import ai.arena
import ai.field
from ai.arena import deal_hands, deal_seed_of, treasures_for
from ai.bots import LevelPlayer, Played
from ai.contract import Level, TableView
from ai.exchange import PassChoice, choose_pass
from ai.field import FIELD_SEATS, run_field
from rules.cards import deal
from rules.deal import Deal
from rules.exchange import Direction, pass_round, seen_holdings
from rules.presets import Options, Preset
from rules.scoring import score_deal
from tests.cli.runner import in_process
from tests.tiers import long, sized


def without_timings(report: dict) -> dict:
    return {
        **report,
        "challenger": {k: v for k, v in report["challenger"].items() if k != "median_ms"},
        "field": {k: v for k, v in report["field"].items() if k != "median_ms"},
    }


# Passes and decisions remembered across this module's tests, keyed by all they depend on: the oracle replays
# the deals the field plays, every table of a deal again, and a pure function need not be priced twice for the
# same arguments (tests/ai/test_passing.py and tests/ai/test_levels.py check they are the same for the same
# seed). What the oracle checks is that the field asks for the same passes and plays the oracle derives.
_PASSES: dict[tuple, PassChoice] = {}
_PLAYS: dict[tuple, Played] = {}


def remembered_pass(hand, view: TableView, level, *, seed: int = 0, modelled: bool = True) -> PassChoice:
    """:func:`ai.exchange.choose_pass`, once for each set of arguments."""
    key = (tuple(hand), view, Level(level), seed, modelled)
    if key not in _PASSES:
        _PASSES[key] = choose_pass(hand, view, level, seed=seed, modelled=modelled)
    return _PASSES[key]


def remembered_play(level: Level, hand, view: TableView, seed: int) -> Played:
    """``LevelPlayer(level).decide``, once for each set of arguments."""
    key = (level, tuple(hand), view, seed)
    if key not in _PLAYS:
        _PLAYS[key] = LevelPlayer(level).decide(hand, view, seed=seed)
    return _PLAYS[key]


@pytest.fixture(autouse=True)
def _remembered_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.arena, "choose_pass", remembered_pass)


@dataclass(frozen=True)
class OracleDeal:
    """One deal of a field match, replayed from the primitives: every table played out in full."""

    preset: Preset
    rules: Options
    hands: list
    views: list[TableView]
    seed: int
    rounds: int
    way: Direction
    treasure: tuple

    def table(self, who: list[Level]) -> tuple[list, list, tuple[int, ...]]:
        """What each seat chose (decision, double), every round's passes, and the totals."""
        n, arcade = len(who), self.preset is Preset.ARCADE
        held, passed = list(self.hands), []
        for rnd in range(self.rounds):
            passes = [
                remembered_pass(held[s], self.views[s], who[s], seed=(self.seed * 8 + s) * 4 + rnd + 1).cards
                for s in range(n)
            ]
            held = list(pass_round(held, passes, self.way))
            passed.append(passes)
        known = [replace(v, held=seen_holdings(s, n, self.way, passed)) for s, v in enumerate(self.views)]
        plays = [remembered_play(who[s], held[s], known[s], self.seed * 8 + s) for s in range(n)]
        chosen = [(p.decision, p.double if arcade else None) for p in plays]
        deal = Deal(
            self.preset,
            self.rules,
            tuple(c[0] for c in chosen),
            tuple(c[1] for c in chosen) if arcade else (),
            self.treasure,
        )
        return chosen, passed, score_deal(deal).totals


def oracle(
    challenger: str,
    fielder: str,
    deals: int,
    seed: int,
    rounds: int,
    way: Direction,
    preset: Preset = Preset.TAIWAN,
    options: Options | None = None,
) -> tuple[float, float, float]:
    """The mean gain, same_table and same_pass of a field match, every table played out (nothing of the
    field's own memoising: only pure calls are remembered, see :func:`remembered_pass`)."""
    n, rules = FIELD_SEATS, options or preset.default_options
    gains, same_table, same_pass = [], 0, 0
    for d, treasure in enumerate(treasures_for(seed, deals, preset)):
        deal_seed = deal_seed_of(seed, d)
        hands, turned = deal_hands(deal_seed, n, rules)
        views = [
            TableView(
                preset=preset,
                options=options,
                players=n,
                seat=s,
                treasure=treasure,
                levels=(fielder,) * n,
                turned=turned,
            )
            for s in range(n)
        ]
        deal = OracleDeal(preset, rules, hands, views, deal_seed, rounds, way.for_deal(d + 1, n), treasure)
        base, base_passes, base_totals = deal.table([Level(fielder)] * n)
        seat_gains = []
        for s in range(n):
            chosen, passed, totals = deal.table([Level(challenger if t == s else fielder) for t in range(n)])
            seat_gains.append(totals[s] - base_totals[s])
            same_table += chosen == base
            same_pass += all(r[s] == b[s] for r, b in zip(passed, base_passes, strict=True))
        gains.append(statistics.fmean(seat_gains))
    return statistics.fmean(gains), same_table / (n * deals), same_pass / (n * deals)


@pytest.mark.parametrize(
    "rounds, way, preset, joker",
    # One clockwise round of taiwan is the path the other cases take with one more round, another way or preset.
    [
        (0, Direction.CLOCKWISE, Preset.TAIWAN, False),
        pytest.param(1, Direction.CLOCKWISE, Preset.TAIWAN, False, marks=pytest.mark.soak),
        (2, Direction.ACROSS, Preset.TAIWAN, False),
        (1, Direction.ROTATE, Preset.SHISANSHUI, True),
        (1, Direction.COUNTERCLOCKWISE, Preset.ARCADE, False),
    ],
)
@sized("deals", 1, 3)
def test_the_report_is_what_the_rules_score_at_every_table(
    rounds: int, way: Direction, preset: Preset, joker: bool, deals: int
) -> None:
    options = Options.for_preset(preset, {"joker": True}) if joker else None
    report = run_field(
        "normal", "easy", deals, seed=21, preset=preset, exchange=rounds, exchange_way=way, options=options
    )
    gain, same_table, same_pass = oracle("normal", "easy", deals, 21, rounds, way, preset, options)
    me = report["challenger"]
    assert me["mean"] == pytest.approx(gain, abs=1e-4)
    assert me["same_table"] == pytest.approx(same_table, abs=1e-4)
    assert me.get("same_pass", same_pass) == pytest.approx(same_pass, abs=1e-4)
    assert me["fouls"] == report["field"]["fouls"] == 0


@pytest.mark.parametrize(
    "preset, rounds, joker",
    # One plain round of taiwan is what the joker's and arcade's one round do with a card or a double more.
    [
        (Preset.TAIWAN, 0, False),
        pytest.param(Preset.TAIWAN, 1, False, marks=pytest.mark.soak),
        (Preset.SHISANSHUI, 2, False),
        (Preset.TAIWAN, 1, True),
        (Preset.ARCADE, 1, False),
    ],
)
@sized("deals", 1, 3)
def test_against_a_table_of_itself_a_player_gains_exactly_nothing(
    preset: Preset, rounds: int, joker: bool, deals: int
) -> None:
    options = Options.for_preset(preset, {"joker": True}) if joker else None
    report = run_field("normal", "normal", deals, seed=5, preset=preset, exchange=rounds, options=options)
    me = report["challenger"]
    assert me["mean"] == 0.0 and me["ci95"] == 0.0 and me["same_table"] == 1.0
    assert me.get("same_pass", 1.0) == 1.0
    assert ("joker" in report) is joker and ("exchange" in report) is bool(rounds)


@sized("deals", 1, 2)
def test_the_field_passes_once_per_seat_and_hand_and_the_challenger_once_per_seat(
    monkeypatch: pytest.MonkeyPatch, deals: int
) -> None:
    asked: Counter[tuple[str, tuple, int, int]] = Counter()

    def spy(hand, view, level, *, seed=0, modelled=True):
        asked[(Level(level).value, tuple(hand), view.seat, seed)] += 1  # the seed carries deal and round
        return remembered_pass(hand, view, level, seed=seed, modelled=modelled)

    monkeypatch.setattr(ai.arena, "choose_pass", spy)
    # Seed 1's first deal already has field seats whose round-two hands differ from the baseline's and some that
    # do not (the levels of issue 39 pass as the baseline does in every seat of seed 0's).
    run_field("normal", "easy", deals, seed=1, exchange=1)
    # One round: the field's first passes are the baseline's at every table, the challenger passes in each seat.
    assert sum(v for (lvl, *_), v in asked.items() if lvl == "easy") == FIELD_SEATS * deals
    assert sum(v for (lvl, *_), v in asked.items() if lvl == "normal") == FIELD_SEATS * deals
    assert max(asked.values()) == 1
    asked.clear()
    run_field("normal", "easy", deals, seed=1, exchange=2)
    # Two rounds: a field seat passes again in round two only where its hand differs from the baseline's.
    field_passes = sum(v for (lvl, *_), v in asked.items() if lvl == "easy")
    assert 2 * FIELD_SEATS * deals < field_passes < (2 + FIELD_SEATS) * FIELD_SEATS * deals
    assert max(asked.values()) == 1


def test_a_decision_is_memoised_on_its_view_as_well_as_its_hand() -> None:
    # Two rounds can leave a field seat the baseline's hand but other knowledge of where its passes went.
    calls: list[TableView] = []

    class Counting:
        name = "easy"

        def decide(self, hand, view: TableView, seed: int):
            calls.append(view)
            return LevelPlayer(Level.EASY).decide(hand, view, seed)

    decide = ai.field._decider(Counting(), ai.arena.PlayerStats("easy"))  # type: ignore[arg-type]
    hand = deal(seed=1)[0]
    plain = TableView()
    knowing = replace(plain, held=((1, hand[:3]),))
    decide(hand, plain, 5)
    decide(hand, plain, 5)
    decide(hand, knowing, 5)
    decide(hand, knowing, 6)
    assert calls == [plain, knowing, knowing]


def test_in_arcade_a_different_double_is_a_different_table(monkeypatch: pytest.MonkeyPatch) -> None:
    class Doubler:
        """easy's arrangement, but doubling another opponent than easy does."""

        name = "doubler"

        def __init__(self) -> None:
            self.inner = LevelPlayer(Level.EASY)

        def decide(self, hand, view: TableView, seed: int) -> Played:
            played = self.inner.decide(hand, view, seed)
            other = next(t for t in range(1, FIELD_SEATS) if (view.seat + t) % FIELD_SEATS != played.double)
            return replace(played, double=(view.seat + other) % FIELD_SEATS)

        def close(self) -> None:
            pass

    monkeypatch.setitem(ai.arena.PLAYERS, "doubler", lambda preset: Doubler())
    report = run_field("doubler", "easy", 2, seed=3, preset=Preset.ARCADE)
    assert report["challenger"]["same_table"] == 0.0


@sized("deals", 2, 4)
def test_where_the_challenger_plays_differently_the_gain_moves_and_the_counts_say_how_often(deals: int) -> None:
    # Two deals: the match the command line plays below (seed 0), so in one process its passes are priced once.
    report = run_field("normal", "easy", deals, seed=0, exchange=1)
    me = report["challenger"]
    assert 0.0 <= me["same_table"] <= me["same_pass"] <= 1.0
    assert me["same_table"] < 1.0 and me["mean"] != 0.0  # normal and easy do not play alike
    assert report["mode"] == "field" and report["field"]["name"] == "easy"


@pytest.mark.slow
@long("tests/ai/test_arena_jobs.py::test_two_processes_give_the_same_report_as_one")
@pytest.mark.parametrize("deals", [2, 4])
def test_two_processes_give_the_same_report_as_one(deals: int) -> None:
    seen: list[tuple[int, int]] = []
    # Two deals: one for each process (the match of the tests above: on one process its passes are remembered).
    one = run_field("normal", "easy", deals, seed=0, exchange=1, jobs=1)
    two = run_field("normal", "easy", deals, seed=0, exchange=1, jobs=2, progress=lambda d, t: seen.append((d, t)))
    assert without_timings(one) == without_timings(two)
    assert seen[-1] == (deals, deals)


def test_refusals() -> None:
    with pytest.raises(ValueError, match="in-process"):
        run_field("cmd:python bot.py", "easy", 1)
    with pytest.raises(ValueError, match="unknown player"):
        run_field("grandmaster", "easy", 1)
    with pytest.raises(ValueError, match="jobs"):
        run_field("normal", "easy", 1, jobs=0)


def test_where_the_rules_make_players_equal_the_report_says_so() -> None:
    assert "pattern ladder" in run_field("hard", "normal", 1, preset=Preset.LADDER)["note"]
    backrow = run_field("expert", "hard", 2, preset=Preset.BACKROW)
    assert "strongest back" in backrow["note"] and backrow["challenger"]["mean"] == 0.0


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    # In this process: what is checked is the command's output and status, not the interpreter's start.
    return in_process("arena", *args)


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
