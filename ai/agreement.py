"""How far auto-arrange's advice and the coach's judgement agree (issue 36): over random hands of a preset, the
first suggestion (:func:`ai.coach.advise`) played as suggested and priced by the coach (:func:`ai.coach.review`)
on the same seed and budget. The verdicts it gets, the share graded best or good, and the largest gap between the
value a suggestion shows and the value the coach's review reports (0 when they are one estimator).

`chinese-poker advice` runs it (:mod:`app.commands.ai_cmds`)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.cards import deal
from rules.presets import Preset

from .coach import Verdict, advise, review
from .contract import TableView
from .reviews import Budget
from .workers import play_blocks


def check_preset(preset: Preset, hands: int, seed: int = 0, tables: Budget | int = Budget.STANDARD) -> dict[str, Any]:
    """``hands`` hands of ``preset`` (a table of four, seed 0's hand of deal ``seed + i``): the verdicts of the
    first suggestions, the share graded best or good, the largest gap between shown and reviewed value."""
    view = TableView(preset=preset)
    verdicts: Counter[str] = Counter()
    gap = 0.0
    start = time.perf_counter()
    for i in range(hands):
        hand = deal(seed + i)[0]
        advice = advise(hand, view, tables=tables, seed=seed + i)
        judged = review(hand, advice.decision, view, tables=tables, seed=seed + i)
        verdicts[judged.verdict.value] += 1
        gap = max(gap, abs(judged.played.ev - advice.ev))
    good = verdicts[Verdict.BEST.value] + verdicts[Verdict.GOOD.value]
    return {
        "preset": preset.value,
        "hands": hands,
        "verdicts": {v.value: verdicts[v.value] for v in Verdict},
        "best_or_good": round(good / hands, 4) if hands else None,
        "largest_value_gap": gap,
        "seconds": round(time.perf_counter() - start, 1),
    }


def _task(args: tuple[Preset, int, int, Budget | int]) -> dict[str, Any]:
    return check_preset(*args)


def run_agreement(
    presets: Sequence[Preset], hands: int, seed: int = 0, tables: Budget | int = Budget.STANDARD, jobs: int = 1
) -> list[dict[str, Any]]:
    """:func:`check_preset` for each of ``presets`` (the arranged ones), on ``jobs`` fresh processes."""
    tasks = [(p, hands, seed, tables) for p in presets if p.arranged]
    return play_blocks(_task, tasks, jobs)


__all__ = ["check_preset", "run_agreement"]
