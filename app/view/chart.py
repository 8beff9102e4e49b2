"""A small column chart in text, with labelled axes: the Statistics screen's trends (units lost to the coach,
seconds to arrange, over the last deals). Plain Python: the screen shows the lines as they are.

The value axis runs from zero (or the lowest value, when one is below zero) to the highest value (or the axis's
least span, when the values are all smaller), labelled at its top, middle and bottom with the unit named above
it; the deal axis runs from the oldest deal (1) to the newest (the count), its title beneath. Each column is one
deal, drawn in eighths of a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EIGHTHS = " ▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class Axes:
    """What the axes say: the value axis's unit (``"units lost"``), the deal axis's title, how a value on the
    value axis reads (``"{:.1f}"``), and the least span it covers (so that values all near zero do not fill the
    chart as if they were large)."""

    unit: str
    across: str
    number: str = "{:.1f}"
    least: float = 1.0


def column_chart(values: Sequence[float], axes: Axes, height: int = 4) -> list[str]:
    """The chart of ``values`` (oldest first), ``height`` lines of columns between its axes; no lines for no
    values."""
    if not values or height < 1:
        return []
    low = min(0.0, min(values))
    high = max(max(values), low + axes.least)
    labels = [axes.number.format(high), axes.number.format((high + low) / 2), axes.number.format(low)]
    width = max(len(label) for label in labels)
    lines = [" " * (width + 1) + axes.unit]
    for line in range(height):
        from_bottom = height - 1 - line
        if line == 0:
            label, tick = labels[0], "┤"
        elif line == height - 1:
            label, tick = labels[2], "┤"
        elif height >= 3 and line == height // 2 and height % 2 == 1:
            label, tick = labels[1], "┤"
        else:
            label, tick = "", "│"
        cells = "".join(EIGHTHS[_eighths(v, low, high, height, from_bottom)] for v in values)
        lines.append(f"{label:>{width}} {tick}{cells}")
    n = len(values)
    lines.append(" " * (width + 1) + "└" + "┬" + "─" * max(0, n - 2) + ("┬" if n > 1 else ""))
    last = str(n)
    ticks = "1" + " " * max(1, n - 1 - len(last)) + last if n > 1 else "1"  # the count ends under the last
    lines.append(" " * (width + 2) + ticks)
    lines.append(" " * (width + 2) + axes.across)
    return lines


def _eighths(value: float, low: float, high: float, height: int, from_bottom: int) -> int:
    """How many eighths of the line ``from_bottom`` (0: the lowest) a column of ``value`` fills."""
    filled = round((value - low) / (high - low) * height * 8)
    return max(0, min(8, filled - from_bottom * 8))


def band_chart(
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    axes: Axes,
    *,
    first: int = 1,
    last: int | None = None,
    height: int = 6,
) -> list[str]:
    """A line of ``values`` (oldest first, ``●``) inside its band from ``lows`` to ``highs`` (``░``), between the
    same labelled axes as :func:`column_chart`; the across axis is numbered ``first`` to ``last`` (the values'
    count by default). No lines for no values."""
    if not values or height < 2:
        return []
    low = min(0.0, min(lows))
    high = max(max(highs), max(values), low + axes.least)
    labels = [axes.number.format(high), axes.number.format((high + low) / 2), axes.number.format(low)]
    width = max(len(label) for label in labels)

    def row(v: float) -> int:  # 0: the bottom line
        return max(0, min(height - 1, round((v - low) / (high - low) * (height - 1))))

    lines = [" " * (width + 1) + axes.unit]
    for line in range(height):
        from_bottom = height - 1 - line
        label = labels[0] if line == 0 else labels[2] if line == height - 1 else ""
        if height % 2 == 1 and line == height // 2:
            label = labels[1]
        cells = "".join(
            "●" if row(v) == from_bottom else "░" if row(lo) <= from_bottom <= row(hi) else " "
            for v, lo, hi in zip(values, lows, highs, strict=True)
        )
        lines.append(f"{label:>{width}} {'┤' if label else '│'}{cells}")
    n = len(values)
    lines.append(" " * (width + 1) + "└" + "┬" + "─" * max(0, n - 2) + ("┬" if n > 1 else ""))
    end = str(last if last is not None else n)
    start = str(first)
    ticks = start + " " * max(1, n - len(start) - len(end)) + end if n > 1 else start
    lines.append(" " * (width + 2) + ticks)
    lines.append(" " * (width + 2) + axes.across)
    return lines
