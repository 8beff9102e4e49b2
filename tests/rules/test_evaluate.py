"""Row evaluation (rules/RULES.md §2, §12, §13.4): categories, S1's comparisons, wheels, ties, suit tie-break,
batch path."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from rules.cards import CardError, deal, parse_cards
from rules.evaluate import (
    SUBSETS3,
    SUBSETS5,
    Category,
    Wheel,
    base_key,
    batch_keys,
    category_of,
    compare_rows,
    evaluate_row,
    hand_subset_keys,
    row_key,
)

from .helpers import cards

WHEELS = (Wheel.LOW, Wheel.SECOND)


def cmp(a: str, b: str, wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False) -> int:
    return compare_rows(cards(a), cards(b), wheel, suit_tiebreak)


def category(row: str, wheel: Wheel = Wheel.LOW) -> str:
    return evaluate_row(cards(row), wheel).category.id


# ------------------------------------------------------------------ categories


FIVE_CARD_EXAMPLES = [
    ("As Kd 9h 6c 3s", "high_card"),
    ("As Ad 9h 6c 3s", "pair"),
    ("As Ad 9h 9c 3s", "two_pair"),
    ("As Ad Ah 9c 3s", "trips"),
    ("9s Td Jh Qc Ks", "straight"),
    ("As 2d 3h 4c 5s", "straight"),
    ("Ts Jd Qh Kc As", "straight"),
    ("As Ks 9s 6s 3s", "flush"),
    ("As Ad Ah 9c 9s", "full_house"),
    ("As Ad Ah Ac 9s", "quads"),
    ("9h Th Jh Qh Kh", "straight_flush"),
    ("Ah 2h 3h 4h 5h", "straight_flush"),
]


@pytest.mark.parametrize("wheel", WHEELS)
@pytest.mark.parametrize(("row", "expected"), FIVE_CARD_EXAMPLES)
def test_five_card_categories(row: str, expected: str, wheel: Wheel) -> None:
    assert category(row, wheel) == expected


def test_categories_are_ordered_as_the_rule_book_lists_them() -> None:
    rows = [r for r, _ in FIVE_CARD_EXAMPLES]
    ids = [c.id for c in Category]
    assert ids == [
        "high_card",
        "pair",
        "two_pair",
        "trips",
        "straight",
        "flush",
        "full_house",
        "quads",
        "straight_flush",
    ]
    by_category = {category(r): r for r in rows}
    for lower, higher in itertools.pairwise(ids):
        assert cmp(by_category[higher], by_category[lower]) == 1, (higher, lower)


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("As Kd 3h", "high_card"),
        ("Ks Kd 5h", "pair"),
        ("7s 7d 7h", "trips"),
        ("As Ks Qs", "high_card"),  # three suited: no flush in the front
        ("Qs Kd Ah", "high_card"),  # three consecutive: no straight in the front
        ("5h 6h 7h", "high_card"),  # suited and consecutive
        ("Ah 2d 3c", "high_card"),
    ],
)
def test_front_has_only_high_card_pair_trips(row: str, expected: str) -> None:
    assert category(row) == expected


def test_suited_consecutive_front_compares_as_high_card() -> None:
    # 5h 6h 7h is only seven-high: it loses to a plain eight-high front.
    assert cmp("5h 6h 7h", "8s 3d 2c") == -1
    assert cmp("Qs Ks As", "Ad Kd Jc") == 1  # AKQ > AKJ, suits irrelevant
    assert cmp("Qs Ks As", "Ad Kd Qc") == 0


@pytest.mark.parametrize("row", ["Ks As 2d 3c 4h", "Qs Ks Ad 2c 3h", "Js Qs Kd Ac 2h"])
@pytest.mark.parametrize("wheel", WHEELS)
def test_no_wrap_around_straights(row: str, wheel: Wheel) -> None:
    assert category(row, wheel) == "high_card"


def test_no_wrap_around_straight_flush() -> None:
    assert category("Ks As 2s 3s 4s") == "flush"


@pytest.mark.parametrize("size", [0, 1, 2, 4, 6])
def test_rows_must_have_three_or_five_cards(size: int) -> None:
    with pytest.raises(CardError, match="3 or 5 cards"):
        evaluate_row(parse_cards("As Kd Qh Jc 9s 8d")[:size])


def test_row_with_a_duplicate_card_is_an_error() -> None:
    with pytest.raises(CardError, match="duplicate"):
        evaluate_row([0, 0, 5])


# ------------------------------------------------------------------ S1 comparisons (§12)


S1_COMPARISONS = [
    ("As Qd 6h 5c 3s", "Ks Jd 9h 8c 7s"),  # AQ653 > KJ987
    ("Ks Kd 9h 3c 2s", "Qs Qd Ah 6c 4s"),  # KK932 > QQA64
    ("Ks Kd Ah 5c 4s", "Kh Kc 9h 3c 2s"),  # KKA54 > KK932
    ("Js Jd 9h 9c 2s", "Jh Jc 8h 8c As"),  # JJ992 > JJ88A
    ("Qs Qd Jh Jc 8s", "Qh Qc Js Jd 6s"),  # QQJJ8 > QQJJ6
    ("9s 9d 9h Qc Js", "8s 8d 8h 9c 6s"),  # 999QJ > 88896
    ("7s 7d 7h 5c 5s", "4s 4d 4h Ac As"),  # 77755 > 444AA
    ("8s 8d 8h 8c Js", "3s 3d 3h 3c Ks"),  # 8888J > 3333K
    ("Ks Qd 9h 5c 3s", "Kh Qc 8h 7c 5h"),  # KQ953 > KQ875
    ("As Qs 6s 5s 3s", "Kh Jh 9h 8h 7h"),  # flushes compare like high cards
    ("Ks Qs 9s 5s 3s", "Kh Qh 8h 7h 5h"),
]


@pytest.mark.parametrize("suit_tiebreak", [False, True])
@pytest.mark.parametrize("wheel", WHEELS)
@pytest.mark.parametrize(("better", "worse"), S1_COMPARISONS)
def test_s1_comparisons(better: str, worse: str, wheel: Wheel, suit_tiebreak: bool) -> None:
    assert cmp(better, worse, wheel, suit_tiebreak) == 1
    assert cmp(worse, better, wheel, suit_tiebreak) == -1
    assert row_key(cards(better), wheel, suit_tiebreak) > row_key(cards(worse), wheel, suit_tiebreak)


def test_s1_comparisons_keep_their_category_in_any_suits() -> None:
    for better, worse in S1_COMPARISONS:
        assert category(better) == category(worse)


def test_trips_compare_only_the_trips_rank() -> None:
    # §2: trips by the trips rank (kickers never matter; a real deal cannot hold equal trips twice).
    assert cmp("9s 9d 9h 3c 2s", "8s 8d 8h Ac Ks") == 1


# ------------------------------------------------------------------ straights and the wheel


def test_wheel_low_makes_a2345_the_lowest_straight() -> None:
    wheel_row, six_high, king_high, ace_high = "As 2d 3h 4c 5s", "2s 3d 4h 5c 6s", "9s Td Jh Qc Ks", "Ts Jd Qh Kc As"
    assert cmp(wheel_row, six_high) == -1
    assert cmp(wheel_row, king_high) == -1
    assert cmp(wheel_row, ace_high) == -1
    assert cmp(wheel_row, "As Ad Ah 5c 4s") == 1  # still a straight: beats trips
    assert cmp(six_high, king_high) == -1


def test_wheel_second_ranks_a2345_just_below_akqjt() -> None:
    w = Wheel.SECOND
    wheel_row, six_high, king_high, ace_high = "As 2d 3h 4c 5s", "2s 3d 4h 5c 6s", "9s Td Jh Qc Ks", "Ts Jd Qh Kc As"
    assert cmp(ace_high, wheel_row, w) == 1
    assert cmp(wheel_row, king_high, w) == 1
    assert cmp(king_high, six_high, w) == 1
    assert cmp(wheel_row, six_high, w) == 1
    assert cmp(wheel_row, "As Ad Ah Kc Qs", w) == 1


@pytest.mark.parametrize("wheel", WHEELS)
def test_wheel_setting_also_orders_straight_flushes(wheel: Wheel) -> None:
    steel_wheel, six_high, king_high = "Ah 2h 3h 4h 5h", "2s 3s 4s 5s 6s", "9d Td Jd Qd Kd"
    expected = -1 if wheel is Wheel.LOW else 1
    assert cmp(steel_wheel, six_high, wheel) == expected
    assert cmp(steel_wheel, king_high, wheel) == expected
    assert cmp(steel_wheel, "Tc Jc Qc Kc Ac", wheel) == -1
    assert cmp(steel_wheel, "As Ad Ah Ac Ks", wheel) == 1  # any straight flush beats quads


def test_straights_compare_by_the_top_card_only() -> None:
    assert cmp("9s Td Jh Qc Ks", "9d Tc Js Qh Kd") == 0
    assert cmp("5s 6d 7h 8c 9s", "4s 5d 6h 7c 8s") == 1


# ------------------------------------------------------------------ ties and the suit tie-break (§13.4)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("As Qd 6h 5c 3s", "Ah Qs 6d 5s 3c"),
        ("Ks Kd 9h 3c 2s", "Kh Kc 9s 3d 2c"),
        ("Js Jd 9h 9c 2s", "Jh Jc 9s 9d 2c"),
        ("As Qs 6s 5s 3s", "Ah Qh 6h 5h 3h"),
        ("As Kd 3h", "Ac Kc 3s"),
        ("Qs Qd 5h", "Qh Qc 5s"),
    ],
)
@pytest.mark.parametrize("wheel", WHEELS)
def test_equal_rows_tie_without_suit_tiebreak(a: str, b: str, wheel: Wheel) -> None:
    assert cmp(a, b, wheel) == 0
    assert row_key(cards(a), wheel) == row_key(cards(b), wheel)


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        # high card and flush: the highest card's suit
        ("As 9d 6h 5c 3d", "Ah 9s 6s 5s 3s"),
        ("As Qs 6s 5s 3s", "Ah Qh 6h 5h 3h"),
        ("Kh 9d 6h 5c 3d", "Kc 9s 6s 5s 3s"),
        # pair: the best-suited card of the pair, never the kickers
        ("Ks Kd 9h 3c 2d", "Kh Kc 9s 3s 2s"),
        # two pair: the higher pair, never the lower pair or kicker
        ("Ks Kd 9h 9c 2d", "Kh Kc 9s 9d 2s"),
        # straight: its top card
        ("9d Tc Jh Qc Ks", "9s Ts Js Qh Kh"),
        # front rows: pair and high card
        ("Qs Qd 5h", "Qh Qc 5s"),
        ("Ac Kh 3s", "Ad Ks 3h"),
    ],
)
def test_suit_tiebreak_uses_the_leading_card(winner: str, loser: str) -> None:
    assert cmp(winner, loser, suit_tiebreak=True) == 1
    assert cmp(loser, winner, suit_tiebreak=True) == -1
    assert cmp(winner, loser) == 0  # only with the toggle


def test_suit_tiebreak_leading_card_of_a2345_depends_on_the_wheel() -> None:
    # Under `low` the leading card of A2345 is its 5; under `second` it is its A.
    five_of_spades = "Ad 2d 3h 4c 5s"
    ace_of_spades = "As 2s 3s 4s 5d"
    assert cmp(five_of_spades, ace_of_spades, Wheel.LOW, suit_tiebreak=True) == 1
    assert cmp(five_of_spades, ace_of_spades, Wheel.SECOND, suit_tiebreak=True) == -1


def test_suit_order_is_spades_hearts_clubs_diamonds() -> None:
    rows = ["As Kd 3h", "Ah Kd 3s", "Ac Kd 3h", "Ad Ks 3h"]
    keys = [row_key(cards(r), suit_tiebreak=True) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == 4


def test_suit_tiebreak_never_overrides_ranks() -> None:
    assert cmp("Ad Qd 6h 5c 3d", "Ks Js 9s 8s 7h", suit_tiebreak=True) == 1
    assert cmp("Kd Kc 9h 3c 2d", "Ks Kh 8s 3s 2s", suit_tiebreak=True) == 1


def test_key_without_tiebreak_is_its_base() -> None:
    value = evaluate_row(cards("Ks Kd 9h 3c 2d"))
    assert base_key(value.key(True)) == value.key(False) == value.base
    assert category_of(value.key(True)) is Category.PAIR


# ------------------------------------------------------------------ front against middle (§2, decided)


@pytest.mark.parametrize(
    ("front", "middle", "expected"),
    [
        ("Ks Kd 5h", "Kh Kc Qs Jd 9h", -1),  # KK5 < KKQJ9
        ("As Kd 3h", "Ah Qc Js 9d 8h", 1),  # AK3 > AQJ98
        ("As Kd Qh", "Ah Kc Qs Jd 9h", 0),  # AKQ = AKQJ9
        ("Ks Kd Qh", "Kh Kc Qs 5d 2h", 0),  # KKQ = KKQ52: equal for as many positions as the front has
        ("Ks Kd Ah", "Kh Kc Qs Jd 9h", 1),
        ("7s 7d 7h", "As Ad Kh Kc Qs", 1),  # front trips beat two pair
        ("7s 7d 7h", "8s 8d 8c Kc Qs", -1),
        ("As Ad Kh", "2s 2d 3h 3c 4s", -1),  # a pair loses to two pair
        ("As Kd Qh", "2s 2d 7h 5c 4s", -1),
        ("7s 7d 7h", "2s 3d 4h 5c 6s", -1),
    ],
)
@pytest.mark.parametrize("suit_tiebreak", [False, True])
def test_front_against_middle(front: str, middle: str, expected: int, suit_tiebreak: bool) -> None:
    assert cmp(front, middle, suit_tiebreak=suit_tiebreak) == expected
    assert cmp(middle, front, suit_tiebreak=suit_tiebreak) == -expected


# ------------------------------------------------------------------ batch path


EXAMPLE_ROWS5 = [r for r, _ in FIVE_CARD_EXAMPLES] + [r for pair in S1_COMPARISONS for r in pair]
EXAMPLE_ROWS3 = ["As Kd 3h", "Ks Kd 5h", "7s 7d 7h", "As Ks Qs", "Qs Kd Ah", "2c 3c 4d", "2s 2c 3h"]


@pytest.mark.parametrize("suit_tiebreak", [False, True])
@pytest.mark.parametrize("wheel", WHEELS)
@pytest.mark.parametrize("rows", [EXAMPLE_ROWS5, EXAMPLE_ROWS3])
def test_batch_keys_match_the_plain_path(rows: list[str], wheel: Wheel, suit_tiebreak: bool) -> None:
    parsed = [cards(r) for r in rows]
    expected = [evaluate_row(r, wheel).key(suit_tiebreak) for r in parsed]
    assert batch_keys(parsed, wheel, suit_tiebreak).tolist() == expected
    # the order of the cards inside a row does not matter
    assert batch_keys([r[::-1] for r in parsed], wheel, suit_tiebreak).tolist() == expected


def test_batch_keys_rejects_other_shapes() -> None:
    with pytest.raises(ValueError):
        batch_keys(np.zeros((2, 4), dtype=np.int64))


@pytest.mark.parametrize("suit_tiebreak", [False, True])
@pytest.mark.parametrize("wheel", WHEELS)
def test_hand_subset_keys_match_the_plain_path(wheel: Wheel, suit_tiebreak: bool) -> None:
    hand = sorted(deal(3)[0])
    keys3, keys5 = hand_subset_keys(hand, wheel, suit_tiebreak)
    assert keys3.shape == (286,) and keys5.shape == (1287,)
    for k in range(0, 286, 7):
        row = [hand[i] for i in SUBSETS3[k]]
        assert keys3[k] == evaluate_row(row, wheel).key(suit_tiebreak)
    for k in range(0, 1287, 11):
        row = [hand[i] for i in SUBSETS5[k]]
        assert keys5[k] == evaluate_row(row, wheel).key(suit_tiebreak)


def test_hand_subset_keys_see_a_wheel() -> None:
    hand = cards("As 2d 3h 4c 5s Kd Qd 9c 8c 7h 7d Js Th")
    order = sorted(hand)
    for wheel, expected in ((Wheel.LOW, 5), (Wheel.SECOND, 13)):
        _, keys5 = hand_subset_keys(hand, wheel)
        wheel_subset = tuple(sorted(order.index(c) for c in cards("As 2d 3h 4c 5s")))
        k = [tuple(s) for s in SUBSETS5.tolist()].index(wheel_subset)
        assert category_of(int(keys5[k])) is Category.STRAIGHT
        assert evaluate_row(cards("As 2d 3h 4c 5s"), wheel).vector[0] == expected
        assert keys5[k] == row_key(cards("As 2d 3h 4c 5s"), wheel)


@pytest.mark.parametrize("name", ["low", "second"])
def test_wheel_may_be_given_by_name(name: str) -> None:
    # A plain string must mean the same as the Wheel member on both paths (it used to rank A2345 second on the
    # plain path whatever the string said).
    row = cards("As 2d 3h 4c 5s")
    assert row_key(row, name) == row_key(row, Wheel(name))  # type: ignore[arg-type]
    assert batch_keys([row], name).tolist() == [row_key(row, Wheel(name))]  # type: ignore[arg-type]
    expected = -1 if name == "low" else 1
    assert compare_rows(row, cards("2s 3d 4h 5c 6s"), name) == expected  # type: ignore[arg-type]


def test_unknown_wheel_is_an_error() -> None:
    with pytest.raises(ValueError):
        evaluate_row(cards("As 2d 3h 4c 5s"), "high")  # type: ignore[arg-type]
