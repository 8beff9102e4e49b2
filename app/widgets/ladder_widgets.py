"""Drawing a pattern ladder hand (:class:`app.view.ladder.LadderLine`): the 13 cards on one line, the
pattern's cards tinted and underlined by a line of ``^`` (its shape says it without colour too), then the
pattern's name and tier and whom the hand beats. The player's box and the opponents' panels both draw it
(:mod:`app.widgets.table_widgets` hands them the model); no game logic lives here.

A line as wide as the room allows: the player's tiles, or big three-line tiles in a tall box; small tiles in
a panel; without gaps in a narrow one; and in two lines of seven and six only where even that does not fit
(an 80-column terminal's side panels), the pattern's cards still first.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from app.view.cards import CardLook, back, big_tile, join, tile
from app.view.ladder import MARK_STYLE, LadderLine

HAND = 13
BIG = 5  # a three-line tile's width


def _layout(width: int, big: bool) -> tuple[int, int, int] | None:
    """(tile width, gap, cards a line) for ``width`` cells; None: big tiles fit."""
    if big and width >= HAND * (BIG + 1) - 1:
        return None
    for size, gap, per in ((4, 1, HAND), (2, 1, HAND), (2, 0, HAND), (2, 1, 7), (2, 0, 7)):
        if width >= per * (size + gap) - gap:
            return size, gap, per
    return 2, 0, 7


def ladder_lines(line: LadderLine, look: CardLook, width: int, *, big: bool = False) -> list[Text]:
    """The lines that draw ``line`` in ``width`` cells (``big``: three-line tiles where they fit)."""
    layout = _layout(width, big)
    cards = line.cards
    out: list[Text] = []
    if layout is None:
        faces = (
            [big_tile(c, look, hint=c in line.marked) for c in cards]
            if cards is not None
            else [big_tile(None, look, face_down=True) for _ in range(HAND)]
        )
        out += [join((f[y] for f in faces), " ") for y in range(3)]
        out.append(_marks(cards, line, BIG, 1))
    else:
        size, gap, per = layout
        for start in range(0, HAND, per):
            part = cards[start : start + per] if cards is not None else None
            n = len(part) if part is not None else min(per, HAND - start)
            tiles = (
                [tile(c, look, size, hint=c in line.marked) for c in part]
                if part is not None
                else [back(size) for _ in range(n)]
            )
            out.append(join(tiles, " " * gap))
            if part is not None:
                out.append(_marks(part, line, size, gap))
    if line.name:
        name = Text(line.name, style=MARK_STYLE)
        if line.marks:
            name.append("  ")
            name.append_text(line.marks)
        if cell_len(name.plain) > width:
            name.truncate(width, overflow="ellipsis")
        out.append(name)
    return out


def _marks(cards: tuple | None, line: LadderLine, size: int, gap: int) -> Text:
    """The line under the cards: ``^`` under each of the pattern's cards."""
    out = Text()
    for k, card in enumerate(cards or ()):
        if k:
            out.append(" " * gap)
        out.append(("^" * size) if card in line.marked else " " * size, style=MARK_STYLE)
    return out


def ladder_text(line: LadderLine, look: CardLook, width: int, *, big: bool = False) -> Text:
    """:func:`ladder_lines` as one Text."""
    return Text("\n").join(ladder_lines(line, look, width, big=big))


__all__ = ["ladder_lines", "ladder_text"]
