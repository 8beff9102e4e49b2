"""免擺 (S5's 玩法规则二, RULES.md §18, option ``exempt``): a straight flush or a four of a kind wins
without arranging.

With the option on, a hand that holds a straight flush or a four of a kind anywhere in its 13 cards, and
declares no special hand, is *exempt*: its rows are never looked at. Against a hand that arranged it wins
what a plain sweep is worth at that table (:data:`WIN`); between two exempt hands the better one wins the
same, a straight flush above any four, straight flushes by their top card (the table's wheel and suit
tie-break apply), fours by rank. A declared special is paid by an exempt hand as by any other. The hands
that arranged settle among themselves as a smaller table, so nobody facing an exempt hand reaches 全壘打.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import JOKER, Card
from .deal import Deal, Item, PairResult, Seat, pair_order
from .evaluate import Category, Wheel, evaluate_row
from .presets import Preset

Scorer = Callable[[Deal, list[Seat]], list[PairResult]]

# What an exempt hand wins from each hand it beats: a sweep of three plain rows with the preset's 打槍 and
# nothing for categories (tests/rules/test_exempt.py checks each against the preset's own scorer).
WIN: dict[Preset, int] = {
    Preset.TAIWAN: 6,
    Preset.TOURNAMENT: 6,
    Preset.ARCADE: 6,
    Preset.SHISANSHUI: 12,
    Preset.WESTERN: 4,
    Preset.HONGKONG: 3,
    Preset.BACKROW: 1,
}  # the pattern ladder is never arranged, so 免擺 has no meaning there

_STRAIGHTS = [tuple(range(top - 4, top + 1)) for top in range(4, 13)] + [(12, 0, 1, 2, 3)]  # rank indices


@dataclass(frozen=True)
class ExemptHand:
    """What makes a hand exempt: its best straight flush, else its highest four of a kind."""

    category: Category  # STRAIGHT_FLUSH or QUADS
    cards: tuple[Card, ...]  # the five (or four) cards, high to low
    rank: tuple[int, int]  # (1, row key) for a straight flush, (0, rank index) for a four: compare these


def exempt_hand(cards: Sequence[Card], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False) -> ExemptHand | None:
    """The straight flush or four that makes ``cards`` exempt, or None when they hold neither.

    A joker stands for the card not in the hand that makes the best one (RULES.md §20.4); it is shown in the
    returned cards in that card's place."""
    if JOKER in cards:
        return _joker_exempt(tuple(sorted(c for c in cards if c != JOKER)), Wheel(wheel), suit_tiebreak)
    return _natural_exempt(cards, wheel, suit_tiebreak)


def _joker_exempt(naturals: tuple[Card, ...], wheel: Wheel, suit_tiebreak: bool) -> ExemptHand | None:
    best: tuple[tuple[int, int], int, ExemptHand] | None = None
    for sub in range(51, -1, -1):  # a tie goes to the highest card, as in a row (§20.3)
        if sub in naturals:
            continue
        found = _natural_exempt([*naturals, Card(sub)], wheel, suit_tiebreak)
        if found is not None and (best is None or found.rank > best[0]):
            best = (found.rank, sub, found)
    if best is None:
        return None
    _, sub, found = best
    shown = tuple(JOKER if c == sub else c for c in found.cards)
    return ExemptHand(found.category, shown, found.rank)


def _natural_exempt(cards: Sequence[Card], wheel: Wheel, suit_tiebreak: bool) -> ExemptHand | None:
    by_suit: dict[int, set[int]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, set()).add(c.rank)
    best: ExemptHand | None = None
    for suit, ranks in by_suit.items():
        for run in _STRAIGHTS:
            if ranks.issuperset(run):
                row = [Card.of(r, suit) for r in run]
                key = evaluate_row(row, wheel).key(suit_tiebreak)
                if best is None or key > best.rank[1]:
                    best = ExemptHand(Category.STRAIGHT_FLUSH, tuple(sorted(row, reverse=True)), (1, key))
    if best is not None:
        return best
    fours = [rank for rank, n in Counter(c.rank for c in cards).items() if n == 4]
    if not fours:
        return None
    top = max(fours)
    return ExemptHand(Category.QUADS, tuple(sorted((c for c in cards if c.rank == top), reverse=True)), (0, top))


def exempt_rank(cards: Sequence[Card], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False) -> tuple[int, int] | None:
    """How an exempt hand ranks (:attr:`ExemptHand.rank`), or None when ``cards`` are not exempt."""
    found = exempt_hand(cards, wheel, suit_tiebreak)
    return None if found is None else found.rank


def exempt_seats(deal: Deal, seats: Sequence[Seat]) -> dict[int, tuple[int, int]]:
    """The exempt seats of a deal and their ranks (none unless the option is on)."""
    if not deal.options.exempt or deal.preset not in WIN:
        return {}
    ranks = {}
    for i, seat in enumerate(seats):
        if seat.special is None:
            rank = exempt_rank(seat.decision.cards, deal.options.wheel, deal.options.suit_tiebreak)
            if rank is not None:
                ranks[i] = rank
    return ranks


def _sub_deal(deal: Deal, keep: Sequence[int]) -> Deal:
    """The deal of the seats ``keep`` alone, in their order: doubles and the banker renumbered."""
    where = {seat: k for k, seat in enumerate(keep)}
    doubles = tuple(None if (d := deal.doubles[s]) is None else where.get(d) for s in keep) if deal.doubles else ()
    banker = where.get(deal.banker) if deal.banker is not None else None
    return Deal(deal.preset, deal.options, tuple(deal.decisions[s] for s in keep), doubles, deal.treasure, banker)


def with_exempt(scorer: Scorer) -> Scorer:
    """``scorer`` with 免擺 applied: exempt seats paid as :data:`WIN` says, the rest scored by ``scorer`` as a
    table of their own (a declared special against an exempt hand: the pair alone, by ``scorer``)."""

    def score(deal: Deal, seats: list[Seat]) -> list[PairResult]:
        ranks = exempt_seats(deal, seats)
        if not ranks:
            return scorer(deal, seats)
        results: dict[tuple[int, int], PairResult] = {}

        def scored(keep: list[int]) -> None:
            for p in scorer(_sub_deal(deal, keep), [seats[s] for s in keep]):
                i, j = keep[p.i], keep[p.j]
                results[i, j] = PairResult(i, j, p.rows, p.items)

        rest = [s for s in range(deal.players) if s not in ranks]
        if len(rest) >= 2:
            scored(rest)
        win = WIN[deal.preset]
        for i, j in pair_order(deal.players):
            if (i, j) in results:
                continue
            if seats[i].special is not None or seats[j].special is not None:
                scored([i, j])
                continue
            # An arranged hand ranks below every exempt one: (-1, 0) is below any (tier, key).
            ri, rj = ranks.get(i, (-1, 0)), ranks.get(j, (-1, 0))
            value = win * ((ri > rj) - (ri < rj))
            factor = 2 ** (deal.doubled(i, j) + deal.doubled(j, i))
            items: tuple[Item, ...] = (Item("exempt", value),) if value else ()
            if factor > 1 and value:
                items += (Item("double", value * (factor - 1)),)
            results[i, j] = PairResult(i, j, None, items)
        return [results[p] for p in pair_order(deal.players)]

    return score
