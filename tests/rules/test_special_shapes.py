"""A declared special laid out for show: every card once, lines the table can draw, the shape that makes it."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.cards import parse_cards
from rules.evaluate import Category, evaluate_row
from rules.special_shapes import special_lines
from rules.specials import Special, detect_specials, is_three_sequence

HANDS = {
    Special.THREE_FLUSHES: "2h 5h 9h 3s 6s 8s Js Ks 4d 7d Td Qd Ad",
    Special.THREE_STRAIGHTS: "Ah 2s 3d 4c 5h 6s 7d 8c 9h Tc Js Qd Kh",
    Special.THREE_STRAIGHT_FLUSHES: "Ah 2h 3h 4s 5s 6s 7s 8s 9d Td Jd Qd Kd",
    Special.SIX_PAIRS: "2s 2h 5c 5d 8s 8h Tc Td Qs Qh Ks Kh 3d",
    Special.FIVE_PAIRS_TRIPS: "2s 2h 2d 5c 5d 8s 8h Tc Td Qs Qh Ks Kh",
    Special.FOUR_TRIPS: "2s 2h 2d 5c 5d 5h 8s 8h 8d Tc Td Ts Ah",
    Special.THREE_QUADS: "2s 2h 2d 2c 5c 5d 5h 5s 8s 8h 8d 8c Ah",
    Special.DRAGON: "Ah 2s 3d 4c 5h 6s 7d 8c 9h Tc Js Qd Ks",
    Special.ALL_SMALL: "2s 2h 3c 3d 4s 5h 5d 6c 6d 7s 7h 8c 8d",
}


@pytest.mark.parametrize("special", list(HANDS))
def test_lines_use_every_card_once_and_fit_a_row(special: Special) -> None:
    cards = parse_cards(HANDS[special])
    assert special in detect_specials(cards)
    lines = special_lines(special, cards)
    assert len(lines) == 3 and all(len(line) <= 5 for line in lines)
    assert Counter(c for line in lines for c in line) == Counter(cards)


def test_three_flushes_show_as_three_rows_of_one_suit() -> None:
    lines = special_lines(Special.THREE_FLUSHES, parse_cards(HANDS[Special.THREE_FLUSHES]))
    assert [len(line) for line in lines] == [3, 5, 5]
    assert all(len({c.suit for c in line}) == 1 for line in lines)


@pytest.mark.parametrize("special", [Special.THREE_STRAIGHTS, Special.THREE_STRAIGHT_FLUSHES])
def test_three_straights_show_as_three_sequences(special: Special) -> None:
    front, middle, back = special_lines(special, parse_cards(HANDS[special]))
    assert is_three_sequence([c.rank for c in front])
    wanted = Category.STRAIGHT_FLUSH if special is Special.THREE_STRAIGHT_FLUSHES else Category.STRAIGHT
    for row in (middle, back):
        assert evaluate_row(row).category in (wanted, Category.STRAIGHT_FLUSH)


def test_pairs_and_trips_stay_together() -> None:
    lines = special_lines(Special.SIX_PAIRS, parse_cards(HANDS[Special.SIX_PAIRS]))
    assert [len(line) for line in lines] == [4, 4, 5]
    for line in lines:
        ranks = [c.rank for c in line]
        assert all(ranks[i] == ranks[i + 1] for i in range(0, len(ranks) - 1, 2))
    trips = special_lines(Special.FIVE_PAIRS_TRIPS, parse_cards(HANDS[Special.FIVE_PAIRS_TRIPS]))
    assert len({c.rank for c in trips[0][:3]}) == 1, "the trips lead"


def test_a_dragon_reads_in_order() -> None:
    lines = special_lines(Special.DRAGON, parse_cards(HANDS[Special.DRAGON]))
    ranks = [c.rank for line in lines for c in line]
    assert ranks == sorted(ranks) and len(set(ranks)) == 13
