"""The small Markdown subset the rules text uses (headings, bullets, pipe tables, bold and italic) as blocks
drawn by a few Statics and Rich tables: Textual's Markdown widget took about a second to redraw these
documents, too slow for switching presets. A run of bullets is one widget (:class:`BulletList`): as three
widgets a bullet, they were four fifths of a document's widgets, and every restyle (the focus moving into the
page) and every layout walked them all: opening the rules took 0.75 s of CPU."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RulesMap, Visual
from textual.widget import Widget
from textual.widgets import Static

_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")


def inline(text: str) -> Text:
    """``**bold**`` and ``*italic*`` as Rich text (the only inline Markdown the rules use)."""
    out = Text()
    pos = 0
    for m in _INLINE.finditer(text):
        out.append(text[pos : m.start()])
        if m.group(1) is not None:
            out.append(m.group(1), style="bold")
        else:
            out.append(m.group(2), style="italic")
        pos = m.end()
    out.append(text[pos:])
    return out


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


class BlockKind(Enum):
    """The kinds of block of the subset, each drawn by its own widget (its CSS class)."""

    TITLE = "doc-title"
    SECTION = "section"
    BULLET = "bullet"
    TABLE = "doc-table"
    PARA = "para doc-para"


@dataclass(frozen=True)
class Block:
    """One block of the document: its kind and what it shows (Rich text; a Rich table for a table; the items'
    texts for a run of bullets)."""

    kind: BlockKind
    content: Text | Table | tuple[Text, ...]


def markdown_blocks(markdown: str) -> list[Block]:
    """The blocks of the Markdown subset of :class:`RulesText`: ``#``/``##`` headings, runs of ``-`` bullets,
    pipe tables (``---:`` right-aligns a column) and paragraphs."""
    blocks: list[Block] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("# "):
            blocks.append(Block(BlockKind.TITLE, inline(line[2:])))
            i += 1
        elif line.startswith("## "):
            blocks.append(Block(BlockKind.SECTION, inline(line[3:])))
            i += 1
        elif line.startswith("- "):
            items = []
            while i < len(lines) and lines[i].startswith("- "):
                items.append(inline(lines[i][2:]))
                i += 1
            blocks.append(Block(BlockKind.BULLET, tuple(items)))
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            header, align, body = rows[0], rows[1], rows[2:]
            table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
            for title, rule in zip(header, align, strict=True):
                table.add_column(inline(title), justify="right" if rule.endswith(":") else "left")
            for row in body:
                table.add_row(*(inline(cell) for cell in row))
            blocks.append(Block(BlockKind.TABLE, table))
        else:
            blocks.append(Block(BlockKind.PARA, inline(line)))
            i += 1
    return blocks


INDENT = 2  # the mark's column: "•" and a space


class _Bullets(Visual):
    """Bullets with a hanging indent: each item wrapped in the width left of the mark's column, its first line
    after the mark. The items wrap as a Static wraps its text (Rich's tables wrapped text with wide characters a
    cell too long and cut it with an ellipsis)."""

    def __init__(self, items: tuple[Content, ...], mark: Content) -> None:
        self.items = items
        self.mark = mark

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return INDENT + max((item.get_optimal_width(rules, container_width) for item in self.items), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return sum(item.get_height(rules, max(1, width - INDENT)) for item in self.items)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        text_width = max(1, width - INDENT)
        mark = self.mark.render_strips(INDENT, None, style, options)[0]
        gap = Content(" " * INDENT).render_strips(INDENT, None, style, options)[0]
        strips: list[Strip] = []
        for item in self.items:
            lines = item.render_strips(text_width, None, style, options)
            strips += [Strip.join([mark if n == 0 else gap, line]) for n, line in enumerate(lines)]
        return strips if height is None else strips[:height]


class BulletList(Widget):
    """A run of bullets in one widget, each with a hanging indent (a wrapped line starts under the text, not
    under the mark). The mark's colour is the CSS's (``bullet-list--mark``)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"bullet-list--mark"}
    DEFAULT_CSS = """
    BulletList {
        height: auto;
    }
    """

    def __init__(self, items: tuple[Text, ...], *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.items = items
        self._contents = tuple(Content.from_rich_text(item) for item in items)

    def show(self, items: tuple[Text, ...]) -> None:
        """Draw ``items`` instead (their number and lengths may change the height)."""
        self.items = items
        self._contents = tuple(Content.from_rich_text(item) for item in items)
        self.refresh(layout=True)

    def render(self) -> Visual:
        """The items with their marks, in the mark's colour as the CSS sets it now (the theme may change)."""
        mark = self.get_visual_style("bullet-list--mark", partial=True)
        return _Bullets(self._contents, Content("•" + " " * (INDENT - 1)).stylize(mark, 0, 1))


def block_widget(block: Block) -> Widget:
    """The widget that draws ``block``."""
    if block.kind is BlockKind.BULLET:
        assert isinstance(block.content, tuple)
        return BulletList(block.content, classes=block.kind.value)
    assert not isinstance(block.content, tuple)
    return Static(block.content, classes=block.kind.value)


def refill(widget: Widget, was: Block, block: Block) -> None:
    """Show ``block`` in ``widget``, which draws ``was``, a block of the same kind: in place, since a new widget
    costs far more than new text (switching preset rebuilt some 170 of them)."""
    if was.kind is not block.kind:
        raise ValueError(f"a {was.kind.name} block cannot show a {block.kind.name} block")
    if _same(was.content, block.content):
        return
    if isinstance(widget, BulletList):
        assert isinstance(block.content, tuple)
        widget.show(block.content)
    else:
        assert isinstance(widget, Static) and not isinstance(block.content, tuple)
        widget.update(block.content)


def _same(a: Text | Table | tuple[Text, ...], b: Text | Table | tuple[Text, ...]) -> bool:
    # Tables are drawn anew (Rich tables have no equality); text compares by its characters and styles.
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return isinstance(a, Text) and isinstance(b, Text) and a.plain == b.plain and a.spans == b.spans
