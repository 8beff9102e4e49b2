"""Scoring of the `western` preset (§15): 2-4 scoring, a point a row won and one more for the majority.

Per pair: each row won takes 1 (or its royalty, when the host turns royalties on), each row lost pays the
same, a tied row nothing; the side that won more rows than it lost takes 1 more. So 2–1 is worth 2 and
three rows 4. No sweep bonus, no 全壘打, no declared hands.
"""

from __future__ import annotations

from .arrangement import Row
from .deal import Deal, Item, Outcome, PairResult, Seat, pair_order, row_outcomes
from .evaluate import Category

MAJORITY = 1

# Royalties (§15.2): what a won row of these categories takes instead of 1. The common card-room table.
ROYALTIES: dict[tuple[Row, Category], int] = {
    (Row.FRONT, Category.TRIPS): 3,
    (Row.MIDDLE, Category.FULL_HOUSE): 2,
    (Row.MIDDLE, Category.QUADS): 8,
    (Row.MIDDLE, Category.STRAIGHT_FLUSH): 10,
    (Row.BACK, Category.QUADS): 4,
    (Row.BACK, Category.STRAIGHT_FLUSH): 5,
}


def category_worth(row: Row, category: Category, royalties: bool) -> int:
    """What a won row of ``category`` takes: 1, or its royalty when royalties are played."""
    return ROYALTIES.get((row, category), 1) if royalties else 1


def _row_items(a: Seat, b: Seat, rows: tuple[Outcome, ...], royalties: bool) -> list[Item]:
    items: list[Item] = []
    for row, outcome in zip(Row, rows, strict=True):
        if outcome is Outcome.TIE:
            continue
        winner, sign = (a, 1) if outcome is Outcome.WIN else (b, -1)
        assert winner.values is not None
        items.append(Item(row.id, category_worth(row, winner.values[row].category, royalties) * sign))
    return items


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for a `western` deal (nothing can be declared: every seat is arranged)."""
    out = []
    for i, j in pair_order(deal.players):
        r = row_outcomes(seats[i], seats[j])
        items = _row_items(seats[i], seats[j], r, deal.options.royalties)
        won, lost = r.count(Outcome.WIN), r.count(Outcome.LOSS)
        if won != lost:
            items.append(Item("majority", MAJORITY if won > lost else -MAJORITY))
        out.append(PairResult(i, j, r, tuple(items)))
    return out
