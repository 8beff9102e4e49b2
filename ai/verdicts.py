"""How a play compares with the best, by the units it loses: the coach's verdicts and their bounds per preset.

Apart from :mod:`ai.coach` so that the levels (:mod:`ai.levels`), which the coach calls, can read the same
bounds: a level's character is set in taiwan's units and scaled to another preset by them.
"""

from __future__ import annotations

from enum import StrEnum

from rules.presets import Preset


class Verdict(StrEnum):
    """How a play compares with the best, by the units it loses (thresholds: :data:`THRESHOLDS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# Upper bounds of the loss (units) for best, good, inaccuracy and mistake; a larger loss is a blunder. How
# they were set is in rules/RULES.md ("The coach"): from the losses measured for the computer levels' plays.
THRESHOLDS: dict[Preset, tuple[float, float, float, float]] = {
    Preset.TAIWAN: (0.05, 0.3, 0.8, 2.0),
    Preset.TOURNAMENT: (0.05, 0.3, 0.8, 2.0),
    Preset.ARCADE: (0.1, 0.6, 1.5, 4.0),
    Preset.SHISANSHUI: (0.1, 1.0, 2.5, 6.0),
    Preset.WESTERN: (0.05, 0.3, 0.8, 2.0),
    Preset.HONGKONG: (0.05, 0.3, 0.8, 2.0),
    Preset.BACKROW: (0.02, 0.1, 0.3, 0.8),
    Preset.LADDER: (0.02, 0.1, 0.3, 0.8),  # never used: nothing is priced in the pattern ladder
}


def verdict_for(loss: float, preset: Preset) -> Verdict:
    """The verdict of a play losing ``loss`` units at a ``preset`` table."""
    for bound, verdict in zip(
        THRESHOLDS[preset], (Verdict.BEST, Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE), strict=True
    ):
        if loss <= bound:
            return verdict
    return Verdict.BLUNDER
