"""The closed-form estimate: expected score of every legal split against an opponent model, under a
preset's pairwise scoring, and the decision that estimate alone picks (:func:`quick_decision`).

Rows are treated as independent: for each row the model gives P(win) and P(tie), and the preset's
table turns the three rows into units (打槍, 輾過, sweeps, bonuses, 紅不讓/全壘打) in closed form.

This is an estimate for ranking splits, not the exact score (`ai/showdown.py` is exact): it counts our own
紅不讓/全壘打 but not an opponent's against us, leaves out opponents' 三同花/三順子, treasure and doubles
against us, and charges opponents' 加賭 at their mean rather than the mean given that they won the pair.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rules.arrangement import Row
from rules.cards import Card
from rules.deal import Decision
from rules.evaluate import base_key
from rules.presets import Options, Preset

from .contract import Level, TableView
from .features import SplitFeatures, split_features
from .opponents import OpponentModel, model_for
from .payouts import arcade_shape, row_worths, taiwan_bonus, worth_by_category
from .policy import best_declaration, declares


def _subset_base_keys(f: SplitFeatures) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Base keys of the subsets each row is drawn from: models know rows by base key only."""
    keys3, keys5 = base_key(f.splits.keys3), base_key(f.splits.keys5)
    return keys3, keys5, keys5


def _row_probs(f: SplitFeatures, model: OpponentModel) -> tuple[np.ndarray, np.ndarray]:
    """(3, n) win and tie probabilities; looked up per subset, then gathered per split."""
    win = np.empty((3, f.size))
    tie = np.empty((3, f.size))
    subset_keys = _subset_base_keys(f)
    for row in Row:
        w, t = model.rows[row].win_tie(subset_keys[row])
        idx = f.subset_index[row]
        win[row], tie[row] = w[idx], t[idx]
    return win, tie


def _loss_costs(f: SplitFeatures, model: OpponentModel, preset: Preset) -> np.ndarray:
    """(3, n) what opponents' rows that beat each of ours take, on average."""
    subset_keys = _subset_base_keys(f)
    out = np.empty((3, f.size))
    for row in Row:
        rm = model.rows[row]
        # Opponents' treasure cards are unknown: their winning rows are valued by category alone.
        cost = rm.loss_cost(subset_keys[row], worth_by_category(row, preset))
        out[row] = cost[f.subset_index[row]]
    return out


def expected_scores(
    f: SplitFeatures, model: OpponentModel, preset: Preset, options: Options, players: int = 4
) -> np.ndarray:
    """Expected units won from the whole table for each legal split."""
    if f.size == 0:
        return np.zeros(0)
    win, tie = _row_probs(f, model)
    loss = np.clip(1.0 - win - tie, 0.0, 1.0)
    w0, w1, w2 = win
    t0, t1, t2 = tie
    l0, l1, l2 = loss
    opponents = players - 1
    all_win, all_loss = w0 * w1 * w2, l0 * l1 * l2
    if preset in (Preset.TAIWAN, Preset.TOURNAMENT):
        all_tie = t0 * t1 * t2
        p_six = (1 - l0) * (1 - l1) * (1 - l2) - all_tie  # no row lost, one won: 打槍 or 輾過
        p_msix = (1 - w0) * (1 - w1) * (1 - w2) - all_tie
        p_one = w0 * w1 * l2 + w0 * l1 * w2 + l0 * w1 * w2
        p_mone = l0 * l1 * w2 + l0 * w1 * l2 + w0 * l1 * l2
        bonus = taiwan_bonus(f, preset)
        pair = 6 * (p_six - p_msix) + (p_one - p_mone) + bonus * (p_six + p_one) - model.mean_bonus * (p_msix + p_mone)
        home_run = 18 * p_six**3 if players == 4 else 0.0
        return opponents * pair + home_run
    worth = row_worths(f, preset)
    cost = _loss_costs(f, model, preset)
    rows_ev = (worth * win).sum(axis=0) - cost.sum(axis=0)
    if preset is Preset.ARCADE:
        pair = rows_ev + 3 * (all_win - all_loss) + 2 * arcade_shape(f, options)
        # Doubling one opponent makes that pair count twice: a total weight of opponents + 1.
        home_run = 6 * all_win**3 if players == 4 else 0.0  # 全壘打: 6 from each opponent, doubled like the rest
        return (opponents + 1) * (pair + home_run)
    pair = rows_ev + 6 * (all_win - all_loss)
    home_run = 36 * all_win**3 if players == 4 else 0.0
    return opponents * pair + home_run


def quick_decision(
    hand: Sequence[Card], view: TableView, level: Level = Level.HARD, model: OpponentModel | None = None
) -> Decision:
    """The best decision by expected score alone (no alternatives): what `expert` imagines opponents play.

    ``model`` overrides the level's opponent model (the training script passes the one it is refining).
    """
    options = view.rules_options
    declaration = best_declaration(hand, view)
    f = split_features(hand, options, None, view.treasure)
    if model is None:
        model = model_for(level, view)
    ev = expected_scores(f, model, view.preset, options, view.players)
    best = int(np.argmax(ev))
    if declaration is not None and declares(*declaration, float(ev[best]), level):
        return Decision.declared(hand, declaration[0])
    return Decision.arranged(f.arrangement(best))
