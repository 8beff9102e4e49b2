"""A failed snapshot told in words: the rows of the screen that differ between the stored SVG and the one just
taken, as text, and the rows whose colours alone differ (a scrollbar, a highlight), so that a failure in CI,
whose report page nobody can open, still says what changed."""

from __future__ import annotations

import html
import re
from collections import defaultdict

_TEXT = re.compile(r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[\w-]*?line-(\d+)\)"[^>]*>([^<]*)</text>')
_RECT = re.compile(r'<rect fill="([^"]+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"')
CELL_WIDTH = 12.2  # Textual's SVG: one terminal cell
LINE_HEIGHT = 24.4


def screen_rows(svg: str) -> tuple[dict[int, str], dict[int, tuple[tuple[str, int, int], ...]]]:
    """The screen's rows as text (each segment at its column) and each row's coloured runs (fill, column,
    width), read back from one of Textual's SVG screenshots."""
    cells: dict[int, dict[int, str]] = defaultdict(dict)
    for x, line, content in _TEXT.findall(svg):
        column = round(float(x) / CELL_WIDTH)
        for i, ch in enumerate(html.unescape(content).replace("\xa0", " ")):
            cells[int(line)][column + i] = ch
    text = {n: "".join(row.get(c, " ") for c in range(max(row) + 1)).rstrip() for n, row in cells.items()}
    runs: dict[int, list[tuple[str, int, int]]] = defaultdict(list)
    for fill, x, y, width in _RECT.findall(svg):
        line = int(float(y) // LINE_HEIGHT)
        runs[line].append((fill, round(float(x) / CELL_WIDTH), round(float(width) / CELL_WIDTH)))
    return text, {n: tuple(sorted(r)) for n, r in runs.items()}


def differences(expected: str, actual: str, most: int = 12) -> str:
    """The rows where ``actual`` differs from ``expected`` (two SVG screenshots), at most ``most`` of them."""
    (want, want_runs), (got, got_runs) = screen_rows(expected), screen_rows(actual)
    out: list[str] = []
    for n in sorted(set(want) | set(got) | set(want_runs) | set(got_runs)):
        if want.get(n, "") != got.get(n, ""):
            out.append(f"row {n:2d} stored: {want.get(n, '')!r}\n       now:    {got.get(n, '')!r}")
        elif want_runs.get(n) != got_runs.get(n):
            changed = sorted(set(want_runs.get(n, ())) ^ set(got_runs.get(n, ())))
            out.append(f"row {n:2d} colours only: {changed[:6]}")
    if not out:
        return "no row differs in its text or colours (the SVGs differ elsewhere)"
    more = f"\n… and {len(out) - most} rows more" if len(out) > most else ""
    return "\n".join(out[:most]) + more
