"""Self-play training of the `hard` opponent model, iterated to a fixed point, per preset.

Round 0 is the analytic model (every opponent row random cards). Each round deals fresh seeded hands,
has `hard` arrange them against the current model (all the hands of a chunk at once, :func:`ai.sampling.
imagine`), and mixes what was played into the model: row distributions, the mean 加賭, and the sample of
whole arrangements that prices sweeps (:mod:`ai.outcomes`). Mixing (``--mix``, half by default) is what
lets the iteration settle; without it, it swings between styles (see ``ai/train_reference.py``).

Convergence is written down per round: how far the tables moved (KS distance per row, and the mean change
of P(win) over the rows played), how far the play itself moved, and how the round's `hard` fares against
the reference strategy on a fixed set of duplicate deals. Every deck is its own seeded shuffle, so the
result depends on ``--seed`` alone, not on ``--workers``.

    python -m ai.train --hands 60000 --rounds 10 --seed 2026
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rules.cards import Card
from rules.deal import Deal, Decision
from rules.evaluate import base_key
from rules.presets import Preset
from rules.scoring import score_deal

from .contract import TableView
from .convergence import mix_rows, rows_change
from .opponents import TABLES_FILE, OpponentModel, RowModel, analytic_model, model_from_samples
from .reference import reference_decision
from .sampling import imagine

JOINT_SIZE = 4096  # whole arrangements kept per preset for the rows' dependence
BATCH = 64  # hands arranged together


@dataclass(frozen=True)
class ArrangedRound:
    """The rows a round's hands were arranged into (declared hands are left out)."""

    rows: np.ndarray  # (n, 3) base keys, in deal order
    bonus: np.ndarray  # (n,) 加賭 each arrangement earns when it wins (taiwan family; else 0)


def _decks(seed: int, preset: Preset, round_no: int, first: int, count: int) -> np.ndarray:
    """Decks ``first`` … of a round: each its own seeded shuffle, so any split of the work deals alike."""
    tag = list(Preset).index(preset)
    return np.array(
        [np.random.default_rng([seed, tag, round_no, d]).permutation(52) for d in range(first, first + count)]
    ).reshape(-1, 52)


def _arrange_chunk(job: tuple[Preset, OpponentModel, int, int, int, int]) -> ArrangedRound:
    """A worker's share: arrange the hands of decks ``first`` … ``first + count - 1``."""
    preset, model, seed, round_no, first, count = job
    view = TableView(preset=preset)
    hands = _decks(seed, preset, round_no, first, count).reshape(-1, 13)
    rows, bonus = [], []
    for lo in range(0, len(hands), BATCH):
        im = imagine(hands[lo : lo + BATCH], view, model=model)
        keep = np.array([d is None for d in im.declared])
        rows.append(base_key(im.rows.keys[keep]))
        bonus.append(im.rows.bonus[keep])
    return ArrangedRound(np.concatenate(rows).reshape(-1, 3), np.concatenate(bonus))


def play_round(
    preset: Preset, model: OpponentModel, seed: int, round_no: int, hands: int, workers: int
) -> ArrangedRound:
    """Deal ``hands`` hands for round ``round_no`` and return how `hard` on ``model`` arranges them."""
    decks = -(-hands // 4)
    chunk = -(-decks // max(1, workers))
    jobs = [(preset, model, seed, round_no, first, min(chunk, decks - first)) for first in range(0, decks, chunk)]
    if len(jobs) == 1:
        parts = [_arrange_chunk(jobs[0])]
    else:
        with multiprocessing.get_context("fork").Pool(len(jobs)) as pool:
            parts = pool.map(_arrange_chunk, jobs)
    return ArrangedRound(np.concatenate([p.rows for p in parts]), np.concatenate([p.bonus for p in parts]))


def _model_of_rows(rows: np.ndarray, mean_bonus: float, name: str) -> OpponentModel:
    """:func:`model_from_samples` of (n, 3) base keys: a column each for the front, the middle and the back."""
    front, middle, back = rows.T
    return model_from_samples(front, middle, back, mean_bonus, name)


def next_model(
    preset: Preset, old: OpponentModel, played: ArrangedRound, mix: float, seed: int, round_no: int, first: bool
) -> OpponentModel:
    """``old`` with ``mix`` of the round's play mixed in (the first round replaces the random start)."""
    mean_bonus = float(played.bonus.mean()) if len(played.bonus) else 0.0
    new = _model_of_rows(played.rows, mean_bonus, f"trained:{preset.value}")
    fresh = played.rows[:JOINT_SIZE]
    if first or old.joint is None:
        return OpponentModel(new.rows, new.mean_bonus, new.name, fresh.astype(np.int64))
    rows = mix_rows(old.rows, new.rows, mix)
    take = min(len(fresh), round(mix * JOINT_SIZE))
    rng = np.random.default_rng([seed, round_no, 99])
    kept = old.joint[rng.choice(len(old.joint), min(len(old.joint), JOINT_SIZE - take), replace=False)]
    joint = np.concatenate([fresh[:take], kept]).astype(np.int64)
    bonus = (1 - mix) * old.mean_bonus + mix * new.mean_bonus
    return OpponentModel((rows[0], rows[1], rows[2]), bonus, new.name, joint)


def strength(preset: Preset, model: OpponentModel, seed: int, deals: int) -> dict[str, float]:
    """Units a deal of `hard` (on ``model``, batched as `expert` imagines it) against the reference strategy,
    heads-up duplicate (seats alternate, four rotations, no 賭倍 or treasure), on fixed deals."""
    view = TableView(preset=preset)
    options = preset.default_options
    decks = np.array([np.random.default_rng([seed, 7, d]).permutation(52) for d in range(deals)])
    hands = decks.reshape(-1, 13)
    ours: list[Decision] = []
    for lo in range(0, len(hands), BATCH):
        im = imagine(hands[lo : lo + BATCH], view, model=model)
        ours += [d if d is not None else Decision.arranged(im.arrangement(i)) for i, d in enumerate(im.declared)]
    theirs = [reference_decision([Card(int(c)) for c in h], options) for h in hands]
    per_deal = []
    for d in range(deals):
        total = 0.0
        for r in range(4):
            seat_hand = [(s + r) % 4 for s in range(4)]
            decisions = tuple((ours if s % 2 == 0 else theirs)[4 * d + h] for s, h in enumerate(seat_hand))
            result = score_deal(Deal(preset, options, decisions))
            total += (result.totals[0] + result.totals[2]) / 2
        per_deal.append(total / 4)
    ci = 1.96 * statistics.stdev(per_deal) / math.sqrt(deals) if deals > 1 else 0.0
    return {"vs_reference": round(statistics.fmean(per_deal), 4), "ci95": round(ci, 4)}


def fixed_point(
    preset: Preset,
    hands: int,
    rounds: int,
    seed: int,
    workers: int = 1,
    mix: float = 0.5,
    eval_deals: int = 0,
    log: bool = False,
) -> tuple[OpponentModel, list[dict[str, object]]]:
    """Iterate self-play for one preset; returns the last model and the per-round convergence record."""
    model = analytic_model(preset.default_options.wheel)
    last: tuple[RowModel, ...] | None = None
    history: list[dict[str, object]] = []
    for r in range(1, rounds + 1):
        began = time.perf_counter()
        played = play_round(preset, model, seed, r, hands, workers)
        new = next_model(preset, model, played, mix, seed, r, first=r == 1)
        cols = list(played.rows.T)
        step: dict[str, object] = {"round": r, "hands": len(played.rows)}
        step["tables"] = rows_change(model.rows, new.rows, cols)
        now = _model_of_rows(played.rows, 0.0, "").rows
        if last is not None:
            step["play"] = rows_change(last, now, cols)  # how much the policy's own play moved
        if eval_deals:
            step["strength"] = strength(preset, new, seed, eval_deals)
        step["seconds"] = round(time.perf_counter() - began, 1)
        history.append(step)
        if log:
            print(json.dumps({"preset": preset.value, **step}), file=sys.stderr, flush=True)
        model, last = new, now
    return model, history


def _parser() -> argparse.ArgumentParser:
    """The training's command line."""
    parser = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60_000, help="hands arranged per round (default 60000)")
    parser.add_argument("--rounds", type=int, default=10, help="self-play rounds (default 10)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--mix", type=float, default=0.5, help="weight of a round's play in the model (default 0.5)")
    parser.add_argument("--eval-deals", type=int, default=400, help="duplicate deals against the reference per round")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--preset",
        choices=[p.value for p in Preset if p.arranged],
        action="append",
        help="only these presets; the others' tables in --out are kept",
    )
    parser.add_argument("--out", type=Path, default=TABLES_FILE)
    return parser


def _kept(out: Path, presets: list[Preset]) -> tuple[dict[str, np.ndarray], dict[str, object], dict[str, object]]:
    """The other presets' tables in ``out``, their convergence records and the settings of the runs that made them
    (retraining some presets keeps the others as they were)."""
    with np.load(out) as old:
        keep = [k for k in old.files if k != "meta" and not any(k.startswith(f"{p.value}_") for p in presets)]
        arrays = {k: old[k] for k in keep}
        old_meta = json.loads(str(old["meta"])) if "meta" in old.files else {}
    histories = {k: v for k, v in old_meta.get("history", {}).items() if k not in {p.value for p in presets}}
    runs = {k: v for k, v in old_meta.get("runs", {}).items() if k not in {p.value for p in presets}}
    if not runs:
        # Files written before per-preset runs were recorded: the top-level settings made the kept presets.
        settings = {k: v for k, v in old_meta.items() if k not in ("history", "runs")}
        runs = {k: settings for k in histories}
    return arrays, histories, runs


def _model_arrays(preset: Preset, model: OpponentModel) -> dict[str, np.ndarray]:
    """A preset's trained model as the tables file holds it: each row's keys and probabilities, the mean bonus and
    the joint arrangements."""
    arrays: dict[str, np.ndarray] = {}
    for name, rm in zip(("front", "middle", "back"), model.rows, strict=True):
        arrays[f"{preset.value}_{name}_keys"] = rm.keys
        arrays[f"{preset.value}_{name}_prob"] = rm.prob
    arrays[f"{preset.value}_mean_bonus"] = np.array(model.mean_bonus)
    assert model.joint is not None
    arrays[f"{preset.value}_joint"] = model.joint.astype(np.int32)  # base keys are below 2**26
    return arrays


def main(argv: list[str] | None = None) -> int:
    """Train every preset's model and write them, with the convergence record, to one .npz."""
    args = _parser().parse_args(argv)
    presets = [Preset(p) for p in args.preset] if args.preset else [p for p in Preset if p.arranged]
    arrays: dict[str, np.ndarray] = {}
    began = time.perf_counter()
    histories: dict[str, object] = {}
    runs: dict[str, object] = {}
    if args.preset and args.out.exists():
        arrays, histories, runs = _kept(args.out, presets)
    for preset in presets:
        model, history = fixed_point(
            preset, args.hands, args.rounds, args.seed, args.workers, args.mix, args.eval_deals, log=True
        )
        arrays |= _model_arrays(preset, model)
        histories[preset.value] = history
    meta = {
        "hands": args.hands,
        "rounds": args.rounds,
        "seed": args.seed,
        "mix": args.mix,
        "eval_deals": args.eval_deals,
        "workers": args.workers,
        "seconds": round(time.perf_counter() - began, 1),
    }
    runs.update({p.value: meta for p in presets})
    arrays["meta"] = np.array(json.dumps({**meta, "history": histories, "runs": runs}))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, allow_pickle=False, **arrays)
    tmp.replace(args.out)
    print(json.dumps(meta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
