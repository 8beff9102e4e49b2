"""Per-hand features of every subset and every legal split, in the shape the level functions score.

Computed once per decision: row keys and categories, and the few card facts scoring cares about
(a suited or sequential front, 7-11 full houses, treasure cards held, pairs in the hand).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from rules.arrangement import Arrangement
from rules.cards import JOKER_ID, RANK_CHARS
from rules.evaluate import Category, key_categories
from rules.presets import Options
from rules.specials import is_three_sequence

from .contract import Fixed
from .splits import SPLIT_BACK, SPLIT_FRONT, SPLIT_MIDDLE, HandSplits, legal_splits

# The 3-card sequences (A23 … QKA) by fingerprint: a rank triple read as base-13 digits, True where the triple is a
# sorted sequence. A look-up rather than `np.isin`, which sorted both arrays on every hand (a tenth of describing
# its splits). The joker's rank (13) only ever comes last in a sorted subset; the table is long enough for it, and
# what it reads there (some other triple's place, never a sorted sequence's) is False, as `isin` said.
_SEQ3 = np.zeros(13 * 169 + 13 * 13 + 13 + 1, dtype=bool)
_SEQ3[
    [
        a * 169 + b * 13 + c
        for a in range(13)
        for b in range(13)
        for c in range(13)
        if a < b < c and is_three_sequence((a, b, c))
    ]
] = True
_SEQ3.flags.writeable = False


@dataclass(frozen=True)
class SplitFeatures:
    """Everything a level needs about one hand's legal splits (arrays aligned with ``splits.legal``)."""

    splits: HandSplits
    subset_index: tuple[np.ndarray, np.ndarray, np.ndarray]  # per legal split: its front/middle/back subset
    front_key: np.ndarray
    middle_key: np.ndarray
    back_key: np.ndarray
    front_cat: np.ndarray
    middle_cat: np.ndarray
    back_cat: np.ndarray
    front_suited: np.ndarray  # bool: three of one suit
    front_sequence: np.ndarray  # bool: A23 … QKA
    middle_seven_eleven: np.ndarray  # bool: exactly 777JJ or 77JJJ
    back_seven_eleven: np.ndarray
    treasure: np.ndarray  # (3, n) treasure cards held per row
    hand_pairs: int  # Σ ⌊count/2⌋ over ranks (六輪車 needs 6)

    @property
    def size(self) -> int:
        """How many legal splits are described."""
        return len(self.front_key)

    def cats(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Categories of the front, middle and back of each legal split."""
        return self.front_cat, self.middle_cat, self.back_cat

    def row_keys(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Strength keys of the front, middle and back of each legal split."""
        return self.front_key, self.middle_key, self.back_key

    def readable_keys(self, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The last keys of a ranking of the splits at ``pos`` (lexsort's order: the least significant first): of
        plays priced alike, the strongest middle, then the strongest front, as a player lays them out; equal in
        both (suits swapped, or kickers no comparison reads), a stable sort keeps the lower position."""
        return -self.front_key[pos], -self.middle_key[pos]

    def take(self, pos: np.ndarray) -> SplitFeatures:
        """The features of the splits at positions ``pos`` only (same hand and subsets)."""
        hs = self.splits
        front, middle, back = self.subset_index
        return replace(
            self,
            splits=replace(hs, legal=hs.legal[pos]),
            subset_index=(front[pos], middle[pos], back[pos]),
            **{
                name: getattr(self, name)[pos]
                for name in (
                    "front_key",
                    "middle_key",
                    "back_key",
                    "front_cat",
                    "middle_cat",
                    "back_cat",
                    "front_suited",
                    "front_sequence",
                    "middle_seven_eleven",
                    "back_seven_eleven",
                )
            },
            treasure=self.treasure[:, pos],
        )

    def arrangement(self, pos: int | np.integer) -> Arrangement:
        """The arrangement of the legal split at position ``pos`` of these arrays."""
        return self.splits.arrangement(int(self.splits.legal[pos]))


_SEVEN, _JACK = RANK_CHARS.index("7"), RANK_CHARS.index("J")


def _seven_eleven(sub5_cards: np.ndarray) -> npt.NDArray[np.bool_]:
    """Per five-card subset: exactly three sevens and two jacks, or two sevens and three jacks."""
    ranks = sub5_cards >> 2
    sevens, jacks = (ranks == _SEVEN).sum(axis=1), (ranks == _JACK).sum(axis=1)
    both: npt.NDArray[np.bool_] = ((sevens == 3) & (jacks == 2)) | ((sevens == 2) & (jacks == 3))
    return both


def split_features(
    hand: Sequence[int], options: Options, fixed: Fixed | None = None, treasure: Sequence[int] = ()
) -> SplitFeatures:
    """Evaluate a hand once and describe each of its legal splits."""
    hs = legal_splits(hand, options, fixed)
    h = hs.hand
    s = hs.legal
    # 六輪車 counts the hand's pairs; with a joker only the natural cards' (its value differs row by row).
    counts = np.bincount(h[h < JOKER_ID] >> 2, minlength=13)
    cards3, cards5 = hs.subset_cards()
    return features_of(
        hs,
        cards3,
        cards5,
        hs.keys3,
        hs.keys5,
        (gather(SPLIT_FRONT, s), gather(SPLIT_MIDDLE, s), gather(SPLIT_BACK, s)),
        treasure,
        int((counts // 2).sum()),
    )


def features_of(
    splits: HandSplits,
    cards3: np.ndarray,
    cards5: np.ndarray,
    keys3: np.ndarray,
    keys5: np.ndarray,
    subset_index: tuple[np.ndarray, np.ndarray, np.ndarray],
    treasure: Sequence[int],
    hand_pairs: int,
) -> SplitFeatures:
    """Describe splits given their subsets: ``cards3``/``cards5`` and ``keys3``/``keys5`` are the 3- and 5-card
    subsets in play (one row each) and ``subset_index`` says which subset each split's front, middle and back is.
    One hand's legal splits (:func:`split_features`) or many hands' shortlisted splits (``ai.sampling``) alike."""
    f_idx, m_idx, b_idx = subset_index
    cat3, cat5 = key_categories(keys3), key_categories(keys5)
    suits3 = cards3 & 3
    suited3 = (suits3 == suits3[:, :1]).all(axis=1)
    r3 = cards3 >> 2
    seq3 = gather(_SEQ3, r3[:, 0] * 169 + r3[:, 1] * 13 + r3[:, 2])
    se5 = _seven_eleven(cards5)
    tset = np.asarray(sorted(set(int(t) for t in treasure)), dtype=np.int64)
    if len(tset):
        t3, t5 = np.isin(cards3, tset).sum(axis=1), np.isin(cards5, tset).sum(axis=1)
        held = np.stack([gather(t3, f_idx), gather(t5, m_idx), gather(t5, b_idx)])
    else:  # no treasure card at the table (the usual case): nothing to gather
        held = np.zeros((3, len(f_idx)), dtype=np.int64)
    return SplitFeatures(
        splits=splits,
        subset_index=(f_idx, m_idx, b_idx),
        front_key=gather(keys3, f_idx),
        middle_key=gather(keys5, m_idx),
        back_key=gather(keys5, b_idx),
        front_cat=gather(cat3, f_idx),
        middle_cat=gather(cat5, m_idx),
        back_cat=gather(cat5, b_idx),
        front_suited=gather(suited3, f_idx),
        front_sequence=gather(seq3, f_idx),
        middle_seven_eleven=gather(se5, m_idx),
        back_seven_eleven=gather(se5, b_idx),
        treasure=held,
        hand_pairs=hand_pairs,
    )


def gather(table: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``table[index]`` for an index that is always in range (the split tables' own): numpy's take without its
    bounds check ("wrap" never wraps here), a third faster than indexing on tens of thousands of splits."""
    return np.take(table, index, mode="wrap")


def is_cat(arr: np.ndarray, *cats: Category) -> np.ndarray:
    """Elementwise: is the category one of ``cats`` (a look-up in a table of the nine categories: ``np.isin``
    sorted both arrays on every call, a fifth of the 加賭 each split earns when a 換三張 pass is priced)."""
    return gather(_category_table(tuple(int(c) for c in cats)), arr)


@functools.cache
def _category_table(cats: tuple[int, ...]) -> np.ndarray:
    """A read-only table of the nine categories, True at ``cats`` (made once for each set asked for)."""
    table = np.zeros(len(Category), dtype=bool)
    table[list(cats)] = True
    table.flags.writeable = False
    return table
