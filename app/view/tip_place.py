"""Where a guide tip goes on the screen: a box that covers none of the parts of the table its text talks
about. Plain geometry (no Textual): the screen gives the regions to keep clear and how tall the tip's text is
at a given width; :func:`place_tip` answers with the tip's box.

The same concept on another floor: the boxes :class:`app.screens.guide.TipScreen` is drawn in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

WIDEST = 76  # the tip's width where there is room (the game's dialog width)
NARROWEST = 36  # below this a tip reads as a column of words: rather cover something than go narrower


@dataclass(frozen=True)
class Box:
    """A rectangle of cells: ``x``, ``y`` its top left corner, ``width`` × ``height``."""

    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        """The first column past the box."""
        return self.x + self.width

    @property
    def bottom(self) -> int:
        """The first line past the box."""
        return self.y + self.height

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share a cell (an empty box shares none)."""
        if not (self.width and self.height and other.width and other.height):
            return False
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom


def place_tip(screen: Box, keep_clear: Sequence[Box], height_for: Callable[[int], int]) -> Box:
    """The tip's box inside ``screen``: as wide as there is room for (up to :data:`WIDEST`), as tall as its
    text needs at that width (``height_for(width)``, borders included), covering none of ``keep_clear``;
    the highest such box, centred where it can be. When no box that wide fits, narrower ones are tried down to
    :data:`NARROWEST`; when none fits at all, the box at the top of ``screen`` (the caller's tests see it)."""
    widest = min(WIDEST, screen.width)
    for width in range(widest, min(NARROWEST, widest) - 1, -1):
        height = min(height_for(width), screen.height)
        xs = _candidates(
            screen.x,
            screen.right - width,
            screen.x + (screen.width - width) // 2,
            [b.right for b in keep_clear] + [b.x - width for b in keep_clear],
        )
        ys = _candidates(
            screen.y,
            screen.bottom - height,
            screen.y,
            [b.bottom for b in keep_clear] + [b.y - height for b in keep_clear],
        )
        fits = [
            Box(x, y, width, height)
            for y in ys
            for x in xs
            if not any(Box(x, y, width, height).overlaps(b) for b in keep_clear)
        ]
        if fits:
            centre = screen.x + (screen.width - width) // 2
            return min(fits, key=lambda b: (b.y, abs(b.x - centre)))
    width = widest
    return Box(screen.x + (screen.width - width) // 2, screen.y, width, min(height_for(width), screen.height))


def _candidates(low: int, high: int, preferred: int, edges: list[int]) -> list[int]:
    """The places worth trying along one axis: the preferred one and every edge of a region, within range."""
    if high < low:
        return []
    return sorted({min(max(v, low), high) for v in (preferred, low, high, *edges)})


__all__ = ["NARROWEST", "WIDEST", "Box", "place_tip"]
