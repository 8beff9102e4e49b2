"""Row evaluation (RULES.md §2): a category and one integer strength key per 3- or 5-card row.

Key layout (an int below 2**26)::

    category << 22 | v1 << 18 | v2 << 14 | v3 << 10 | v4 << 6 | v5 << 2 | lead_suit

``v1..v5`` is the row's comparison vector with ranks stored as 2..14 and unused positions 0, so a front
row (padded with zeros) compares with a middle row exactly as the foul check needs: ``front <= middle``
as keys is ``front <= middle`` by §2. ``lead_suit`` is filled only when `suit_tiebreak` is asked for
(§13.4); the foul check always ignores it (:func:`base_key`).

Two paths give the same keys: :func:`evaluate_row`, plain and readable, and :func:`batch_keys` /
:func:`hand_subset_keys`, numpy lookups into tables built once from the plain path. A row holding the joker
(id 52, the ``joker`` option, §20) is worth its best substitute, on both paths (the last section below).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from .cards import JOKER_ID, RANK_CHARS, Card, CardError, format_cards
from .presets import Wheel as Wheel  # a table option (rules.presets), named here too for the evaluators


class Category(IntEnum):
    """Row categories, low to high; the front row only ever makes the first two and trips."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8

    @property
    def id(self) -> str:
        """The identifier of RULES.md §11, e.g. ``"full_house"``."""
        return self.name.lower()

    @property
    def en(self) -> str:
        return _EN[self]

    @property
    def zh(self) -> str:
        return _ZH[self]


_EN = dict(
    zip(
        Category,
        [
            "High card",
            "Pair",
            "Two pair",
            "Trips",
            "Straight",
            "Flush",
            "Full house",
            "Four of a kind",
            "Straight flush",
        ],
        strict=True,
    )
)
_ZH = dict(zip(Category, ["烏龍", "對子", "兩對", "三條", "順子", "同花", "葫蘆", "鐵支", "同花順"], strict=True))


CATEGORY_SHIFT = 22
KEY_LIMIT = 1 << 26  # every key is below it (the layout above), so ``key / KEY_LIMIT`` lies in [0, 1)
_POS_SHIFTS = (18, 14, 10, 6, 2)
# Ranks 2..14 stored in four bits each; 0 marks an unused position.
_WHEEL_RANKS = (12, 3, 2, 1, 0)  # A 5 4 3 2 as rank indices, high to low


@dataclass(frozen=True)
class RowValue:
    """What a row is: its category, the ranks that decide it, and its strength key."""

    size: int
    category: Category
    vector: tuple[int, ...]  # comparison positions, rank values 2..14 (straights: top, wheel flag)
    ranks: tuple[int, ...]  # rank indices for display: groups first, straights in sequence order
    lead_suit: int
    base: int  # key without the suit tie-break
    joker: Card | None = None  # the card a joker in the row stands for (RULES.md §20), None without one

    def key(self, suit_tiebreak: bool = False) -> int:
        """The strength key; with ``suit_tiebreak`` equal rows are split by the leading card's suit."""
        return self.base | (self.lead_suit if suit_tiebreak else 0)

    @property
    def rank_text(self) -> str:
        return " ".join(RANK_CHARS[r] for r in self.ranks)


KeyT = TypeVar("KeyT", int, np.ndarray)


def base_key(key: KeyT) -> KeyT:
    """A key (or an array of keys) with its suit tie-break cleared (what the foul check compares)."""
    return key & ~3


def top_card_key(key: KeyT) -> KeyT:
    """``key`` with only its category and leading card (the rank compared first: the pair's, the trips',
    the higher pair's, a straight's top, a high card's highest) left: the banker-friendly tie rule (§16.2)."""
    return (key >> _POS_SHIFTS[0]) << _POS_SHIFTS[0]


def category_of(key: int) -> Category:
    """The category stored in a key."""
    return Category(key >> CATEGORY_SHIFT)


def key_categories(keys: np.ndarray) -> np.ndarray:
    """The category stored in each of an array of keys, as integers (the array form of :func:`category_of`)."""
    return keys >> CATEGORY_SHIFT


def wheel_key(category: Category, wheel: Wheel) -> int:
    """The base key of ``A2345`` as a straight or straight flush under ``wheel``."""
    if category not in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        raise ValueError(f"only a straight or straight flush can be a wheel, not {category.id}")
    cat, vector, _, _ = _classify(_WHEEL_RANKS, category is Category.STRAIGHT_FLUSH, Wheel(wheel))
    return _pack(cat, vector)


def _pack(category: int, vector: Sequence[int]) -> int:
    key = category << CATEGORY_SHIFT
    for v, shift in zip(vector, _POS_SHIFTS, strict=False):
        key |= v << shift
    return key


@functools.lru_cache(maxsize=32768)
def _classify(
    ranks_desc: tuple[int, ...], flush: bool, wheel: Wheel
) -> tuple[Category, tuple[int, ...], tuple[int, ...], int]:
    """Category, comparison vector, display ranks and lead rank of a row given its ranks (high to low).

    The one place that knows the categories; both the plain path and the lookup tables come from it.
    Memoised: there are only a few thousand rank patterns, and scoring a deal asks for 12 rows.
    """
    counts = Counter(ranks_desc)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    val = tuple(r + 2 for r in order)
    if len(ranks_desc) == 3:
        # Three suited or consecutive cards in the front are still high card (§2).
        if shape == (3,):
            return Category.TRIPS, val[:1], order, order[0]
        if shape == (2, 1):
            return Category.PAIR, val, order, order[0]
        return Category.HIGH_CARD, val, order, order[0]

    straight_top: int | None = None
    seq = order
    wheel_flag = 0
    if shape == (1, 1, 1, 1, 1):
        if order[0] - order[4] == 4:
            straight_top = order[0] + 2
        elif order == _WHEEL_RANKS:
            seq = (3, 2, 1, 0, 12)
            if wheel is Wheel.LOW:
                straight_top = 5
            else:
                straight_top, wheel_flag = 13, 1  # between KQJT9 (13, 0) and AKQJT (14, 0)
    if straight_top is not None:
        # The leading card is the top of the straight: the 5 of A2345, or its A under `wheel=second`.
        lead = 12 if wheel_flag else seq[0]
        cat = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        return cat, (straight_top, wheel_flag), seq, lead
    if flush:
        return Category.FLUSH, val, order, order[0]
    if shape == (4, 1):
        return Category.QUADS, val[:1], order, order[0]
    if shape == (3, 2):
        return Category.FULL_HOUSE, val[:1], order, order[0]
    if shape == (3, 1, 1):
        return Category.TRIPS, val[:1], order, order[0]
    if shape == (2, 2, 1):
        return Category.TWO_PAIR, val, order, order[0]
    if shape == (2, 1, 1, 1):
        return Category.PAIR, val, order, order[0]
    return Category.HIGH_CARD, val, order, order[0]


def evaluate_row(cards: Sequence[int], wheel: Wheel = Wheel.LOW) -> RowValue:
    """Evaluate a 3-card (front) or 5-card row. Raises :class:`CardError` for any other size."""
    if len(cards) not in (3, 5):
        raise CardError(f"a row has 3 or 5 cards, got {len(cards)}: {format_cards(cards)}")
    if len(set(cards)) != len(cards):
        raise CardError(f"duplicate card in row {format_cards(cards)}")
    if JOKER_ID in cards:  # the wild card: its best substitute (below, RULES.md §20)
        return joker_row(cards, wheel)
    ranks_desc = tuple(sorted((c >> 2 for c in cards), reverse=True))
    flush = len(cards) == 5 and len({c & 3 for c in cards}) == 1
    # Wheel(...) also accepts "low"/"second": a plain string would otherwise fail the `is Wheel.LOW` test in
    # _classify and silently rank A2345 second.
    category, vector, ranks, lead_rank = _classify(ranks_desc, flush, Wheel(wheel))
    lead_suit = max(c & 3 for c in cards if c >> 2 == lead_rank)
    return RowValue(len(cards), category, vector, ranks, lead_suit, _pack(category, vector))


def row_key(cards: Sequence[int], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False) -> int:
    """The strength key of one row (plain path)."""
    return evaluate_row(cards, wheel).key(suit_tiebreak)


def compare_values(a: RowValue, b: RowValue, suit_tiebreak: bool = False) -> int:
    """1, 0 or -1 as row ``a`` beats, ties or loses to row ``b``.

    A front compared with a 5-card row uses only as many positions as the front has, so ``AKQ`` equals
    ``AKQJ9`` (§2, decided); suits never split such a comparison.
    """
    if a.size == b.size:
        ka, kb = a.key(suit_tiebreak), b.key(suit_tiebreak)
    else:
        n = len(a.vector) if a.size == 3 else len(b.vector)
        ka = (a.category, *a.vector[:n])  # type: ignore[assignment]
        kb = (b.category, *b.vector[:n])  # type: ignore[assignment]
    return (ka > kb) - (ka < kb)


def compare_rows(a: Sequence[int], b: Sequence[int], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False) -> int:
    """1, 0 or -1 as row ``a`` beats, ties or loses to row ``b`` (3 or 5 cards each)."""
    return compare_values(evaluate_row(a, wheel), evaluate_row(b, wheel), suit_tiebreak)


# ---------------------------------------------------------------- batch path


@dataclass(frozen=True)
class Tables:
    """Lookup tables for one `wheel` setting, indexed by ascending ranks in base 13 (and a flush bit)."""

    key3: npt.NDArray[np.int32]  # (13**3,) base keys
    lead3: npt.NDArray[np.int8]  # (13**3,) lead rank
    key5: npt.NDArray[np.int32]  # (13**5 * 2,) base keys, index * 2 + flush
    lead5: npt.NDArray[np.int8]  # (13**5 * 2,) lead rank


_W3 = np.array([169, 13, 1], dtype=np.int64)
_W5 = np.array([13**4, 13**3, 169, 13, 1], dtype=np.int64)


SHIPPED_TABLES = Path(__file__).resolve().parent.parent / "assets" / "tables"


@functools.cache
def tables(wheel: Wheel = Wheel.LOW) -> Tables:
    """The lookup tables for ``wheel``, once per process: loaded from ``assets/tables`` (a few ms), or
    built from the plain classifier (about 0.1 s) when the shipped file is missing or damaged.

    The five-card tables (3.7 MB a wheel) are memory-mapped read-only from their uncompressed ``.npy`` files
    when those are there, so that every process on a host shares one copy (issue 44); else they are spread out
    of the sparse ``.npz``."""
    wheel = Wheel(wheel)
    try:
        with np.load(SHIPPED_TABLES / f"eval_{wheel.value}.npz") as data:
            key3, lead3 = data["key3"].astype(np.int32), data["lead3"].astype(np.int8)
            mapped = _mapped_five(wheel)
            if mapped is None:
                key5 = np.zeros(13**5 * 2, dtype=np.int32)
                lead5 = np.zeros(13**5 * 2, dtype=np.int8)
                key5[data["index5"]], lead5[data["index5"]] = data["key5"], data["lead5"]
            else:
                key5, lead5 = mapped
            loaded = Tables(key3, lead3, key5, lead5)
    except (OSError, KeyError, ValueError, IndexError):
        return build_tables(wheel)
    for arr in (loaded.key3, loaded.lead3, loaded.key5, loaded.lead5):
        arr.setflags(write=False)
    return loaded


def _mapped_five(wheel: Wheel) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]] | None:
    """The five-card key and lead tables of ``wheel`` mapped read-only, or None when their files are missing or
    not the tables' shape."""
    try:
        key5 = np.load(SHIPPED_TABLES / f"eval_{wheel.value}_key5.npy", mmap_mode="r")
        lead5 = np.load(SHIPPED_TABLES / f"eval_{wheel.value}_lead5.npy", mmap_mode="r")
    except (OSError, ValueError):
        return None
    size = 13**5 * 2
    if key5.shape != (size,) or lead5.shape != (size,) or key5.dtype != np.int32 or lead5.dtype != np.int8:
        return None
    # Plain ndarrays over the mappings (np.memmap's subclass would follow into every lookup).
    return key5.view(np.ndarray), lead5.view(np.ndarray)


def write_tables(folder: Path = SHIPPED_TABLES) -> None:
    """Write both wheels' tables (sparse: five-card entries that can be dealt) for :func:`tables` to load, and
    the five-card tables whole and uncompressed, for it to map."""
    folder.mkdir(parents=True, exist_ok=True)
    for wheel in Wheel:
        t = build_tables(wheel)
        np.save(folder / f"eval_{wheel.value}_key5.npy", t.key5, allow_pickle=False)
        np.save(folder / f"eval_{wheel.value}_lead5.npy", t.lead5, allow_pickle=False)
        index5 = np.flatnonzero(t.key5)
        np.savez_compressed(
            folder / f"eval_{wheel.value}.npz",
            key3=t.key3,
            lead3=t.lead3,
            index5=index5,
            key5=t.key5[index5],
            lead5=t.lead5[index5],
        )


def build_tables(wheel: Wheel = Wheel.LOW) -> Tables:
    """Build the lookup tables from the plain classifier."""
    wheel = Wheel(wheel)
    key3 = np.zeros(13**3, dtype=np.int32)
    lead3 = np.zeros(13**3, dtype=np.int8)
    for asc in itertools.combinations_with_replacement(range(13), 3):
        cat, vec, _, lead = _classify(asc[::-1], False, wheel)
        i = int(np.dot(asc, _W3))
        key3[i], lead3[i] = _pack(cat, vec), lead
    key5 = np.zeros(13**5 * 2, dtype=np.int32)
    lead5 = np.zeros(13**5 * 2, dtype=np.int8)
    for asc5 in itertools.combinations_with_replacement(range(13), 5):
        if asc5[0] == asc5[4]:
            continue  # five of a rank cannot be dealt
        i = int(np.dot(asc5, _W5)) * 2
        for flush in (False, True) if len(set(asc5)) == 5 else (False,):
            cat, vec, _, lead = _classify(asc5[::-1], flush, wheel)
            key5[i + flush], lead5[i + flush] = _pack(cat, vec), lead
    for arr in (key3, lead3, key5, lead5):
        arr.setflags(write=False)
    return Tables(key3, lead3, key5, lead5)


def _keys_sorted(rows: npt.NDArray[np.int64], t: Tables, suit_tiebreak: bool) -> npt.NDArray[np.int32]:
    ranks = rows >> 2
    keys: npt.NDArray[np.int32]  # the tables' own dtype (numpy's stubs type a fancy index of them as Any)
    if rows.shape[1] == 3:
        idx = ranks @ _W3
        keys, leads = t.key3[idx], t.lead3[idx]
    else:
        suits = rows & 3
        flush = (suits == suits[:, :1]).all(axis=1)
        idx = (ranks @ _W5) * 2 + flush
        keys, leads = t.key5[idx], t.lead5[idx]
    if suit_tiebreak:
        lead_suit = np.where(ranks == leads[:, None].astype(rows.dtype), rows & 3, -1).max(axis=1)
        keys = keys | lead_suit.astype(np.int32)
    return keys


def batch_keys(
    rows: np.ndarray | Sequence[Sequence[int]], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False
) -> npt.NDArray[np.int32]:
    """Keys of many rows at once: ``rows`` is an (N, 3) or (N, 5) array of card ids, in any order."""
    arr = np.sort(np.asarray(rows, dtype=np.int64), axis=1)
    if arr.ndim != 2 or arr.shape[1] not in (3, 5):
        raise ValueError("rows must be an (N, 3) or (N, 5) array")
    # A joker (52, sorted last) would index the tables as rank 13 and read another row's entry: such rows
    # go to the joker's own path (one column's maximum, next to the sort, is all this costs natural rows).
    if len(arr) and arr[:, -1].max() >= JOKER_ID:
        keys = np.empty(len(arr), dtype=np.int32)
        has = arr[:, -1] >= JOKER_ID
        keys[~has] = _keys_sorted(arr[~has], tables(wheel), suit_tiebreak)
        keys[has] = joker_batch_keys(arr[has], Wheel(wheel), suit_tiebreak)[0]
        return keys
    return _keys_sorted(arr, tables(wheel), suit_tiebreak)


SUBSETS3: npt.NDArray[np.int64] = np.array(list(itertools.combinations(range(13), 3)), dtype=np.int64)
SUBSETS5: npt.NDArray[np.int64] = np.array(list(itertools.combinations(range(13), 5)), dtype=np.int64)
SUBSETS3.setflags(write=False)
SUBSETS5.setflags(write=False)


def hand_subset_keys(
    hand: Sequence[int] | np.ndarray, wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Keys of all 286 three-card and 1,287 five-card subsets of a 13-card hand.

    Subset ``k`` is ``SUBSETS3[k]`` / ``SUBSETS5[k]``: positions into the hand sorted ascending. A hand holding
    the joker (sorted last) has its 66 + 495 joker subsets searched over the joker's substitutes
    (:func:`hand_joker_keys`).
    """
    h = np.sort(np.asarray(hand, dtype=np.int64))
    if h[-1] == JOKER_ID:
        k3, k5, _, _ = hand_joker_keys(h, SUBSETS3, SUBSETS5, Wheel(wheel), suit_tiebreak)
        return k3, k5
    t = tables(wheel)
    return _keys_sorted(h[SUBSETS3], t, suit_tiebreak), _keys_sorted(h[SUBSETS5], t, suit_tiebreak)


# ---------------------------------------------------------------- the joker (鬼牌, RULES.md §20)
#
# The joker stands for any card not already in its own row, and takes the value that makes that row
# strongest: the highest strength key, the suit tie-break included (§20.3). So a row of natural cards and the
# joker ranks exactly as the best natural row they complete, never as five of a kind or with a card twice.
# Among substitutes of equal strength the highest card id wins (the ♠ before the ♥, ♣, ♦), which is all that
# decides the card-specific bonuses a joker can count towards (§20.5). Two paths again: joker_row (every
# substitute tried) and joker_batch_keys (every substitute of every row in one lookup), which
# hand_subset_keys uses for the 66 front and 495 five-card subsets of a hand that hold the joker; natural
# rows never come here.


def substitutes(row: Sequence[int]) -> list[int]:
    """The cards the joker of ``row`` may stand for: every natural card not already in the row (§20.3)."""
    taken = {int(c) for c in row}
    return [c for c in range(52) if c not in taken]


def joker_row(cards: Sequence[int], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = True) -> RowValue:
    """The :class:`rules.evaluate.RowValue` of a row holding the joker: the strongest over its substitutes.

    Strength is the key with the suit tie-break (the base key is then also the largest), and a tie goes to
    the highest card id; the value's ``joker`` is the card chosen. ``suit_tiebreak=False`` picks by base key
    alone (what the foul check would see; the base is the same either way)."""
    if sum(1 for c in cards if c == JOKER_ID) != 1:
        raise CardError(f"a row holds at most one joker: {format_cards(cards)}")
    naturals = [int(c) for c in cards if c != JOKER_ID]
    return _best(tuple(sorted(naturals)), Wheel(wheel), suit_tiebreak)


@functools.lru_cache(maxsize=4096)
def _best(naturals: tuple[int, ...], wheel: Wheel, suit_tiebreak: bool) -> RowValue:
    best = None
    best_rank: tuple[int, int] = (-1, -1)
    for sub in substitutes(naturals):
        value = evaluate_row([*naturals, sub], wheel)
        rank = (value.key(suit_tiebreak), sub)
        if rank > best_rank:
            best, best_rank = value, rank
    assert best is not None
    return replace(best, joker=Card(best_rank[1]))


_WEIGHTS = {3: np.array([169, 13, 1], dtype=np.int64), 5: np.array([13**4, 13**3, 169, 13, 1], dtype=np.int64)}
_RANKS = np.arange(13, dtype=np.int64)
_SUITS = np.arange(4, dtype=np.int64)


def joker_batch_keys(
    rows: np.ndarray, wheel: Wheel, suit_tiebreak: bool
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """Keys of rows that each hold the joker once (an (N, 3) or (N, 5) array, the joker anywhere), and the
    card each joker stands for: the same as :func:`joker_row` row by row, in a few array operations.

    A substitute's worth depends only on its rank, on whether it completes a flush, and (with the suit
    tie-break) on its suit when it is the leading card, whose best suit is the highest one free. So each row
    is looked up 13 times as a non-flush and, when its four naturals share a suit, 13 times as a flush, with
    the lookup index worked out from the naturals' ranks and where the substitute's rank sorts among them
    (no sort of the 13 x N trial rows), and the best of the 26 is kept, a tie to the highest card id."""
    rows = np.sort(np.asarray(rows, dtype=np.int64), axis=1)
    n, size = rows.shape
    if n == 0:
        return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int64)
    t = tables(Wheel(wheel))
    m = size - 1
    nat = rows[:, :m]  # ascending; the joker, id 52, sorts last
    a, s = nat >> 2, nat & 3
    w = _WEIGHTS[size]
    # Index of sorted(naturals + [r]): the naturals below r's place keep their weights, those above shift one.
    below = np.stack([(a[:, :p] * w[:p]).sum(axis=1) for p in range(m + 1)], axis=1)
    above = np.stack([(a[:, p:] * w[p + 1 :]).sum(axis=1) for p in range(m + 1)], axis=1)
    place = (a[:, None, :] <= _RANKS[None, :, None]).sum(axis=2)  # (n, 13)
    idx = np.take_along_axis(below, place, axis=1) + _RANKS * w[place] + np.take_along_axis(above, place, axis=1)
    present = np.zeros((n, 13, 4), dtype=bool)
    present[np.arange(n)[:, None], a, s] = True
    rows_at = np.arange(n)[:, None]
    if size == 5:
        suited = (s == s[:, :1]).all(axis=1)
        s0 = s[:, 0]
        flush_free = suited[:, None] & ~present[rows_at, _RANKS[None, :], s0[:, None]]
        free_plain = ~present & ~(suited[:, None, None] & (_SUITS[None, None, :] == s0[:, None, None]))
    else:
        flush_free = np.zeros((n, 13), dtype=bool)
        s0 = np.zeros(n, dtype=np.int64)
        free_plain = ~present
    plain_suit = np.where(free_plain, _SUITS, -1).max(axis=2)  # the highest free suit, -1 when none
    options = []
    for flush, suit, ok in ((0, plain_suit, plain_suit >= 0), (1, np.broadcast_to(s0[:, None], (n, 13)), flush_free)):
        if size == 5:
            keys, leads = t.key5[idx * 2 + flush], t.lead5[idx * 2 + flush]
        else:
            keys, leads = t.key3[idx], t.lead3[idx]
        keys = keys.astype(np.int64)
        if suit_tiebreak:
            lead = leads.astype(np.int64)
            top = np.where(present, _SUITS, -1).max(axis=2)  # the naturals' best suit of each rank
            lead_suit = np.maximum(np.take_along_axis(top, lead, axis=1), np.where(lead == _RANKS, suit, -1))
            keys = keys | lead_suit
        card = _RANKS * 4 + suit
        options.append(np.where(ok, keys * 64 + card, -1))  # key first, then the highest card id
        if size == 3:
            break
    best = np.concatenate(options, axis=1).max(axis=1)
    return (best >> 6).astype(np.int32), best & 63


def hand_joker_keys(
    sorted_hand: npt.NDArray[np.int64],
    subsets3: npt.NDArray[np.int64],
    subsets5: npt.NDArray[np.int64],
    wheel: Wheel,
    suit_tiebreak: bool,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Keys of every subset of a 13-card hand (ascending, the joker last) and each subset's substitute
    (-1 where the subset holds no joker): natural subsets by the plain batch lookup, joker ones batched here."""
    out = []
    for subsets in (subsets3, subsets5):
        cards = sorted_hand[subsets]
        has = subsets[:, -1] == 12  # the joker is position 12 of the sorted hand
        keys = np.empty(len(subsets), dtype=np.int32)
        subs = np.full(len(subsets), -1, dtype=np.int64)
        keys[~has] = batch_keys(cards[~has], wheel, suit_tiebreak)
        keys[has], subs[has] = joker_batch_keys(cards[has], wheel, suit_tiebreak)
        out.append((keys, subs))
    (k3, s3), (k5, s5) = out
    return k3, k5, s3, s5


def resolved(cards: npt.NDArray[np.int64], subs: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Subset card arrays with each joker replaced by the card it stands for (``subs``; -1: no joker)."""
    return np.where(cards == JOKER_ID, subs[:, None], cards)


if __name__ == "__main__":  # python -m rules.evaluate: refresh the shipped tables after changing _classify
    write_tables()
