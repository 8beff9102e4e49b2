"""The `shisanshui` preset (rules/RULES.md §8, §12, §13.12): row weights 1/2/3, 打槍 6, 全壘打 12, row bonuses, and the
報到 special hands with their ladder."""

from __future__ import annotations

import itertools

import pytest

from rules.deal import Outcome
from rules.presets import OptionError, Options, Preset
from rules.scoring import deal_from_document, score
from rules.shisanshui import SPECIAL_AMOUNTS
from rules.specials import Special

from .helpers import (
    BONUS_DUELS,
    LADDER,
    LADDER_RUSH,
    SPECIAL_HANDS,
    declared,
    duel,
    hand,
    hands,
    pair_items,
    player,
    with_fillers,
)

SSS = Preset.SHISANSHUI
WEIGHTS = (1, 2, 3)


@pytest.mark.parametrize("outcomes", ["".join(p) for p in itertools.product("WTL", repeat=3)])
def test_row_weights(outcomes: str) -> None:
    expected = sum(w for w, o in zip(WEIGHTS, outcomes, strict=True) if o == "W")
    expected -= sum(w for w, o in zip(WEIGHTS, outcomes, strict=True) if o == "L")
    if outcomes == "WWW":
        expected += 6
    if outcomes == "LLL":
        expected -= 6
    assert score(duel(outcomes), SSS).totals == (expected, -expected)


def test_sweep_on_one_player_wins_12() -> None:
    result = score(duel("WWW"), SSS)
    assert result.totals == (12, -12)
    assert pair_items(result, 0, 1) == {"front": 1, "middle": 2, "back": 3, "sweep": 6}


def test_a_tie_breaks_the_sweep() -> None:
    assert score(duel("WTW"), SSS).totals == (4, -4)


def test_home_run_wins_72() -> None:
    result = score(hands(*LADDER), SSS)
    assert result.totals == (72, 0, -24, -48)
    for other in (1, 2, 3):
        assert result.pair(0, other).score == 24
        assert pair_items(result, 0, other)["home_run"] == 12


def test_no_home_run_at_three_players() -> None:
    assert score(hands(*LADDER[:3]), SSS).totals == (24, 0, -24)


def test_home_run_with_front_trips() -> None:
    assert score(hands(*LADDER_RUSH), SSS).totals[0] == 3 * (1 + 6 + 2 + 3 + 6 + 12)


def test_suit_tiebreak_toggle_splits_equal_rows() -> None:
    assert score(duel("TTT"), SSS).totals == (0, 0)
    # duel's tie hands: the first holds the better-suited leading card in every row.
    split = score(duel("TTT"), SSS, Options(suit_tiebreak=True))
    assert split.pair(0, 1).rows == (Outcome.WIN,) * 3
    assert split.totals == (12, -12)


# ------------------------------------------------------------------ row bonuses (§8, §13.12)


@pytest.mark.parametrize(
    ("case", "total"),
    [
        ("rush_three", 1 + 6 + 2 + 3 + 6),  # front trips: 1 + 6
        ("two_quads", 1 + (2 + 8) + (3 + 8) + 6),  # quads: 2 + 8 in the middle, 3 + 8 at the back
        ("back_quads", 1 + 2 + (3 + 8) + 6),
        ("two_straight_flushes", 1 + (2 + 10) + (3 + 10) + 6),  # straight flush: 2 + 10, 3 + 10
        ("back_straight_flush", 1 + 2 + (3 + 10) + 6),
        ("double_monster_rush", (1 + 6) + (2 + 8) + (3 + 10) + 6),
        ("two_houses_pair", 1 + 2 + 3 + 6),  # full houses earn nothing extra
        ("three_flushes", 1 + 2 + 3 + 6),
    ],
)
def test_row_bonuses(case: str, total: int) -> None:
    a, b = BONUS_DUELS[case]
    assert score(hands(a, b), SSS).totals == (total, -total)
    assert score(hands(b, a), SSS).totals == (-total, total)


def test_bonus_only_on_a_won_row() -> None:
    quads = ("Ks Kh 2d", "Js Jh 9d 9h 4s", "Ts Th Td Tc 7s")
    straight_flush = ("Qs Qh 3d", "8s 8h 6d 6h 2s", "5c 6c 7c 8c 9c")
    result = score(hands(quads, straight_flush), SSS)
    assert result.pair(0, 1).rows == (Outcome.WIN, Outcome.WIN, Outcome.LOSS)
    assert pair_items(result, 0, 1) == {"front": 1, "middle": 2, "back": -3, "straight_flush": -10}


def test_bonuses_also_when_the_loser_fouled() -> None:
    a, _ = BONUS_DUELS["double_monster_rush"]
    fouled = ("As Kd Kc", "2d 3d 4c 6h 7c", "Qc Qd Jc Jd 8c")  # a pair of kings over a seven-high middle
    result = score(hands(a, fouled), SSS)
    assert result.fouled == (False, True)
    assert result.totals[0] == (1 + 6) + (2 + 8) + (3 + 10) + 6


# ------------------------------------------------------------------ 報到 specials (§8)


def test_special_amounts_are_the_ladders() -> None:
    assert [SPECIAL_AMOUNTS[s] for s in Special] == [3, 4, 4, 5, 6, 10, 10, 10, 20, 20, 24, 36, 108]


@pytest.mark.parametrize("special", list(Special))
def test_every_special_is_paid_its_amount(special: Special) -> None:
    amount = SPECIAL_AMOUNTS[special]
    two = score(with_fillers([declared(SPECIAL_HANDS[special], special)], 2), SSS)
    assert two.totals == (amount, -amount)
    assert pair_items(two, 0, 1) == {special.id: amount}
    assert two.pair(0, 1).rows is None
    four = score(with_fillers([declared(SPECIAL_HANDS[special], special)], 4), SSS)
    assert four.totals[0] == 3 * amount
    assert sum(four.totals) == 0


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_others_still_compare_beside_a_special(seat: int) -> None:
    special = declared(SPECIAL_HANDS[Special.FOUR_TRIPS], Special.FOUR_TRIPS)
    others = with_fillers([special], 4)[1:]
    decisions = list(others)
    decisions.insert(seat, special)
    result = score(decisions, SSS)
    assert result.totals[seat] == 18
    rest = [s for s in range(4) if s != seat]
    alone = score([decisions[s] for s in rest], SSS)
    for (i, j), (x, y) in zip(itertools.combinations(rest, 2), itertools.combinations(range(3), 2), strict=True):
        assert result.pair(i, j).rows is not None
        assert result.pair(i, j).items == alone.pair(x, y).items
        assert "home_run" not in pair_items(result, i, j)


def test_special_is_paid_by_a_fouled_hand() -> None:
    six = declared(SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS)
    fouled = ("As Ad Kc", "8d 3d 4c Jh Tc", "Qc Qd Jc Jd 8c")
    result = score([six, hand(*fouled)], SSS)
    assert result.fouled == (False, True)
    assert result.totals == (4, -4)


SIX_PAIRS_B = "2d 2c 3d 3c 4d 4c 5d 5c 6d 6c 7d 7c 9d"
THREE_STRAIGHTS_B = "Qh Kc Ad 3d 4c 5c 6d 7d 5d 6c 7c 8s 9h"
ROYALS_B = "As Ah Ad Ac Ks Kh Kd Qs Qh Qc Jd Jc 8d"


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # higher rung is paid its amount by the lower
        ((SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS), (ROYALS_B, Special.TWELVE_ROYALS), -24),
        # equal amounts, different rungs: six pairs sits above three straights
        ((SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS), (THREE_STRAIGHTS_B, Special.THREE_STRAIGHTS), 4),
        # one colour (10) below all small (10)
        (
            ("2h 2d 4h 6h 8h Th Qh 3d 5d 7d 9d Jd Kd", Special.ONE_COLOR),
            ("2s 2c 3s 3c 4s 5s 5c 6c 6s 7s 7c 8c 8s", Special.ALL_SMALL),
            -10,
        ),
        # equal rungs tie
        ((SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS), (SIX_PAIRS_B, Special.SIX_PAIRS), 0),
        # suited dragon over dragon
        (
            ("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", Special.SUITED_DRAGON),
            ("Ah Kd Qc Jh Td 9c 8h 7d 6c 5h 4d 3c 2h", Special.DRAGON),
            108,
        ),
    ],
)
def test_two_specials(a: tuple[str, Special], b: tuple[str, Special], expected: int) -> None:
    result = score([declared(*a), declared(*b)], SSS)
    assert result.totals == (expected, -expected)
    assert result.pair(0, 1).rows is None


def test_the_lowest_special_beats_a_monster_arrangement() -> None:
    # Three flushes (3) against trips, quads and a straight flush, which would win 36 against a regular hand.
    flushes = declared("3c 4c 6c 2d 4d 6d 8d Td 2s 3s 4s 6s 7s", Special.THREE_FLUSHES)
    monster, _ = BONUS_DUELS["double_monster_rush"]
    assert score([flushes, hand(*monster)], SSS).totals == (3, -3)


def test_specials_in_a_document() -> None:
    six = {"cards": SPECIAL_HANDS[Special.SIX_PAIRS], "declare": "six_pairs"}
    rest = player("Tc 8c 2d", "Jd 9d 7d 3d Qc", "Ah Ad Kd Kc Qh")
    deal = deal_from_document({"rules": "shisanshui", "players": [six, rest]})
    assert deal.decisions[0].declare is Special.SIX_PAIRS
    assert score(deal.decisions, SSS).totals == (4, -4)


def test_banker_is_not_a_score_option() -> None:
    players = [player(*r) for r in LADDER]
    with pytest.raises(OptionError, match="unknown option 'banker'"):
        deal_from_document({"rules": "shisanshui", "players": players, "options": {"banker": True}})
