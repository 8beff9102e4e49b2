"""An arranged hand (front 3, middle 5, back 5) and the foul check (RULES.md §3)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .cards import Card, CardError, format_cards, parse_cards
from .evaluate import RowValue, Wheel, batch_keys, compare_values, evaluate_row
from .row import Row as Row  # its home is rules.row; named here too, where most readers look for it

ROW_SIZES = (3, 5, 5)


@dataclass(frozen=True)
class Arrangement:
    """13 cards split into front, middle and back."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]

    def __post_init__(self) -> None:
        for row, cards in zip(Row, self.rows, strict=True):
            if len(cards) != row.size:
                raise CardError(f"the {row.id} row needs {row.size} cards, got {len(cards)}: {format_cards(cards)}")
        if len(set(self.cards)) != 13:
            raise CardError("a card appears in two rows")

    @classmethod
    def parse(cls, front: str, middle: str, back: str) -> Arrangement:
        """Read three rows of card notation; errors name the row and the bad token."""
        rows = []
        for row, text in zip(Row, (front, middle, back), strict=True):
            try:
                rows.append(parse_cards(text, row.size))
            except CardError as exc:
                raise CardError(f"{row.id}: {exc}") from None
        seen: dict[Card, str] = {}
        for row, cards in zip(Row, rows, strict=True):
            for c in cards:
                if c in seen:
                    raise CardError(f"duplicate card {c} (in {seen[c]} and {row.id})")
                seen[c] = row.id
        return cls(*rows)

    @classmethod
    def of(cls, front: Sequence[int], middle: Sequence[int], back: Sequence[int]) -> Arrangement:
        """Build from card ids; each row is stored high to low."""

        def norm(cards: Sequence[int]) -> tuple[Card, ...]:
            return tuple(sorted((Card(c) for c in cards), reverse=True))

        return cls(norm(front), norm(middle), norm(back))

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return (self.front, self.middle, self.back)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    def values(self, wheel: Wheel = Wheel.LOW) -> tuple[RowValue, RowValue, RowValue]:
        """The evaluated rows, front to back."""
        f, m, b = (evaluate_row(r, wheel) for r in self.rows)
        return f, m, b

    def to_dict(self) -> dict[str, str]:
        return {"front": format_cards(self.front), "middle": format_cards(self.middle), "back": format_cards(self.back)}


def foul_reason_values(front: RowValue, middle: RowValue, back: RowValue) -> str | None:
    """Why rows of these values foul, or None when front ≤ middle ≤ back. Suits never matter here."""
    problems = []
    if compare_values(front, middle) > 0:
        problems.append(
            f"front ({front.category.en} {front.category.zh}) beats middle ({middle.category.en} {middle.category.zh})"
        )
    if compare_values(middle, back) > 0:
        problems.append(
            f"middle ({middle.category.en} {middle.category.zh}) beats back ({back.category.en} {back.category.zh})"
        )
    return "; ".join(problems) or None


def foul_reason(arrangement: Arrangement, wheel: Wheel = Wheel.LOW) -> str | None:
    """Why an arrangement is a foul (相公/倒水), or None when it is legal."""
    return foul_reason_values(*arrangement.values(wheel))


def is_foul(arrangement: Arrangement, wheel: Wheel = Wheel.LOW) -> bool:
    """True when the rows are not front ≤ middle ≤ back (§3)."""
    return foul_reason(arrangement, wheel) is not None


def stand_in(cards: Sequence[Card], wheel: Wheel = Wheel.LOW) -> Arrangement:
    """A legal arrangement of 13 cards, for a hand whose rows do not matter (an exempt hand, or a hand of the
    pattern ladder, still has rows in its record): the best five at the back, the best five of the rest in
    the middle, the rest in front. Always legal: the back is the best five of all, the middle the best five
    of eight, which is at least the front's three cards with any two others."""
    rest = sorted(cards)
    rows: list[tuple[Card, ...]] = []
    for _ in range(2):
        # The batch path: one numpy pass over the 1,287 (then 56) fives, where the plain one costs ~10 ms.
        fives = list(itertools.combinations(rest, 5))
        best = fives[int(np.argmax(batch_keys(np.asarray(fives, dtype=np.int64), wheel)))]
        rows.append(best)
        rest = [c for c in rest if c not in best]
    return Arrangement(tuple(rest), rows[1], rows[0])
