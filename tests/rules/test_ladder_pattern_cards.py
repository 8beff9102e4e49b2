"""The cards that make a ladder hand's pattern (rules.ladder.pattern_cards, what the table marks): the
issue 30 hand (the trips are 4♠ 4♥ 4♦, not the cards beside the name), one example a pattern, and for any
hand (hypothesis) marked cards that are the hand's own and make exactly the pattern named."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, CardError, parse_cards
from rules.ladder import Pattern, ladder_hand, pattern_cards
from tests.tiers import examples


def marked(text: str) -> frozenset[Card]:
    return pattern_cards(parse_cards(text, 13))


def test_the_trips_of_the_issue_hand_are_the_three_fours() -> None:
    # The hand issue 30 saw as "Trips 三條" printed beside K♣ J♦ 8♣ 7♥ 7♣.
    hand = "Kc Jd 8c 7h 7c 4s 4h 4d Ts 9h 6d 3c 2s"
    assert ladder_hand(parse_cards(hand, 13)).pattern is Pattern.TRIPS
    assert marked(hand) == frozenset(parse_cards("4s 4h 4d"))


@pytest.mark.parametrize(
    ("hand", "cards"),
    [
        ("As Ac Ks Kc Qs 9c 8s 7c 6s 5c 4s 3c 2h", "2h"),  # 全黑一張紅: the one red card
        ("Ah Ad Kh Kd Qh 9d 8h 7d 6h 5d 4h 3d 2s", "2s"),  # 全紅一張黑: the one black card
        ("As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 2c", "As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h"),  # 六對半: the twelve
        ("9s 9h 9d 8s 8h 7s 7h 6s 6h 5s 5h Ac 2c", None),  # 五對三條: the whole hand
        ("As Ks Qs Js Ts 9h 8d 7c 5h 4d 3c 2h 2d", "As Ks Qs Js Ts"),  # 同花順: the five
        ("5s 4s 3s 2s As Kh Qd Jc 9h 8d 7c 6h 6d", "5s 4s 3s 2s As"),  # the wheel A2345
        ("9s 9h 9d 9c 4s 4h 4d 4c Ac Kd Qh 7s 2h", "9s 9h 9d 9c"),  # 鐵支: the highest four
        ("Ks Kh Kd 5s 5h 5d Ac Qd Jh 9s 8c 7d 2h", "Ks Kh Kd"),  # 三條: the highest trips
        ("As Ah Ks Kh 7d 5c 4s 3h 2d 9c Jd Th 8s", "As Ah Ks Kh"),  # 對子: every paired card
    ],
)
def test_each_pattern_marks_the_cards_that_make_it(hand: str, cards: str | None) -> None:
    want = frozenset(parse_cards(cards)) if cards else frozenset(parse_cards(hand, 13))
    assert marked(hand) == want


def test_six_pairs_with_a_four_marks_all_four() -> None:
    hand = "As Ah Ad Ac Ks Kh Qs Qh Js Jh Ts Th 2c"  # the four counts two pairs (§13.2)
    assert ladder_hand(parse_cards(hand, 13)).pattern is Pattern.SIX_PAIRS
    got = marked(hand)
    assert len(got) == 12 and sum(c.rank == 12 for c in got) == 4 and parse_cards("2c")[0] not in got


def test_bad_input_is_a_card_error() -> None:
    with pytest.raises(CardError):
        pattern_cards(parse_cards("As Ah"))


hands = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True)


@settings(max_examples=examples(100, soak=1500), deadline=None)
@given(hands)
def test_the_marked_cards_make_exactly_the_pattern_named(ids: list[int]) -> None:
    hand = [Card(i) for i in ids]
    read, got = ladder_hand(ids), pattern_cards(ids)
    assert got and got <= set(hand)
    ranks = Counter(c.rank for c in got)
    counts = Counter(c.rank for c in hand)
    if read.pattern is Pattern.FOUR_KIND or read.pattern is Pattern.TRIPS:
        n = 4 if read.pattern is Pattern.FOUR_KIND else 3
        assert list(ranks.values()) == [n] and max(r for r, k in counts.items() if k == n) in ranks
    elif read.pattern is Pattern.PAIRS:
        assert set(ranks.values()) == {2} and len(ranks) == len(read.key[0])
    elif read.pattern is Pattern.STRAIGHT_FLUSH:
        assert len(got) == 5 and len({c.suit for c in got}) == 1
        assert max(c.rank for c in got) == read.key[0][0] or read.key[0][0] == 3  # the wheel's top is its 5
    elif read.pattern in (Pattern.ONE_RED, Pattern.ONE_BLACK):
        assert len(got) == 1
    elif read.pattern is Pattern.SIX_PAIRS:
        assert len(got) == 12 and all(k % 2 == 0 for k in ranks.values())
    else:
        assert got == set(hand)
