"""What a seat knows others hold after 換三張 (rules/RULES.md §21): the cards it passed, followed as far as
it can see them. Every card it claims to know is really there, and its last pass is never forgotten."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, deal, parse_cards
from rules.exchange import (
    MAX_ROUNDS,
    PASS_SIZE,
    Direction,
    ExchangeError,
    known_holdings,
    pass_round,
    receiver,
    seen_holdings,
)
from tests.tiers import examples

WAYS = [Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.ACROSS]


@settings(max_examples=examples(80), deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.sampled_from([2, 3, 4]),
    way=st.sampled_from(WAYS),
    rounds=st.integers(1, MAX_ROUNDS),
)
def test_what_a_seat_knows_is_true_and_holds_its_last_pass(
    seed: int, players: int, way: Direction, rounds: int
) -> None:
    rng = random.Random(seed)
    way = way.for_deal(1, players)
    now = deal(seed, players)
    made = []
    for _ in range(rounds):
        passes = [tuple(rng.sample(list(h), PASS_SIZE)) for h in now]
        now = pass_round(now, passes, way)
        made.append(passes)
    for pos in range(players):
        known = dict(seen_holdings(pos, players, way, made))
        assert pos not in known
        for other, cards in known.items():
            assert set(cards) <= set(now[other]), (pos, other)  # sound: each card is where it is said to be
        last = set(made[-1][pos])
        assert last <= set(known.get(receiver(pos, players, way), ()))  # the last pass is always known


def _c(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_one_round_the_receiver_holds_the_pass() -> None:
    assert known_holdings(0, 4, Direction.CLOCKWISE, [_c("2c 3d 4h")], [_c("5s 6s 7s")]) == {3: _c("2c 3d 4h")}
    assert known_holdings(1, 4, Direction.ACROSS, [_c("2c 3d 4h")], [_c("5s 6s 7s")]) == {3: _c("2c 3d 4h")}


def test_two_rounds_round_the_table_the_first_pass_is_lost_track_of() -> None:
    """The receiver's second pass goes on to a seat we do not see: the first three cards may be anywhere."""
    got = known_holdings(
        0, 4, Direction.COUNTERCLOCKWISE, [_c("2c 3d 4h"), _c("5c 6d 7h")], [_c("9s Ts Js"), _c("Qs Ks As")]
    )
    assert got == {1: _c("5c 6d 7h")}


@pytest.mark.parametrize(("players", "way"), [(2, Direction.CLOCKWISE), (4, Direction.ACROSS)])
def test_two_rounds_where_the_pass_comes_back_we_see_which_cards_stayed(players: int, way: Direction) -> None:
    """Two players, or across at four: the receiver's second pass is ours, so what it kept is known."""
    other = receiver(0, players, way)
    got = known_holdings(0, players, way, [_c("2c 3d 4h"), _c("5c 6d 7h")], [_c("9s Ts Js"), _c("2c Ks As")])
    assert got == {other: tuple(sorted(_c("3d 4h 5c 6d 7h")))}


def test_rounds_must_pair_up() -> None:
    with pytest.raises(ExchangeError):
        known_holdings(0, 4, Direction.CLOCKWISE, [_c("2c 3d 4h")], [])
