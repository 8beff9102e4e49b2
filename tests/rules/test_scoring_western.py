"""The `western` preset (rules/RULES.md §15): 2-4 scoring, ties, fouls, royalties as an option, nothing to
declare, no sweep or 全壘打 bonus at any table size."""

from __future__ import annotations

import itertools

import pytest

from rules.deal import DealError
from rules.evaluate import Wheel
from rules.presets import Options, Preset
from rules.scoring import deal_from_document, score

from .helpers import BONUS_DUELS, LADDER, SPECIAL_HANDS, declared, duel, hand, hands, pair_items, player

WESTERN = Preset.WESTERN
ROYAL = Options(royalties=True)


def test_defaults() -> None:
    assert WESTERN.default_options == Options(wheel=Wheel.LOW, suit_tiebreak=False, royalties=False)
    assert WESTERN.specials == frozenset()
    assert WESTERN.points_per_unit == 1


@pytest.mark.parametrize("outcomes", ["".join(p) for p in itertools.product("WTL", repeat=3)])
def test_a_point_a_row_and_one_for_the_majority(outcomes: str) -> None:
    won, lost = outcomes.count("W"), outcomes.count("L")
    expected = won - lost + (1 if won > lost else -1 if lost > won else 0)
    result = score(duel(outcomes), WESTERN)
    assert result.totals == (expected, -expected)
    assert ("majority" in pair_items(result, 0, 1)) == (won != lost)


def test_the_2_4_figures() -> None:
    assert score(duel("WWL"), WESTERN).totals == (2, -2)
    assert score(duel("WWW"), WESTERN).totals == (4, -4)
    assert score(duel("WLT"), WESTERN).totals == (0, 0)
    assert score(duel("TTT"), WESTERN).totals == (0, 0)
    assert pair_items(score(duel("WTT"), WESTERN), 0, 1) == {"front": 1, "majority": 1}


def test_a_fouled_hand_loses_every_row() -> None:
    good, _ = duel("WWW")
    fouled = hand("Ad Ac Kd", "2d 3d 5c 7c 9d", "Kc Qc Jd 8c 4d")
    assert score([good, fouled], WESTERN).totals == (4, -4)
    assert score([fouled, good], WESTERN).fouled == (True, False)
    other_foul = hand("Ts Th Td", "2h 3c 5s 7d 9c", "Qd Jc 8d 6c 4c")
    assert score([fouled, other_foul], WESTERN).totals == (0, 0)


@pytest.mark.parametrize(
    ("case", "items"),
    [
        ("rush_three", {"front": 3, "middle": 1, "back": 1}),  # front trips 3
        ("two_houses_pair", {"front": 1, "middle": 2, "back": 1}),  # middle full house 2, back full house 1
        ("two_quads", {"front": 1, "middle": 8, "back": 4}),  # middle quads 8, back quads 4
        ("back_quads", {"front": 1, "middle": 1, "back": 4}),
        ("two_straight_flushes", {"front": 1, "middle": 10, "back": 5}),  # middle 10, back 5
        ("back_straight_flush", {"front": 1, "middle": 1, "back": 5}),
    ],
)
def test_each_royalty(case: str, items: dict[str, int]) -> None:
    a, b = BONUS_DUELS[case]
    result = score(hands(a, b), WESTERN, ROYAL)
    assert pair_items(result, 0, 1) == {**items, "majority": 1}
    assert score(hands(b, a), WESTERN, ROYAL).totals == tuple(-t for t in result.totals)
    # Off by default: every row is worth one.
    assert score(hands(a, b), WESTERN).totals == (4, -4)


def test_a_royalty_is_paid_only_by_a_row_that_wins() -> None:
    # Trips in front lose to bigger trips: the loser's royalty is not paid, the winner's is.
    a = hand("Qs Qh Qd", "2s 3h 4d 5c 6s", "7h 8h Th Jh Ah")
    b = hand("Ks Kh Kd", "9s Td Jd Qc Kc", "As Ac Ad 2c 2d")
    items = pair_items(score([a, b], WESTERN, ROYAL), 0, 1)
    assert items == {"front": -3, "middle": -1, "back": -1, "majority": -1}


def test_the_winner_of_a_fouled_pair_takes_its_royalties() -> None:
    a, _ = BONUS_DUELS["rush_three"]
    fouled = hand("As Ah 2d", "3s 4h 6d 8c 9s", "Kc Jc Jd 7c 5s")
    assert score([hand(*a), fouled], WESTERN, ROYAL).totals == (3 + 1 + 1 + 1, -6)


def test_no_bonus_for_sweeping_the_table() -> None:
    result = score(hands(*LADDER), WESTERN)
    assert result.totals == (12, 4, -4, -12)
    assert all("home_run" not in pair_items(result, 0, j) for j in (1, 2, 3))
    assert score(hands(*LADDER[:3]), WESTERN).totals == (8, 0, -8)
    assert score(hands(*LADDER[:2]), WESTERN).totals == (4, -4)


def test_nothing_is_declared() -> None:
    from rules.specials import Special

    with pytest.raises(DealError, match="not a special hand in western"):
        score([declared(SPECIAL_HANDS[Special.DRAGON], Special.DRAGON), *duel("WWW")[:1]], WESTERN)


def test_the_score_document_reads_western_and_royalties() -> None:
    a, b = BONUS_DUELS["rush_three"]
    deal = deal_from_document({"rules": "western", "options": {"royalties": True}, "players": [player(*a), player(*b)]})
    assert deal.preset is WESTERN and deal.options.royalties
    with pytest.raises(ValueError, match="royalties"):
        deal_from_document({"rules": "western", "options": {"royalties": "yes"}, "players": []})
