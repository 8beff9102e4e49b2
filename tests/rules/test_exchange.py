"""換三張's card movements (rules/RULES.md §21): every way and count, at every table size, loses and doubles
nothing, and each card passed lands with the right neighbour."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import deal
from rules.exchange import (
    MAX_ROUNDS,
    PASS_SIZE,
    Direction,
    ExchangeError,
    check_pass,
    giver,
    pass_round,
    play_rounds,
    receiver,
)
from tests.tiers import examples

WAYS = [Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.ACROSS]


def _random_passes(hands: tuple[tuple[int, ...], ...], rng: random.Random) -> list[tuple[int, ...]]:
    return [tuple(rng.sample(list(h), PASS_SIZE)) for h in hands]


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.sampled_from([2, 3, 4]),
    way=st.sampled_from(list(Direction)),
    rounds=st.integers(1, MAX_ROUNDS),
    number=st.integers(1, 12),
)
def test_no_card_is_lost_or_doubled_and_each_pass_reaches_its_receiver(
    seed: int, players: int, way: Direction, rounds: int, number: int
) -> None:
    rng = random.Random(seed)
    concrete = way.for_deal(number, players)
    hands = deal(seed, players)
    now = hands
    made = []
    for _ in range(rounds):
        passes = _random_passes(now, rng)
        after = pass_round(now, passes, concrete)
        for pos in range(players):
            got = receiver(pos, players, concrete)
            assert got != pos
            assert set(passes[pos]) <= set(after[got])  # the receiver holds what was passed
            assert not set(passes[pos]) & set(after[pos])  # and the giver no longer does
            assert len(after[pos]) == 13
        assert sorted(c for h in after for c in h) == sorted(c for h in now for c in h)
        made.append(passes)
        now = after
    assert play_rounds(hands, made, concrete) == now


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("way", WAYS)
def test_giver_and_receiver_are_inverse(players: int, way: Direction) -> None:
    concrete = way.for_deal(1, players)
    for pos in range(players):
        assert giver(receiver(pos, players, concrete), players, concrete) == pos


def test_clockwise_is_to_the_left_and_counterclockwise_to_the_right() -> None:
    # Deal order runs round the screen counter-clockwise: the next position sits on your right.
    assert receiver(0, 4, Direction.CLOCKWISE) == 3
    assert receiver(0, 4, Direction.COUNTERCLOCKWISE) == 1
    assert receiver(0, 4, Direction.ACROSS) == 2


def test_across_passes_clockwise_at_three_and_to_the_other_at_two() -> None:
    assert Direction.ACROSS.for_deal(1, 3) is Direction.CLOCKWISE
    assert all(receiver(0, 2, w) == 1 and receiver(1, 2, w) == 0 for w in WAYS)


def test_rotate_goes_through_the_ways_deal_by_deal() -> None:
    assert [Direction.ROTATE.for_deal(n, 4) for n in range(1, 5)] == [*WAYS, Direction.CLOCKWISE]
    assert [Direction.ROTATE.for_deal(n, 3) for n in range(1, 4)] == [*WAYS[:2], Direction.CLOCKWISE]
    with pytest.raises(ValueError):
        Direction.ROTATE.offset(4)


def test_a_second_round_may_pass_on_what_was_just_received() -> None:
    hands = deal(3, 4)
    first = [tuple(h[:3]) for h in hands]
    after = pass_round(hands, first, Direction.COUNTERCLOCKWISE)
    received = first[3]  # position 0 receives from position 3 counter-clockwise
    again = pass_round(after, [received, *(tuple(h[:3]) for h in after[1:])], Direction.COUNTERCLOCKWISE)
    assert set(received) <= set(again[1])


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0, 1], "a pass is 3 cards"),
        ([0, 0, 1], "repeats a card"),
        ([0, 1, 51], "is not in the hand"),
    ],
)
def test_a_bad_pass_is_refused_with_its_reason(cards: list[int], message: str) -> None:
    hand = tuple(range(13))
    with pytest.raises(ExchangeError, match=message):
        check_pass(hand, cards)


def test_passes_for_the_wrong_number_of_hands_or_rounds_are_refused() -> None:
    hands = deal(1, 4)
    with pytest.raises(ExchangeError):
        pass_round(hands, [tuple(h[:3]) for h in hands[:3]], Direction.CLOCKWISE)
    with pytest.raises(ExchangeError):
        play_rounds(hands, [[tuple(h[:3]) for h in hands]] * 3, Direction.CLOCKWISE)
