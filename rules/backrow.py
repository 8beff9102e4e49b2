"""Scoring of the `backrow` preset (S5's 玩法规则六, RULES.md §17): only the back rows are compared.

Players arrange 3 / 5 / 5 as in every other preset and a foul is still a foul, but each pair compares its
back rows alone: the stronger back takes 1 unit, equal backs exchange nothing. A fouled hand loses its back
row to every hand that did not foul; two fouled hands tie. ``A2345`` is the lowest straight (the preset's
``wheel`` is ``low``), no hand can be declared, and there is no sweep, bonus or 全壘打.
"""

from __future__ import annotations

from .arrangement import Row
from .deal import Deal, Item, Outcome, PairResult, Seat, pair_order, row_outcomes

BACK_WIN = 1


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for a `backrow` deal: one ``back`` item a pair, or none on a tie."""
    out = []
    for i, j in pair_order(deal.players):
        # Every row is compared for the record (a foul still loses all three); only the back is paid.
        rows = row_outcomes(seats[i], seats[j])
        back = rows[Row.BACK]
        items = () if back is Outcome.TIE else (Item("back", BACK_WIN if back is Outcome.WIN else -BACK_WIN),)
        out.append(PairResult(i, j, rows, items))
    return out


def row_worth(row: Row) -> int:
    """What a won row is paid: the back 1, the front and middle nothing (they are not compared)."""
    return BACK_WIN if row is Row.BACK else 0
