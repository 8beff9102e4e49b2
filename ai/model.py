"""Opponent models: for each row, the distribution of the row an opponent puts there.

A level asks a model, for each of its own candidate rows, how likely it wins or ties, and what the rows
that beat it are worth on average. ``analytic_model`` assumes random rows (what `normal` plays with);
``trained_model`` loads distributions learned by self-play (``ai/train.py``) from ``assets/ai/``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rules.evaluate import CATEGORY_SHIFT, Wheel, tables
from rules.presets import Preset

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "ai"
TABLES_FILE = ASSETS / "row_tables.npz"


@dataclass(frozen=True)
class RowModel:
    """A distribution over base row keys (sorted ``keys`` with probabilities ``prob``)."""

    keys: np.ndarray
    prob: np.ndarray

    @functools.cached_property
    def _cum(self) -> np.ndarray:
        return np.concatenate([[0.0], np.cumsum(self.prob)])

    def locate(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For base keys: the insertion index and whether the key itself is in the model."""
        idx = np.searchsorted(self.keys, keys, side="left")
        clipped = np.minimum(idx, len(self.keys) - 1)
        return idx, self.keys[clipped] == keys

    def win_tie(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """P(opponent's row < key) and P(== key) for each base key."""
        idx, found = self.locate(keys)
        win = self._cum[idx]
        tie = np.where(found, self.prob[np.minimum(idx, len(self.keys) - 1)], 0.0)
        return win, tie

    @functools.cached_property
    def _tails(self) -> dict[tuple[float, ...], np.ndarray]:
        return {}

    def loss_cost(self, keys: np.ndarray, worth_by_category: Sequence[float]) -> np.ndarray:
        """Σ P(opponent row K) × worth(K) over K > key: what rows that beat ``key`` take, on average.

        ``worth_by_category[c]`` is what a winning row of category ``c`` takes. The running sums depend
        only on the model and that table, so they are worked out once, not on every decision.
        """
        table = tuple(float(w) for w in worth_by_category)
        tail = self._tails.get(table)
        if tail is None:
            worth = np.asarray(table)[self.categories]
            tail = np.concatenate([np.cumsum((self.prob * worth)[::-1])[::-1], [0.0]])
            self._tails[table] = tail
        idx, found = self.locate(keys)
        return tail[idx + found]

    @property
    def categories(self) -> np.ndarray:
        return self.keys >> CATEGORY_SHIFT


@dataclass(frozen=True)
class OpponentModel:
    """Three row models (front, middle, back) and the mean 加賭 an opponent wins with (taiwan family)."""

    rows: tuple[RowModel, RowModel, RowModel]
    mean_bonus: float = 0.0
    name: str = "analytic"


def _keyspace(wheel: Wheel) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """Every base key with the number of card combinations that make it, for 3 and 5 cards."""
    t = tables(wheel)
    c3: dict[int, int] = {}
    for asc in itertools.combinations_with_replacement(range(13), 3):
        key = int(t.key3[asc[0] * 169 + asc[1] * 13 + asc[2]])
        c3[key] = c3.get(key, 0) + math.prod(math.comb(4, asc.count(r)) for r in set(asc))
    c5: dict[int, int] = {}
    for asc in itertools.combinations_with_replacement(range(13), 5):
        if asc[0] == asc[4]:
            continue
        i = sum(r * 13 ** (4 - n) for n, r in enumerate(asc)) * 2
        ways = math.prod(math.comb(4, asc.count(r)) for r in set(asc))
        if len(set(asc)) == 5:
            c5[int(t.key5[i])] = c5.get(int(t.key5[i]), 0) + ways - 4
            c5[int(t.key5[i + 1])] = c5.get(int(t.key5[i + 1]), 0) + 4
        else:
            c5[int(t.key5[i])] = c5.get(int(t.key5[i]), 0) + ways

    def arr(d: dict[int, int]) -> tuple[np.ndarray, np.ndarray]:
        keys = np.array(sorted(d), dtype=np.int64)
        counts = np.array([d[k] for k in keys], dtype=np.float64)
        return keys, counts / counts.sum()

    return arr(c3), arr(c5)


@functools.cache
def analytic_model(wheel: Wheel = Wheel.LOW) -> OpponentModel:
    """Opponent rows as uniformly random rows of their size: a rough but untrained model."""
    (k3, p3), (k5, p5) = _keyspace(Wheel(wheel))
    return OpponentModel((RowModel(k3, p3), RowModel(k5, p5), RowModel(k5, p5)), 0.0, "analytic")


def model_from_samples(
    front: Sequence[int], middle: Sequence[int], back: Sequence[int], mean_bonus: float, name: str
) -> OpponentModel:
    """A model from observed base keys of arranged rows (the training script's output)."""
    rows = []
    for sample in (front, middle, back):
        keys, counts = np.unique(np.asarray(sample, dtype=np.int64) & ~3, return_counts=True)
        rows.append(RowModel(keys, counts / counts.sum()))
    return OpponentModel((rows[0], rows[1], rows[2]), mean_bonus, name)


@functools.cache
def trained_model(preset: Preset, wheel: Wheel | None = None) -> OpponentModel:
    """The self-play model shipped for ``preset`` (trained under its default `wheel`; ``wheel`` moves its
    A2345 straights to where that setting ranks them). The analytic model if the file is missing."""
    trained_wheel = preset.default_options.wheel
    wheel = Wheel(wheel) if wheel is not None else trained_wheel
    try:
        with np.load(TABLES_FILE) as data:
            p = preset.value
            if f"{p}_front_keys" not in data:
                return analytic_model(wheel)
            rows = [RowModel(data[f"{p}_{r}_keys"], data[f"{p}_{r}_prob"]) for r in ("front", "middle", "back")]
            mean_bonus = float(data[f"{p}_mean_bonus"])
    except OSError:
        return analytic_model(wheel)
    if wheel is not trained_wheel:
        rows = [rows[0], *(_rewheel(rm, trained_wheel, wheel) for rm in rows[1:])]
    return OpponentModel((rows[0], rows[1], rows[2]), mean_bonus, f"trained:{p}")


def _wheel_key(category: int, wheel: Wheel) -> int:
    """The base key of an A2345 straight (or straight flush) under ``wheel`` (see rules/evaluate.py)."""
    top, flag = (5, 0) if wheel is Wheel.LOW else (13, 1)
    return category << CATEGORY_SHIFT | top << 18 | flag << 14


def _rewheel(rm: RowModel, old: Wheel, new: Wheel) -> RowModel:
    keys = rm.keys.copy()
    for cat in (4, 8):  # straight, straight flush
        keys[keys == _wheel_key(cat, old)] = _wheel_key(cat, new)
    order = np.argsort(keys, kind="stable")
    return RowModel(keys[order], rm.prob[order])
