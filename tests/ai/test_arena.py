"""The duplicate arena: seats, rotation (every player plays every hand), the report, and external bots that
misbehave in every way we could think of — each counted as a foul, none crashing the arena."""

from __future__ import annotations

import shlex
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

import ai.arena
from ai import Level, TableView
from ai.arena import make_player, rotations, run_arena, seat_names
from ai.bots import BotLimits, ExternalPlayer, LevelPlayer, forfeit_arrangement
from rules.arrangement import foul_reason
from rules.cards import deal
from rules.presets import Preset

BOTS = Path(__file__).with_name("fake_bots.py")
PLAYER_KEYS = {"name", "mean", "ci95", "fouls", "scoops", "median_ms"}


def bot(mode: str, *args: str) -> str:
    """The arena name of a fake bot: ``cmd:<python> fake_bots.py MODE``."""
    return "cmd:" + shlex.join([sys.executable, str(BOTS), mode, *args])


def test_seat_names() -> None:
    assert seat_names(["a", "b"]) == ["a", "b", "a", "b"]
    assert seat_names(["a", "b", "c"]) == ["a", "b", "c"]
    assert seat_names(["a", "b", "c", "d"]) == ["a", "b", "c", "d"]
    for bad in ([], ["a"], ["a", "b", "c", "d", "e"]):
        with pytest.raises(ValueError):
            seat_names(bad)


class Recorder:
    """Wraps a player and records every (deal index, seat, hand) it is asked to play."""

    def __init__(self, inner, log: list) -> None:
        self.inner, self.name, self.log = inner, inner.name, log

    def decide(self, hand, view: TableView, seed: int):
        self.log.append((self.name, view.seat, tuple(hand), view))
        return self.inner.decide(hand, view, seed)

    def close(self) -> None:
        self.inner.close()


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list:
    log: list = []
    monkeypatch.setattr(ai.arena, "make_player", lambda name, *args: Recorder(make_player(name, *args), log))
    return log


@pytest.mark.parametrize("names", [["easy", "normal"], ["easy", "normal", "hard"], ["normal", "easy", "hard", "easy"]])
def test_every_player_plays_every_hand_from_every_seat(recorded: list, names: list[str]) -> None:
    deals = 2
    report = run_arena(names, deals, seed=3)
    seats = seat_names(names)
    n = len(seats)
    rot = rotations(seats)
    assert rot == (2 if len(names) == 2 else n)
    assert len(recorded) == deals * n * rot  # rot rotations of n seats
    for d in range(deals):
        block = recorded[d * n * rot : (d + 1) * n * rot]
        hands = {h for _, _, h, _ in block}
        assert len(hands) == n and all(len(h) == 13 for h in hands)
        assert len({c for h in hands for c in h}) == 13 * n  # one deal: disjoint hands
        by_seat: dict[int, Counter] = defaultdict(Counter)
        by_name: dict[str, Counter] = defaultdict(Counter)
        for name, seat, hand, view in block:
            assert name == seats[seat] and view.players == n
            by_seat[seat][hand] += 1
            by_name[name][hand] += 1
        if rot == n:
            for seat in range(n):  # each seat plays each hand exactly once
                assert by_seat[seat] == Counter(dict.fromkeys(hands, 1))
            for name in set(seats):  # so each player plays each hand once per seat it holds
                assert by_name[name] == Counter(dict.fromkeys(hands, seats.count(name)))
        else:  # two players alternating: each plays each hand once, from a seat of its own
            for name in set(seats):
                assert by_name[name] == Counter(dict.fromkeys(hands, 1))
    assert [p["name"] for p in report["players"]] == list(dict.fromkeys(seats))
    for p in report["players"]:
        assert p["fouls"] == 0 and "invalid_answers" not in p
    # Zero-sum: every distinct player holds the same number of seats here, so the means cancel out.
    if len(set(seats.count(x) for x in set(seats))) == 1:
        assert sum(p["mean"] for p in report["players"]) == pytest.approx(0, abs=1e-3)


def test_report_shape_and_our_levels_never_foul() -> None:
    progress = []
    report = run_arena(
        ["hard", "expert"], 1, seed=1, preset=Preset.ARCADE, progress=lambda d, t: progress.append((d, t))
    )
    assert set(report) == {"rules", "deals", "players"}
    assert report["rules"] == "arcade" and report["deals"] == 1
    assert progress == [(1, 1)]
    assert [p["name"] for p in report["players"]] == ["hard", "expert"]
    for p in report["players"]:
        assert set(p) == PLAYER_KEYS
        assert isinstance(p["mean"], float) and isinstance(p["ci95"], float) and isinstance(p["median_ms"], float)
        assert p["fouls"] == 0 and isinstance(p["scoops"], int) and p["scoops"] >= 0
        assert p["median_ms"] > 0


def test_the_same_seed_replays_the_same_tournament() -> None:
    a = run_arena(["easy", "normal"], 3, seed=9, preset=Preset.SHISANSHUI)
    b = run_arena(["easy", "normal"], 3, seed=9, preset=Preset.SHISANSHUI)
    assert all(p["fouls"] == 0 for p in a["players"])
    strip = [{k: v for k, v in p.items() if k != "median_ms"} for p in a["players"]]
    assert strip == [{k: v for k, v in p.items() if k != "median_ms"} for p in b["players"]]
    other = run_arena(["easy", "normal"], 3, seed=10, preset=Preset.SHISANSHUI)
    other_strip = [{k: v for k, v in p.items() if k != "median_ms"} for p in other["players"]]
    assert other_strip != strip  # another seed, other deals


# ------------------------------------------------------------------ external bots


@pytest.mark.parametrize("mode", ["garbage", "list", "wrong", "dragon", "unknown", "deep", "binary", "exit", "crash"])
def test_a_bot_that_answers_badly_forfeits_every_hand_and_the_arena_goes_on(mode: str) -> None:
    name = bot(mode)
    report = run_arena([name, "easy"], 1, seed=2)
    stats = {p["name"]: p for p in report["players"]}
    assert set(stats) == {name, "easy"}
    decisions = 2 * 2  # two seats, two rotations (the table repeats after a shift of two seats)
    assert stats[name]["fouls"] == decisions
    assert stats[name]["invalid_answers"] == decisions
    assert isinstance(stats[name]["first_invalid"], str) and stats[name]["first_invalid"]
    assert stats["easy"]["fouls"] == 0
    assert stats[name]["mean"] < 0 < stats["easy"]["mean"]


def test_a_bot_that_cannot_be_started_forfeits_every_hand(tmp_path: Path) -> None:
    missing = "cmd:" + shlex.join([str(tmp_path / "no-such-bot")])
    not_executable = tmp_path / "bot.txt"
    not_executable.write_text("not a program\n")
    for name in (missing, "cmd:" + shlex.join([str(not_executable)])):
        report = run_arena([name, "easy"], 1, seed=2)
        stats = {p["name"]: p for p in report["players"]}
        assert stats[name]["fouls"] == stats[name]["invalid_answers"] == 4
        assert stats["easy"]["fouls"] == 0


def test_a_bot_whose_own_arrangement_fouls_is_scored_as_fouling_but_answered_validly() -> None:
    name = bot("foul")
    report = run_arena([name, "normal"], 1, seed=4)
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["fouls"] == 4  # two seats, two rotations
    assert "invalid_answers" not in stats[name]


def test_a_correct_external_bot_plays_without_fouls() -> None:
    name = bot("good")
    report = run_arena([name, "easy"], 1, seed=5, preset=Preset.TOURNAMENT)
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["fouls"] == 0 and "invalid_answers" not in stats[name]
    assert set(stats[name]) == PLAYER_KEYS


def test_a_late_bot_forfeits_after_the_timeout_and_is_restarted(tmp_path: Path) -> None:
    hand = deal(6)[0]
    view = TableView()
    marker = tmp_path / "started"
    player = ExternalPlayer(bot("late-once", str(marker))[4:], BotLimits(timeout=0.5))
    try:
        late = player.decide(hand, view, seed=0)
        assert late.forfeit and "no answer" in late.forfeit
        assert late.seconds >= 0.5
        assert foul_reason(late.decision.arrangement) is not None  # type: ignore[arg-type]
        assert player._bot is None  # killed, so a late answer cannot answer the next question
        # The restarted bot answers properly (it imports ai, so allow it a normal timeout).
        player.limits = BotLimits(timeout=60)
        on_time = player.decide(hand, view, seed=0)
        assert on_time.forfeit is None
        assert foul_reason(on_time.decision.arrangement) is None  # type: ignore[arg-type]
        assert sorted(on_time.decision.cards) == sorted(hand)
    finally:
        player.close()


def test_a_late_bot_in_the_arena_is_a_foul_per_hand() -> None:
    name = bot("late")
    report = run_arena([name, "easy", "normal"], 1, seed=7, limits=BotLimits(timeout=0.2))
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["fouls"] == 3 and stats[name]["invalid_answers"] == 3
    assert "0.2" in stats[name]["first_invalid"]
    assert stats["easy"]["fouls"] == stats["normal"]["fouls"] == 0


def test_make_player_and_forfeits() -> None:
    assert isinstance(make_player("hard"), LevelPlayer) and make_player("hard").level is Level.HARD
    ext = make_player("cmd:python -c pass")
    assert isinstance(ext, ExternalPlayer) and ext.argv == ["python", "-c", "pass"] and ext.name == "cmd:python -c pass"
    with pytest.raises(ValueError):
        make_player("grandmaster")
    with pytest.raises(ValueError):
        make_player("cmd:   ")
    for hand in deal(13):
        d = forfeit_arrangement(hand, Preset.TAIWAN.default_options)
        assert sorted(d.cards) == sorted(hand) and foul_reason(d.arrangement) is not None  # type: ignore[arg-type]


def test_the_arena_deals_as_the_table_deals() -> None:
    from ai.arena import deal_hands, treasures_for
    from rules.cards import deal, turned_card
    from rules.presets import Options, Preset
    from rules.session import TreasureQueue, cut_card

    for seed in (0, 7, 2**40 + 3):
        for players in (2, 3, 4):
            assert deal_hands(seed, players, Options()) == (list(deal(seed, players)), None)
            joker = Options(joker=True)
            assert deal_hands(seed, players, joker) == (
                list(deal(seed, players, joker=True)),
                turned_card(seed, players),
            )
    from ai.arena import deal_seed_of

    queue = TreasureQueue()
    for d, shown in enumerate(treasures_for(5, 12, Preset.ARCADE)):
        queue = queue.add(cut_card(deal_seed_of(5, d)))
        assert shown == queue.cards
