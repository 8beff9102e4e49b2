"""Damped self-play, shared by both trainers: mixing row distributions and measuring how far they moved.

A plain best-response iteration (each round's tables = the rows just played) swings between styles
instead of settling; mixing each round's rows into the previous tables lets it settle, and the distances
here say when it has.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .opponents import RowModel


def mix_rows(old: Sequence[RowModel], new: Sequence[RowModel], weight: float) -> tuple[RowModel, ...]:
    """Per row, the mixture ``(1 - weight) × old + weight × new`` of two distributions (on their union of keys)."""
    rows = []
    for a, b in zip(old, new, strict=True):
        keys = np.union1d(a.keys, b.keys)
        prob = np.zeros(len(keys))
        prob[np.searchsorted(keys, a.keys)] += (1.0 - weight) * a.prob
        prob[np.searchsorted(keys, b.keys)] += weight * b.prob
        rows.append(RowModel(keys, prob))
    return tuple(rows)


def rows_change(
    old: Sequence[RowModel], new: Sequence[RowModel], played: Sequence[np.ndarray]
) -> dict[str, list[float]]:
    """How far ``new`` moved from ``old``, per row: the KS distance of the distributions, and the mean
    |Δ P(win or half a tie)| over the rows in ``played`` (the rows that matter, weighted as played)."""
    ks, mean_abs = [], []
    for a, b, rows in zip(old, new, played, strict=True):
        grid = np.union1d(a.keys, b.keys)
        ks.append(float(np.abs(a.win_tie(grid)[0] - b.win_tie(grid)[0]).max()))
        wa, ta = a.win_tie(rows)
        wb, tb = b.win_tie(rows)
        mean_abs.append(float(np.abs((wa + ta / 2) - (wb + tb / 2)).mean()))
    return {"ks": [round(x, 5) for x in ks], "mean_abs_dwin": [round(x, 5) for x in mean_abs]}
