"""The joker (鬼牌, RULES.md §20, option ``joker``): what a row holding it is worth, plain and batched.

The joker stands for any card not already in its own row, and takes the value that makes that row
strongest: the highest strength key, the suit tie-break included (§20.3). So a row of four natural cards and
the joker ranks exactly as the best natural row those four complete, and never as five of a kind or with a
card twice. Among substitutes of equal strength the highest card id wins (the ♠ before the ♥, ♣, ♦), which
is all that decides the card-specific bonuses a joker can count towards (§20.5).

Two paths, as for natural rows: :func:`joker_row` (every substitute tried, plainly) and
:func:`joker_batch_keys` (every substitute of every row in one numpy lookup, the best taken per row), which
:func:`rules.evaluate.hand_subset_keys` uses for the 66 front and 495 five-card subsets of a 13-card hand
that hold the joker. Natural rows never come here.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from .cards import JOKER_ID, Card, CardError, format_cards
from .evaluate import RowValue, Wheel, batch_keys, evaluate_row, tables

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


def joker_batch_keys(rows: np.ndarray, wheel: Wheel, suit_tiebreak: bool) -> tuple[np.ndarray, np.ndarray]:
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
            lead_suit = np.maximum(np.take_along_axis(top, lead, axis=1), np.where(_RANKS == lead, suit, -1))
            keys = keys | lead_suit
        card = _RANKS * 4 + suit
        options.append(np.where(ok, keys * 64 + card, -1))  # key first, then the highest card id
        if size == 3:
            break
    best = np.concatenate(options, axis=1).max(axis=1)
    return (best >> 6).astype(np.int32), best & 63


def hand_joker_keys(
    sorted_hand: np.ndarray, subsets3: np.ndarray, subsets5: np.ndarray, wheel: Wheel, suit_tiebreak: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
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


def resolved(cards: np.ndarray, subs: np.ndarray) -> np.ndarray:
    """Subset card arrays with each joker replaced by the card it stands for (``subs``; -1: no joker)."""
    return np.where(cards == JOKER_ID, subs[:, None], cards)
