"""The levels' ladder (issue 39): what each computer level's play loses against the coach's best, over random
hands of each arranged preset at a table of four.

Every level plays seat 0's hand of deal ``seed + i`` (on a seed of its own, not the coach's, so that `expert`'s
draws are not the ones the coach chooses its best on), and the four plays are priced together on the coach's
tables (:func:`ai.coach.losses`, the loss :func:`ai.coach.review` reports for each). Per level: the mean, the
90th and 99th percentiles, the worst hand, and the share of blunders (a loss past the preset's ``mistake``
bound, :data:`ai.coach.THRESHOLDS`). The targets are the issue's, set in taiwan's units and scaled to another
preset by its own verdict bounds (:func:`targets`).

`chinese-poker levels` runs it (:mod:`app.commands.ai_cmds`). A hand costs some 0.1 s of one core, so
1,000 hands of each of the seven presets is some 7 minutes on two cores: the work is cut into blocks of
hands (:data:`BLOCK`) that any number of processes share, and the report is the same for any number.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np

from rules.cards import deal, format_cards
from rules.deal import Decision
from rules.presets import Preset

from .coach import losses
from .contract import Level, TableView
from .levels import choose
from .reviews import Budget
from .verdicts import THRESHOLDS, Verdict, verdict_for
from .workers import play_blocks

BLOCK = 25  # hands a task: fine enough for two processes to share one preset evenly
LEVEL_SEED = 0x5EED  # added to a hand's seed for the levels' own draws (the coach's are the hand's seed)

# The targets in taiwan units: (lowest mean, highest mean, highest 99th percentile, highest blunder share).
TAIWAN_TARGETS: dict[Level, tuple[float, float, float, float]] = {
    Level.EASY: (1.2, 2.0, 6.0, 0.20),
    Level.NORMAL: (0.4, 0.8, 3.0, 0.05),
    Level.HARD: (0.0, 0.15, float("inf"), 1.0),
    Level.EXPERT: (0.0, float("inf"), float("inf"), 1.0),  # the best: no more than `hard` (checked in report)
}


def scale(preset: Preset) -> float:
    """How a preset's units compare with taiwan's: the ratio of its ``mistake`` bounds (the blunder line)."""
    return THRESHOLDS[preset][3] / THRESHOLDS[Preset.TAIWAN][3]


def targets(preset: Preset, level: Level) -> tuple[float, float, float, float]:
    """The level's targets in ``preset``'s units: lowest and highest mean, highest 99th percentile (units), and
    highest share of blunders."""
    low, high, p99, blunders = TAIWAN_TARGETS[level]
    s = scale(preset)
    return low * s, high * s, p99 * s, blunders


def _play_text(decision: Decision) -> str:
    if decision.declare is not None:
        return f"declares {decision.declare.value}"
    assert decision.arrangement is not None
    return " / ".join(format_cards(r) for r in decision.arrangement.rows)


def measure_block(
    preset: Preset, start: int, count: int, seed: int = 0, tables: Budget | int = Budget.STANDARD
) -> dict[str, Any]:
    """Hands ``start`` to ``start + count`` of ``preset``: each level's loss on each hand, and the worst play
    (hand, play, loss) of each level."""
    view = TableView(preset=preset)
    out: dict[str, list[float]] = {level.value: [] for level in Level}
    worst: dict[str, tuple[float, str, str]] = {}
    for i in range(start, start + count):
        hand = deal(seed + i)[0]
        plays = [choose(hand, view, level, seed=seed + i + LEVEL_SEED).decision for level in Level]
        priced = losses(hand, plays, view, tables=tables, seed=seed + i)
        for level, play, loss in zip(Level, plays, priced, strict=True):
            out[level.value].append(loss)
            if loss > worst.get(level.value, (-1.0, "", ""))[0]:
                worst[level.value] = (loss, format_cards(sorted(hand)), _play_text(play))
    return {"preset": preset.value, "start": start, "losses": out, "worst": worst}


def summarise(preset: Preset, blocks: Sequence[dict[str, Any]], seconds: float = 0.0) -> dict[str, Any]:
    """One preset's report from its blocks (in any order): per level the mean, 90th and 99th percentiles, worst
    loss with its hand and play, blunder share, verdict counts, and whether each target is met."""
    ordered = sorted(blocks, key=lambda b: b["start"])
    levels: dict[str, Any] = {}
    for level in Level:
        x = np.array([v for b in ordered for v in b["losses"][level.value]], dtype=float)
        worst = max((b["worst"][level.value] for b in ordered if level.value in b["worst"]), default=(0.0, "", ""))
        verdicts = [verdict_for(float(v), preset) for v in x]
        low, high, p99_cap, blunder_cap = targets(preset, level)
        mean = float(x.mean()) if len(x) else 0.0
        p99 = float(np.percentile(x, 99)) if len(x) else 0.0
        blunders = verdicts.count(Verdict.BLUNDER) / len(x) if len(x) else 0.0
        levels[level.value] = {
            "mean": round(mean, 4),
            "p90": round(float(np.percentile(x, 90)), 4) if len(x) else 0.0,
            "p99": round(p99, 4),
            "worst": round(float(worst[0]), 4),
            "worst_hand": worst[1],
            "worst_play": worst[2],
            "blunders": round(blunders, 4),
            "verdicts": {v.value: verdicts.count(v) for v in Verdict},
            "met": bool(low <= mean <= high and p99 <= p99_cap and blunders <= blunder_cap),
        }
    # `expert` is the best: it loses no more than `hard` does.
    levels[Level.EXPERT.value]["met"] = levels[Level.EXPERT.value]["mean"] <= levels[Level.HARD.value]["mean"]
    means = [levels[level.value]["mean"] for level in Level]
    return {
        "preset": preset.value,
        "hands": sum(len(b["losses"][Level.EASY.value]) for b in ordered),
        "scale": scale(preset),
        "levels": levels,
        "ordered": all(a >= b for a, b in pairwise(means)),
        "seconds": round(seconds, 1),
    }


def _task(args: tuple[Preset, int, int, int, Budget | int]) -> dict[str, Any]:
    t = time.perf_counter()
    block = measure_block(*args)
    block["seconds"] = time.perf_counter() - t
    return block


def run_skill(
    presets: Sequence[Preset],
    hands: int,
    seed: int = 0,
    tables: Budget | int = Budget.STANDARD,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """:func:`summarise` for each of ``presets`` (the arranged ones) over ``hands`` hands, on ``jobs`` fresh
    processes sharing blocks of :data:`BLOCK` hands; ``progress(done, total)`` after each block."""
    chosen = [p for p in presets if p.arranged]
    tasks = [(p, s, min(BLOCK, hands - s), seed, tables) for p in chosen for s in range(0, hands, BLOCK)]
    done = play_blocks(_task, tasks, jobs, progress)
    return [
        summarise(
            p, [b for b in done if b["preset"] == p.value], sum(b["seconds"] for b in done if b["preset"] == p.value)
        )
        for p in chosen
    ]


__all__ = ["measure_block", "run_skill", "scale", "summarise", "targets"]
