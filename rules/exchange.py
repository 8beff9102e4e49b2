"""The three-card exchange (換三張, S6's Philippine game; RULES.md §21): who passes to whom, and the hands
after each round of passing.

Positions are places in a deal's seat order (position 0 deals first). The table draws that order round the
board counter-clockwise (the next position sits on your right), so passing *clockwise* goes to the player on
your left, the position before yours::

                 across (+2)
    left (−1)  ←  you  →  right (+1)
    clockwise           counter-clockwise

The same concept on another floor: the rules of 換三張; :mod:`ai.exchange` chooses, :mod:`app.game.exchange` runs
it at the table and :mod:`app.view.exchange` shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from .cards import Card, format_cards

PASS_SIZE = 3  # cards each player passes in a round
MAX_ROUNDS = 2  # 不換、換一次、換兩次: none, once or twice


class ExchangeError(ValueError):
    """A pass that cannot be made: the wrong number of cards, a card not in the hand, a repeated card."""


class Direction(StrEnum):
    """Which way the cards go; the value is the §11 id. ``ROTATE`` is a host setting, not a way to pass: it
    stands for the three in turn, deal by deal (:meth:`for_deal`)."""

    CLOCKWISE = "clockwise"  # to the player on your left
    COUNTERCLOCKWISE = "counterclockwise"  # to the player on your right
    ACROSS = "across"  # to the player opposite
    ROTATE = "rotate"  # clockwise, counter-clockwise, across, and round again

    def for_deal(self, number: int, players: int) -> Direction:
        """The way deal ``number`` (1-based) passes at a table of ``players`` in play: ``ROTATE`` resolved,
        and across (which three players do not have) turned into clockwise (RULES.md §21.2)."""
        way = self
        if way is Direction.ROTATE:
            turn = (Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.ACROSS)
            cycle = turn if players == 4 else turn[:2]
            way = cycle[(number - 1) % len(cycle)]
        if way is Direction.ACROSS and players == 3:
            way = Direction.CLOCKWISE
        return way

    def offset(self, players: int) -> int:
        """How many positions on the cards go (a concrete direction only)."""
        if self is Direction.ROTATE:
            raise ValueError("rotate names a setting; resolve it with for_deal first")
        if players == 2:
            return 1  # two players face each other: every way reaches the other one
        step = {Direction.CLOCKWISE: -1, Direction.COUNTERCLOCKWISE: 1, Direction.ACROSS: 2}[self]
        return step % players


def receiver(position: int, players: int, way: Direction) -> int:
    """The position that receives what ``position`` passes."""
    return (position + way.offset(players)) % players


def giver(position: int, players: int, way: Direction) -> int:
    """The position whose cards ``position`` receives."""
    return (position - way.offset(players)) % players


def check_pass(hand: Iterable[int], cards: Iterable[int]) -> tuple[Card, ...]:
    """``cards`` as a pass from ``hand``: three distinct cards of it, sorted; :class:`ExchangeError` otherwise."""
    picked = tuple(sorted(Card(c) for c in cards))
    if len(picked) != PASS_SIZE:
        raise ExchangeError(f"a pass is {PASS_SIZE} cards, not {len(picked)}")
    if len(set(picked)) != PASS_SIZE:
        raise ExchangeError(f"a pass repeats a card: {format_cards(picked)}")
    missing = [c for c in picked if c not in set(hand)]
    if missing:
        raise ExchangeError(f"{format_cards(missing)} is not in the hand")
    return picked


def pass_round(
    hands: Sequence[Sequence[int]], passes: Sequence[Sequence[int]], way: Direction
) -> tuple[tuple[Card, ...], ...]:
    """Every hand after one round: each position gives ``passes[p]`` away and receives its giver's pass, all
    at once (so nobody sees what they get before choosing what to give). Hands come back sorted."""
    n = len(hands)
    if len(passes) != n:
        raise ExchangeError(f"{n} hands but {len(passes)} passes")
    given = [check_pass(h, p) for h, p in zip(hands, passes, strict=True)]
    out = []
    for pos, hand in enumerate(hands):
        kept = set(hand) - set(given[pos])
        out.append(tuple(sorted(Card(c) for c in kept | set(given[giver(pos, n, way)]))))
    return tuple(out)


def play_rounds(
    hands: Sequence[Sequence[int]], rounds: Sequence[Sequence[Sequence[int]]], way: Direction
) -> tuple[tuple[Card, ...], ...]:
    """The hands after every round in ``rounds`` (each a pass per position), in order."""
    if len(rounds) > MAX_ROUNDS:
        raise ExchangeError(f"at most {MAX_ROUNDS} rounds of passing, not {len(rounds)}")
    now = tuple(tuple(sorted(Card(c) for c in h)) for h in hands)
    for passes in rounds:
        now = pass_round(now, passes, way)
    return now


def known_holdings(
    position: int, players: int, way: Direction, given: Sequence[Sequence[int]], got: Sequence[Sequence[int]]
) -> dict[int, tuple[Card, ...]]:
    """What ``position`` knows other positions hold once the rounds are over: the cards it passed, followed
    as far as it can see them (RULES.md §21.7).

    ``given[r]`` is what it passed in round r and ``got[r]`` what it received. A pass sits in its receiver's
    hand; in a later round that receiver passes three cards nobody else sees, so the cards are lost track of
    unless that pass comes back to ``position`` (two players, or across at four), which shows exactly which
    of them moved."""
    if len(given) != len(got):
        raise ExchangeError(f"{len(given)} passes given but {len(got)} received")
    known: dict[int, set[Card]] = {}
    for mine, back in zip(given, got, strict=True):
        received = {Card(c) for c in back}
        now: dict[int, set[Card]] = {}
        for pos, cards in known.items():
            if receiver(pos, players, way) == position:  # its pass is the one we see: the rest stayed
                now[pos] = cards - received
        target = receiver(position, players, way)
        now.setdefault(target, set()).update(Card(c) for c in mine)
        known = now
    return {pos: tuple(sorted(cards)) for pos, cards in sorted(known.items()) if cards and pos != position}


def seen_holdings(
    position: int, players: int, way: Direction, rounds: Sequence[Sequence[Sequence[int]]]
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """:func:`known_holdings` of ``position`` from every round's passes (a pass per position), as the
    (position, cards) pairs a seat's view holds."""
    given = [r[position] for r in rounds]
    got = [r[giver(position, players, way)] for r in rounds]
    return tuple(known_holdings(position, players, way, given, got).items())
