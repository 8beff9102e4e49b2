"""Self-play training of the reference strategy's row tables (``ai/reference.py``), reproducible from a seed.

Round 0 is a simple policy: every row a random set of cards (three random rows per dealt hand). Each
later round deals fresh hands, arranges them with the policy playing against the previous round's
tables, and records every row played: the empirical distribution of those rows per position is the next
round's P(win | my row). Convergence is measured between rounds as the largest gap between the two
rounds' distribution functions per row (the Kolmogorov-Smirnov distance) and as the mean change of
P(win or half a tie) over the rows actually played. Plain rules: A2345 is the lowest straight, no suits.

    python -m ai.train_reference --hands 50000 --rounds 8 --seed 2018
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from rules.evaluate import base_key, batch_keys
from rules.presets import Options

from .convergence import mix_rows, rows_change
from .reference import REFERENCE_FILE, TRAINED_WHEEL, ReferenceTables, reference_split, save_tables, tables_from_rows
from .splits import SPLIT_BACK, SPLIT_FRONT, SPLIT_MIDDLE

PLAIN = Options(wheel=TRAINED_WHEEL)


def _decks(seed: int, round_no: int, first: int, count: int) -> np.ndarray:
    """Decks ``first`` … ``first + count - 1`` of a round: each its own seeded shuffle, so any split of
    the work into chunks deals the same cards."""
    return np.array([np.random.default_rng([seed, round_no, d]).permutation(52) for d in range(first, first + count)])


def random_rows(seed: int, hands: int) -> list[np.ndarray]:
    """Round 0: the rows of ``hands`` hands laid out at random (front 3, middle 5, back 5 random cards)."""
    decks = _decks(seed, 0, 0, -(-hands // 4)).reshape(-1, 13)[:hands]
    return [base_key(batch_keys(decks[:, a:b], PLAIN.wheel)) for a, b in ((0, 3), (3, 8), (8, 13))]


def _arrange_chunk(job: tuple[ReferenceTables, int, int, int, int]) -> list[np.ndarray]:
    """The base keys of the rows the policy plays for the hands of decks ``first`` … (a worker's share)."""
    tables, seed, round_no, first, count = job
    rows: list[list[int]] = [[], [], []]
    for hand in _decks(seed, round_no, first, count).reshape(-1, 13):
        hs, split, _ = reference_split(hand, PLAIN, tables)
        rows[0].append(int(hs.keys3[SPLIT_FRONT[split]]))
        rows[1].append(int(hs.keys5[SPLIT_MIDDLE[split]]))
        rows[2].append(int(hs.keys5[SPLIT_BACK[split]]))
    return [base_key(np.asarray(r, dtype=np.int64)) for r in rows]


def played_rows(tables: ReferenceTables, seed: int, round_no: int, hands: int, workers: int) -> list[np.ndarray]:
    """Deal ``hands`` hands for round ``round_no`` and return the rows the policy on ``tables`` plays."""
    decks = -(-hands // 4)
    chunk = -(-decks // max(1, workers))
    jobs = [(tables, seed, round_no, first, min(chunk, decks - first)) for first in range(0, decks, chunk)]
    if len(jobs) == 1:
        parts = [_arrange_chunk(jobs[0])]
    else:
        with multiprocessing.get_context("fork").Pool(len(jobs)) as pool:
            parts = pool.map(_arrange_chunk, jobs)
    return [np.concatenate([p[r] for p in parts])[:hands] for r in range(3)]


def mix_tables(old: ReferenceTables, new: ReferenceTables, weight: float) -> ReferenceTables:
    """Per row, the mixture ``(1 - weight) × old + weight × new`` of two distributions (on their union of keys)."""
    rows = mix_rows(old.rows, new.rows, weight)
    return ReferenceTables((rows[0], rows[1], rows[2]), new.wheel)


def table_change(old: ReferenceTables, new: ReferenceTables, played: list[np.ndarray]) -> dict[str, list[float]]:
    """How far ``new`` moved from ``old`` (:func:`ai.convergence.rows_change`)."""
    return rows_change(old.rows, new.rows, played)


def train(hands: int, rounds: int, seed: int, workers: int = 1, mix: float = 0.5, log: bool = False) -> ReferenceTables:
    """Round 0 from random rows, then ``rounds`` rounds of ``hands`` self-play hands; returns the last
    tables, with per-round convergence and timing in ``meta``.

    Each round's tables are ``mix`` × the rows just played + (1 - ``mix``) × the previous tables: a
    plain best-response iteration (``mix`` 1) swings between two styles (a strong front, then a strong
    middle) instead of settling, and the damping lets it settle.
    """
    began = time.perf_counter()
    tables = tables_from_rows(random_rows(seed, hands))
    last_played: ReferenceTables | None = None
    history: list[dict[str, object]] = []
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        rows = played_rows(tables, seed, r, hands, workers)
        played = tables_from_rows(rows)
        new = played if r == 1 else mix_tables(tables, played, mix)  # round 0's random rows are dropped
        step: dict[str, object] = {"round": r, "tables": table_change(tables, new, rows)}
        if last_played is not None:
            step["play"] = table_change(last_played, played, rows)  # how much the policy's own play moved
        step["seconds"] = round(time.perf_counter() - t0, 1)
        history.append(step)
        if log:
            print(json.dumps(step), file=sys.stderr, flush=True)
        tables, last_played = new, played
    meta = {
        "hands": hands,
        "rounds": rounds,
        "seed": seed,
        "mix": mix,
        "workers": workers,
        "seconds": round(time.perf_counter() - began, 1),
        "history": history,
    }
    return ReferenceTables(tables.rows, tables.wheel, meta)


def main(argv: list[str] | None = None) -> int:
    """Train the reference tables and write them (the meta line is printed as JSON)."""
    parser = argparse.ArgumentParser(prog="python -m ai.train_reference", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000, help="hands arranged per round (default 50000)")
    parser.add_argument("--rounds", type=int, default=8, help="self-play rounds after the random start (default 8)")
    parser.add_argument("--seed", type=int, default=2018)
    parser.add_argument("--mix", type=float, default=0.5, help="weight of a round's rows in the tables (default 0.5)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=REFERENCE_FILE)
    args = parser.parse_args(argv)
    tables = train(args.hands, args.rounds, args.seed, args.workers, args.mix, log=True)
    save_tables(tables, args.out)
    print(json.dumps(tables.meta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
