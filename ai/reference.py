"""A published-style reference strategy to measure our levels against: independent per-row win tables.

After the public outline of Paul Hankin's 2018 "near-optimal closed-hand Chinese poker": for each row
position (front, middle, back) a table says how likely a row of a given strength beats an opponent's row
there, learned by self-play (``ai/train_reference.py``). A hand is played by the legal split that
maximises the closed-form expected score of plain 4-2 scoring against one opponent, from the three rows'
win/tie/loss chances taken as independent: a point a row, and one more point for winning more rows than
losing. It knows nothing of any preset's bonuses (打槍, 紅不讓, 加賭, 寶牌, specials) and never declares;
it only obeys the preset's row order (`wheel`) and the foul rule, so it never fouls.

The code is our own, written from the article's description; no part of its program is copied.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.cards import Card
from rules.deal import Decision
from rules.evaluate import Category, Wheel, base_key, wheel_key
from rules.presets import Options

from .bots import Played
from .contract import TableView
from .opponents import ASSETS, RowModel
from .splits import SPLIT_BACK, SPLIT_FRONT, SPLIT_MIDDLE, HandSplits, legal_splits

REFERENCE_FILE = ASSETS / "reference_tables.npz"
ROWS = ("front", "middle", "back")
TRAINED_WHEEL = Wheel.LOW  # the tables are learned with A2345 as the lowest straight


@dataclass(frozen=True)
class ReferenceTables:
    """The opponents' row distributions per position, as the policy reads them, and how they were made."""

    rows: tuple[RowModel, RowModel, RowModel]
    wheel: Wheel = TRAINED_WHEEL
    meta: dict[str, object] = field(default_factory=dict, compare=False)


def tables_from_counts(
    keys: Sequence[np.ndarray],
    counts: Sequence[np.ndarray],
    wheel: Wheel = TRAINED_WHEEL,
    meta: dict[str, object] | None = None,
) -> ReferenceTables:
    """Tables from observed base keys and how often each was seen, per row (front, middle, back)."""
    models = []
    for k, c in zip(keys, counts, strict=True):
        k = np.asarray(k, dtype=np.int64)
        c = np.asarray(c, dtype=np.float64)
        order = np.argsort(k, kind="stable")
        models.append(RowModel(k[order], c[order] / c.sum()))
    return ReferenceTables((models[0], models[1], models[2]), Wheel(wheel), dict(meta or {}))


def tables_from_rows(rows: Sequence[np.ndarray], wheel: Wheel = TRAINED_WHEEL) -> ReferenceTables:
    """Tables from the rows actually played: one array of keys per position (suit bits are dropped)."""
    uniq = [np.unique(base_key(np.asarray(r, dtype=np.int64)), return_counts=True) for r in rows]
    return tables_from_counts([u[0] for u in uniq], [u[1] for u in uniq], wheel)


def rewheel(tables: ReferenceTables, wheel: Wheel) -> ReferenceTables:
    """The same tables with A2345 straights moved to where ``wheel`` ranks them (5-card rows only)."""
    wheel = Wheel(wheel)
    if wheel is tables.wheel:
        return tables
    moved = [tables.rows[0]]
    for rm in tables.rows[1:]:
        keys = rm.keys.copy()
        for cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            keys[keys == wheel_key(cat, tables.wheel)] = wheel_key(cat, wheel)
        order = np.argsort(keys, kind="stable")
        moved.append(RowModel(keys[order], rm.prob[order]))
    return ReferenceTables((moved[0], moved[1], moved[2]), wheel, tables.meta)


def save_tables(tables: ReferenceTables, path: Path) -> None:
    """Write ``tables`` (keys and probabilities per row, and the meta as JSON) to a compressed .npz."""
    arrays: dict[str, np.ndarray] = {}
    for name, rm in zip(ROWS, tables.rows, strict=True):
        arrays[f"{name}_keys"] = rm.keys.astype(np.int32)  # keys are below 2**26
        arrays[f"{name}_prob"] = rm.prob
    arrays["meta"] = np.array(json.dumps({**tables.meta, "wheel": tables.wheel.value}))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, allow_pickle=False, **arrays)
    tmp.replace(path)


def read_tables(path: Path) -> ReferenceTables:
    """Tables written by :func:`save_tables`."""
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        keys = [data[f"{r}_keys"].astype(np.int64) for r in ROWS]
        probs = [data[f"{r}_prob"] for r in ROWS]
    rows = [RowModel(k, p) for k, p in zip(keys, probs, strict=True)]
    return ReferenceTables((rows[0], rows[1], rows[2]), Wheel(meta.get("wheel", TRAINED_WHEEL)), meta)


@functools.cache
def shipped_tables(wheel: Wheel = TRAINED_WHEEL) -> ReferenceTables:
    """The shipped reference tables, with the wheel placed as ``wheel`` ranks it (loaded once)."""
    return rewheel(read_tables(REFERENCE_FILE), Wheel(wheel))


def split_scores(hs: HandSplits, tables: ReferenceTables) -> npt.NDArray[np.float64]:
    """Expected 4-2 score against one opponent of each legal split of ``hs`` (aligned with ``hs.legal``).

    Each row's win, tie and loss chance is looked up once per subset (286 fronts, 1,287 fives), then
    gathered per split; the majority point comes from the three rows taken as independent.
    """
    front, middle, back = tables.rows
    k3, k5 = base_key(hs.keys3), base_key(hs.keys5)
    s = hs.legal
    per_row = []
    for model, keys, idx in ((front, k3, SPLIT_FRONT), (middle, k5, SPLIT_MIDDLE), (back, k5, SPLIT_BACK)):
        win, tie = model.win_tie(keys)
        sub = idx[s]
        w, t = win[sub], tie[sub]
        per_row.append((w, t, 1.0 - w - t))
    (w1, t1, l1), (w2, t2, l2), (w3, _, l3) = per_row
    # Net rows won over the first two rows: -2 … +2.
    up2, up1 = w1 * w2, w1 * t2 + t1 * w2
    even = t1 * t2 + w1 * l2 + l1 * w2
    down1, down2 = l1 * t2 + t1 * l2, l1 * l2
    more_won = up2 + up1 * (1.0 - l3) + even * w3
    more_lost = down2 + down1 * (1.0 - w3) + even * l3
    score: npt.NDArray[np.float64] = (w1 - l1) + (w2 - l2) + (w3 - l3) + more_won - more_lost
    return score


def reference_split(
    hand: Sequence[int] | npt.NDArray[np.int64], options: Options, tables: ReferenceTables | None = None
) -> tuple[HandSplits, int, float]:
    """The hand's splits, the chosen split (an index into the split tables) and its expected 4-2 score."""
    t = tables if tables is not None else shipped_tables(options.wheel)
    if t.wheel is not options.wheel:
        t = rewheel(t, options.wheel)
    hs = legal_splits(hand, options)
    scores = split_scores(hs, t)
    pos = int(np.argmax(scores))  # the first of equal scores: deterministic
    return hs, int(hs.legal[pos]), float(scores[pos])


def reference_decision(hand: Sequence[int], options: Options, tables: ReferenceTables | None = None) -> Decision:
    """How the reference strategy arranges ``hand`` under ``options`` (always a legal arrangement)."""
    hs, split, _ = reference_split(hand, options, tables)
    return Decision.arranged(hs.arrangement(split))


class ReferencePlayer:
    """The reference strategy as an arena player (see :class:`ai.bots.Player`): no seed, no table reading."""

    def __init__(self, tables: ReferenceTables | None = None, name: str = "reference") -> None:
        self.name = name
        self.tables = tables

    def decide(self, hand: Sequence[Card], view: TableView, seed: int) -> Played:
        """Arrange ``hand`` for the view's row rules; the seed is ignored (the strategy is deterministic)."""
        began = time.perf_counter()
        decision = reference_decision(hand, view.rules_options, self.tables)
        return Played(decision, None, time.perf_counter() - began)

    def close(self) -> None:
        """Nothing to release."""


def make_reference_player(tables: ReferenceTables | None = None) -> ReferencePlayer:
    """The arena's ``reference`` player, on the shipped tables unless ``tables`` are given."""
    return ReferencePlayer(tables)
