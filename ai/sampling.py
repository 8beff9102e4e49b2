"""`hard`'s decisions for many hands at once: what `expert` imagines its sampled opponents play.

One `hard` decision prices every legal split of one hand (about 22,000) with the closed-form estimate;
`expert` needs hundreds of them per decision. Here all the hands of a batch are handled together in numpy,
in two stages:

1. *Screen*: every legal split of every hand gets a cheap proxy of `hard`'s estimate (the estimate's
   additive part: what its three rows are expected to take one by one from the trained model's rows), and
   only each hand's best :data:`SHORTLIST` survive.
2. *Rank*: the survivors of all hands are laid end to end as one :class:`SplitFeatures` and priced by
   `hard`'s own :func:`ai.estimate.expected_scores` in a single call; each hand plays its argmax, or declares
   its special when `hard` would.

With ``shortlist=None`` nothing is screened out and the decisions are exactly
:func:`ai.estimate.quick_decision`'s (a test checks it); the default shortlist agrees with it on nearly every
hand (a test checks that too) at a fraction of the cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rules.arrangement import Arrangement, Row
from rules.cards import JOKER_ID, Card
from rules.deal import Decision
from rules.evaluate import SUBSETS3, SUBSETS5, base_key, batch_keys, joker_batch_keys, key_categories
from rules.presets import Options, Preset

from .contract import Level, TableView
from .estimate import JOINT_TOP, RowChances, expected_scores, row_chances
from .features import SplitFeatures, features_of
from .opponents import OpponentModel, model_for
from .payouts import ROW_PRICED, worth_by_category
from .policy import best_declaration, declares
from .showdown import SideRows, candidates_rows
from .splits import PER_FRONT, SPLIT_BACK, SPLIT_FRONT, SPLIT_MIDDLE, HandSplits
from .top import top_columns

SHORTLIST = 24  # splits per hand that `hard`'s estimate prices after the screen
CHUNK = 4  # hands screened together: small (4, 72,072) arrays stay in cache and measure fastest


@dataclass(frozen=True)
class Imagined:
    """`hard`'s play of a batch of hands: the rows of the split each would arrange, and its declaration."""

    rows: SideRows  # one entry per hand (for a declaring hand: the split it would otherwise arrange)
    declared: tuple[Decision | None, ...]  # the declaration of a hand that declares, else None
    hands: np.ndarray  # (B, 13) the hands, ascending
    splits: np.ndarray  # (B,) the split number each would arrange

    def arrangement(self, i: int) -> Arrangement:
        """The arrangement hand ``i`` would play (built on demand: most are only ever compared as rows)."""
        return HandSplits(self.hands[i], np.empty(0), np.empty(0), np.empty(0)).arrangement(int(self.splits[i]))


def _subset_keys(hands: np.ndarray, options: Options) -> tuple[np.ndarray, np.ndarray]:
    """(B, 286) and (B, 1287) keys of every subset of every hand (suit tie-break included when on)."""
    b = len(hands)
    k3 = batch_keys(hands[:, SUBSETS3].reshape(-1, 3), options.wheel, options.suit_tiebreak).reshape(b, -1)
    k5 = batch_keys(hands[:, SUBSETS5].reshape(-1, 5), options.wheel, options.suit_tiebreak).reshape(b, -1)
    return k3.astype(np.int64), k5.astype(np.int64)


def resolve_rows(cards: np.ndarray, options: Options) -> np.ndarray:
    """Row card arrays with each joker replaced by the card it stands for (rows without one unchanged)."""
    has = (cards == JOKER_ID).any(axis=1)
    if not has.any():
        return cards
    out = cards.copy()
    _, subs = joker_batch_keys(cards[has], options.wheel, options.suit_tiebreak)
    out[has] = np.where(cards[has] == JOKER_ID, subs[:, None], cards[has])
    return out


def _proxy(
    model: OpponentModel, preset: Preset, options: Options, b3: np.ndarray, b5: np.ndarray
) -> tuple[np.ndarray, ...]:
    """Per subset and row, what the row is expected to take from one opponent by the model: its win
    chance (taiwan family, where rows count one each), or what it wins less what it loses (arcade,
    shisanshui, western and hongkong, whose rows are worth their category or their royalty). float32: the
    screen only orders splits."""
    out = []
    for row, keys in zip(Row, (b3, b5, b5), strict=True):
        rm = model.rows[row]
        flat = keys.ravel()
        win, _ = rm.win_tie(flat)
        if preset in ROW_PRICED:
            worth = worth_by_category(row, preset, options)
            win = win * worth[key_categories(flat)] - rm.loss_cost(flat, worth)
        out.append(win.reshape(keys.shape).astype(np.float32))
    return tuple(out)


def _top_blocks(score: np.ndarray, k: int) -> np.ndarray:
    """(n, k) positions of each row's k largest entries of an (n, 286, 252) score (ties to the lower front and
    position, :mod:`ai.top`).

    The k largest entries lie in the k blocks (fronts) with the largest maxima, so only those blocks are
    partitioned: a full argpartition of 72,072 entries per hand costs more than the whole screen."""
    n = len(score)
    fronts = top_columns(score.max(axis=2), k)
    inner = np.take_along_axis(score, fronts[:, :, None], axis=1).reshape(n, -1)
    best = top_columns(inner, k)
    front, rest = np.divmod(best, PER_FRONT)
    out = np.take_along_axis(fronts, front, axis=1) * PER_FRONT + rest
    return np.where(np.isfinite(np.take_along_axis(inner, best, axis=1)), out, -1)


def _screen(
    b3: np.ndarray, b5: np.ndarray, model: OpponentModel, preset: Preset, options: Options, shortlist: int | None
) -> np.ndarray:
    """(B, K) split numbers of each hand's best legal splits by the proxy, ascending; padded at the end
    with the largest int64."""
    w3, w5m, w5b = _proxy(model, preset, options, b3, b5)
    k3, k5 = b3.astype(np.int32), b5.astype(np.int32)
    picks = []
    for lo in range(0, len(b3), CHUNK):
        sl = slice(lo, lo + CHUNK)
        # mode="wrap" skips the bounds check of the tables' own indices (as ai.splits.legal_splits does).
        km, kb = np.take(k5[sl], SPLIT_MIDDLE, axis=1, mode="wrap"), np.take(k5[sl], SPLIT_BACK, axis=1, mode="wrap")
        n = len(km)
        shape = (n, 286, PER_FRONT)
        ok = (k3[sl][:, :, None] <= km.reshape(shape)) & (km <= kb).reshape(shape)
        if shortlist is None:
            rows = [np.flatnonzero(r) for r in ok.reshape(n, -1)]
            width = max(len(r) for r in rows)
            picks.append(np.stack([np.pad(r, (0, width - len(r)), constant_values=-1) for r in rows]))
            continue
        # The estimate's additive part: what the three rows take one by one (sweeps are left to stage 2).
        won = np.take(w5m[sl], SPLIT_MIDDLE, axis=1, mode="wrap") + np.take(w5b[sl], SPLIT_BACK, axis=1, mode="wrap")
        score = np.where(ok, w3[sl][:, :, None] + won.reshape(shape), -np.inf)
        picks.append(_top_blocks(score, min(shortlist, 286)))
    width = max(p.shape[1] for p in picks)
    padded = [np.pad(p, ((0, 0), (0, width - p.shape[1])), constant_values=-1) for p in picks]
    out = np.concatenate(padded)
    # Ascending split numbers, padding last: ties then fall as quick_decision's argmax breaks them.
    return np.sort(np.where(out < 0, np.iinfo(np.int64).max, out), axis=1)


def _features(
    hands: np.ndarray,
    k3: np.ndarray,
    k5: np.ndarray,
    splits: np.ndarray,
    treasure: Sequence[int],
    pairs: int,
    options: Options | None = None,
) -> SplitFeatures:
    """One SplitFeatures for the listed splits of all ``hands`` laid end to end.

    Its "subsets" are only those the listed splits use (a few dozen a hand, not 1,573): the estimate looks
    every subset up in the model, and those lookups would otherwise cost more than the pricing itself."""
    hand_of = np.repeat(np.arange(len(hands)), splits.shape[1])
    flat = splits.ravel()
    u3, f_idx = np.unique(SPLIT_FRONT[flat] + 286 * hand_of, return_inverse=True)
    u5, mb_idx = np.unique(
        np.concatenate([SPLIT_MIDDLE[flat], SPLIT_BACK[flat]]) + 1287 * np.tile(hand_of, 2), return_inverse=True
    )
    m_idx, b_idx = mb_idx[: len(flat)], mb_idx[len(flat) :]
    c3 = hands[(u3 // 286)[:, None], SUBSETS3[u3 % 286]]
    c5 = hands[(u5 // 1287)[:, None], SUBSETS5[u5 % 1287]]
    k3u, k5u = k3.ravel()[u3], k5.ravel()[u5]
    if options is not None and options.joker:  # the card facts of a joker row read the card it stands for
        c3, c5 = resolve_rows(c3, options), resolve_rows(c5, options)
    return features_of(HandSplits(hands[0], k3u, k5u, flat), c3, c5, k3u, k5u, (f_idx, m_idx, b_idx), treasure, pairs)


def imagine(
    hands: Sequence[Sequence[int]] | np.ndarray,
    view: TableView,
    shortlist: int | None = SHORTLIST,
    model: OpponentModel | None = None,
) -> Imagined:
    """How `hard` plays each of ``hands`` at ``view``'s table (its seat does not matter to `hard`).

    ``model`` replaces `hard`'s shipped opponent model (the training script passes the one it refines)."""
    h = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    options, preset = view.rules_options, view.preset
    if model is None:
        model = model_for(Level.HARD, view)
    k3, k5 = _subset_keys(h, options)
    picks = _screen(base_key(k3), base_key(k5), model, preset, options, shortlist)
    valid = picks != np.iinfo(np.int64).max
    picks = np.where(valid, picks, 0)
    counts = np.stack([np.bincount(r[r < JOKER_ID] >> 2, minlength=13) for r in h])  # natural pairs (§20)
    # 六輪車's 加賭 reads one hand-wide pair count: hands with and without six pairs are priced apart.
    six = (counts // 2).sum(axis=1) >= 6
    ev = np.full(picks.shape, -np.inf)
    rows_parts: list[tuple[np.ndarray, SideRows]] = []
    for group in (~six, six):
        idx = np.flatnonzero(group)
        if not len(idx):
            continue
        f = _features(h[idx], k3[idx], k5[idx], picks[idx], view.treasure, 6 if group is six else 0, options)
        chances = row_chances(f, model, options)
        scores = expected_scores(f, model, preset, options, view.players, chances=chances).reshape(len(idx), -1)
        scores = np.where(valid[idx], scores, -np.inf)
        if model.joint is not None:
            scores = _with_dependence(f, scores, model, view, chances)
        ev[idx] = np.where(valid[idx], scores, -np.inf)
        best = np.argmax(ev[idx], axis=1)
        rows_parts.append((idx, candidates_rows(f, best + np.arange(len(idx)) * picks.shape[1], preset, options)))
    best_all = np.argmax(ev, axis=1)
    chosen = picks[np.arange(len(h)), best_all]
    best_ev = ev[np.arange(len(h)), best_all]
    rows = _merge(rows_parts, len(h))
    declared: list[Decision | None] = []
    for i in range(len(h)):
        cards = tuple(Card(int(c)) for c in h[i])
        declaration = best_declaration(cards, view)
        if declaration is not None and declares(*declaration, float(best_ev[i]), Level.HARD):
            declared.append(Decision.declared(cards, declaration[0]))
        else:
            declared.append(None)
    return Imagined(rows, tuple(declared), h, chosen)


def _with_dependence(
    f: SplitFeatures, scores: np.ndarray, model: OpponentModel, view: TableView, chances: RowChances
) -> np.ndarray:
    """`hard`'s second look (:func:`ai.estimate.hard_scores`) for a batch: each hand's best
    :data:`~ai.estimate.JOINT_TOP` splits re-priced with the rows' dependence, the others out."""
    n, width = scores.shape
    k = min(JOINT_TOP, width)
    cols = np.sort(np.argsort(-scores, axis=1, kind="stable")[:, :k], axis=1)
    flat = (cols + width * np.arange(n)[:, None]).ravel()
    out = np.full(scores.shape, -np.inf)
    priced = expected_scores(
        f.take(flat), model, view.preset, view.rules_options, view.players, joint=True, chances=chances.take(flat)
    )
    np.put_along_axis(out, cols, priced.reshape(n, k), axis=1)
    return out


def _merge(parts: list[tuple[np.ndarray, SideRows]], n: int) -> SideRows:
    """SideRows of groups of hands put back in hand order."""
    if len(parts) == 1:
        return parts[0][1]
    order = np.argsort(np.concatenate([idx for idx, _ in parts]), kind="stable")
    stacked = SideRows(
        np.concatenate([r.keys for _, r in parts]),
        np.concatenate([r.worth for _, r in parts]),
        np.concatenate([r.bonus for _, r in parts]),
        np.concatenate([r.shape for _, r in parts]),
    )
    assert len(order) == n
    return stacked.take(order)


def hard_decisions(
    hands: Sequence[Sequence[int]] | np.ndarray, view: TableView, shortlist: int | None = SHORTLIST
) -> list[Decision]:
    """`hard`'s decision for each of ``hands``, batched (what :func:`imagine` plays, as Decisions)."""
    im = imagine(hands, view, shortlist)
    return [d if d is not None else Decision.arranged(im.arrangement(i)) for i, d in enumerate(im.declared)]
