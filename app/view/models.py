"""The view models the table's widgets draw: plain frozen data that the presenters build
(:mod:`app.view.presenter`) and the widgets in :mod:`app.widgets.table_widgets` render."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from app.view.ladder import LadderLine
from rules.arrangement import Row
from rules.cards import Card


@dataclass(frozen=True)
class HandModel:
    """The cards still in hand, the cursor (an index into ``cards`` or None) and the selection."""

    cards: tuple[Card, ...] = ()
    cursor: int | None = None
    selected: frozenset[Card] = frozenset()
    hint: frozenset[Card] = frozenset()
    note: str = ""  # shown when the hand is empty
    received: frozenset[Card] = frozenset()  # 換三張: passed in, marked until moved


@dataclass(frozen=True)
class RowLine:
    """One row as the player sees it: label, cards (None = face down), hand name and pairwise marks."""

    label: str
    cards: tuple[Card, ...] | None
    size: int
    name: str = ""
    name_style: str = ""
    marks: Text = field(default_factory=Text)
    short_name: str = ""  # what to show instead of ``name`` where it does not fit (empty: ``name``)


@dataclass(frozen=True)
class RowsModel:
    """The player's three rows, the cursor, the selection and the hinted card and row."""

    rows: tuple[RowLine, ...] = ()
    cursor: Card | None = None
    selected: frozenset[Card] = frozenset()
    hint: frozenset[Card] = frozenset()
    hint_row: Row | None = None
    ladder: LadderLine | None = None  # the pattern ladder: one hand line instead of the rows


@dataclass(frozen=True)
class SeatModel:
    """An opponent's seat: title, status, money, this deal's tally, and the three rows."""

    title: str = ""
    subtitle: str = ""
    status: str = ""
    status_class: str = ""  # thinking | ready | out | foul | empty
    tally: str = ""
    rows: tuple[RowLine, ...] = ()
    note: str = ""  # replaces the rows (a declared special's name is shown with them)
    ladder: LadderLine | None = None  # the pattern ladder: one hand line instead of the rows
