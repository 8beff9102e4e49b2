"""The small Markdown subset the rules text uses (headings, bullets, pipe tables, bold and italic) as a few
Statics and Rich tables: Textual's Markdown widget took about a second to redraw these documents, too slow for
switching presets."""

from __future__ import annotations

import re

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


def markdown_widgets(markdown: str) -> list[Widget]:
    """Widgets for the Markdown subset of :class:`RulesText`: ``#``/``##`` headings, ``-`` bullets,
    pipe tables (``---:`` right-aligns a column) and paragraphs."""
    widgets: list[Widget] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("# "):
            widgets.append(Static(inline(line[2:]), classes="doc-title"))
            i += 1
        elif line.startswith("## "):
            widgets.append(Static(inline(line[3:]), classes="section"))
            i += 1
        elif line.startswith("- "):
            # A hanging indent: the bullet in its own column so wrapped lines align with the text.
            mark = Static("•", classes="bullet-mark")
            widgets.append(Horizontal(mark, Static(inline(line[2:]), classes="bullet-text"), classes="bullet"))
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
            widgets.append(Static(table, classes="doc-table"))
        else:
            widgets.append(Static(inline(line), classes="para doc-para"))
            i += 1
    return widgets
