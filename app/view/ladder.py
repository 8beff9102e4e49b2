"""How the table shows a hand of the pattern ladder (RULES.md §19): its 13 cards on three lines, high to low,
named by the pattern it holds, instead of three rows that are never compared.

The same concept on another floor: the view of :mod:`rules.ladder`."""

from __future__ import annotations

from collections.abc import Sequence

from app.i18n import Translator
from app.view.models import RowLine
from rules.arrangement import Row
from rules.cards import Card
from rules.ladder import ladder_hand

_LINES = ((0, 5), (5, 9), (9, 13))  # 5 / 4 / 4 cards: as wide as the rows' boxes


def ladder_line(t: Translator, cards: Sequence[Card], row: Row, short: bool) -> RowLine:
    """One of the three display lines of ``cards``: rank-sorted, the pattern's name on the first."""
    ordered = sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)
    lo, hi = _LINES[row]
    name = ""
    if row is Row.FRONT:
        pattern = ladder_hand(cards).pattern
        name = t(f"ladder.short.{pattern.id}") if short else t(f"ladder.pattern.{pattern.id}")
    return RowLine("", tuple(ordered[lo:hi]), hi - lo, name, "bold yellow")


def ladder_board(t: Translator, cards: Sequence[Card]) -> str:
    """The board's line while the player looks at their hand: what it holds and where that stands."""
    hand = ladder_hand(cards)
    return t("table.board.ladder", hand=t(f"ladder.pattern.{hand.pattern.id}"), tier=hand.tier)
