"""Special hands (rules/RULES.md §8, §11, §13.2–13.3): each of the 13 ids detected from 13 cards, with a near
miss each."""

from __future__ import annotations

import itertools

import pytest

from rules.cards import CardError
from rules.specials import Special, _has_three_flushes, detect_specials, is_three_sequence

from .helpers import PLAIN_DRAGON, SPECIAL_HANDS, SUITED_DRAGON, cards


def specials(text: str) -> frozenset[Special]:
    return detect_specials(cards(text))


def test_ids_are_the_rule_book_identifiers() -> None:
    assert [s.id for s in Special] == [
        "three_flushes",
        "three_straights",
        "six_pairs",
        "five_pairs_trips",
        "four_trips",
        "one_color",
        "all_small",
        "all_big",
        "three_quads",
        "three_straight_flushes",
        "twelve_royals",
        "dragon",
        "suited_dragon",
    ]
    assert [s.rung for s in Special] == list(range(13))


@pytest.mark.parametrize("special", list(Special))
def test_every_special_has_a_positive_example(special: Special) -> None:
    assert special in specials(SPECIAL_HANDS[special])


NEAR_MISSES: list[tuple[Special, str, str]] = [
    (Special.DRAGON, "As Ah Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s", "no king"),
    (Special.SUITED_DRAGON, "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h", "one card off suit"),
    (Special.THREE_FLUSHES, "2h 5h 9h 3s 6s 8s Ts Qs 4d 7d 9d Jd 2c", "suits 3/5/4/1"),
    (Special.THREE_FLUSHES, "2h 5h 9h 3h 6s 8s Ts Qs 4d 7d 9d Jd 2d", "suits 4/4/5"),
    (Special.THREE_STRAIGHTS, "Kh Ad 2c 3s 4h 5c 6d 7s 5h 6c 7d 8s 9h", "KA2 front wraps"),
    (Special.THREE_STRAIGHTS, "Qh Kc Ad 3s 4h 5c 6d 7s 5h 6c 7d 8s Th", "a gap in the back"),
    (Special.SIX_PAIRS, "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 8h 9c", "five pairs"),
    (Special.SIX_PAIRS, "2s 2h 2d 3s 3h 3d 4s 4h 5s 5h 6s 7h 9c", "two trips hold one pair each: four"),
    (Special.FIVE_PAIRS_TRIPS, "2s 2h 2d 3s 3h 3d 4s 4h 4d 5s 5h 6s 6h", "three odd counts of 3"),
    (Special.FIVE_PAIRS_TRIPS, "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 9c", "the odd count is 1"),
    (Special.FIVE_PAIRS_TRIPS, "2s 2h 2d 3s 3h 3d 3c 4s 4h 5s 5h 6s 7h", "odd counts 3, 1, 1"),
    (Special.FOUR_TRIPS, "2s 2h 2d 3s 3h 3d 4s 4h 4d 5s 5h 6d 9c", "three trips"),
    (Special.ONE_COLOR, "2h 2d 4h 6h 8h Th Qh 3d 5d 7d 9d Jd Ks", "one black card"),
    (Special.ALL_SMALL, "2s 2h 3d 3c 4s 5h 5d 6c 6s 7h 7d 8c 9s", "a nine"),
    (Special.ALL_BIG, "7s 8h 9d 9c Ts Jh Jd Qc Qs Kh Kd Ac As", "a seven"),
    (Special.THREE_QUADS, "2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 5c 9h", "two quads"),
    (Special.THREE_STRAIGHT_FLUSHES, "9h Th Jh 2s 3s 4s 5s 6s Qd Kd Ad 7d 8d", "flushes and straights, not together"),
    (Special.THREE_STRAIGHT_FLUSHES, "Kh Ah 2h 3s 4s 5s 6s 7s 5d 6d 7d 8d 9d", "KA2 front wraps"),
    (Special.TWELVE_ROYALS, "As Ah Ad Ac Ks Kh Kd Qs Qh Qc 3d 3c 2s", "ten royals"),
    (Special.TWELVE_ROYALS, "As Ah Ad Ac Ks Kh Kd Qs Qh Qc Jd 9c 2s", "eleven royals"),
]


@pytest.mark.parametrize(("special", "text", "why"), NEAR_MISSES, ids=[f"{s.id}-{w}" for s, _, w in NEAR_MISSES])
def test_near_misses(special: Special, text: str, why: str) -> None:
    assert special not in specials(text), why


def test_suited_dragon_is_also_a_dragon() -> None:
    found = specials(SUITED_DRAGON)
    assert {Special.SUITED_DRAGON, Special.DRAGON} <= found
    assert Special.SUITED_DRAGON not in specials(PLAIN_DRAGON)
    assert Special.DRAGON in specials(PLAIN_DRAGON)


def test_a_dragon_is_three_straights() -> None:
    assert Special.THREE_STRAIGHTS in specials(PLAIN_DRAGON)


def test_three_flushes_rows_may_share_a_suit() -> None:
    # 8 spades (front and middle) and 5 diamonds; and all 13 of one suit.
    assert Special.THREE_FLUSHES in specials("2s 5s 9s 3s 6s 8s Ts Qs 4d 7d 9d Jd 2d")
    assert Special.THREE_FLUSHES in specials("2s 5s 9s 3s 6s 8s Ts Qs 4h 7h 9h Jh Kh")
    assert Special.THREE_FLUSHES in specials(SUITED_DRAGON)


def test_three_straights_front_may_be_a23_or_qka() -> None:
    assert Special.THREE_STRAIGHTS in specials("Ah 2c 3d 4s 5h 6c 7d 8s 8h 9c Td Js Qh")  # A23 front
    assert Special.THREE_STRAIGHTS in specials(SPECIAL_HANDS[Special.THREE_STRAIGHTS])  # QKA front
    # A2345 and TJQKA are five-card straights whatever the wheel setting.
    assert Special.THREE_STRAIGHTS in specials("2h 3c 4d As 2s 3h 4c 5d Th Jc Qd Ks Ah")


def test_six_pairs_counts_quads_as_two_pairs_and_trips_as_one() -> None:
    assert Special.SIX_PAIRS in specials("2s 2h 2d 2c 3s 3h 4s 4h 5s 5h 6s 6h 9c")  # quads + 4 pairs
    assert Special.SIX_PAIRS in specials("2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 5s 5h 9c")  # two quads + 2 pairs
    assert Special.SIX_PAIRS in specials(SPECIAL_HANDS[Special.FIVE_PAIRS_TRIPS])  # five pairs + trips


def test_five_pairs_trips_allows_quads_as_two_pairs() -> None:
    # One odd count, and it is 3: trips + quads + three pairs.
    assert Special.FIVE_PAIRS_TRIPS in specials("2s 2h 2d 3s 3h 3d 3c 4s 4h 5s 5h 6s 6h")


def test_four_trips_allows_quads_as_trips() -> None:
    assert Special.FOUR_TRIPS in specials("2s 2h 2d 2c 3s 3h 3d 4s 4h 4d 5s 5h 5d")


def test_one_color_black_too() -> None:
    assert Special.ONE_COLOR in specials("2s 2c 4s 6s 8s Ts Qs 3c 5c 7c 9c Jc Kc")


def test_eight_is_both_small_and_big() -> None:
    assert Special.ALL_SMALL in specials("8s 8h 8d 8c 2s 2h 3d 3c 4s 5h 5d 6c 7s")
    assert Special.ALL_BIG in specials("8s 8h 8d 8c 9s 9h Td Tc Js Qh Qd Kc As")


def test_twelve_royals_with_thirteen() -> None:
    assert Special.TWELVE_ROYALS in specials("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Jc Js")


def test_twelve_royals_example_is_nothing_else() -> None:
    assert specials(SPECIAL_HANDS[Special.TWELVE_ROYALS]) == {Special.TWELVE_ROYALS}


def test_ordinary_hand_has_no_specials() -> None:
    assert specials("As Kd 9h 6c 3s 2d 5h 7c Js Qh 4c 8d 8s") == frozenset()


def test_detection_needs_thirteen_distinct_cards() -> None:
    with pytest.raises(CardError):
        detect_specials(cards("As Kd 9h"))
    with pytest.raises(CardError):
        detect_specials([0] * 13)


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ("Ah 2c 3d", True),
        ("Qh Kc Ad", True),
        ("2h 3c 4d", True),
        ("Jh Qc Kd", True),
        ("Kh Ad 2c", False),  # wraps
        ("Ah 2c 4d", False),
        ("2h 2c 3d", False),
    ],
)
def test_is_three_sequence(ranks: str, expected: bool) -> None:
    assert is_three_sequence([c.rank for c in cards(ranks)]) is expected


def test_three_flushes_and_three_straights_in_different_splits_are_not_three_straight_flushes() -> None:
    found = specials("9h Th Jh 2s 3s 4s 5s 6s Qd Kd Ad 7d 8d")
    assert {Special.THREE_FLUSHES, Special.THREE_STRAIGHTS} <= found
    assert Special.THREE_STRAIGHT_FLUSHES not in found


def test_three_flushes_are_read_from_the_suit_counts_for_every_split_of_13_cards_into_suits() -> None:
    # The suit counts (♣ ♦ ♥ ♠) make 三同花 exactly when the suits can be grouped into rows of 3, 5 and 5 of
    # one suit each: a suit holds 0, 3, 5, 8, 10 or 13 of the cards, and together they fill the three rows.
    def by_rows(counts: tuple[int, ...]) -> bool:
        rows = [3, 5, 5]
        return any(
            all(sum(rows[i] for i in range(3) if who[i] == s) == counts[s] for s in range(4))
            for who in itertools.product(range(4), repeat=3)
        )  # who[i]: the suit of row i

    splits = [c for c in itertools.product(range(14), repeat=4) if sum(c) == 13]
    assert len(splits) == 560
    made = {c for c in splits if _has_three_flushes(c)}
    assert made == {c for c in splits if by_rows(c)}
    assert (3, 5, 5, 0) in made and (0, 0, 13, 0) in made and (8, 0, 5, 0) in made and (4, 4, 5, 0) not in made
    assert _has_three_flushes([3, 5, 0, 5])  # a list, as the detector passes it
