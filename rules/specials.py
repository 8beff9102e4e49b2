"""Special hands (報到 / 例牌, RULES.md §8 and §13.2–13.3) and their detection from 13 cards.

Detection never depends on `wheel`: three-card sequences allow ``A23`` and ``QKA`` but not ``KA2``, and
five-card straights allow ``A2345`` and ``TJQKA``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from .cards import JOKER_ID, Card, CardError
from .names import NamedHand, name_members


class Special(NamedHand):
    """Special hands, listed low to high on the shisanshui ladder (§8); the value is the §11 id."""

    THREE_FLUSHES = "three_flushes"
    THREE_STRAIGHTS = "three_straights"
    SIX_PAIRS = "six_pairs"
    FIVE_PAIRS_TRIPS = "five_pairs_trips"
    FOUR_TRIPS = "four_trips"
    ONE_COLOR = "one_color"
    ALL_SMALL = "all_small"
    ALL_BIG = "all_big"
    THREE_QUADS = "three_quads"
    THREE_STRAIGHT_FLUSHES = "three_straight_flushes"
    TWELVE_ROYALS = "twelve_royals"
    DRAGON = "dragon"
    SUITED_DRAGON = "suited_dragon"

    @property
    def rung(self) -> int:
        """Position on the shisanshui ladder, 0 (lowest) to 12; equal rungs tie."""
        return _ORDER.index(self)

    @property
    def is_dragon(self) -> bool:
        return self in (Special.DRAGON, Special.SUITED_DRAGON)


_ORDER = list(Special)
_ZH = dict(
    zip(
        Special,
        [
            "三同花",
            "三順子",
            "六對半",
            "五對三條",
            "四套三條",
            "湊一色",
            "全小",
            "全大",
            "三分天下",
            "三同花順",
            "十二皇族",
            "一條龍",
            "至尊清龍",
        ],
        strict=True,
    )
)
_EN = dict(
    zip(
        Special,
        [
            "Three flushes",
            "Three straights",
            "Six pairs",
            "Five pairs and trips",
            "Four trips",
            "One colour",
            "All small",
            "All big",
            "Three quads",
            "Three straight flushes",
            "Twelve royals",
            "Dragon",
            "Suited dragon",
        ],
        strict=True,
    )
)

name_members(Special, _ZH, _EN)
DRAGONS = frozenset({Special.DRAGON, Special.SUITED_DRAGON})


# Rank-count vectors of every 3-card sequence (A23 … QKA, no KA2) and 5-card straight (A2345 … TJQKA).
def _run(ranks: Sequence[int]) -> tuple[int, ...]:
    v = [0] * 13
    for r in ranks:
        v[r] += 1
    return tuple(v)


_SEQ3 = [_run([12, 0, 1])] + [_run(range(lo, lo + 3)) for lo in range(11)]
_SEQ5 = [_run([12, 0, 1, 2, 3])] + [_run(range(lo, lo + 5)) for lo in range(9)]
THREE_SEQUENCES, FIVE_SEQUENCES = tuple(_SEQ3), tuple(_SEQ5)  # rank-count vectors, for laying specials out


@functools.cache
def _three_straights_counts() -> frozenset[tuple[int, ...]]:
    shapes = set()
    for a, b, c in itertools.product(_SEQ3, _SEQ5, _SEQ5):
        total = tuple(x + y + z for x, y, z in zip(a, b, c, strict=True))
        if max(total) <= 4:
            shapes.add(total)
    return frozenset(shapes)


@functools.cache
def _three_flushes_counts() -> frozenset[tuple[int, ...]]:
    # Each row is of one suit; two rows may share a suit.
    shapes = set()
    for suits in itertools.product(range(4), repeat=3):
        need = [0] * 4
        for size, s in zip((3, 5, 5), suits, strict=True):
            need[s] += size
        shapes.add(tuple(need))
    return frozenset(shapes)


def _has_three_flushes(suit_counts: Sequence[int]) -> bool:
    return tuple(suit_counts) in _three_flushes_counts()


def _has_three_straight_flushes(cards: frozenset[int]) -> bool:
    def runs(seqs: list[tuple[int, ...]]) -> list[frozenset[int]]:
        out = []
        for seq in seqs:
            ranks = [r for r, n in enumerate(seq) if n]
            for s in range(4):
                row = frozenset(r * 4 + s for r in ranks)
                if row <= cards:
                    out.append(row)
        return out

    fronts, fives = runs(_SEQ3), runs(_SEQ5)
    for f in fronts:
        rest = cards - f
        for m in fives:
            if m <= rest and (rest - m) in fives:
                return True
    return False


def detect_specials(cards: Sequence[int]) -> frozenset[Special]:
    """Every special hand these 13 cards make (the player or AI may declare any one of them).

    With the joker, a special is made when the joker standing for some card not in the hand makes it
    (RULES.md §20.4)."""
    if len(cards) != 13 or len(set(cards)) != 13:
        raise CardError("special hands are made of 13 distinct cards")
    if JOKER_ID in cards:
        return _joker_specials(tuple(sorted(int(c) for c in cards if c != JOKER_ID)))
    return _natural_specials(cards)


@functools.lru_cache(maxsize=1024)
def _joker_specials(naturals: tuple[int, ...]) -> frozenset[Special]:
    """The union of what every substitute makes (§20.4), without trying the 40 one by one: a special read
    from the ranks alone needs one try per rank, one read from the suits alone one per suit, and only the
    two that need both (the suited dragon, three straight flushes) look at single cards."""
    counts = [0] * 13
    suit_counts = [0] * 4
    for c in naturals:
        counts[c >> 2] += 1
        suit_counts[c & 3] += 1
    by_rank: dict[int, frozenset[Special]] = {}
    for r in range(13):
        if counts[r] < 4:  # some suit of the rank is not in the hand
            counts[r] += 1
            by_rank[r] = _rank_specials(counts)
            counts[r] -= 1
    by_suit: dict[int, frozenset[Special]] = {}
    for st in range(4):
        if suit_counts[st] < 13:
            suit_counts[st] += 1
            by_suit[st] = _suit_specials(suit_counts)
            suit_counts[st] -= 1
    found: set[Special] = set().union(*by_rank.values(), *by_suit.values())
    if Special.DRAGON in found and max(suit_counts) == 12:
        found.add(Special.SUITED_DRAGON)  # twelve of one suit, one of each rank: the joker is the missing one
    taken = set(naturals)
    for r, made in by_rank.items():
        if Special.THREE_STRAIGHTS not in made:
            continue
        for st, suited in by_suit.items():
            sub = r * 4 + st
            if (
                sub not in taken
                and Special.THREE_FLUSHES in suited
                and _has_three_straight_flushes(frozenset([*naturals, sub]))
            ):
                found.add(Special.THREE_STRAIGHT_FLUSHES)
    return frozenset(found)


def joker_stands_for(cards: Sequence[int], special: Special) -> Card | None:
    """The card the joker of ``cards`` stands for in ``special`` (the highest that makes it), None when the
    hand holds no joker or does not make it: how a declared special with the joker is laid out (§20.4)."""
    if JOKER_ID not in cards:
        return None
    naturals = [int(c) for c in cards if c != JOKER_ID]
    for sub in range(51, -1, -1):
        if sub not in naturals and special in _natural_specials([*naturals, sub]):
            return Card(sub)
    return None


def _rank_specials(counts: Sequence[int]) -> frozenset[Special]:
    """The specials read from the rank counts of 13 cards alone (a dragon as a plain one)."""
    found: set[Special] = set()
    if all(n == 1 for n in counts):
        found.add(Special.DRAGON)
    if sum(n // 2 for n in counts) >= 6:
        found.add(Special.SIX_PAIRS)
    if [n for n in counts if n % 2] == [3]:
        found.add(Special.FIVE_PAIRS_TRIPS)
    if sum(1 for n in counts if n >= 3) >= 4:
        found.add(Special.FOUR_TRIPS)
    if sum(1 for n in counts if n == 4) >= 3:
        found.add(Special.THREE_QUADS)
    if not any(counts[7:]):  # 2..8
        found.add(Special.ALL_SMALL)
    if not any(counts[:6]):  # 8..A
        found.add(Special.ALL_BIG)
    if sum(counts[9:]) >= 12:  # J Q K A
        found.add(Special.TWELVE_ROYALS)
    if tuple(counts) in _three_straights_counts():
        found.add(Special.THREE_STRAIGHTS)
    return frozenset(found)


def _suit_specials(suit_counts: Sequence[int]) -> frozenset[Special]:
    """The specials read from the suit counts of 13 cards alone."""
    found: set[Special] = set()
    red = suit_counts[0] + suit_counts[2]  # ♦ and ♥
    if red in (0, sum(suit_counts)):
        found.add(Special.ONE_COLOR)
    if _has_three_flushes(suit_counts):
        found.add(Special.THREE_FLUSHES)
    return frozenset(found)


def _natural_specials(cards: Sequence[int]) -> frozenset[Special]:
    """The specials of 13 natural cards."""
    counts = [0] * 13
    suit_counts = [0] * 4
    for c in cards:
        counts[c >> 2] += 1
        suit_counts[c & 3] += 1
    found = set(_rank_specials(counts) | _suit_specials(suit_counts))
    if Special.DRAGON in found and max(suit_counts) == 13:
        found.add(Special.SUITED_DRAGON)  # a suited dragon may be declared as a plain one too (§13.1)
    if (
        Special.THREE_FLUSHES in found
        and Special.THREE_STRAIGHTS in found
        and _has_three_straight_flushes(frozenset(cards))
    ):
        found.add(Special.THREE_STRAIGHT_FLUSHES)
    return frozenset(found)


def is_three_sequence(ranks: Sequence[int]) -> bool:
    """Three ranks in sequence for a front row: ``A23`` and ``QKA`` count, ``KA2`` does not (§13.3)."""
    return _run(ranks) in _SEQ3
