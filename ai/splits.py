"""The 72,072 ordered (front 3, middle 5, back 5) splits of a 13-card hand, as index tables.

A split is three indices: into ``SUBSETS3`` (286 three-card subsets) for the front and into ``SUBSETS5``
(1,287 five-card subsets) for the middle and the back; subsets are positions in the hand sorted
ascending. Per decision each subset is evaluated once and every split is judged by numpy gathers.

The tables (2.9 MB) ship as ``assets/ai/splits.npy`` (:func:`write_shared`), memory-mapped read-only so that
every process on a host shares one copy (issue 44); they are built here when the file is missing or wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.arrangement import Arrangement
from rules.cards import JOKER_ID, Card, CardError
from rules.evaluate import SUBSETS3, SUBSETS5, base_key, hand_joker_keys, hand_subset_keys, resolved
from rules.presets import Options

from .contract import Fixed

N_SPLITS = 72_072
PER_FRONT = 252  # (middle, back) choices from the 10 cards a front leaves
SHARED_PATH = Path(__file__).resolve().parent.parent / "assets" / "ai" / "splits.npy"


def _bitmasks(subsets: np.ndarray) -> npt.NDArray[np.int64]:
    masks: npt.NDArray[np.int64] = (1 << subsets).sum(axis=1).astype(np.int64)
    return masks


def _build() -> tuple[np.ndarray, ...]:
    mask3, mask5 = _bitmasks(SUBSETS3), _bitmasks(SUBSETS5)
    index5 = np.full(1 << 13, -1, dtype=np.int64)
    index5[mask5] = np.arange(len(mask5))
    # All (front, middle) pairs whose cards are disjoint; the back is what is left.
    f, m = np.nonzero((mask3[:, None] & mask5[None, :]) == 0)
    b = index5[((1 << 13) - 1) ^ mask3[f] ^ mask5[m]]
    assert len(f) == N_SPLITS and (b >= 0).all()
    # np.nonzero walks rows in order, so the table is front-major: 286 fronts × 252 (middle, back).
    assert (np.diff(f) >= 0).all() and (np.bincount(f) == PER_FRONT).all()
    # intp indices: numpy gathers fastest with them (no conversion on every call).
    out = (f.astype(np.intp), m.astype(np.intp), b.astype(np.intp), mask3[f], mask5[m])
    for arr in out:
        arr.setflags(write=False)
    return out


def write_shared(path: Path = SHARED_PATH) -> None:
    """Write the tables as one (5, 72,072) int64 array for :func:`_load` to map."""
    np.save(path, np.stack([a.astype(np.int64) for a in _build()]), allow_pickle=False)


def _load(path: Path = SHARED_PATH) -> tuple[np.ndarray, ...]:
    """The shipped tables mapped read-only (rows of one mapping, as intp), or built when the file is missing or
    not the tables' shape."""
    try:
        mapped = np.load(path, mmap_mode="r")
    except (OSError, ValueError):
        return _build()
    if mapped.shape != (5, N_SPLITS) or mapped.dtype != np.int64 or np.dtype(np.intp) != np.int64:
        return _build()
    # A plain ndarray over the mapping (np.memmap's subclass would follow into every gather).
    rows = mapped.view(np.ndarray)
    return tuple(rows[i] for i in range(5))


SPLIT_FRONT, SPLIT_MIDDLE, SPLIT_BACK, FRONT_MASK, MIDDLE_MASK = _load()


@dataclass(frozen=True)
class HandSplits:
    """One hand's subsets evaluated, and the legal splits among all 72,072 (or those that keep ``fixed``)."""

    hand: np.ndarray  # (13,) card ids ascending
    keys3: np.ndarray  # (286,) strength keys
    keys5: np.ndarray  # (1287,)
    legal: np.ndarray  # indices into the split tables, ascending
    subs3: np.ndarray | None = None  # a joker hand: the card the joker stands for in each subset (-1: none)
    subs5: np.ndarray | None = None

    def subset_cards(self) -> tuple[np.ndarray, np.ndarray]:
        """(286, 3) and (1287, 5) cards of the subsets as played: a joker as the card it stands for (§20.5)."""
        c3, c5 = self.hand[SUBSETS3], self.hand[SUBSETS5]
        if self.subs3 is None or self.subs5 is None:
            return c3, c5
        return resolved(c3, self.subs3), resolved(c5, self.subs5)

    def arrangement(self, split: int) -> Arrangement:
        """The arrangement of split number ``split``."""
        h = self.hand
        return Arrangement.of(
            [int(c) for c in h[SUBSETS3[SPLIT_FRONT[split]]]],
            [int(c) for c in h[SUBSETS5[SPLIT_MIDDLE[split]]]],
            [int(c) for c in h[SUBSETS5[SPLIT_BACK[split]]]],
        )


def _fixed_mask(hand: np.ndarray, cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        pos = np.searchsorted(hand, c)
        if pos >= len(hand) or hand[pos] != c:
            raise CardError(f"{Card(c)} is not in the hand")
        mask |= 1 << int(pos)
    return mask


def legal_splits(
    hand: Sequence[int] | npt.NDArray[np.int64], options: Options, fixed: Fixed | None = None
) -> HandSplits:
    """Evaluate a hand once and find its legal splits (front ≤ middle ≤ back), keeping ``fixed`` cards."""
    h = np.sort(np.asarray(hand, dtype=np.int64))
    if h.shape != (13,) or len(np.unique(h)) != 13:
        raise CardError("a hand has 13 distinct cards")
    s3 = s5 = None
    if h[-1] == JOKER_ID:  # the joker's subsets searched over its substitutes (rules/joker.py)
        k3, k5, s3, s5 = hand_joker_keys(h, SUBSETS3, SUBSETS5, options.wheel, options.suit_tiebreak)
    else:
        k3, k5 = hand_subset_keys(h, options.wheel, options.suit_tiebreak)
    # Suits never decide a foul (§13.4): compare with the tie-break bits cleared.
    b3, b5 = base_key(k3), base_key(k5)
    # mode="wrap": the indices are the tables' own, always in range, and numpy's bounds-checked take (the
    # default, "raise") costs half as much again (the split search 0.37 -> 0.31 ms).
    km, kb = np.take(b5, SPLIT_MIDDLE, mode="wrap"), np.take(b5, SPLIT_BACK, mode="wrap")
    # Front-major layout: one front key per block of 252, broadcast instead of gathered.
    ok = (b3[:, None] <= km.reshape(286, PER_FRONT)).ravel()
    ok &= km <= kb
    if fixed is not None and not fixed.empty:
        fm, mm, bm = (_fixed_mask(h, cards) for cards in (fixed.front, fixed.middle, fixed.back))
        if len(fixed.front) > 3 or len(fixed.middle) > 5 or len(fixed.back) > 5:
            raise CardError("too many cards placed in a row")
        back_mask = 8191 ^ FRONT_MASK ^ MIDDLE_MASK
        ok &= (FRONT_MASK & fm) == fm
        ok &= (MIDDLE_MASK & mm) == mm
        ok &= (back_mask & bm) == bm
    return HandSplits(h, k3, k5, np.flatnonzero(ok), s3, s5)
