"""How a declared special hand is laid out for show: its 13 cards in the groups that make it.

A declaration has no rows, but a player reads a special by its shape: the three flushes or straights as
their three rows, six pairs as pairs, a dragon in order. :func:`special_lines` gives three lines of at most
five cards each (what a row of the table can show), groups kept whole wherever they fit.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from .cards import JOKER, Card
from .specials import FIVE_SEQUENCES, THREE_SEQUENCES, Special, joker_stands_for

SIZES = (3, 5, 5)
WIDTH = 5  # the most cards a line shows


def _by_rank(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)


def _three_flushes(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
    for suits in itertools.product(range(4), repeat=3):
        pools = {s: _by_rank([c for c in cards if c.suit == s]) for s in range(4)}
        rows = []
        for size, s in zip(SIZES, suits, strict=True):
            rows.append(tuple(pools[s][:size]))
            pools[s] = pools[s][size:]
        if all(len(r) == n for r, n in zip(rows, SIZES, strict=True)) and not any(pools.values()):
            return tuple(rows)
    return None


def _rows_of_runs(cards: Sequence[Card], same_suit: bool) -> tuple[tuple[Card, ...], ...] | None:
    """Three sequences (3, 5, 5) that use every card, each of one suit when ``same_suit``."""
    have = set(cards)

    def runs(shapes: Sequence[tuple[int, ...]], pool: set[Card]) -> list[tuple[Card, ...]]:
        out = []
        for shape in shapes:
            ranks = [r for r, n in enumerate(shape) if n]
            if same_suit:
                for s in range(4):
                    row = tuple(Card(r * 4 + s) for r in ranks)
                    if set(row) <= pool:
                        out.append(row)
            else:
                options = [[c for c in pool if c.rank == r] for r in ranks]
                if all(options):
                    out.append(tuple(o[0] for o in options))
        return out

    for front in runs(THREE_SEQUENCES, have):
        rest = have - set(front)
        for middle in runs(FIVE_SEQUENCES, rest):
            last = rest - set(middle)
            for back in runs(FIVE_SEQUENCES, last):
                if set(back) == last:
                    return tuple(tuple(_straight_order(r)) for r in (front, middle, back))
    return None


def _straight_order(row: Sequence[Card]) -> list[Card]:
    """A sequence from its top card down, the ace low in A2345 and A23."""
    ranks = {c.rank for c in row}
    low_ace = 12 in ranks and 0 in ranks
    return sorted(row, key=lambda c: -1 if low_ace and c.rank == 12 else c.rank, reverse=True)


def _pack(groups: Sequence[Sequence[Card]], rest: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Groups into three lines of at most :data:`WIDTH`, in order, each kept whole where it fits; the cards
    left over (``rest``) fill the lines from the last."""
    lines: list[list[Card]] = [[], [], []]
    spill: list[Card] = []
    for group in groups:
        target = next((line for line in lines if len(line) + len(group) <= WIDTH), None)
        if target is not None:
            target.extend(group)
        else:
            spill.extend(group)  # no line has room for the whole group: it goes where there is space
    for card in [*spill, *rest]:
        next(line for line in reversed(lines) if len(line) < WIDTH).append(card)
    return tuple(tuple(line) for line in lines)


def special_lines(special: Special, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The 13 ``cards`` of a declared ``special`` as three lines for show, in the shape that makes it; a joker
    sits where the card it stands for would (RULES.md §20.4)."""
    cards = [Card(int(c)) for c in cards]
    sub = joker_stands_for(cards, special)
    if sub is not None:
        lines = special_lines(special, [sub if c == JOKER else c for c in cards])
        return tuple(tuple(JOKER if c == sub else c for c in line) for line in lines)
    if special is Special.THREE_FLUSHES:
        rows = _three_flushes(cards)
        if rows is not None:
            return rows
    if special in (Special.THREE_STRAIGHTS, Special.THREE_STRAIGHT_FLUSHES):
        rows = _rows_of_runs(cards, same_suit=special is Special.THREE_STRAIGHT_FLUSHES)
        if rows is not None:
            return rows
    if special in (Special.DRAGON, Special.SUITED_DRAGON):
        ordered = sorted(cards, key=lambda c: (c.rank, c.suit))  # 2 up to A: the dragon in order
        return tuple(ordered[:3]), tuple(ordered[3:8]), tuple(ordered[8:])
    if special in (Special.SIX_PAIRS, Special.FIVE_PAIRS_TRIPS, Special.FOUR_TRIPS, Special.THREE_QUADS):
        counts = Counter(c.rank for c in cards)
        # The groups that make the hand, biggest and highest first; the cards left over last.
        ranks = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        groups: list[list[Card]] = []
        single: list[Card] = []
        for r in ranks:
            of_rank = _by_rank([c for c in cards if c.rank == r])
            if special is Special.SIX_PAIRS:
                while len(of_rank) >= 2:
                    groups.append(of_rank[:2])
                    of_rank = of_rank[2:]
                single += of_rank
            elif counts[r] >= 2:
                groups.append(of_rank)
            else:
                single += of_rank
        return _pack(groups, single)
    ordered = _by_rank(cards)  # one colour, all small, all big, twelve royals: high to low
    return tuple(ordered[:3]), tuple(ordered[3:8]), tuple(ordered[8:])
