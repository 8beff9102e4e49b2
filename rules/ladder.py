"""The pattern ladder (S5, 玩法规则四 and 规则五): 13-card hands ranked by the best pattern they hold,
with no arranging into rows.

Each hand is read once, as the highest tier it reaches; hands compare by tier, and inside tiers 4–7 by that
tier's tie-break. Tiers, highest first:

======  ==========================================================  =========================================
tier    patterns (shown as the first one the hand makes)            ties inside the tier
======  ==========================================================  =========================================
1       全黑一張紅 ``one_red``, 全紅一張黑 ``one_black``,            equal (一樣大)
        一條龍 ``dragon``, 五對三條 ``five_pairs_trips``
2       全大 ``all_big``, 全小 ``all_small``, 六對半 ``six_pairs``   equal
3       半大 ``half_big``, 半小 ``half_small``,                      equal
        三順子 ``three_straights``, 三同花 ``three_flushes``
4       同花順 ``straight_flush``                                    the best one's top card; A2345 lowest
5       鐵支 ``four_kind``                                           the highest four, however many there are
6       三條 ``trips``                                               the highest trips, however many
7       對子 ``pairs``                                               pair ranks high to low, more pairs ahead,
                                                                    then the single cards high to low
======  ==========================================================  =========================================

Readings (decided, ``/work/notes/s7/ladder_rules.md`` and RULES.md): pairs count as in §13.2 (four of a kind
is two pairs); three straights and three flushes as in §13.3 (:func:`rules.specials.detect_specials`); 全大
6–K, 全小 2–10, 半大 6–A, 半小 A and 2–10 mean every one of the 13 cards lies in the range, any number of
each rank (rule five), "不能缺" read as no card outside it; suits never break a tie. Every 13-card hand that
is not a dragon holds a pair, so tier 7 catches the rest.

Scoring (:func:`score_ladder`): every two hands compare, the higher takes 1 unit from the lower, equal hands
exchange nothing. Ranks in keys are :attr:`rules.cards.Card.rank` indices (0 = 2 … 12 = A).

API: :func:`ladder_hand` reads 13 cards as a :class:`LadderHand` (:func:`pattern_cards`: the cards that make
its pattern); :func:`compare_ladder` and
:func:`decided_by` compare two (hands or cards); :func:`pair_results` gives every pair of a table of 2–4
(:class:`LadderPair`: the winner, both patterns, the :class:`DecidedBy`) and :func:`score_ladder` each seat's
units. Bad input (not 13 cards, a card twice, 2–4 hands broken) raises :class:`rules.cards.CardError`.

The same concept on another floor: shown by :mod:`app.view.ladder`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import JOKER, Card, CardError
from .deal import Deal, Item, PairResult, Seat
from .names import NamedHand, name_members
from .specials import Special, detect_specials

ACE = 12
WIN = 1  # units the higher of two hands takes from the lower


class Pattern(NamedHand):
    """The ladder's patterns, highest tier first and, inside a tier, in the order a hand is named by."""

    ONE_RED = "one_red"
    ONE_BLACK = "one_black"
    DRAGON = "dragon"
    FIVE_PAIRS_TRIPS = "five_pairs_trips"
    ALL_BIG = "all_big"
    ALL_SMALL = "all_small"
    SIX_PAIRS = "six_pairs"
    HALF_BIG = "half_big"
    HALF_SMALL = "half_small"
    THREE_STRAIGHTS = "three_straights"
    THREE_FLUSHES = "three_flushes"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_KIND = "four_kind"
    TRIPS = "trips"
    PAIRS = "pairs"

    @property
    def tier(self) -> int:
        """1 (the highest) to 7."""
        return _TIER[self]


_ZH = {
    Pattern.ONE_RED: "全黑一張紅",
    Pattern.ONE_BLACK: "全紅一張黑",
    Pattern.DRAGON: "一條龍",
    Pattern.FIVE_PAIRS_TRIPS: "五對三條",
    Pattern.ALL_BIG: "全大",
    Pattern.ALL_SMALL: "全小",
    Pattern.SIX_PAIRS: "六對半",
    Pattern.HALF_BIG: "半大",
    Pattern.HALF_SMALL: "半小",
    Pattern.THREE_STRAIGHTS: "三順子",
    Pattern.THREE_FLUSHES: "三同花",
    Pattern.STRAIGHT_FLUSH: "同花順",
    Pattern.FOUR_KIND: "鐵支",
    Pattern.TRIPS: "三條",
    Pattern.PAIRS: "對子",
}
_EN = {
    Pattern.ONE_RED: "Twelve black, one red",
    Pattern.ONE_BLACK: "Twelve red, one black",
    Pattern.DRAGON: "Dragon",
    Pattern.FIVE_PAIRS_TRIPS: "Five pairs and trips",
    Pattern.ALL_BIG: "All big",
    Pattern.ALL_SMALL: "All small",
    Pattern.SIX_PAIRS: "Six pairs",
    Pattern.HALF_BIG: "Half big",
    Pattern.HALF_SMALL: "Half small",
    Pattern.THREE_STRAIGHTS: "Three straights",
    Pattern.THREE_FLUSHES: "Three flushes",
    Pattern.STRAIGHT_FLUSH: "Straight flush",
    Pattern.FOUR_KIND: "Four of a kind",
    Pattern.TRIPS: "Trips",
    Pattern.PAIRS: "Pairs",
}
name_members(Pattern, _ZH, _EN)
_TIER = {
    **dict.fromkeys((Pattern.ONE_RED, Pattern.ONE_BLACK, Pattern.DRAGON, Pattern.FIVE_PAIRS_TRIPS), 1),
    **dict.fromkeys((Pattern.ALL_BIG, Pattern.ALL_SMALL, Pattern.SIX_PAIRS), 2),
    **dict.fromkeys((Pattern.HALF_BIG, Pattern.HALF_SMALL, Pattern.THREE_STRAIGHTS, Pattern.THREE_FLUSHES), 3),
    Pattern.STRAIGHT_FLUSH: 4,
    Pattern.FOUR_KIND: 5,
    Pattern.TRIPS: 6,
    Pattern.PAIRS: 7,
}
TIERS = 7
EQUAL_TIERS = frozenset({1, 2, 3})  # rule four: 這些是一樣大的 — no tie-break inside them

# The rank ranges of 全大 / 全小 / 半大 / 半小 as sets of rank indices (6 is index 4, 10 index 8, K 11).
_RANGES = {
    Pattern.ALL_BIG: frozenset(range(4, 12)),  # 6 to K
    Pattern.ALL_SMALL: frozenset(range(0, 9)),  # 2 to 10
    Pattern.HALF_BIG: frozenset(range(4, 13)),  # 6 to A
    Pattern.HALF_SMALL: frozenset(range(0, 9)) | {ACE},  # A and 2 to 10
}
# Specials whose detection the ladder shares (RULES.md §13.2–13.3).
_FROM_SPECIALS = {
    Pattern.FIVE_PAIRS_TRIPS: Special.FIVE_PAIRS_TRIPS,
    Pattern.SIX_PAIRS: Special.SIX_PAIRS,
    Pattern.THREE_STRAIGHTS: Special.THREE_STRAIGHTS,
    Pattern.THREE_FLUSHES: Special.THREE_FLUSHES,
}


class DecidedBy(StrEnum):
    """What decided a comparison of two hands (for explanations)."""

    TIER = "tier"  # different tiers
    SAME_TIER = "same_tier"  # the same tier among 1–3: equal by rule
    TOP_CARD = "top_card"  # two straight flushes: the best one's top card
    FOUR_KIND = "four_kind"  # the highest four of a kind
    TRIPS = "trips"  # the highest trips
    PAIRS = "pairs"  # the pair ranks (or how many pairs)
    SINGLES = "singles"  # the same pairs: the single cards
    EQUAL = "equal"  # tiers 4–7 with everything compared equal


@dataclass(frozen=True)
class LadderHand:
    """A hand read on the ladder: the pattern it is shown as, its tier, and what breaks ties in the tier.

    ``key`` is empty for tiers 1–3 (equal by rule); ``((top,),)`` for a straight flush (the 5 of A2345 is
    rank 3); ``((rank,),)`` for the highest four or trips; ``(pair ranks, single ranks)`` for pairs, each
    high to low. Keys of one tier compare as tuples: a longer pair tuple with an equal start is ahead.
    """

    pattern: Pattern
    tier: int
    key: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class LadderPair:
    """The comparison of seats ``a`` and ``b``: the winner's seat (None: equal), both patterns and what
    decided it."""

    a: int
    b: int
    winner: int | None
    pattern_a: Pattern
    pattern_b: Pattern
    decided: DecidedBy


def _checked(cards: Sequence[int]) -> list[Card]:
    hand = [Card(int(c)) for c in cards]  # Card raises CardError for an id outside 0–52
    if JOKER in hand:  # the ladder reads patterns as dealt: no wild card (RULES.md §20.1)
        raise CardError("the joker (JK) is not played in the pattern ladder")
    if len(hand) != 13:
        raise CardError(f"a ladder hand is 13 cards, got {len(hand)}")
    if len(set(hand)) != 13:
        dup = next(c for c in hand if hand.count(c) > 1)
        raise CardError(f"duplicate card {dup} in a ladder hand")
    return hand


def _best_straight_flush(hand: Sequence[Card]) -> int | None:
    """The top rank of the best straight flush among the cards (3, the 5, for A2345), or None."""
    best: int | None = None
    for suit in range(4):
        ranks = {c.rank for c in hand if c.suit == suit}
        if len(ranks) < 5:
            continue
        for top in range(ACE, 2, -1):
            run = {top - i for i in range(5)} if top >= 4 else {ACE, 0, 1, 2, 3}  # top 3: the wheel A2345
            if run <= ranks:
                best = top if best is None else max(best, top)
                break
    return best


def _pattern(hand: Sequence[Card], counts: Counter[int]) -> Pattern:
    reds = sum(c.is_red for c in hand)
    if reds == 1:
        return Pattern.ONE_RED
    if reds == 12:
        return Pattern.ONE_BLACK
    if len(counts) == 13:
        return Pattern.DRAGON
    specials = detect_specials(hand)
    ranks = set(counts)
    for pattern in Pattern:
        if pattern in _FROM_SPECIALS and _FROM_SPECIALS[pattern] in specials:
            return pattern
        if pattern in _RANGES and ranks <= _RANGES[pattern]:
            return pattern
        if pattern.tier > 3:
            break
    if _best_straight_flush(hand) is not None:
        return Pattern.STRAIGHT_FLUSH
    if 4 in counts.values():
        return Pattern.FOUR_KIND
    if 3 in counts.values():
        return Pattern.TRIPS
    return Pattern.PAIRS


def ladder_hand(cards: Sequence[int]) -> LadderHand:
    """The ladder reading of 13 cards: its pattern, tier and tie-break key (raises CardError on bad input)."""
    hand = _checked(cards)
    counts = Counter(c.rank for c in hand)
    pattern = _pattern(hand, counts)
    if pattern is Pattern.STRAIGHT_FLUSH:
        top = _best_straight_flush(hand)
        assert top is not None
        key: tuple[tuple[int, ...], ...] = ((top,),)
    elif pattern in (Pattern.FOUR_KIND, Pattern.TRIPS):
        n = 4 if pattern is Pattern.FOUR_KIND else 3
        key = ((max(r for r, k in counts.items() if k == n),),)  # only the highest counts (rule five)
    elif pattern is Pattern.PAIRS:
        # No trips or fours here (they reach tier 5 or 6), so every rank is held once or twice.
        pairs = tuple(sorted((r for r, k in counts.items() if k == 2), reverse=True))
        singles = tuple(sorted((r for r, k in counts.items() if k == 1), reverse=True))
        key = (pairs, singles)
    else:
        key = ()
    return LadderHand(pattern, pattern.tier, key)


def pattern_cards(cards: Sequence[int]) -> frozenset[Card]:
    """The cards of the 13 that make the pattern the hand is read as (what the table marks): the lone red or
    black card of 全黑一張紅 / 全紅一張黑, the twelve paired cards of 六對半 (one card of a trips is the
    half), the best straight flush, the highest four or trips, every paired card of 對子; the whole hand for
    the patterns the whole hand makes (一條龍, 全大, 三順子 …). Raises CardError on bad input."""
    hand = _checked(cards)
    counts = Counter(c.rank for c in hand)
    pattern = _pattern(hand, counts)
    if pattern in (Pattern.ONE_RED, Pattern.ONE_BLACK):
        odd = pattern is Pattern.ONE_RED  # the one card of the other colour
        return frozenset(c for c in hand if c.is_red == odd)
    if pattern is Pattern.SIX_PAIRS:
        out: list[Card] = []
        for rank, n in counts.items():
            held = sorted((c for c in hand if c.rank == rank), key=lambda c: c.suit)
            out += held[: n - n % 2]  # a pair's two, a four's four, two of a trips
        return frozenset(out)
    if pattern is Pattern.STRAIGHT_FLUSH:
        top = _best_straight_flush(hand)
        assert top is not None
        run = {top - i for i in range(5)} if top >= 4 else {ACE, 0, 1, 2, 3}
        suit = min(s for s in range(4) if run <= {c.rank for c in hand if c.suit == s})
        return frozenset(c for c in hand if c.suit == suit and c.rank in run)
    if pattern in (Pattern.FOUR_KIND, Pattern.TRIPS):
        n = 4 if pattern is Pattern.FOUR_KIND else 3
        top = max(r for r, k in counts.items() if k == n)
        return frozenset(c for c in hand if c.rank == top)
    if pattern is Pattern.PAIRS:
        return frozenset(c for c in hand if counts[c.rank] == 2)
    return frozenset(hand)


def _read(hand: LadderHand | Sequence[int]) -> LadderHand:
    return hand if isinstance(hand, LadderHand) else ladder_hand(hand)


def compare_ladder(a: LadderHand | Sequence[int], b: LadderHand | Sequence[int]) -> int:
    """1 if ``a`` is the higher hand, -1 if ``b`` is, 0 if they are equal (hands or their 13 cards)."""
    x, y = _read(a), _read(b)
    if x.tier != y.tier:
        return 1 if x.tier < y.tier else -1  # tier 1 is the top
    if x.key == y.key:
        return 0
    return 1 if x.key > y.key else -1


def decided_by(a: LadderHand | Sequence[int], b: LadderHand | Sequence[int]) -> DecidedBy:
    """What decides the comparison of two hands (see :class:`DecidedBy`)."""
    x, y = _read(a), _read(b)
    if x.tier != y.tier:
        return DecidedBy.TIER
    if x.tier in EQUAL_TIERS:
        return DecidedBy.SAME_TIER
    if x.key == y.key:
        return DecidedBy.EQUAL
    if x.pattern is Pattern.PAIRS:
        return DecidedBy.PAIRS if x.key[0] != y.key[0] else DecidedBy.SINGLES
    return {
        Pattern.STRAIGHT_FLUSH: DecidedBy.TOP_CARD,
        Pattern.FOUR_KIND: DecidedBy.FOUR_KIND,
        Pattern.TRIPS: DecidedBy.TRIPS,
    }[x.pattern]


def _checked_table(hands: Sequence[Sequence[int]]) -> list[LadderHand]:
    if not 2 <= len(hands) <= 4:
        raise CardError(f"the ladder is played by 2 to 4 hands, got {len(hands)}")
    read = [ladder_hand(h) for h in hands]
    seen: set[int] = set()
    for h in hands:
        for c in h:
            if int(c) in seen:
                raise CardError(f"card {Card(int(c))} is in two hands")
            seen.add(int(c))
    return read


def pair_results(hands: Sequence[Sequence[int]]) -> tuple[LadderPair, ...]:
    """Every pair of seats (``a`` < ``b``, in seat order): who won, both patterns and what decided it."""
    read = _checked_table(hands)
    out = []
    for a in range(len(read)):
        for b in range(a + 1, len(read)):
            result = compare_ladder(read[a], read[b])
            winner = a if result > 0 else b if result < 0 else None
            out.append(LadderPair(a, b, winner, read[a].pattern, read[b].pattern, decided_by(read[a], read[b])))
    return tuple(out)


def score_ladder(hands: Sequence[Sequence[int]]) -> list[float]:
    """Each seat's units for 2–4 hands: the higher of every two takes 1 from the lower; zero-sum."""
    totals = [0.0] * len(hands)
    for pair in pair_results(hands):
        if pair.winner is not None:
            loser = pair.b if pair.winner == pair.a else pair.a
            totals[pair.winner] += 1.0
            totals[loser] -= 1.0
    return totals


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results of a `ladder` deal (RULES.md §19): the higher hand of every pair takes
    :data:`WIN` (item ``ladder``); the rows the record holds are never looked at."""
    out = []
    for pair in pair_results([s.decision.cards for s in seats]):
        value = 0 if pair.winner is None else WIN if pair.winner == pair.a else -WIN
        out.append(PairResult(pair.a, pair.b, None, (Item("ladder", value),) if value else ()))
    return out
