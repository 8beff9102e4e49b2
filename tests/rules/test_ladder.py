"""The pattern ladder (S5, rules four and five; rules/ladder.py): every pattern with a near miss, the
tier order, the tie-breaks of each tier, and the ladder as an order and a zero-sum score (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, CardError, parse_cards
from rules.ladder import (
    DecidedBy,
    LadderHand,
    Pattern,
    compare_ladder,
    decided_by,
    ladder_hand,
    pair_results,
    score_ladder,
)
from tests.tiers import examples


def read(text: str) -> LadderHand:
    return ladder_hand(parse_cards(text, 13))


def cmp(a: str, b: str) -> int:
    return compare_ladder(parse_cards(a, 13), parse_cards(b, 13))


# ---------------------------------------------------------------- the patterns

# (pattern, a hand that makes it, a near miss, what the near miss is instead, why it misses)
PATTERNS: list[tuple[Pattern, str, str, Pattern, str]] = [
    (
        Pattern.ONE_RED,
        "As Ac Ks Kc Qs 9c 8s 7c 6s 5c 4s 3c 2h",
        "As Ac Ks Kc Qs 9c 8s 7c 6s 5c 4s 3h 2h",
        Pattern.PAIRS,
        "11 black and 2 red",
    ),
    (
        Pattern.ONE_BLACK,
        "Ah Ad Kh Kd Qh 9d 8h 7d 6h 5d 4h 3d 2s",
        "Ah Ad Kh Kd Qh 9d 8h 7d 6h 5d 4h 3c 2s",
        Pattern.PAIRS,
        "11 red and 2 black",
    ),
    (
        Pattern.DRAGON,
        "Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h",
        "Ah Ad Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h",
        Pattern.PAIRS,
        "12 ranks: no king",
    ),
    (
        Pattern.FIVE_PAIRS_TRIPS,
        "2s 2h 2d 3s 3h 4s 4h 5s 5h 6s 6h As Ah",
        "2s 2h 2d 3s 3h 3d 4s 4h 5s 5h 6s 6h As",
        Pattern.HALF_SMALL,
        "two trips and a single",
    ),
    (
        Pattern.ALL_BIG,
        "6s 6h 7d 8c 9s Ts Jh Jd Qc Qs Kh Kd 9c",
        "6s 6h 7d 8c 9s Ts Jh Jd Qc Qs Kh Kd 5c",
        Pattern.PAIRS,
        "one card of 5",
    ),
    (
        Pattern.ALL_SMALL,
        "2s 2h 3d 3c 4s 5h 5d 6c 6s 7h 7d 8c Ts",
        "2s 2h 3d 3c 4s 5h 5d 6c 6s 7h 7d 8c Js",
        Pattern.PAIRS,
        "one jack",
    ),
    (
        Pattern.SIX_PAIRS,
        "2s 2h 5s 5h 8s 8h Ts Th Qs Qh Ks Kh Ad",
        "2s 2h 5s 5h 8s 8h Ts Th Qs Qh Ks Jh Ad",
        Pattern.PAIRS,
        "five pairs",
    ),
    (
        Pattern.HALF_BIG,
        "6s 7h 8d 9c Ts Jh Qd Kc As Ah 9d 7c 6d",
        "5s 7h 8d 9c Ts Jh Qd Kc As Ah 9d 7c 6d",
        Pattern.PAIRS,
        "one card of 5",
    ),
    (
        Pattern.HALF_SMALL,
        "As Ad Ah 2h 2c 4d 4c 6s 7h 8d 9c Ts Th",
        "As Ad Ah 2h 2c 4d 4c 6s 7h 8d 9c Ts Jh",
        Pattern.TRIPS,
        "one jack",
    ),
    (
        Pattern.THREE_STRAIGHTS,
        "Qh Kc Ad 3s 4h 5c 6d 7s 5h 6c 7d 8s 9h",
        "Kh Ad 2c 3s 4h 5c 6d 7s 5h 6c 7d 8s 9h",
        Pattern.PAIRS,
        "the front KA2 wraps (§13.3)",
    ),
    (
        Pattern.THREE_FLUSHES,
        "2h 5h 9h 3s 6s 8s Ts Qs 4d 7d 9d Jd 2d",
        "2h 5h 9h 3s 6s 8s Ts Qs 4d 7d 9d Jd 2c",
        Pattern.PAIRS,
        "suits 3/5/4/1",
    ),
    (
        Pattern.STRAIGHT_FLUSH,
        "5h 6h 7h 8h 9h As Ad Kc Qd 2s 2c Jd 3c",
        "5h 6h 7h 8h 9d As Ad Kc Qd 2s 2c Jd 3c",
        Pattern.PAIRS,
        "a straight of two suits",
    ),
    (
        Pattern.FOUR_KIND,
        "9s 9h 9d 9c As Kd Qc Jd 2s 3c 5d 7h 2h",
        "9s 9h 9d 4c As Kd Qc Jd 2s 3c 5d 7h 2h",
        Pattern.TRIPS,
        "three nines",
    ),
    (
        Pattern.TRIPS,
        "9s 9h 9d 4c As Kd Qc Jd 2s 3c 5d 7h 2h",
        "9s 9h 8d 4c As Kd Qc Jd 2s 3c 5d 7h 2h",
        Pattern.PAIRS,
        "two nines",
    ),
]


def test_ids_names_and_tiers() -> None:
    assert [p.id for p in Pattern] == [
        "one_red",
        "one_black",
        "dragon",
        "five_pairs_trips",
        "all_big",
        "all_small",
        "six_pairs",
        "half_big",
        "half_small",
        "three_straights",
        "three_flushes",
        "straight_flush",
        "four_kind",
        "trips",
        "pairs",
    ]
    assert [p.tier for p in Pattern] == [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 5, 6, 7]
    assert Pattern.ONE_RED.zh == "全黑一張紅" and Pattern.HALF_SMALL.zh == "半小" and Pattern.PAIRS.zh == "對子"
    assert all(p.en and p.zh for p in Pattern)


@pytest.mark.parametrize(("pattern", "hand", "miss", "instead", "why"), PATTERNS, ids=[p[0].id for p in PATTERNS])
def test_each_pattern_and_a_near_miss(pattern: Pattern, hand: str, miss: str, instead: Pattern, why: str) -> None:
    made = read(hand)
    assert made.pattern is pattern and made.tier == pattern.tier
    assert read(miss).pattern is instead, why


def test_pairs_is_every_other_hand() -> None:
    h = read("As Ad Kc Qd Jh 9s 8c 7d 6h 5s 4c 3d 2h")
    assert h.pattern is Pattern.PAIRS and h.key == ((12,), (11, 10, 9, 7, 6, 5, 4, 3, 2, 1, 0))


def test_a_suited_dragon_is_a_dragon_not_one_red() -> None:
    assert read("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s").pattern is Pattern.DRAGON
    assert read("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h").pattern is Pattern.DRAGON


def test_all_black_is_not_one_red() -> None:
    # 13 black cards: not "exactly 12 black and 1 red"; these are six pairs.
    assert read("As Ac Ks Kc Qs Qc Js Jc Ts Tc 9s 9c 8s").pattern is Pattern.SIX_PAIRS


def test_quads_count_two_pairs_for_six_pairs() -> None:
    assert read("2s 2h 2d 2c 5s 5h 8s 8h Ts Th Qs Qh Ad").pattern is Pattern.SIX_PAIRS  # not four of a kind


def test_a_range_ignores_how_many_of_each_rank() -> None:
    # Rule five: 不用管哪個牌是幾張 — four sixes and four sevens are still all big.
    assert read("6s 6h 6d 6c 7s 7h 7d 7c 8s 9h Td Jc Qs").pattern is Pattern.ALL_BIG


# ---------------------------------------------------------------- several patterns: the highest, then the first


def test_a_hand_takes_its_highest_tier() -> None:
    # All small (tier 2) that also holds a straight flush (tier 4) and four of a kind (tier 5).
    h = read("2s 3s 4s 5s 6s 7h 7d 7c 7s 8h 9d Tc Th")
    assert h.pattern is Pattern.ALL_SMALL and h.tier == 2
    # A straight flush with four of a kind beside it is a straight flush.
    assert read("5h 6h 7h 8h 9h As Ad Ac Ah 2s 2c Jd 3c").pattern is Pattern.STRAIGHT_FLUSH


def test_inside_a_tier_the_first_pattern_listed_names_the_hand() -> None:
    # 半小 and 三順子 (A23 + A2345 + 6789T): 半小 comes first in tier 3.
    assert read("As 2h 3d 4c 5s 6h 7d 8c 9s Ts Ad 2c 3h").pattern is Pattern.HALF_SMALL
    # 12 black and 1 red, also a dragon: 全黑一張紅 comes first in tier 1.
    assert read("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h").pattern is Pattern.ONE_RED
    # Five pairs and trips also count six pairs: tier 1 wins.
    assert read("2s 2h 2d 3s 3h 4s 4h 5s 5h 9s 9h Ks Kh").pattern is Pattern.FIVE_PAIRS_TRIPS


def test_tiers_are_ordered() -> None:
    # One hand of each tier, highest first: each beats every one below it.
    ladder = [
        "Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h",  # 1 dragon
        "6s 6h 7d 8c 9s Ts Jh Jd Qc Qs Kh Kd 9c",  # 2 all big
        "Qh Kc Ad 3s 4h 5c 6d 7s 5h 6c 7d 8s 9h",  # 3 three straights
        "5h 6h 7h 8h 9h As Ad Kc Qd 2s 2c Jd 3c",  # 4 straight flush
        "9s 9h 9d 9c As Kd Qc Jd 2s 3c 5d 7h 2h",  # 5 four of a kind
        "9s 9h 9d 4c As Kd Qc Jd 2s 3c 5d 7h 2h",  # 6 trips
        "9s 9h 8d 4c As Kd Qc Jd 2s 3c 5d 7h 2h",  # 7 pairs
    ]
    assert [read(h).tier for h in ladder] == list(range(1, 8))
    for i, hi in enumerate(ladder):
        for lo in ladder[i + 1 :]:
            assert cmp(hi, lo) == 1 and cmp(lo, hi) == -1
            assert decided_by(parse_cards(hi), parse_cards(lo)) is DecidedBy.TIER


# ---------------------------------------------------------------- ties inside a tier


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h", "As Ac Ks Kc Qs 9c 8s 7c 6s 5c 4s 3c 2h"),  # dragon, one red
        ("2s 2h 2d 3s 3h 4s 4h 5s 5h 6s 6h As Ah", "Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h"),  # 五對三條, dragon
        ("6s 6h 7d 8c 9s Ts Jh Jd Qc Qs Kh Kd 9c", "2s 2h 5s 5h 8s 8h Ts Th Qs Qh Ks Kh Ad"),  # all big, six pairs
        ("2s 2h 3d 3c 4s 5h 5d 6c 6s 7h 7d 8c Ts", "6s 6h 7d 8c 9s Ts Jh Jd Qc Qs Kh Kd 9c"),  # all small, all big
        ("As Ad Ah 2h 2c 4d 4c 6s 7h 8d 9c Ts Th", "2h 5h 9h 3s 6s 8s Ts Qs 4d 7d 9d Jd 2d"),  # half small, 3 flushes
        ("6s 7h 8d 9c Ts Jh Qd Kc As Ah 9d 7c 6d", "Qh Kc Ad 3s 4h 5c 6d 7s 5h 6c 7d 8s 9h"),  # half big, 3 straights
    ],
)
def test_tiers_one_to_three_are_equal_inside(a: str, b: str) -> None:
    assert read(a).tier == read(b).tier
    assert cmp(a, b) == 0 == cmp(b, a)
    assert decided_by(parse_cards(a), parse_cards(b)) is DecidedBy.SAME_TIER


def test_straight_flushes_by_the_top_card_a2345_lowest() -> None:
    nine = "5h 6h 7h 8h 9h As Ad Kc Qd 2s 2c Jd 3c"
    six = "2d 3d 4d 5d 6d As Ah Kc Qh 9s 9c Jh Tc"
    wheel = "Ac 2c 3c 4c 5c Kh Kd Qs Jh 9h 8s 7d Ts"
    assert [read(h).key for h in (nine, six, wheel)] == [((7,),), ((4,),), ((3,),)]
    assert cmp(nine, six) == 1 and cmp(six, wheel) == 1 and cmp(wheel, nine) == -1
    assert decided_by(parse_cards(six), parse_cards(wheel)) is DecidedBy.TOP_CARD


def test_the_best_straight_flush_counts() -> None:
    # Straight flushes A2345, 9-K and T-A in spades against one 8-high: the ace decides (the 5 would lose).
    two = "As 2s 3s 4s 5s 9s Ts Js Qs Ks 9d 7d 7c"
    eight = "4h 5h 6h 7h 8h Ad Ah Qc Jc Tc 2d 3c 6c"
    assert read(two).key == ((12,),) and read(eight).key == ((6,),)
    assert cmp(two, eight) == 1


def test_equal_straight_flushes_tie_whatever_the_suits() -> None:
    a = "5h 6h 7h 8h 9h As Ad Kc Qd 2s 2c Jd 3c"
    b = "5s 6s 7s 8s 9s Ah Ac Kd Qc 2h 2d Jc 3d"
    assert cmp(a, b) == 0 and decided_by(parse_cards(a), parse_cards(b)) is DecidedBy.EQUAL


def test_the_highest_four_decides_not_how_many() -> None:
    # Rule five's example: one four of 10s beats two fours, of 3s and of 9s.
    tens = "Ts Th Td Tc As Kd Qc Jd 2s 4c 5d 7h 2h"
    two = "3s 3h 3d 3c 9s 9h 9d 9c Ah Kc Qd Jh 6s"
    assert read(tens).pattern is read(two).pattern is Pattern.FOUR_KIND
    assert read(two).key == ((7,),)
    assert cmp(tens, two) == 1 and cmp(two, tens) == -1
    assert decided_by(parse_cards(tens), parse_cards(two)) is DecidedBy.FOUR_KIND


def test_the_highest_trips_decide_not_how_many() -> None:
    tens = "Ts Th Td As Kd Qc Jd 2s 4c 5d 7h 2h 6c"
    two = "3s 3h 3d 9s 9h 9d Ah Kc Qd Jh 6s 8c 4h"
    assert read(tens).pattern is read(two).pattern is Pattern.TRIPS
    assert cmp(tens, two) == 1
    aces = "As Ah Ad 3c 4d 6h 8s 9c Jd Qh 5c 7s 7d"
    deuces = "2s 2h 2d 3s 4h 6c 8d 9h Js Qc Kd Ts Th"
    assert cmp(aces, deuces) == 1 and decided_by(parse_cards(aces), parse_cards(deuces)) is DecidedBy.TRIPS


def test_pairs_from_the_highest_down() -> None:
    kings = "Ks Kh 3d 3c As Qd Jc 9d 8s 7c 5d 4h 2h"
    queens = "Qs Qh Jd Jc Ts Td Ah Kc 9c 8d 6s 4c 2d"
    assert cmp(kings, queens) == 1  # one pair of kings beats three lower pairs
    assert decided_by(parse_cards(kings), parse_cards(queens)) is DecidedBy.PAIRS
    # The same top pair: the second pair decides.
    kq = "Ks Kh Qd Qc As Jd 9c 8d 7s 6c 5d 4h 2h"
    kj = "Kd Kc Jh Js Ah Qs Tc 9d 8h 6s 5c 4c 3h"
    assert cmp(kq, kj) == 1


def test_more_pairs_ahead_when_the_higher_ones_are_equal() -> None:
    three = "Ks Kh 9d 9c 4s 4h As Qd Jc 8d 7s 6c 2h"
    two = "Kd Kc 9s 9h Ah Qs Jh Td 8h 7c 6s 5d 3h"
    assert read(three).key[0] == (11, 7, 2) and read(two).key[0] == (11, 7)
    assert cmp(three, two) == 1 and cmp(two, three) == -1
    assert decided_by(parse_cards(three), parse_cards(two)) is DecidedBy.PAIRS


def test_then_the_single_cards_from_the_highest_down() -> None:
    a = "Ks Kh 9d 9c As Qd Jc 8d 7s 6c 5d 4h 2h"
    b = "Kd Kc 9s 9h Ah Qs Jh 8h 7c 6s 5c 3h 2d"  # the same down to the 5; a's 4 against b's 3
    assert cmp(a, b) == 1
    assert decided_by(parse_cards(a), parse_cards(b)) is DecidedBy.SINGLES


def test_the_same_ranks_tie_suits_never_decide() -> None:
    a = "Ks Kh 9d 9c As Qd Jc 8d 7s 6c 5d 4h 2h"
    b = "Kd Kc 9s 9h Ah Qs Jh 8h 7c 6s 5c 4d 2d"
    assert cmp(a, b) == 0 and decided_by(parse_cards(a), parse_cards(b)) is DecidedBy.EQUAL


# ---------------------------------------------------------------- scoring a table


def test_score_ladder_pairwise_one_unit() -> None:
    hands = [
        parse_cards(h, 13)
        for h in (
            "Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h",  # dragon
            "Ad Ac Kh Kc Qc 9c 8c 7h 6c 5c 4c 3d 2c",  # pairs
            "Qh Ks As 3s 4h 5s 6d 7s 5h 6s 7d 8h 9h",  # three straights
        )
    ]
    results = pair_results(hands)
    assert [(r.a, r.b, r.winner) for r in results] == [(0, 1, 0), (0, 2, 0), (1, 2, 2)]
    assert results[0].pattern_a is Pattern.DRAGON and results[0].decided is DecidedBy.TIER
    assert score_ladder(hands) == [2.0, -2.0, 0.0]


def test_equal_hands_exchange_nothing() -> None:
    a = parse_cards("Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 2h")
    b = parse_cards("Ad Kh Qh Jh Tc 9h 8h 7h 6c 5h 4h 3h 2c")
    assert score_ladder([a, b]) == [0.0, 0.0]
    assert pair_results([a, b])[0].winner is None


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([parse_cards("Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c")], "13 cards"),
        ([[0] * 13], "duplicate"),
    ],
)
def test_bad_hands_raise_card_error(hands, message: str) -> None:
    with pytest.raises(CardError, match=message):
        ladder_hand(hands[0])


def test_bad_tables_raise_card_error() -> None:
    deck = [Card(c) for c in range(52)]
    with pytest.raises(CardError, match="2 to 4"):
        score_ladder([deck[:13]])
    with pytest.raises(CardError, match="two hands"):
        score_ladder([deck[:13], deck[12:25]])
    with pytest.raises(CardError, match="13 cards"):
        pair_results([deck[:13], deck[13:25]])
    with pytest.raises(CardError):
        ladder_hand([52, *range(12)])


# ---------------------------------------------------------------- properties


deals = st.permutations(range(52))


@settings(max_examples=examples(100, soak=1500), deadline=None)
@given(deals)
def test_compare_is_antisymmetric_and_transitive(deck: list[int]) -> None:
    a, b, c = (deck[13 * i : 13 * (i + 1)] for i in range(3))
    hands = [ladder_hand(h) for h in (a, b, c)]
    for x in hands:
        assert compare_ladder(x, x) == 0
        for y in hands:
            assert compare_ladder(x, y) == -compare_ladder(y, x)
            for z in hands:
                if compare_ladder(x, y) >= 0 and compare_ladder(y, z) >= 0:
                    assert compare_ladder(x, z) >= 0
                if compare_ladder(x, y) == 0 and compare_ladder(y, z) == 0:
                    assert compare_ladder(x, z) == 0


@settings(max_examples=examples(100, soak=1500), deadline=None)
@given(deals, st.integers(2, 4))
def test_score_is_zero_sum(deck: list[int], players: int) -> None:
    hands = [deck[13 * i : 13 * (i + 1)] for i in range(players)]
    totals = score_ladder(hands)
    assert sum(totals) == 0 and len(totals) == players
    assert all(abs(t) <= players - 1 for t in totals)
    # Each pair moved one unit or none, toward the higher hand.
    for r in pair_results(hands):
        expected = compare_ladder(hands[r.a], hands[r.b])
        assert r.winner == {1: r.a, -1: r.b, 0: None}[expected]
