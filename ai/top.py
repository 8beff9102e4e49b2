"""The k best of an array's values, equal values going to the lower position: the same positions on every machine.

numpy's ``argpartition`` (and a sort that is not stable) leaves the order of equal values to its algorithm, and
numpy picks that algorithm by the processor (its vectorised sorts for AVX2 or AVX-512). Splits that differ only by
which suit sits where are priced exactly alike, so a cut through them chose other cards on another machine: the
computer's play and the coach's best changed with the processor, and a snapshot taken on one failed on the next.
Values are also compared :func:`comparable`: plays priced alike by arithmetic done in another order (another
processor's vector width) may differ in a float's last bits, and those bits must not decide between them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Positions = npt.NDArray[np.intp]

DECIMALS = 9  # far below a unit's smallest real difference, far above a float's rounding


def comparable(values: np.ndarray) -> np.ndarray:
    """``values`` as rankings compare them: rounded to :data:`DECIMALS` places."""
    return np.round(values, DECIMALS)


def top_positions(values: np.ndarray, k: int) -> Positions:
    """Ascending positions of the ``k`` largest of 1-D ``values``; of values equal to the k-th, the lowest
    positions (:func:`comparable`). All of them when ``k`` is at least their number."""
    values = comparable(values)
    n = len(values)
    if k >= n:
        return np.arange(n)
    if k <= 0:
        return np.zeros(0, dtype=np.intp)
    kth = np.partition(values, n - k)[n - k]  # a value: the same whichever algorithm found it
    above = np.flatnonzero(values > kth)
    equal = np.flatnonzero(values == kth)[: k - len(above)]
    return np.sort(np.concatenate([above, equal]))


def top_columns(values: np.ndarray, k: int) -> Positions:
    """(rows, k) ascending columns of each row's ``k`` largest of 2-D ``values``, of values equal to the row's
    k-th the lowest columns (:func:`comparable`; -inf counts as a value: a row with fewer finite entries takes its
    first -inf ones)."""
    values = comparable(values)
    rows, n = values.shape
    if k >= n:
        return np.broadcast_to(np.arange(n), (rows, n)).copy()
    kth = np.partition(values, n - k, axis=1)[:, n - k, None]
    above = values > kth
    equal = values == kth
    room = k - above.sum(axis=1, keepdims=True)
    chosen = above | (equal & (np.cumsum(equal, axis=1) <= room))
    # Exactly k a row, so the row-major nonzero columns fold back into (rows, k), each row ascending.
    return np.nonzero(chosen)[1].reshape(rows, k)
