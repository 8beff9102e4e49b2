"""The player's own mistakes, coming back on a spaced schedule (the Arrange drill's third pool).

A hand the player loses more than the preset's "good" bound on (:data:`ai.coach.THRESHOLDS`) is kept; it
returns after 1 day, then 3, 7 and 21 days each time it is played well, and is retired once it is played
well twice in a row. Played badly again, it starts over at 1 day. Pure functions of an injected time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai import THRESHOLDS
from rules.presets import Preset

DAY = 86_400.0
INTERVALS = (1, 3, 7, 21)  # days until the hand comes back, by step
WELL_IN_A_ROW = 2  # plays within the bound that retire a hand


def played_well(preset: Preset, loss: float) -> bool:
    """Whether a play lost no more than the preset's "good" verdict allows."""
    return loss <= THRESHOLDS[preset][1]


@dataclass(frozen=True)
class Mistake:
    """A hand to practise again: when it is due, how far along the schedule it is, and its good plays."""

    hand: str  # the 13 cards, high to low (rules.cards.format_cards)
    preset: str
    due: float  # seconds since 1970
    step: int = 0
    well: int = 0  # plays within the bound in a row


def after_play(kept: Mistake | None, hand: str, preset: Preset, loss: float, now: float) -> Mistake | None:
    """The schedule after ``hand`` is played losing ``loss``: kept (a new or updated entry) or None (never kept,
    or retired)."""
    if not played_well(preset, loss):
        return Mistake(hand, preset.value, now + INTERVALS[0] * DAY)
    if kept is None:
        return None
    well = kept.well + 1
    if well >= WELL_IN_A_ROW:
        return None
    step = min(kept.step + 1, len(INTERVALS) - 1)
    return replace(kept, due=now + INTERVALS[step] * DAY, step=step, well=well)
