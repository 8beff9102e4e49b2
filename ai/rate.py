"""The computer levels on the player's rating scale (RULES.md §24): `chinese-poker rate --level L`.

Each of ``deals`` hands (seat 0's of deal ``seed + i`` at a table of four) is played by the level, on a seed
of its own as the levels' ladder does (:data:`ai.skill.LEVEL_SEED`: not the coach's, so that `expert`'s draws
are not the ones the coach chooses its best on), and reviewed by the coach exactly as a player's decision is
(:func:`ai.coach.review`, the standard budget). The deals are rated as a player's are, every deal alike
(:func:`ai.rating.weighted` without fading). Blocks of hands (:data:`BLOCK`) are shared by any number of
processes, and the report is the same for any number.

`assets/ai/ratings.json` is this command's table for the four levels (its ``command`` says how it was made).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from rules.cards import deal
from rules.presets import Preset

from .coach import review
from .contract import Level, TableView
from .levels import choose
from .rating import accuracy, counted, deal_figure, gap, normaliser, pairs, weighted
from .reviews import Budget
from .skill import LEVEL_SEED
from .workers import play_blocks

BLOCK = 25  # hands a task


def rate_block(level: Level, preset: Preset, start: int, count: int, seed: int, tables: Budget | int) -> list[Any]:
    """Hands ``start`` to ``start + count``: each one's (loss, best's ev, gap to the next play, tables)."""
    view = TableView(preset=preset)
    out: list[Any] = []
    for i in range(start, start + count):
        hand = deal(seed + i)[0]
        play = choose(hand, view, level, seed=seed + i + LEVEL_SEED).decision
        r = review(hand, play, view, tables=tables, seed=seed + i)
        others = [a.ev for a in r.alternatives] + ([] if r.rows_as_best else [r.played.ev])
        out.append((r.loss, r.best.ev, gap(r.best.ev, others), r.tables))
    return out


def _task(args: tuple[Level, Preset, int, int, int, Budget | int]) -> list[Any]:
    return rate_block(*args)


def summarise(level: Level, preset: Preset, rows: list[Any], seed: int = 0) -> dict[str, Any]:
    """The report of a level's priced hands: its rating with the 95% interval, its mean accuracy, and how many
    hands were counted."""
    x = np.array(rows, dtype=float).reshape(-1, 4)
    norm = normaliser(preset, pairs(4))
    figures = np.array([deal_figure(v, norm) for v in x[:, 0]])
    keep = counted(figures, x[:, 2], x[:, 3], np.full(len(x), norm))
    r = weighted(figures[keep], fading=False)
    return {
        "level": level.value,
        "rules": preset.value,
        "deals": len(x),
        "counted": r.deals,
        "rating": r.value,
        "ci95": r.ci95,
        "accuracy": round(float(accuracy(figures).mean()), 1) if len(x) else None,
        "seed": seed,
    }


def rate_level(
    level: Level,
    preset: Preset = Preset.TAIWAN,
    deals: int = 500,
    seed: int = 0,
    *,
    tables: Budget | int = Budget.STANDARD,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """:func:`summarise` of ``level`` over ``deals`` hands of ``preset`` (an arranged one), on ``jobs`` fresh
    processes; ``progress(done, total)`` after each block of hands."""
    if not preset.arranged:
        raise ValueError(f"{preset.value}: nobody arranges, so there is nothing to rate")
    tasks = [(level, preset, s, min(BLOCK, deals - s), seed, tables) for s in range(0, deals, BLOCK)]
    rows: list[Any] = [row for block in play_blocks(_task, tasks, jobs, progress) for row in block]
    return summarise(level, preset, rows, seed)


__all__ = ["rate_block", "rate_level", "summarise"]
