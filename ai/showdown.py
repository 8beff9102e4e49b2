"""The showdown: exact pairwise scores of many candidate arrangements against concrete opponent arrangements.

The vectorised mirror of `rules.taiwan`, `rules.arcade`, `rules.shisanshui` and `rules.western` for arranged, legal
hands; `expert` uses it to score its candidates against sampled opponents (a sampled deal with a declared
special goes through the rules scorer itself). A test checks this module against `rules.scoring.score_deal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import cast

import numpy as np
import numpy.typing as npt

from rules.arcade import SHAPE_BONUS, row_worth, shape_bonus
from rules.arrangement import Row
from rules.backrow import row_worth as backrow_worth
from rules.deal import Decision, Seat
from rules.evaluate import top_card_key
from rules.hongkong import category_worth as hongkong_worth
from rules.presets import Options, Preset, TieRule
from rules.scoring import home_run_bonus, sweep_bonus
from rules.shisanshui import category_worth as shisanshui_worth
from rules.taiwan import bonus_items
from rules.western import category_worth as western_worth

from .contract import TableView
from .features import SplitFeatures
from .payouts import ROW_PRICED, arcade_shape, row_worths, taiwan_bonus


@dataclass(frozen=True)
class SideRows:
    """Arranged, legal hands as arrays: strength keys and what each side takes when it wins."""

    keys: np.ndarray  # (n, 3) strength keys (suit tie-break included when on)
    worth: np.ndarray  # (n, 3) arcade/shisanshui/western value of each row when won
    bonus: np.ndarray  # (n,) taiwan/tournament 加賭
    shape: np.ndarray  # (n,) arcade's shape bonus (三同花/三順子, rules.arcade.SHAPE_BONUS)

    def take(self, idx: np.ndarray | Sequence[int]) -> SideRows:
        """The hands at ``idx``, in that order."""
        return SideRows(self.keys[idx], self.worth[idx], self.bonus[idx], self.shape[idx])


def tie_rows(rows: SideRows, view: TableView, ours: bool = True) -> SideRows:
    """``rows`` (the seat's own, or its opponents' with ``ours`` False) with keys laid out for the tie rule of
    ``view``'s banker game, as `rules.banker.tie_keys` does: the banker's equal rows win. Unchanged where
    equal rows tie (:attr:`TableView.tie_side` None)."""
    side = view.tie_side
    if side is None:
        return rows
    ties = view.rules_options.ties
    keys = top_card_key(rows.keys) if ties is TieRule.TOP_CARD else rows.keys
    return replace(rows, keys=2 * keys + (1 if side is ours else 0))


def candidates_rows(f: SplitFeatures, positions: np.ndarray, preset: Preset, options: Options) -> SideRows:
    """SideRows of the legal splits at ``positions`` of ``f``."""
    keys = np.stack([k[positions] for k in f.row_keys()], axis=1)
    worth = row_worths(f, preset, options)[:, positions].T if preset in ROW_PRICED else np.zeros((len(positions), 3))
    bonus = taiwan_bonus(f, preset)[positions] if preset.taiwan_family else np.zeros(len(positions))
    shape = arcade_shape(f, options)[positions] if preset.shape_bonus else np.zeros(len(positions), bool)
    return SideRows(keys, worth, bonus, shape)


def decisions_rows(
    decisions: Sequence[Decision], preset: Preset, options: Options, treasure: Sequence[int] = ()
) -> SideRows:
    """SideRows of arranged decisions (specials are not allowed here), computed with the rules code."""
    keys, worth, bonus, shape = [], [], [], []
    tset = set(int(t) for t in treasure)
    for d in decisions:
        seat = Seat.evaluate(d, options)
        assert seat.keys is not None and seat.values is not None and d.arrangement is not None
        keys.append(seat.keys)
        if preset is Preset.ARCADE:
            worth.append([row_worth(r, seat.values[r]) * (1 + sum(int(c) in tset for c in seat.rows[r])) for r in Row])
            shape.append(options.three_flush_straight and shape_bonus(seat) is not None)
        else:
            if preset is Preset.SHISANSHUI:
                worth.append([shisanshui_worth(r, seat.values[r].category) for r in Row])
            elif preset is Preset.WESTERN:
                worth.append([western_worth(r, seat.values[r].category, options.royalties) for r in Row])
            elif preset is Preset.HONGKONG:
                worth.append([hongkong_worth(r, seat.values[r].category) for r in Row])
            elif preset is Preset.BACKROW:
                worth.append([backrow_worth(r) for r in Row])
            else:
                worth.append([0, 0, 0])
            shape.append(False)
        bonus.append(sum(it.value for it in bonus_items(seat, preset)) if preset.taiwan_family else 0)
    return SideRows(
        np.array(keys, dtype=np.int64),
        np.array(worth, dtype=float),
        np.array(bonus, dtype=float),
        np.array(shape, dtype=bool),
    )


def pair_scores(
    preset: Preset, ours: SideRows, theirs: SideRows
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """(N, M) scores of each of ours against each of theirs, and where either side swept the other.

    The "sweep" masks are what counts toward 紅不讓/全壘打: taiwan's +6 results, the others' 打槍.
    """
    # Row by row on (N, M) arrays of small ints: `expert` calls this on ~50 × 12,000 pairs a decision, where
    # one (N, M, 3) int64 difference and its temporaries cost twice as much.
    shape = (len(ours.keys), len(theirs.keys))
    won, lost = np.zeros(shape, np.int8), np.zeros(shape, np.int8)
    beats, loses = [], []
    for r in range(3):
        mine, other = ours.keys[:, r, None], theirs.keys[None, :, r]
        beats.append(mine > other)
        loses.append(mine < other)
        won += beats[r]
        lost += loses[r]
    if preset.taiwan_family:
        margin = np.sign(won - lost).astype(np.int8)
        sweep = np.int8(sweep_bonus(preset))  # 打槍 is the pair's whole score here (§5)
        base = np.where((lost == 0) & (won > 0), sweep, np.where((won == 0) & (lost > 0), -sweep, margin))
        bonus = np.where(base > 0, ours.bonus[:, None], np.where(base < 0, -theirs.bonus[None, :], 0.0))
        return base + bonus, base == sweep, base == -sweep
    rows = np.zeros(shape)
    for r in range(3):
        rows += np.where(beats[r], ours.worth[:, r, None], np.where(loses[r], -theirs.worth[None, :, r], 0.0))
    swept, was_swept = won == 3, lost == 3
    if preset.majority:
        return rows + np.sign(won - lost), swept, was_swept
    if not preset.bonuses:
        return rows, swept, was_swept  # no sweep bonus (and no home run)
    score = rows + sweep_bonus(preset) * (swept.astype(float) - was_swept)
    if preset.shape_bonus:
        mine, other = ours.shape[:, None], theirs.shape[None, :]
        score = score + float(SHAPE_BONUS) * ((mine & ~other).astype(float) - (other & ~mine))
    return score, swept, was_swept


def sweeps(preset: Preset, keys: np.ndarray, other: np.ndarray) -> npt.NDArray[np.bool_]:
    """Whether rows ``keys`` sweep rows ``other`` (broadcast over leading axes), as :func:`pair_scores` counts
    it toward 紅不讓/全壘打: in the taiwan family every row that is not tied won, elsewhere all three won."""
    diff = keys - other
    won, lost = (diff > 0).sum(axis=-1), (diff < 0).sum(axis=-1)
    swept: npt.NDArray[np.bool_] = (lost == 0) & (won > 0) if preset.taiwan_family else won == 3
    return swept


def table_scores(
    preset: Preset, ours: SideRows, opponents: SideRows, players: int, factors: np.ndarray | None = None
) -> npt.NDArray[np.float64]:
    """Each candidate's total against a table of arranged opponents, incl. 紅不讓/全壘打 both ways.

    ``factors`` (k,) are the arcade 賭倍 multipliers of our pair with each opponent.
    """
    k = len(opponents.keys)
    score, swept, was_swept = pair_scores(preset, ours, opponents)
    if players == 4:
        hr = home_run_bonus(preset)
        ours_all = cast(npt.NDArray[np.bool_], swept.all(axis=1))  # 2-D in, an array out (not numpy's bool)
        score = score + hr * ours_all[:, None]
        # An opponent's home run needs it to sweep the other opponents too.
        _, opp_swept, _ = pair_scores(preset, opponents, opponents)
        others = np.array([all(opp_swept[q, r] for r in range(k) if r != q) for q in range(k)])
        score = score - hr * (was_swept & others[None, :])
    if factors is not None:
        score = score * factors[None, :]
    totals: npt.NDArray[np.float64] = score.sum(axis=1)
    return totals


def sample_scores(
    preset: Preset, ours: SideRows, opponents: SideRows, seats: int, players: int, factors: np.ndarray | None = None
) -> npt.NDArray[np.float64]:
    """(S, N) :func:`table_scores` of each of ours against each of S sampled tables at once.

    ``opponents`` holds the S tables one after another, ``seats`` hands each; 紅不讓/全壘打 count only at
    four players (pass ``players`` below four when a declared special at the table makes a sweep of it
    impossible for anyone).
    """
    n, m = len(ours.keys), len(opponents.keys)
    s = m // seats
    theirs_home_run = None
    if players == 4:
        # An opponent's home run needs it to sweep the other opponents of its own table too (compared within
        # each table only: all pairs across tables would cost the square of the tables).
        keys = opponents.keys.reshape(s, seats, 3)
        within = sweeps(preset, keys[:, :, None, :], keys[:, None, :, :])  # (s, seats, seats)
        within = within | np.eye(seats, dtype=bool)[None]
        theirs_home_run = cast(npt.NDArray[np.bool_], within.all(axis=2))[None]
    # A block of our candidates at a time: each (candidates, hands) array of the pricing is some 5 MB for
    # `expert`'s 50 candidates against 12,000 hands, and a dozen of them at once were 22 MB of a table's peak
    # (issue 44). Every candidate is scored on its own, so the blocks give exactly the scores of one pass.
    step = max(1, SCORE_CELLS // max(1, m))
    totals = np.empty((s, n))
    for start in range(0, n, step):
        part = ours if step >= n else ours.take(np.arange(start, min(n, start + step)))
        totals[:, start : start + step] = _sample_block(
            preset, part, s, seats, players, factors, opponents, theirs_home_run
        )
    return totals


SCORE_CELLS = 120_000  # (candidate, hand) pairs scored at once by sample_scores


def _sample_block(
    preset: Preset,
    ours: SideRows,
    s: int,
    seats: int,
    players: int,
    factors: np.ndarray | None,
    opponents: SideRows,
    theirs_home_run: np.ndarray | None,
) -> npt.NDArray[np.float64]:
    """:func:`sample_scores` of one block of our candidates, (S, block)."""
    n = len(ours.keys)
    pair, ours_swept, theirs_swept = pair_scores(preset, ours, opponents)
    score: npt.NDArray[np.float64] = pair.reshape(n, s, seats)
    swept, was_swept = ours_swept.reshape(n, s, seats), theirs_swept.reshape(n, s, seats)
    if players == 4 and theirs_home_run is not None:
        hr = home_run_bonus(preset)
        # .all over one axis of a 3-D array is an array (numpy's stubs allow the bool of a 1-D one).
        score = score + hr * cast(npt.NDArray[np.bool_], swept.all(axis=2))[:, :, None]
        score = score - hr * (was_swept & theirs_home_run)
    if factors is not None:
        score = score * factors[None, None, :]
    totals: npt.NDArray[np.float64] = score.sum(axis=2).T
    return totals
