"""Opponent row models: for each row, the distribution of the row an opponent puts there.

A level asks a model, for each of its own candidate rows, how likely it wins or ties, and what the rows
that beat it are worth on average. ``analytic_model`` assumes random rows (where the training starts, and the
fallback without tables); ``trained_model`` loads distributions learned by self-play (``ai/train.py``) from
``assets/ai/``; :func:`model_for` says which one a level plays against.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.evaluate import Category, Wheel, base_key, batch_keys, key_categories, top_card_key, wheel_key
from rules.presets import Preset

from .contract import Level, TableView
from .outcomes import JointSample

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

    def locate(self, keys: np.ndarray) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
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
    def _tails(self) -> dict[tuple[float, ...], npt.NDArray[np.float64]]:
        return {}

    @functools.cached_property
    def top_cards(self) -> RowModel:
        """The same distribution known by category and leading card only (the banker-friendly tie rule)."""
        keys, inverse = np.unique(top_card_key(self.keys), return_inverse=True)
        return RowModel(keys, np.bincount(inverse, weights=self.prob, minlength=len(keys)))

    def loss_cost(
        self, keys: np.ndarray, worth_by_category: Iterable[float], ties_lose: bool = False
    ) -> npt.NDArray[np.float64]:
        """Σ P(opponent row K) × worth(K) over K > key: what rows that beat ``key`` take, on average
        (over K ≥ key with ``ties_lose``: a player's ties go to the banker).

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
        return tail[idx] if ties_lose else tail[idx + found]

    @property
    def categories(self) -> np.ndarray:
        """The category of each key of the distribution."""
        return key_categories(self.keys)


@dataclass(frozen=True)
class OpponentModel:
    """Three row models (front, middle, back) and the mean 加賭 an opponent wins with (taiwan family).

    ``joint`` holds whole arrangements seen in training, (N, 3) base keys of front, middle and back, for
    what the separate row models cannot say: how an opponent's three rows go together
    (:mod:`ai.outcomes`). None for the analytic model, whose random rows are unrelated by construction.
    """

    rows: tuple[RowModel, RowModel, RowModel]
    mean_bonus: float = 0.0
    name: str = "analytic"
    joint: np.ndarray | None = field(default=None, compare=False, repr=False)

    @functools.cached_property
    def joint_sample(self) -> JointSample | None:
        """``joint`` laid out for fast outcome counts (built once per model)."""
        return JointSample.of(self.joint) if self.joint is not None and len(self.joint) else None


def _keyspace(wheel: Wheel) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """Every base key with the share of card combinations that make it, for 3 and 5 cards."""

    def count(size: int) -> tuple[np.ndarray, np.ndarray]:
        # One row of cards per rank pattern (the k-th card of a rank gets suit k), with the number of ways
        # to deal that pattern; a pattern of distinct ranks also stands for its 4 flushes.
        rows, ways = [], []
        for asc in itertools.combinations_with_replacement(range(13), size):
            if asc.count(asc[0]) == 5:
                continue  # five of a rank cannot be dealt
            cards = [r * 4 + asc[:i].count(r) for i, r in enumerate(asc)]
            n = math.prod(math.comb(4, asc.count(r)) for r in set(asc))
            if size == 5 and len(set(asc)) == 5:
                rows += [[*cards[:4], cards[4] + 1], cards]  # suits 0 0 0 0 1, then a flush
                ways += [n - 4, 4]
            else:
                rows.append(cards)
                ways.append(n)
        c: dict[int, int] = {}
        for key, n in zip(batch_keys(rows, wheel).tolist(), ways, strict=True):
            c[key] = c.get(key, 0) + n
        keys = np.array(sorted(c), dtype=np.int64)
        counts = np.array([c[k] for k in keys], dtype=np.float64)
        return keys, counts / counts.sum()

    return count(3), count(5)


@functools.cache
def analytic_model(wheel: Wheel = Wheel.LOW) -> OpponentModel:
    """Opponent rows as uniformly random rows of their size: a rough but untrained model."""
    (k3, p3), (k5, p5) = _keyspace(Wheel(wheel))
    return OpponentModel((RowModel(k3, p3), RowModel(k5, p5), RowModel(k5, p5)), 0.0, "analytic")


def model_from_samples(
    front: npt.ArrayLike, middle: npt.ArrayLike, back: npt.ArrayLike, mean_bonus: float, name: str
) -> OpponentModel:
    """A model from observed base keys of arranged rows (the training script's output)."""
    rows = []
    for sample in (front, middle, back):
        keys, counts = np.unique(base_key(np.asarray(sample, dtype=np.int64)), return_counts=True)
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
            joint = data[f"{p}_joint"].astype(np.int64) if f"{p}_joint" in data else None
    except OSError:
        return analytic_model(wheel)
    if wheel is not trained_wheel:
        rows = [rows[0], *(_rewheel(rm, trained_wheel, wheel) for rm in rows[1:])]
        if joint is not None:
            joint = np.column_stack([joint[:, 0], *(_rewheel_keys(joint[:, r], trained_wheel, wheel) for r in (1, 2))])
    return OpponentModel((rows[0], rows[1], rows[2]), mean_bonus, f"trained:{p}", joint)


def _rewheel_keys(keys: np.ndarray, old: Wheel, new: Wheel) -> np.ndarray:
    """Five-card base keys with A2345 straights moved from where ``old`` ranks them to ``new``."""
    keys = keys.copy()
    for cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        keys[keys == wheel_key(cat, old)] = wheel_key(cat, new)
    return keys


def _rewheel(rm: RowModel, old: Wheel, new: Wheel) -> RowModel:
    keys = _rewheel_keys(rm.keys, old, new)
    order = np.argsort(keys, kind="stable")
    return RowModel(keys[order], rm.prob[order])


def model_for(level: Level, view: TableView) -> OpponentModel:
    """The model ``level`` plays against: the self-play tables of the view's preset, at every level. Until
    issue 39 `easy` and `normal` played against random rows, which made them misjudge whole hands (a full house
    broken for a strong front); now the levels differ in how they choose (:data:`ai.levels.CHARACTERS`), not in
    what they believe."""
    del level  # every level reads the same tables
    return trained_model(view.preset, view.rules_options.wheel)
