"""The table's widgets: the player's hand, the player's three rows, and an opponent's seat.

Widgets only draw what they are given (plain "view models" built by the table screen from app/table.py) and
report clicks as messages; no game logic lives here.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from app.view.cards import HUGE_H, HUGE_W, CardLook, back, big_tile, empty, huge_tile, join, tile
from app.view.models import HandModel, RowLine, RowsModel, SeatModel
from app.widgets.ladder_widgets import ladder_lines, ladder_text
from rules.arrangement import Row
from rules.cards import Card

TILE = 4  # the player's tiles: " A♠ "
GAP = 1
SMALL = 2  # opponents' tiles: "A♠"


class CardClicked(Message):
    """A card was clicked (in the hand or in a row)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class RowClicked(Message):
    """A row (front, middle or back) was clicked."""

    def __init__(self, row: Row) -> None:
        super().__init__()
        self.row = row


def pad_to(text: Text, width: int) -> Text:
    """``text`` padded with spaces (or cut) to exactly ``width`` cells."""
    out = text.copy()
    n = cell_len(out.plain)
    if n < width:
        out.append(" " * (width - n))
    elif n > width:
        out.truncate(width, overflow="ellipsis")
    return out


# ----------------------------------------------------------------------------------------------- the hand


M = TypeVar("M")


def _mark(cursor: bool, received: bool, width: int) -> str:
    """What sits under a card of the hand, ``width`` cells: ▲ the cursor, + a card the exchange passed in."""
    mark = ("▲" if cursor else "") + ("+" if received else "")
    return (" " * ((width - 1) // 2) + mark).ljust(width) if mark else " " * width


class _CardLines(Widget, Generic[M]):
    """A widget that draws a model of cards in small or big tiles and redraws only when it changes."""

    def __init__(self, look: CardLook, model: M, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.look = look
        self.model = model
        self.big = False
        self.huge = False  # a vast terminal: the player's cards as large as the largest opponent's

    def show(self, model: M, look: CardLook | None = None, big: bool = False, huge: bool = False) -> None:
        """Draw ``model`` (nothing happens when it did not change)."""
        if (model, look or self.look, big, huge) == (self.model, self.look, self.big, self.huge):
            return
        self.model = model
        self.big, self.huge = big or huge, huge
        if look is not None:
            self.look = look
        self.refresh()

    @property
    def pitch(self) -> int:
        """Cells from one card to the next."""
        return (HUGE_W if self.huge else 5 if self.big else TILE) + GAP


class HandView(_CardLines[HandModel]):
    """The player's loose cards on three lines: selected cards raised, the cursor marked underneath.

    With ``big`` (tall terminals) the cards are three lines tall and the widget five.
    """

    DEFAULT_CSS = "HandView { height: 3; }"

    def __init__(self, look: CardLook, **kwargs: Any) -> None:
        super().__init__(look, HandModel(), **kwargs)

    HUGE_LINE = 7  # a vast terminal's hand: seven cards a line, two lines

    def _render_huge(self) -> Text:
        """Two lines of huge tiles, seven cards and six: a selected card raised a line, the cursor marked."""
        m = self.model
        out: list[Text] = []
        for start in range(0, len(m.cards), self.HUGE_LINE):
            lines = [Text() for _ in range(HUGE_H + 2)]
            for k in range(start, min(start + self.HUGE_LINE, len(m.cards))):
                card = m.cards[k]
                if k > start:
                    for ln in lines:
                        ln.append(" " * GAP)
                is_sel = card in m.selected
                face = huge_tile(
                    card,
                    self.look,
                    selected=is_sel,
                    cursor=k == m.cursor,
                    hint=card in m.hint,
                    received=card in m.received,
                )
                top = 0 if is_sel else 1
                for y in range(HUGE_H + 1):
                    lines[y].append_text(face[y - top] if top <= y < top + HUGE_H else Text(" " * HUGE_W))
                lines[HUGE_H + 1].append(_mark(k == m.cursor, card in m.received, HUGE_W), style="bold")
            out += lines
        return Text("\n").join(out)

    def _render_big(self) -> Text:
        m = self.model
        lines = [Text() for _ in range(5)]
        for k, card in enumerate(m.cards):
            if k:
                for ln in lines:
                    ln.append(" " * GAP)
            is_sel = card in m.selected
            face = big_tile(
                card, self.look, selected=is_sel, cursor=k == m.cursor, hint=card in m.hint, received=card in m.received
            )
            top = 0 if is_sel else 1
            for y in range(4):
                if top <= y < top + 3:
                    lines[y].append_text(face[y - top])
                else:
                    lines[y].append("     ")
            lines[4].append(_mark(k == m.cursor, card in m.received, 5), style="bold")
        return Text("\n").join(lines)

    def render(self) -> Text:
        m = self.model
        if self.huge and m.cards:
            return self._render_huge()
        if self.big and m.cards:
            return self._render_big()
        raised, lower, marks = Text(), Text(), Text()
        if not m.cards:
            return Text("\n").join([raised, Text(m.note, style="italic"), marks])
        blank = " " * TILE
        for k, card in enumerate(m.cards):
            if k:
                raised.append(" " * GAP)
                lower.append(" " * GAP)
                marks.append(" " * GAP)
            is_sel = card in m.selected
            t = tile(
                card,
                self.look,
                TILE,
                selected=is_sel,
                cursor=k == m.cursor,
                hint=card in m.hint,
                received=card in m.received,
            )
            if is_sel:
                raised.append_text(t)
                lower.append(blank)
            else:
                raised.append(blank)
                lower.append_text(t)
            marks.append(_mark(k == m.cursor, card in m.received, TILE), style="bold")
        return Text("\n").join([raised, lower, marks])

    def on_click(self, event: events.Click) -> None:
        index = event.x // self.pitch
        if self.huge:  # two lines of seven
            if index >= self.HUGE_LINE:
                return
            index += (event.y // (HUGE_H + 2)) * self.HUGE_LINE
        if 0 <= index < len(self.model.cards) and event.x % self.pitch < self.pitch - GAP:
            self.post_message(CardClicked(self.model.cards[index]))


# ----------------------------------------------------------------------------------------------- the rows


class RowsView(_CardLines[RowsModel]):
    """The player's front, middle and back, one line each: ``Front 3 │ tiles │ hand name   marks``."""

    DEFAULT_CSS = "RowsView { height: 3; }"
    LABEL = 10

    def __init__(self, look: CardLook, **kwargs: Any) -> None:
        super().__init__(look, RowsModel(), **kwargs)

    @property
    def spaced(self) -> bool:
        """Small cards with a line between rows (when the widget is tall enough), so the rows read as rows."""
        return not self.big and self.size.height >= 2 * len(Row) - 1

    @property
    def line_height(self) -> int:
        """Lines per row: 5 with huge cards, 3 with big ones (plus a gap line), else 1 (plus a gap line when
        spaced)."""
        return HUGE_H + 1 if self.huge else 4 if self.big else 2 if self.spaced else 1

    def _tiles_width(self) -> int:
        return 5 * self.pitch

    def _tiles(self, line: RowLine) -> list[list[Text]]:
        """Each card of the row as its lines (1, or 3 when big), empty slots included."""
        m = self.model
        out = []
        for k in range(line.size):
            card = None if line.cards is None or k >= len(line.cards) else line.cards[k]
            # A placed row has no room to raise a card or mark one underneath, as the hand does: shapes in the tile.
            opts = (
                {"selected": card in m.selected, "cursor": card == m.cursor, "hint": card in m.hint, "shapes": True}
                if card
                else {}
            )
            if self.huge:
                out.append(huge_tile(card, self.look, face_down=line.cards is None, **opts))
            elif self.big:
                out.append(big_tile(card, self.look, face_down=line.cards is None, **opts))
            elif line.cards is None:
                out.append([back(TILE)])
            elif card is None:
                out.append([empty(TILE)])
            else:
                out.append([tile(card, self.look, TILE, **opts)])
        return out

    def render(self) -> Text:
        m = self.model
        if m.ladder is not None:  # the pattern ladder: one hand line, no rows
            return ladder_text(m.ladder, self.look, self.size.width, big=self.big)
        lines = []
        height = HUGE_H if self.huge else 3 if self.big else 1
        middle = height // 2
        # Where one row's whole name does not fit, every row takes its short form (one naming, never a cut one).
        room = self.size.width - self.LABEL - self._tiles_width() - 1
        full = all(cell_len(ln.name) <= room - cell_len(ln.marks.plain) or not ln.short_name for ln in m.rows)
        names = [ln.name if full else ln.short_name or ln.name for ln in m.rows]
        name_width = max((cell_len(n) for n in names), default=0) + 2  # the marks line up
        for row, line in zip(Row, m.rows, strict=False):
            label_style = "bold reverse" if m.hint_row is row else "bold"
            tiles = self._tiles(line)
            for y in range(height):
                text = Text(line.label, style=label_style) if y == middle else Text()
                out = pad_to(text, self.LABEL)
                out.append_text(pad_to(join((t[y] for t in tiles), " " * GAP), self._tiles_width()))
                if y == middle:
                    # The win/loss marks follow the hand's name, so each row's result sits beside the row.
                    room = self.size.width - self.LABEL - self._tiles_width() - cell_len(line.marks.plain) - 1
                    name = Text(line.name if full else line.short_name or line.name, style=line.name_style)
                    out.append_text(pad_to(name, max(0, min(room, name_width))))
                    out.append(" ")
                    out.append_text(line.marks)
                lines.append(out)
            if (self.big or self.spaced) and row is not Row.BACK:
                lines.append(Text())
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        index_row = event.y // self.line_height
        if not 0 <= index_row < len(self.model.rows):
            return
        row = Row(index_row)
        line = self.model.rows[row]
        x = event.x - self.LABEL
        if line.cards is not None and 0 <= x < self._tiles_width():
            index = x // self.pitch
            if index < len(line.cards) and x % self.pitch < self.pitch - GAP:
                self.post_message(CardClicked(line.cards[index]))
                return
        self.post_message(RowClicked(row))


# ------------------------------------------------------------------------------------------ the board


class Board(Static):
    """The board in the middle of the table: the deal's story, which the table screen fits to the board's size
    and so must hear of every change of it."""

    class Resized(Message):
        """The board's size changed (a line of the message below wrapped, a class re-laid the seats): its story
        was fitted to the old one."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())


# ------------------------------------------------------------------------------------------ opponents' seats

BIG_ROW = 5 * 6 - 1  # five three-line tiles and their gaps
HUGE_ROW = 5 * (HUGE_W + 1) - 1  # five five-line tiles and their gaps


class SeatPanel(Static):
    """One opponent: a bordered panel with the name and level in the title and the money underneath."""

    def __init__(self, look: CardLook, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.look = look
        self.model = SeatModel()

    def show(self, model: SeatModel, look: CardLook | None = None) -> None:
        """Draw ``model`` (nothing happens when it did not change)."""
        if (model, look or self.look) == (self.model, self.look) and self._drawn_width == self.content_region.width:
            return
        self.model = model
        if look is not None:
            self.look = look
        self.border_title = model.title
        self.border_subtitle = model.subtitle
        for cls in ("thinking", "ready", "out", "foul", "dealer", "empty"):
            self.set_class(cls in model.status_class.split(), f"-{cls}")
        self._drawn_width = self.content_region.width
        self.update(self._content(), layout=False)

    _drawn_width = -1

    def _content(self) -> Text:
        m = self.model
        width = max(10, self.content_region.width or 24)
        top = Text(m.status, style="italic")
        if m.tally:
            top = pad_to(top, max(0, width - cell_len(m.tally)))
            top.append(m.tally, style="bold")
        if m.ladder is not None:  # the pattern ladder: one hand line, no rows
            return Text("\n").join([top, *ladder_lines(m.ladder, self.look, width)])
        lines = [top]
        size = TILE if width >= 36 else SMALL  # roomy panels get the player's tile size
        height = self.content_region.height or 0
        n, note = len(m.rows), 1 if m.note else 0
        # A big seat (a side seat at 200×50): five-line tiles, the names beside the rows where the longest fits
        # ("Straight flush 同花順"), else under each row.
        if width >= HUGE_ROW + 22 and height >= 1 + HUGE_H * n + n - 1 + note:
            return self._big_content(top, width, huge=True)
        if width >= HUGE_ROW and height >= 1 + (HUGE_H + 1) * n + n - 1 + note:
            return self._big_content(top, width, below=True, huge=True)
        if width >= BIG_ROW + 12 and height >= 1 + 3 * n + n - 1 + note:
            return self._big_content(top, width)
        if width >= BIG_ROW and height >= 1 + 4 * n + n - 1 + note:  # a tall, narrow side seat (-ring)
            return self._big_content(top, width, below=True)
        tiles_w = 5 * (size + 1) - 1
        spaced = height >= 1 + 2 * n - 1 + note
        for k, line in enumerate(m.rows):
            if spaced and k:
                lines.append(Text())  # a line between rows where the panel is tall enough
            if line.cards is None:
                tiles = join(back(size) for _ in range(line.size))
            else:
                tiles = join(tile(c, self.look, size) for c in line.cards)
            out = pad_to(tiles, tiles_w + 1)
            out.append_text(self._name_and_marks(line, width - tiles_w - 1))
            lines.append(out)
        if m.note:
            lines.append(Text(m.note, style="bold"))
        return Text("\n").join(lines)

    def _big_content(self, top: Text, width: int, below: bool = False, huge: bool = False) -> Text:
        """The rows in three-line tiles, as the player's own (``huge``: five-line ones, for a big box): the
        hand's name and the marks beside each row, or (``below``, a narrow panel) on a line under it."""
        m = self.model
        lines = [top]
        tiles_w, draw, height = (HUGE_ROW, huge_tile, HUGE_H) if huge else (BIG_ROW, big_tile, 3)
        for k, line in enumerate(m.rows):
            if k:
                lines.append(Text())
            tiles = (
                [draw(c, self.look) for c in line.cards]
                if line.cards is not None
                else [draw(None, self.look, face_down=True) for _ in range(line.size)]
            )
            for y in range(height):
                out = pad_to(join((t[y] for t in tiles), " "), tiles_w + 1)
                if y == height // 2 and not below:
                    out.append_text(self._name_and_marks(line, width - tiles_w - 1))
                lines.append(out)
            if below:
                lines.append(self._name_and_marks(line, width))
        if m.note:
            lines.append(Text(m.note, style="bold"))
        return Text("\n").join(lines)

    def _name_and_marks(self, line: RowLine, width: int) -> Text:
        """The row's hand name (shortened where it does not fit) and its marks right after the longest name of
        the seat, so that the marks line up beside the names rather than at the panel's far edge."""
        room = max(0, width - cell_len(line.marks.plain))
        # One naming in a box: where one row's full (bilingual) name does not fit, every row takes its short one.
        full = all(
            cell_len(r.name) <= max(0, width - cell_len(r.marks.plain)) or not r.short_name for r in self.model.rows
        )
        longest = max((cell_len(r.name if full else r.short_name or r.name) for r in self.model.rows), default=0) + 1
        out = pad_to(
            Text(line.name if full else line.short_name or line.name, style=line.name_style), min(room, longest)
        )
        out.append_text(line.marks)
        return out

    def on_resize(self) -> None:
        self._drawn_width = self.content_region.width
        self.update(self._content(), layout=False)
