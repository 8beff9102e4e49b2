"""The `arcade` preset (rules/RULES.md §7, §12, §13.8–13.11): row worths, 打槍, 全壘打, the +2 for 三同花/三順子, 寶牌,
賭倍 and dragons."""

from __future__ import annotations

import itertools

import pytest

from rules.deal import DealError
from rules.evaluate import Wheel
from rules.presets import Options, Preset
from rules.scoring import deal_from_document, score, score_deal
from rules.specials import Special

from .helpers import (
    BONUS_DUELS,
    LADDER,
    LADDER_RUSH,
    PLAIN_DRAGON,
    SPECIAL_HANDS,
    SUITED_DRAGON,
    Rows,
    cards,
    declared,
    duel,
    hand,
    hands,
    pair_items,
    player,
    with_fillers,
)

ARCADE = Preset.ARCADE


def test_defaults() -> None:
    assert ARCADE.default_options == Options(wheel=Wheel.SECOND, suit_tiebreak=False, three_flush_straight=True)


# ------------------------------------------------------------------ rows and 打槍


@pytest.mark.parametrize("outcomes", ["".join(p) for p in itertools.product("WTL", repeat=3)])
def test_plain_rows_score_one_each(outcomes: str) -> None:
    won, lost = outcomes.count("W"), outcomes.count("L")
    expected = won - lost + (3 if won == 3 else -3 if lost == 3 else 0)
    result = score(duel(outcomes), ARCADE)
    assert result.totals == (expected, -expected)
    assert ("sweep" in pair_items(result, 0, 1)) == (won == 3 or lost == 3)


def test_a_tie_breaks_the_sweep() -> None:
    assert pair_items(score(duel("WWT"), ARCADE), 0, 1) == {"front": 1, "middle": 1}


@pytest.mark.parametrize(
    ("case", "items"),
    [
        ("rush_three", {"front": 3, "middle": 1, "back": 1}),  # front trips 3
        ("two_houses_pair", {"front": 1, "middle": 2, "back": 1}),  # middle full house 2, back full house 1
        ("seven_eleven_back", {"front": 1, "middle": 1, "back": 1}),
        ("two_quads", {"front": 1, "middle": 4, "back": 4}),  # quads 4 in any row
        ("back_straight_flush", {"front": 1, "middle": 1, "back": 5}),  # straight flush 5 in any row
        ("double_monster_rush", {"front": 3, "middle": 4, "back": 5}),
    ],
)
def test_row_worths(case: str, items: dict[str, int]) -> None:
    a, b = BONUS_DUELS[case]
    result = score(hands(a, b), ARCADE)
    assert pair_items(result, 0, 1) == {**items, "sweep": 3}
    # a lost row costs what the winner's row is worth
    flipped = score(hands(b, a), ARCADE)
    assert flipped.totals[0] == -result.totals[0]


def test_middle_straight_flush_is_worth_5() -> None:
    a, b = BONUS_DUELS["two_straight_flushes"]
    items = pair_items(score(hands(a, b), ARCADE), 0, 1)
    assert (items["middle"], items["back"]) == (5, 5)


# ------------------------------------------------------------------ 全壘打 (§7, §12)


def test_home_run_without_bonuses_is_36() -> None:
    result = score(hands(*LADDER), ARCADE)
    assert result.totals[0] == (3 + 3 + 6) * 3 == 36
    assert pair_items(result, 0, 2) == {"front": 1, "middle": 1, "back": 1, "sweep": 3, "home_run": 6}
    assert sum(result.totals) == 0


def test_home_run_with_a_worth_3_front() -> None:
    result = score(hands(*LADDER_RUSH), ARCADE)
    assert result.totals[0] == (3 + 1 + 1 + 3 + 6) * 3


def test_no_home_run_at_three_players() -> None:
    assert score(hands(*LADDER[:3]), ARCADE).totals == (12, 0, -12)


# ------------------------------------------------------------------ 三同花 / 三順子 +2 (§7, §13.9)

THREE_FLUSHES: Rows = ("2h 5h 9h", "3s 6s 8s Ts Qs", "4d 7d 9d Jd Kd")
SWEEPER: Rows = ("Kc Kh 2c", "Jc Jh Js Tc Th", "Ac Ah As Qc Qh")  # beats THREE_FLUSHES in every row
A23_STRAIGHTS: Rows = ("Ah 2c 3d", "4s 5h 6c 7d 8s", "8h 9c Td Js Qh")
QKA_STRAIGHTS: Rows = ("Qh Kc Ad", "3s 4h 5c 6d 7s", "5h 6c 7d 8s 9h")
KA2_FRONT: Rows = ("Kh Ad 2c", "3s 4h 5c 6d 7s", "5h 6c 7d 8s 9h")
BOTH_SHAPES: Rows = ("Qh Kh Ah", "2s 3s 4s 5s 6s", "5d 6d 7d 8d 9d")


def test_three_flushes_wins_2_whatever_the_rows_do() -> None:
    result = score(hands(THREE_FLUSHES, SWEEPER), ARCADE)
    items = pair_items(result, 0, 1)
    assert items["three_flushes"] == 2
    assert items == {"front": -1, "middle": -2, "back": -1, "sweep": -3, "three_flushes": 2}
    assert result.totals == (-5, 5)


@pytest.mark.parametrize("rows", [A23_STRAIGHTS, QKA_STRAIGHTS])
def test_three_straights_wins_2(rows: Rows) -> None:
    result = score(with_fillers([hand(*rows)], 2), ARCADE)
    assert pair_items(result, 0, 1)["three_straights"] == 2


def test_ka2_front_is_no_sequence() -> None:
    result = score(with_fillers([hand(*KA2_FRONT)], 2), ARCADE)
    assert "three_straights" not in pair_items(result, 0, 1)


def test_both_shapes_pay_once() -> None:
    result = score(with_fillers([hand(*BOTH_SHAPES)], 2), ARCADE)
    items = pair_items(result, 0, 1)
    assert items.get("three_flushes", 0) + items.get("three_straights", 0) == 2


def test_plus_two_from_every_player() -> None:
    result = score(with_fillers([hand(*THREE_FLUSHES)], 4), ARCADE)
    for other in (1, 2, 3):
        assert pair_items(result, 0, other)["three_flushes"] == 2


def test_two_shape_players_cancel() -> None:
    straights = ("Qh Kc Ac", "2c 3c 4h 5c 6c", "7c 8c 9c Tc Jh")
    decisions = with_fillers([hand(*THREE_FLUSHES), hand(*straights)], 4)
    result = score(decisions, ARCADE)
    between = pair_items(result, 0, 1)
    assert "three_flushes" not in between and "three_straights" not in between
    assert pair_items(result, 0, 2)["three_flushes"] == 2
    assert pair_items(result, 1, 2)["three_straights"] == 2


def test_fouled_hand_cannot_earn_the_plus_two() -> None:
    fouled_flushes = ("2h 5h 9h", "4d 7d 9d Jd Kd", "3s 6s 8s Ts Qs")  # middle K-high flush over Q-high
    result = score(with_fillers([hand(*fouled_flushes)], 2), ARCADE)
    assert result.fouled[0]
    assert "three_flushes" not in pair_items(result, 0, 1)
    assert result.totals[0] < 0


def test_wheel_setting_can_foul_a_three_straights_hand() -> None:
    # A2345 in the middle is above a ten-high straight when the wheel ranks second: a foul, so no +2.
    rows = ("Jh Qc Kd", "As 2h 3c 4d 5s", "6h 7c 8d 9s Th")
    second = score(with_fillers([hand(*rows)], 2), ARCADE)
    assert second.fouled[0]
    assert "three_straights" not in pair_items(second, 0, 1)
    low = score(with_fillers([hand(*rows)], 2), ARCADE, Options(wheel=Wheel.LOW, three_flush_straight=True))
    assert not low.fouled[0]
    assert pair_items(low, 0, 1)["three_straights"] == 2


def test_toggle_off_removes_the_plus_two() -> None:
    options = Options(wheel=Wheel.SECOND, three_flush_straight=False)
    result = score(hands(THREE_FLUSHES, SWEEPER), ARCADE, options)
    assert "three_flushes" not in pair_items(result, 0, 1)
    assert result.totals == (-7, 7)


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.TOURNAMENT, Preset.SHISANSHUI])
def test_toggle_is_arcade_only(preset: Preset) -> None:
    options = Options(three_flush_straight=True)
    on = score(hands(THREE_FLUSHES, SWEEPER), preset, options)
    off = score(hands(THREE_FLUSHES, SWEEPER), preset)
    assert on.totals == off.totals


# ------------------------------------------------------------------ 寶牌 (§7, §12, §13.10)


def test_s1_treasure_example() -> None:
    a = ("9s 9h 9d", "2s 3h 4d 5c 6s", "7h 8d 9c Tc Jd")  # front trips with the treasure 9s
    b = ("Ks Qh 2h", "2c 4c 7c 8c Kc", "As Ah Ad Qs Qd")  # wins middle (plain) and back, holding the treasure As
    result = score(hands(a, b), ARCADE, treasure=cards("9s As"))
    assert result.fouled == (False, False)
    assert result.totals == (3, -3)  # 1×3×2 − 1 − 1×2


@pytest.mark.parametrize(
    ("treasure", "expected"),
    [
        ("", 6),
        ("Ks", 7),  # front worth 1, ×2; the sweep is not multiplied
        ("Ks 9s", 8),  # two in the front: ×3
        ("Ks As", 8),  # one in the front, one in the back
        ("9h", 6),  # in the loser's row: nothing
        ("2c", 6),  # in nobody's hand
        ("Ks 9s 5h As", 10),
    ],
)
def test_treasure_multiplies_won_rows(treasure: str, expected: int) -> None:
    result = score(duel("WWW"), ARCADE, treasure=cards(treasure))
    assert result.totals == (expected, -expected)


def test_treasure_does_not_multiply_the_home_run_or_shape() -> None:
    # The treasure 4d sits in seat 0's front: that front is worth 2 instead of 1 against each, nothing more.
    result = score(hands(*LADDER), ARCADE, treasure=cards("4d"))
    assert result.totals[0] == 36 + 3
    shaped = score(hands(THREE_FLUSHES, SWEEPER), ARCADE, treasure=cards("2h"))
    assert shaped.totals == (-5, 5)  # the loser's treasure is worth nothing, the +2 is not multiplied


def test_treasure_in_a_document() -> None:
    a = player("9s 9h 9d", "2s 3h 4d 5c 6s", "7h 8d 9c Tc Jd")
    b = player("Ks Qh 2h", "2c 4c 7c 8c Kc", "As Ah Ad Qs Qd")
    deal = deal_from_document({"rules": "arcade", "players": [a, b], "treasure": ["9s", "A♠"]})
    assert score_deal(deal).totals == (3, -3)


# ------------------------------------------------------------------ 賭倍 (§7, §13.11)


@pytest.mark.parametrize(
    ("doubles", "expected"),
    [((None, None), 6), ((1, None), 12), ((None, 0), 12), ((1, 0), 24)],
)
def test_doubles(doubles: tuple[int | None, int | None], expected: int) -> None:
    result = score(duel("WWW"), ARCADE, doubles=doubles)
    assert result.totals == (expected, -expected)


def test_doubles_apply_to_the_pairs_whole_amount() -> None:
    base = score(hands(*LADDER), ARCADE)
    doubled = score(hands(*LADDER), ARCADE, doubles=(3, None, None, 0))
    assert doubled.pair(0, 3).score == 4 * base.pair(0, 3).score  # rows, sweep and home run, ×4
    assert doubled.pair(0, 1).score == base.pair(0, 1).score
    assert doubled.pair(1, 2).score == base.pair(1, 2).score
    assert sum(doubled.totals) == 0


def test_doubles_multiply_the_plus_two() -> None:
    result = score(hands(THREE_FLUSHES, SWEEPER), ARCADE, doubles=(1, None))
    assert result.totals == (-10, 10)


def test_doubles_in_a_document() -> None:
    document = {"rules": "arcade", "players": [player(*r) for r in LADDER], "doubles": [1, 0, None, None]}
    result = score_deal(deal_from_document(document))
    assert result.pair(0, 1).score == 4 * 12


def test_doubled_zero_stays_zero() -> None:
    result = score(duel("WTL"), ARCADE, doubles=(1, 0))
    assert result.pair(0, 1).score == 0
    assert "double" not in pair_items(result, 0, 1)


# ------------------------------------------------------------------ dragons (§7, §13.8)

OTHER_PLAIN_DRAGON = "Ah Kd Qc Jh Td 9c 8h 7d 6c 5h 4d 3c 2h"


def test_dragon_is_paid_36_by_each() -> None:
    result = score(with_fillers([declared(PLAIN_DRAGON, Special.DRAGON)]), ARCADE)
    assert result.totals[0] == 108
    for other in (1, 2, 3):
        assert pair_items(result, 0, other) == {"dragon": 36}
        assert result.pair(0, other).rows is None


def test_suited_dragon_is_paid_108_by_each() -> None:
    result = score(with_fillers([declared(SUITED_DRAGON, Special.SUITED_DRAGON)]), ARCADE)
    assert result.totals[0] == 324
    assert pair_items(result, 0, 2) == {"suited_dragon": 108}


def test_suited_dragon_declared_as_plain_is_paid_36() -> None:
    result = score(with_fillers([declared(SUITED_DRAGON, Special.DRAGON)], 2), ARCADE)
    assert result.totals == (36, -36)


def test_between_two_dragons() -> None:
    suited = declared(SUITED_DRAGON, Special.SUITED_DRAGON)
    plain = declared(OTHER_PLAIN_DRAGON, Special.DRAGON)
    result = score(with_fillers([plain, suited], 2), ARCADE)
    assert result.totals == (-108, 108)
    second_plain = declared("As Kh Qd Jc Ts 9h 8d 7c 6s 5d 4c 3s 2s", Special.DRAGON)
    assert score([plain, second_plain], ARCADE).totals == (0, 0)


def test_others_still_compare_and_nobody_reaches_a_home_run_with_a_dragon() -> None:
    dragon = declared(PLAIN_DRAGON, Special.DRAGON)
    others = with_fillers([dragon], 4)[1:]
    result = score([dragon, *others], ARCADE)
    for i, j in ((1, 2), (1, 3), (2, 3)):
        assert result.pair(i, j).rows is not None
        assert "home_run" not in pair_items(result, i, j)
    alone = score(others, ARCADE)
    for (i, j), (x, y) in zip(((1, 2), (1, 3), (2, 3)), ((0, 1), (0, 2), (1, 2)), strict=True):
        assert result.pair(i, j).items == alone.pair(x, y).items


def test_no_plus_two_or_sweep_in_a_dragon_pair() -> None:
    all_spades_as_rows = ("2s 5s 9s", "3s 6s 8s Ts Qs", "4s 7s Js Ks As")  # three flushes, arranged
    dragon = declared(OTHER_PLAIN_DRAGON, Special.DRAGON)
    result = score([dragon, hand(*all_spades_as_rows)], ARCADE)
    assert pair_items(result, 0, 1) == {"dragon": 36}


def test_fouled_hand_pays_the_dragon() -> None:
    fouled = ("As Ad Kh", "2s 3d 4h 5c 7s", "9s 9d 8s 8c 7h")
    dragon = declared(OTHER_PLAIN_DRAGON, Special.DRAGON)
    result = score([dragon, hand(*fouled)], ARCADE)
    assert result.fouled == (False, True)
    assert result.totals == (36, -36)


def test_doubles_multiply_dragons() -> None:
    result = score(with_fillers([declared(PLAIN_DRAGON, Special.DRAGON)], 2), ARCADE, doubles=(None, 0))
    assert result.totals == (72, -72)


def test_only_dragons_may_be_declared() -> None:
    six = declared(SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS)
    with pytest.raises(DealError, match="not a special hand in arcade"):
        score(with_fillers([six], 2), ARCADE)
