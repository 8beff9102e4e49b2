"""Scoring of the `western` preset (§15): 2-4 scoring, a point a row won and one more for the majority.

Per pair: each row won takes 1 (or its royalty, when the host turns royalties on), each row lost pays the
same, a tied row nothing; the side that won more rows than it lost takes 1 more. So 2–1 is worth 2 and
three rows 4. No sweep bonus, no 全壘打, no declared hands.
"""

from __future__ import annotations

from .arrangement import Row
from .deal import Deal, Item, Outcome, PairResult, Seat, pair_order, row_outcomes, won_rows
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


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for a `western` deal (nothing can be declared: every seat is arranged)."""
    royalties = deal.options.royalties

    def worth(row: Row, category: Category) -> int:
        return category_worth(row, category, royalties)

    out = []
    for i, j in pair_order(deal.players):
        r = row_outcomes(seats[i], seats[j])
        items = won_rows(seats[i], seats[j], r, worth)
        won, lost = r.count(Outcome.WIN), r.count(Outcome.LOSS)
        if won != lost:
            items.append(Item("majority", MAJORITY if won > lost else -MAJORITY))
        out.append(PairResult(i, j, r, tuple(items)))
    return out
