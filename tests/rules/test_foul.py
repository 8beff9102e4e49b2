"""The foul check (rules/RULES.md §3): front ≤ middle ≤ back, the decided front/middle equality, wheels, suits;
and how a foul scores in every preset (loses every row, two fouls tie, a fouled hand never gains)."""

from __future__ import annotations

import pytest

from rules.arrangement import Arrangement, foul_reason, is_foul
from rules.cards import CardError
from rules.deal import Outcome
from rules.evaluate import Wheel
from rules.presets import Options, Preset
from rules.scoring import score

from .helpers import LADDER, arr, hand, hands, pair_items

ARRANGED = [p for p in Preset if p.arranged]  # the pattern ladder has no rows to arrange or foul

LEGAL = [
    ("As Kd 3h", "2s 2d 7h 5c 4s", "9s 9d 8h 8c Ks"),
    ("As Kd Qh", "Ah Kc Qs Jd 9h", "2s 2d 3h 4c 5s"),  # AKQ = AKQJ9 counts as equal: legal (decided)
    ("Ks Kd 5h", "Kh Kc Qs Jd 9h", "2s 2d 2h 4c 5s"),  # KK5 < KKQJ9
    ("Ks Kd Qh", "Kh Kc Qs 5d 2h", "3s 3d 3h 4c 4s"),  # KKQ = KKQ52
    ("7s 7d 7h", "2s 3d 4h 5c 6s", "8s 9s Ts Js Ks"),  # trips < straight < flush
    ("Jd 8d 2h", "Ks Qd 9s 5c 3h", "Kh Qc 9d 5s 3c"),  # middle = back in ranks (suits differ): legal
    *LADDER,
]

FOULS = [
    ("As Kd 3h", "Ah Qc Js 9d 8h", "2s 2d 3s 4c 5s", "front"),  # AK3 > AQJ98
    ("Ks Kd Ah", "Kh Kc Qs Jd 9h", "2s 2d 2h 4c 5s", "front"),  # KKA > KKQJ9
    ("As Ad Kh", "Ks Kc Qs Jd 9h", "2s 2d 2h 4c 5s", "front"),  # pair of aces over pair of kings
    ("7s 7d 7h", "As Ad Kh Kc Qs", "2s 3d 4h 5c 6s", "front"),  # trips over two pair
    ("2s 3d 4h", "As Ad Kh Kc Qs", "9s 9d 8h 8c 7s", "middle"),  # middle two pair AK over back 98
    ("2s 3d 4h", "8s 9s Ts Js Ks", "As Ad Ah Kc Qs", "middle"),  # flush over trips
    ("7s 7d 7h", "As Ad Kh Kc Qs", "9s 9d 8h 4c 2s", "front"),  # both wrong
]


@pytest.mark.parametrize("wheel", [Wheel.LOW, Wheel.SECOND])
@pytest.mark.parametrize("rows", LEGAL)
def test_legal_arrangements(rows: tuple[str, str, str], wheel: Wheel) -> None:
    assert foul_reason(arr(*rows), wheel) is None
    assert not is_foul(arr(*rows), wheel)


@pytest.mark.parametrize("wheel", [Wheel.LOW, Wheel.SECOND])
@pytest.mark.parametrize(("front", "middle", "back", "which"), FOULS)
def test_fouled_arrangements(front: str, middle: str, back: str, which: str, wheel: Wheel) -> None:
    reason = foul_reason(arr(front, middle, back), wheel)
    assert reason is not None
    assert reason.startswith(which)
    assert is_foul(arr(front, middle, back), wheel)


def test_foul_reason_names_both_problems() -> None:
    reason = foul_reason(arr("7s 7d 7h", "As Ad Kh Kc Qs", "9s 9d 8h 4c 2s"))
    assert reason is not None
    assert "front" in reason and "middle" in reason and "; " in reason


def test_wheel_decides_middle_against_back() -> None:
    # middle A2345, back 23456: legal when the wheel is the lowest straight, a foul when it ranks second.
    rows = ("Ks Qd 9h", "As 2d 3h 4c 5s", "2s 3d 4h 5c 6d")
    assert not is_foul(arr(*rows), Wheel.LOW)
    assert is_foul(arr(*rows), Wheel.SECOND)
    # middle KQJT9, back A2345: the other way round.
    rows = ("Qs 8d 7h", "9s Td Jh Qc Ks", "Ad 2c 3s 4h 5d")
    assert is_foul(arr(*rows), Wheel.LOW)
    assert not is_foul(arr(*rows), Wheel.SECOND)


def test_same_wheel_rows_are_equal_under_both_settings() -> None:
    rows = ("Ks Qd 9h", "As 2d 3h 4c 5s", "Ad 2c 3s 4h 5d")
    assert not is_foul(arr(*rows), Wheel.LOW)
    assert not is_foul(arr(*rows), Wheel.SECOND)


@pytest.mark.parametrize(
    "rows",
    [
        # middle and back equal in ranks; the middle holds the better suits
        ("Jd 8d 2h", "Ks Qs 9s 5c 3h", "Kh Qc 9d 5s 3c"),
        # front and middle equal on the front's positions; the front holds the better suits
        ("As Ks Qs", "Ah Kc Qd Jd 9h", "2s 2d 2h 4c 5s"),
        ("Ks Kh 5s", "Kd Kc 5d 3h 2h", "8s 8d 8h 4c 4s"),
    ],
)
def test_suits_never_affect_fouls(rows: tuple[str, str, str]) -> None:
    assert not is_foul(arr(*rows))
    for preset in ARRANGED:
        other = hand("Js 4d 2c", "6s 6d 3d 4h 7c", "Ts Th Tc 7d 7h")
        options = Options(suit_tiebreak=True, wheel=preset.default_options.wheel)
        result = score([hand(*rows), other], preset, options)
        assert result.fouled == (False, False), preset


def test_a_flush_or_straight_in_the_front_does_not_foul() -> None:
    # Three suited / consecutive front cards are only high card, so they sit under a pair in the middle.
    assert not is_foul(arr("Qs Ks As", "2d 2c 4h 5c 7s", "9s 9d 8h 8c 7h"))
    assert not is_foul(arr("Qh Kd Ac", "2d 2c 4h 5c 7s", "9s 9d 8h 8c 7h"))


def test_arrangement_parse_errors() -> None:
    with pytest.raises(CardError, match="front: expected 3 cards, got 4"):
        Arrangement.parse("As Kd Qh Jc", "2s 3s 4s 5s 7d", "9s 9d 8h 8c 7h")
    with pytest.raises(CardError, match="back: expected 5 cards, got 4"):
        Arrangement.parse("As Kd Qh", "2s 3s 4s 5s 7d", "9s 9d 8h 8c")
    with pytest.raises(CardError, match="duplicate card As"):
        Arrangement.parse("As Kd Qh", "2s 3s 4s 5s As", "9s 9d 8h 8c 7h")
    with pytest.raises(CardError, match="middle: unknown suit in 'Kx'"):
        Arrangement.parse("As Kd Qh", "2s 3s 4s 5s Kx", "9s 9d 8h 8c 7h")
    with pytest.raises(CardError, match="front row needs 3 cards"):
        Arrangement.of([0, 1], [2, 3, 4, 5, 6], [7, 8, 9, 10, 11])
    with pytest.raises(CardError, match="two rows"):
        Arrangement.of([0, 1, 2], [2, 3, 4, 5, 6], [7, 8, 9, 10, 11])


# ------------------------------------------------------------------ fouls when scoring, in every preset

FOULED = ("As Ad Kh", "2s 3d 4h 5c 7s", "9s 9d 8h 8c 7h")  # front over middle
FOULED_2 = ("Kd Kc Qh", "Jd Tc 6h 4s 3c", "Qs Qd Jh Jc 2c")  # front over middle, no cards shared with FOULED


@pytest.mark.parametrize("preset", ARRANGED)
def test_fouled_hand_loses_every_row_to_a_legal_hand(preset: Preset) -> None:
    legal = LADDER[3]  # the weakest ladder hand: still wins every row against a foul
    result = score(hands(FOULED_2, legal), preset)
    assert result.fouled == (True, False)
    pair = result.pair(0, 1)
    assert pair.rows == (Outcome.LOSS,) * 3
    assert pair.score < 0
    assert result.totals[0] < 0
    assert sum(result.totals) == 0


@pytest.mark.parametrize("preset", ARRANGED)
def test_two_fouls_tie_every_row(preset: Preset) -> None:
    result = score(hands(FOULED, FOULED_2), preset)
    assert result.fouled == (True, True)
    assert result.pair(0, 1).rows == (Outcome.TIE,) * 3
    assert result.pair(0, 1).items == ()
    assert result.totals == (0, 0)


@pytest.mark.parametrize(
    ("preset", "expected"),
    [(Preset.TAIWAN, -6), (Preset.TOURNAMENT, -6), (Preset.ARCADE, -6), (Preset.SHISANSHUI, -12)],
)
def test_foul_counts_as_a_sweep(preset: Preset, expected: int) -> None:
    legal = ("Js 4d 2c", "6s 6d 3c 4c 7c", "Ts Th Tc 7d 5h")
    result = score(hands(FOULED, legal), preset)
    assert result.totals == (expected, -expected)
    assert "sweep" in pair_items(result, 1, 0)


@pytest.mark.parametrize("preset", ARRANGED)
def test_fouled_hand_with_monster_rows_earns_nothing(preset: Preset) -> None:
    # Trips in front and quads behind would earn bonuses if legal; the straight flush middle fouls it.
    fouled_monster = ("Qs Qh Qd", "5c 6c 7c 8c 9c", "2s 2h 2d 2c 3s")
    assert is_foul(arr(*fouled_monster))
    legal = ("Js 4d 3c", "6s 6d 3d 4h 7d", "Ts Th Tc 7s 5h")
    result = score(hands(fouled_monster, legal), preset)
    mine = pair_items(result, 0, 1)
    assert all(v < 0 for v in mine.values())
    assert result.totals[0] < 0


@pytest.mark.parametrize("preset", ARRANGED)
def test_four_player_table_with_fouls(preset: Preset) -> None:
    # Seat 3 of the ladder is replaced by a foul made of the same cards: it pays the other three as a sweep.
    fouled_last = ("8s 8h 8d", "6d 5d 4h 3h 2s", "2d 6c 5c 7s 7h")
    assert is_foul(arr(*fouled_last))
    result = score(hands(*LADDER[:3], fouled_last), preset)
    assert result.fouled == (False, False, False, True)
    for seat in range(3):
        assert result.pair(seat, 3).rows == (Outcome.WIN,) * 3
        assert result.pair(3, seat).score < 0
    assert sum(result.totals) == 0
