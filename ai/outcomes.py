"""The chances of the pair outcomes the scoring tables pay for: sweeps, 2–1 wins and their mirror images.

A split meets an opponent's three rows; what a preset pays depends on how the three comparisons fall
together (a sweep is worth six 2–1 wins in `taiwan`). :func:`independent` combines the rows' separate
win/tie/loss chances as if the opponent's rows were unrelated. They are not: one hand makes all three,
so a strong back tends to come with a strong middle. :func:`with_joint` corrects the combinations of the
splits that matter from sampled whole arrangements of trained opponents (``OpponentModel.joint``), as a
control variate: the correction is the samples' joint frequency less the product of the same samples'
marginals, so only the *dependence* comes from the few thousand samples and the marginals keep the full
resolution of the row tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

_NAMES = ("all_win", "all_loss", "sweep", "swept", "two_one", "one_two")


class Outcomes:
    """Per split, the chance of each pair outcome against one opponent (ties count as neither): all three rows
    won (``all_win``) or lost (``all_loss``); no row lost and at least one won (``sweep``, taiwan's 打槍 and
    輾過) or its mirror (``swept``); exactly two won and one lost (``two_one``) or its mirror (``one_two``).

    Each is worked out on its first reading: a preset reads only some (taiwan's family never the first two,
    shisanshui only those), and over tens of thousands of splits the others were a third of the estimate's
    arithmetic."""

    __slots__ = ("_known", "_make")

    def __init__(self, make: Callable[[str], npt.NDArray[np.float64]]) -> None:
        self._make = make
        self._known: dict[str, npt.NDArray[np.float64]] = {}

    @classmethod
    def of(cls, **chances: npt.NDArray[np.float64]) -> Outcomes:
        """Outcomes already worked out, one array for each of the six names."""
        if set(chances) != set(_NAMES):
            raise ValueError(f"outcomes need exactly {_NAMES}, not {tuple(chances)}")
        return cls(chances.__getitem__)

    def _get(self, name: str) -> npt.NDArray[np.float64]:
        got = self._known.get(name)
        if got is None:
            got = self._known[name] = self._make(name)
        return got

    @property
    def all_win(self) -> npt.NDArray[np.float64]:
        """Three rows won."""
        return self._get("all_win")

    @property
    def all_loss(self) -> npt.NDArray[np.float64]:
        """Three rows lost."""
        return self._get("all_loss")

    @property
    def sweep(self) -> npt.NDArray[np.float64]:
        """No row lost, at least one won."""
        return self._get("sweep")

    @property
    def swept(self) -> npt.NDArray[np.float64]:
        """No row won, at least one lost."""
        return self._get("swept")

    @property
    def two_one(self) -> npt.NDArray[np.float64]:
        """Exactly two rows won and one lost."""
        return self._get("two_one")

    @property
    def one_two(self) -> npt.NDArray[np.float64]:
        """Exactly one row won and two lost."""
        return self._get("one_two")


def independent(win: np.ndarray, tie: np.ndarray) -> Outcomes:
    """Outcome chances from (3, n) row win and tie chances, the rows taken as independent."""
    loss = 1.0 - win
    loss -= tie
    np.clip(loss, 0.0, 1.0, out=loss)
    w0, w1, w2 = win
    t0, t1, t2 = tie
    l0, l1, l2 = loss
    tied: list[npt.NDArray[np.float64]] = []

    def all_tie() -> npt.NDArray[np.float64]:  # shared by sweep and swept, worked out once
        if not tied:
            tied.append(t0 * t1 * t2)
        return tied[0]

    formulas: dict[str, Callable[[], npt.NDArray[np.float64]]] = {
        "all_win": lambda: w0 * w1 * w2,
        "all_loss": lambda: l0 * l1 * l2,
        "sweep": lambda: (1 - l0) * (1 - l1) * (1 - l2) - all_tie(),
        "swept": lambda: (1 - w0) * (1 - w1) * (1 - w2) - all_tie(),
        "two_one": lambda: w0 * w1 * l2 + w0 * l1 * w2 + l0 * w1 * w2,
        "one_two": lambda: l0 * l1 * w2 + l0 * w1 * l2 + w0 * l1 * l2,
    }
    return Outcomes(lambda name: formulas[name]())


BLOCK = 512  # rows of a prefix bit set packed at once


@dataclass(frozen=True)
class JointSample:
    """Sampled whole arrangements, (N, 3) base keys, laid out for fast outcome counts.

    Per row the samples are sorted by key, and ``below[r][j]`` is the bit set (N bits in 64-bit words)
    of the samples whose row-``r`` key is among the ``j`` smallest: the samples a key beats are one
    look-up away, and the outcome of a split against every sample is a few word-wise ANDs and popcounts.
    """

    keys: tuple[np.ndarray, np.ndarray, np.ndarray]  # per row, the samples' keys ascending
    below: tuple[np.ndarray, np.ndarray, np.ndarray]  # per row, (N + 1, words) uint64 prefix bit sets
    size: int

    @classmethod
    def of(cls, joint: np.ndarray) -> JointSample:
        """The layout of ``joint`` (N, 3)."""
        n = len(joint)
        words = -(-n // 64)
        keys, below = [], []
        for r in range(3):
            order = np.argsort(joint[:, r], kind="stable")
            # Row j holds the samples of rank < j: a lower-triangular mask, then permuted to sample order. Packed
            # a block of rows at a time: the whole (N + 1, N) mask of bools was 25 MB for a moment, the largest
            # allocation of a table's first decision (issue 44).
            rank = np.empty(n, dtype=np.int64)
            rank[order] = np.arange(n)
            packed = np.empty((n + 1, words * 8), dtype=np.uint8)
            bits = np.zeros((min(BLOCK, n + 1), words * 64), dtype=bool)
            for start in range(0, n + 1, BLOCK):
                stop = min(start + BLOCK, n + 1)
                block = bits[: stop - start]
                block[:, :n] = rank[None, :] < np.arange(start, stop)[:, None]
                packed[start:stop] = np.packbits(block, axis=1, bitorder="little")
            keys.append(joint[order, r])
            below.append(packed.view(np.uint64))
        return cls((keys[0], keys[1], keys[2]), (below[0], below[1], below[2]), n)

    def sides(self, row: int, mine: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Bit sets of the samples that ``mine`` (k,) beats, and of those it does not lose to, in ``row``."""
        keys = self.keys[row]
        won = self.below[row][np.searchsorted(keys, mine, side="left")]
        held = self.below[row][np.searchsorted(keys, mine, side="right")]
        return won, held


def _count(bits: np.ndarray) -> npt.NDArray[np.int64]:
    counts: npt.NDArray[np.int64] = np.bitwise_count(bits).sum(axis=1, dtype=np.int64)
    return counts


def _observed(sample: JointSample, keys: np.ndarray) -> tuple[Outcomes, np.ndarray, np.ndarray]:
    """Outcome frequencies of splits with row keys ``keys`` (3, k) over the samples, and the rows'
    own win and tie frequencies (3, k)."""
    n = sample.size
    full = sample.below[0][-1]  # every sample: the padding bits of the last word stay clear
    won, held = zip(*(sample.sides(r, keys[r]) for r in range(3)), strict=True)
    lost = [full & ~h for h in held]
    tied = [h & ~w for h, w in zip(held, won, strict=True)]
    w0, w1, w2 = won
    l0, l1, l2 = lost
    all_tie = _count(tied[0] & tied[1] & tied[2])
    seen = Outcomes.of(
        all_win=_count(w0 & w1 & w2) / n,
        all_loss=_count(l0 & l1 & l2) / n,
        sweep=(_count(held[0] & held[1] & held[2]) - all_tie) / n,
        swept=(_count(full & ~w0 & ~w1 & ~w2) - all_tie) / n,
        two_one=(_count(w0 & w1 & l2) + _count(w0 & l1 & w2) + _count(l0 & w1 & w2)) / n,
        one_two=(_count(l0 & l1 & w2) + _count(l0 & w1 & l2) + _count(w0 & l1 & l2)) / n,
    )
    win = np.stack([_count(w) for w in won]) / n
    tie = np.stack([_count(t) for t in tied]) / n
    return seen, win, tie


def dependence(keys: np.ndarray, joint: np.ndarray | JointSample) -> Outcomes:
    """How far the rows' dependence moves each outcome, for splits with base row keys ``keys`` (3, k),
    measured on sampled opponent arrangements (``joint``, (N, 3) or laid out): joint frequency less the
    product of the samples' own marginals."""
    sample = joint if isinstance(joint, JointSample) else JointSample.of(joint)
    seen, win, tie = _observed(sample, keys)
    product = independent(win, tie)
    return Outcomes(lambda name: getattr(seen, name) - getattr(product, name))


def with_joint(base: Outcomes, keys: np.ndarray, joint: np.ndarray | JointSample | None) -> Outcomes:
    """``base`` corrected for the rows' dependence, for splits with base row keys ``keys`` (3, n);
    unchanged when the model has no joint samples."""
    if joint is None or keys.shape[1] == 0:
        return base
    delta = dependence(keys, joint)
    return Outcomes(lambda name: np.clip(getattr(base, name) + getattr(delta, name), 0.0, 1.0))
