"""Self-play training of the `hard` opponent model: where players put which rows, per preset.

Round 0 arranges seeded random hands against the analytic (random-row) model; each later round
arranges fresh hands against the previous round's model, so the tables converge towards how a strong
player arranges. The result is written to ``assets/ai/row_tables.npz``. Reproducible from ``--seed``.

    python -m ai.train --hands 12000 --rounds 2 --seed 2026
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from rules.cards import deal
from rules.deal import Seat
from rules.presets import Preset
from rules.taiwan import bonus_items

from .contract import Level, TableView
from .estimate import quick_decision
from .opponents import TABLES_FILE, OpponentModel, analytic_model, model_from_samples


def _arrange_batch(job: tuple[Preset, OpponentModel, int, int]) -> tuple[list[list[int]], list[float]]:
    preset, model, first_seed, count = job
    view = TableView(preset=preset)
    options = view.rules_options
    rows: list[list[int]] = [[], [], []]
    bonuses: list[float] = []
    for s in range(first_seed, first_seed + count):
        for hand in deal(s):
            d = quick_decision(hand, view, Level.HARD, model=model)
            if d.arrangement is None:
                continue
            seat = Seat.evaluate(d, options)
            assert seat.keys is not None
            for r in range(3):
                rows[r].append(seat.keys[r])
            if preset in (Preset.TAIWAN, Preset.TOURNAMENT):
                bonuses.append(sum(it.value for it in bonus_items(seat, preset)))
    return rows, bonuses


def train_preset(preset: Preset, hands: int, rounds: int, seed: int, workers: int) -> OpponentModel:
    """Iterate self-play for one preset and return the final model."""
    model = analytic_model(preset.default_options.wheel)
    deals_per_round = max(1, hands // 4)
    for r in range(rounds):
        start = seed * 1_000_000 + r * deals_per_round
        chunk = -(-deals_per_round // workers)
        jobs = [(preset, model, start + w * chunk, min(chunk, deals_per_round - w * chunk)) for w in range(workers)]
        jobs = [j for j in jobs if j[3] > 0]
        with multiprocessing.get_context("fork").Pool(len(jobs)) as pool:
            parts = pool.map(_arrange_batch, jobs)
        rows = [[k for p in parts for k in p[0][i]] for i in range(3)]
        bonuses = [b for p in parts for b in p[1]]
        model = model_from_samples(
            rows[0], rows[1], rows[2], float(np.mean(bonuses)) if bonuses else 0.0, f"trained:{preset.value}"
        )
        print(f"  {preset.value} round {r + 1}/{rounds}: {len(rows[0])} hands", file=sys.stderr, flush=True)
    return model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12_000, help="hands arranged per round (default 12000)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=TABLES_FILE)
    args = parser.parse_args(argv)
    arrays: dict[str, np.ndarray] = {}
    began = time.perf_counter()
    for preset in Preset:
        model = train_preset(preset, args.hands, args.rounds, args.seed, args.workers)
        for name, rm in zip(("front", "middle", "back"), model.rows, strict=True):
            arrays[f"{preset.value}_{name}_keys"] = rm.keys
            arrays[f"{preset.value}_{name}_prob"] = rm.prob
        arrays[f"{preset.value}_mean_bonus"] = np.array(model.mean_bonus)
    meta = {
        "hands": args.hands,
        "rounds": args.rounds,
        "seed": args.seed,
        "workers": args.workers,
        "seconds": round(time.perf_counter() - began, 1),
    }
    arrays["meta"] = np.array(json.dumps(meta))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(args.out)
    print(json.dumps(meta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
