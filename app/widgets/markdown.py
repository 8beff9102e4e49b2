"""The small Markdown subset the rules text uses (headings, bullets, pipe tables, bold and italic) as blocks
drawn by a few Statics and Rich tables: Textual's Markdown widget took about a second to redraw these
documents, too slow for switching presets."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from rich import box
from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal
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
    """One block of the document: its kind and what it shows (Rich text; a Rich table for a table)."""

    kind: BlockKind
    content: Text | Table


def markdown_blocks(markdown: str) -> list[Block]:
    """The blocks of the Markdown subset of :class:`RulesText`: ``#``/``##`` headings, ``-`` bullets, pipe
    tables (``---:`` right-aligns a column) and paragraphs."""
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
            blocks.append(Block(BlockKind.BULLET, inline(line[2:])))
            i += 1
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


def block_widget(block: Block) -> Widget:
    """The widget that draws ``block``."""
    if block.kind is BlockKind.BULLET:
        # A hanging indent: the bullet in its own column so wrapped lines align with the text.
        mark = Static("•", classes="bullet-mark")
        return Horizontal(mark, Static(block.content, classes="bullet-text"), classes=block.kind.value)
    return Static(block.content, classes=block.kind.value)


def refill(widget: Widget, was: Block, block: Block) -> None:
    """Show ``block`` in ``widget``, which draws ``was``, a block of the same kind: in place, since a new widget
    costs far more than new text (switching preset rebuilt some 170 of them)."""
    if was.kind is not block.kind:
        raise ValueError(f"a {was.kind.name} block cannot show a {block.kind.name} block")
    if not _same(was.content, block.content):
        target = widget.query_one(".bullet-text", Static) if block.kind is BlockKind.BULLET else widget
        assert isinstance(target, Static)
        target.update(block.content)


def _same(a: Text | Table, b: Text | Table) -> bool:
    # Tables are drawn anew (Rich tables have no equality); text compares by its characters and styles.
    return isinstance(a, Text) and isinstance(b, Text) and a.plain == b.plain and a.spans == b.spans
