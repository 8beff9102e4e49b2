"""One pair's result as the results panel lists it: rows won, what the rows took, 打槍, the other items.

Every scored item of the pair lands in exactly one part, so the parts always add up to the pair's units
(a test checks it over many seeded deals in every preset).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.deal import Item, Outcome

from .record import DealRecord
from .reveal import SWEEP_KINDS

ROW_VALUE_KINDS = frozenset({"rows", "front", "middle", "back"})  # what the three comparisons themselves took


@dataclass(frozen=True)
class PairLine:
    """Seat ``seat`` against ``other``, from ``seat``'s side."""

    seat: int
    other: int
    outcomes: tuple[Outcome, ...] | None  # the three rows, or None when they were not compared
    rows: int  # units the rows took
    sweep: int  # 打槍 / 輾過 / sweeps
    others: tuple[Item, ...]  # every other item (bonuses, 寶牌, 賭倍, specials, 紅不讓 …), in scoring order
    units: int

    @property
    def record(self) -> str:
        """``won-tied-lost``, or a dash when the rows were not compared."""
        if self.outcomes is None:
            return "—"
        o = self.outcomes
        return f"{o.count(Outcome.WIN)}-{o.count(Outcome.TIE)}-{o.count(Outcome.LOSS)}"


def pair_line(rec: DealRecord, seat: int, other: int) -> PairLine:
    """The pair's line from the scored deal ``rec``."""
    assert rec.result is not None
    items = rec.pair_items(seat, other)
    pair = rec.result.pair(rec.position(seat), rec.position(other))
    return PairLine(
        seat,
        other,
        pair.rows,
        sum(i.value for i in items if i.kind in ROW_VALUE_KINDS),
        sum(i.value for i in items if i.kind in SWEEP_KINDS),
        tuple(i for i in items if i.kind not in ROW_VALUE_KINDS and i.kind not in SWEEP_KINDS and i.value),
        sum(i.value for i in items),
    )
