"""Where a stored session's deal in progress stood, read from the session's state without the table: its number
and the clocks that were running. The menu's Continue line reads it at start-up (no numpy, no table);
:class:`app.game.progress.InProgress` reads the same, with what the player had decided."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

PROGRESS = "progress"  # the key of the deal in progress in a stored session's state


@dataclass(frozen=True)
class Playing:
    """A deal being played when its session was saved: its number, the player's seconds left to arrange (None:
    no time limit, or the player had not started arranging) and the seconds left to choose the pass of 換三張's
    round under way."""

    deal: int
    left: float | None = None
    passing: float | None = None

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Playing | None:
        """The deal in progress a stored state holds, or None (none, or one that does not read)."""
        data = state.get(PROGRESS)
        if not isinstance(data, dict):
            return None
        deal = data.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
            return None
        return cls(deal, seconds_or_none(data.get("left")), seconds_or_none(data.get("passing")))


def seconds_or_none(value: object) -> float | None:
    """A stored number of seconds, or None when it does not read as one (the full time is given instead)."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value) or value < 0:
        return None
    return float(value)
