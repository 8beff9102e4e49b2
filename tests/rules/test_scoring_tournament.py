"""The `tournament` preset (rules/RULES.md §6): taiwan's W/T/L table and 紅不讓 with S4's smaller bonus table,
and dragons that all count the same."""

from __future__ import annotations

import itertools

import pytest

from rules.deal import DealError
from rules.presets import Preset
from rules.scoring import score
from rules.specials import Special
from rules.taiwan import BONUSES

from .helpers import (
    BONUS_DUELS,
    LADDER,
    LADDER_RUSH,
    PLAIN_DRAGON,
    SPECIAL_HANDS,
    SUITED_DRAGON,
    declared,
    duel,
    hands,
    pair_items,
    with_fillers,
)

TOURNAMENT = Preset.TOURNAMENT

EXPECTED_BONUSES: dict[str, dict[str, int]] = {
    "rush_three": {"rush_three": 3},
    "double_monster_rush": {"rush_three": 3, "middle_quads": 8, "back_straight_flush": 5},  # no 雙怪衝三
    "two_quads": {"middle_quads": 8, "back_quads": 4},
    "back_quads": {"back_quads": 4},
    "two_straight_flushes": {"middle_straight_flush": 10, "back_straight_flush": 5},
    "back_straight_flush": {"back_straight_flush": 5},
    "three_flushes": {},  # not in S4's table
    "six_pairs": {},
    "six_pairs_with_quads": {"back_quads": 4},
    "two_houses_pair": {},
    "seven_eleven_middle": {},
    "seven_eleven_back": {},
}


def test_bonus_table_is_s4s() -> None:
    assert BONUSES[TOURNAMENT] == {
        "rush_three": 3,
        "middle_quads": 8,
        "back_quads": 4,
        "middle_straight_flush": 10,
        "back_straight_flush": 5,
    }
    assert TOURNAMENT.points_per_unit == 20
    assert Preset.TAIWAN.points_per_unit == 100


@pytest.mark.parametrize("case", list(EXPECTED_BONUSES))
def test_bonuses(case: str) -> None:
    a, b = BONUS_DUELS[case]
    result = score(hands(a, b), TOURNAMENT)
    bonuses = EXPECTED_BONUSES[case]
    assert pair_items(result, 0, 1) == {"sweep": 6, **bonuses}
    total = 6 + sum(bonuses.values())
    assert result.totals == (total, -total)


@pytest.mark.parametrize("outcomes", ["".join(p) for p in itertools.product("WTL", repeat=3)])
def test_row_table_is_taiwans(outcomes: str) -> None:
    w, lost = outcomes.count("W"), outcomes.count("L")
    if lost == 0 and w > 0:
        expected = 6
    elif w == 0 and lost > 0:
        expected = -6
    else:
        expected = (w > lost) - (w < lost)
    assert score(duel(outcomes), TOURNAMENT).totals == (expected, -expected)


def test_home_run_wins_36() -> None:
    result = score(hands(*LADDER), TOURNAMENT)
    assert result.totals == (36, 0, -12, -24)
    assert pair_items(result, 0, 3) == {"sweep": 6, "home_run": 6}


def test_home_run_with_a_bonus() -> None:
    result = score(hands(*LADDER_RUSH), TOURNAMENT)
    assert result.totals == (45, -3, -15, -27)


def test_no_home_run_at_three_players() -> None:
    assert score(hands(*LADDER[:3]), TOURNAMENT).totals == (12, 0, -12)


# ------------------------------------------------------------------ dragons (§6, §13.6: all dragons equal)

OTHER_PLAIN_DRAGON = "Ah Kd Qc Jh Td 9c 8h 7d 6c 5h 4d 3c 2h"


def test_one_dragon_takes_13_and_home_run() -> None:
    result = score(with_fillers([declared(PLAIN_DRAGON, Special.DRAGON)]), TOURNAMENT)
    assert result.totals == (75, -25, -25, -25)
    assert pair_items(result, 0, 1) == {"sweep": 6, "dragon": 13, "home_run": 6}


def test_suited_dragon_counts_as_a_plain_one() -> None:
    alone = score(with_fillers([declared(SUITED_DRAGON, Special.SUITED_DRAGON)]), TOURNAMENT)
    assert alone.totals == (75, -25, -25, -25)


def test_suited_and_plain_dragon_are_equal() -> None:
    decisions = with_fillers(
        [declared(SUITED_DRAGON, Special.SUITED_DRAGON), declared(OTHER_PLAIN_DRAGON, Special.DRAGON)]
    )
    result = score(decisions, TOURNAMENT)
    assert result.pair(0, 1).items == ()
    assert pair_items(result, 0, 2) == {"sweep": 6, "dragon": 13}  # no 紅不讓: no dragon is strictly best
    assert pair_items(result, 1, 2) == {"sweep": 6, "dragon": 13}
    assert result.totals[:2] == (38, 38)
    # the two others compare normally
    alone = score(decisions[2:], TOURNAMENT)
    assert result.pair(2, 3).rows == alone.pair(0, 1).rows
    assert result.pair(2, 3).items == alone.pair(0, 1).items


def test_one_dragon_at_three_players_others_do_not_compare() -> None:
    result = score(with_fillers([declared(PLAIN_DRAGON, Special.DRAGON)], 3), TOURNAMENT)
    assert result.totals == (38, -19, -19)
    assert result.pair(1, 2).rows is None


def test_only_dragons_may_be_declared() -> None:
    four = declared(SPECIAL_HANDS[Special.FOUR_TRIPS], Special.FOUR_TRIPS)
    with pytest.raises(DealError, match="not a special hand in tournament"):
        score(with_fillers([four], 2), TOURNAMENT)
