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
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules import arcade, shisanshui, taiwan
from rules.arrangement import Row
from rules.cards import Card
from rules.deal import Decision
from rules.evaluate import KEY_LIMIT, base_key, top_card_key
from rules.presets import Options, Preset, TieRule

from .contract import Level, TableView
from .features import SplitFeatures, gather, split_features
from .opponents import OpponentModel, RowModel, model_for
from .outcomes import independent, with_joint
from .payouts import arcade_shape, row_worths, taiwan_bonus, worth_by_category
from .policy import best_declaration, declares
from .top import top_positions

JOINT_TOP = 32  # splits per decision `hard` re-prices with the rows' dependence


def _subset_base_keys(f: SplitFeatures) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Base keys of the subsets each row is drawn from: models know rows by base key only."""
    keys3, keys5 = base_key(f.splits.keys3), base_key(f.splits.keys5)
    return keys3, keys5, keys5


def _row_model(model: OpponentModel, row: Row, options: Options, side: bool | None) -> RowModel:
    return model.rows[row].top_cards if side is not None and options.ties is TieRule.TOP_CARD else model.rows[row]


def _side_keys(keys: np.ndarray, options: Options, side: bool | None) -> np.ndarray:
    return top_card_key(keys) if side is not None and options.ties is TieRule.TOP_CARD else keys


@dataclass(frozen=True)
class RowChances:
    """Each split's rows' chances against a model: ``win`` and ``tie``, (3, n). Looked up once a decision: the
    re-pricing of a few splits with the rows' dependence takes theirs from here (:meth:`take`) rather than looking
    every subset of the hand up again for them (3–5% of a `hard` or `normal` decision, and of a pass priced)."""

    win: np.ndarray
    tie: np.ndarray

    def take(self, pos: np.ndarray) -> RowChances:
        """The chances of the splits at positions ``pos`` only (:meth:`SplitFeatures.take`'s)."""
        return RowChances(self.win[:, pos], self.tie[:, pos])


def row_chances(f: SplitFeatures, model: OpponentModel, options: Options, side: bool | None = None) -> RowChances:
    """(3, n) win and tie probabilities; looked up per subset, then gathered per split. In a banker game
    with a tie rule (``side``: True for the banker) a tie is the banker's win."""
    win = np.empty((3, f.size))
    tie = np.empty((3, f.size))
    subset_keys = _subset_base_keys(f)
    for row in Row:
        w, t = _row_model(model, row, options, side).win_tie(_side_keys(subset_keys[row], options, side))
        if side is not None:
            w, t = (w + t if side else w), np.zeros_like(t)
        idx = f.subset_index[row]
        win[row], tie[row] = gather(w, idx), gather(t, idx)
    return RowChances(win, tie)


def _loss_costs(
    f: SplitFeatures, model: OpponentModel, preset: Preset, options: Options, side: bool | None = None
) -> np.ndarray:
    """(3, n) what opponents' rows that beat each of ours take, on average."""
    subset_keys = _subset_base_keys(f)
    out = np.empty((3, f.size))
    for row in Row:
        rm = _row_model(model, row, options, side)
        # Opponents' treasure cards are unknown: their winning rows are valued by category alone.
        cost = rm.loss_cost(
            _side_keys(subset_keys[row], options, side),
            worth_by_category(row, preset, options),
            ties_lose=side is False,
        )
        out[row] = gather(cost, f.subset_index[row])
    return out


def expected_scores(
    f: SplitFeatures,
    model: OpponentModel,
    preset: Preset,
    options: Options,
    players: int = 4,
    joint: bool = False,
    side: bool | None = None,
    chances: RowChances | None = None,
) -> npt.NDArray[np.float64]:
    """Expected units won from the whole table for each legal split.

    ``side`` is :attr:`TableView.tie_side`: in a banker game with a tie rule, the rows tied go to the banker.

    With ``joint`` the sweep chances are corrected for the dependence of an opponent's rows
    (:mod:`ai.outcomes`, from the model's joint samples); without, the rows are taken as independent.
    The correction costs a comparison with every sample: callers apply it to a few splits
    (:meth:`SplitFeatures.take`), with ``chances`` taken from the whole decision's (:meth:`RowChances.take`).
    """
    if f.size == 0:
        return np.zeros(0)
    if chances is None:
        chances = row_chances(f, model, options, side)
    win, tie = chances.win, chances.tie
    o = independent(win, tie)
    if joint and model.joint is not None:
        keys = np.stack([base_key(k) for k in f.row_keys()])
        o = with_joint(o, keys, model.joint_sample)
    opponents = players - 1
    if preset.taiwan_family:
        bonus = taiwan_bonus(f, preset)
        won, lost = o.sweep + o.two_one, o.swept + o.one_two
        pair = taiwan.SWEEP * (o.sweep - o.swept) + (o.two_one - o.one_two) + bonus * won - model.mean_bonus * lost
        # 紅不讓, from each of the three opponents, taken as unrelated.
        home_run = taiwan.HOME_RUN * opponents * o.sweep**3 if players == 4 else 0.0
        return opponents * pair + home_run
    worth = row_worths(f, preset, options)
    cost = _loss_costs(f, model, preset, options, side)
    rows_ev: npt.NDArray[np.float64] = (worth * win).sum(axis=0) - cost.sum(axis=0)
    if preset.majority:
        # 2-4: one more for winning more rows than the opponent; no sweep bonus, no 全壘打.
        majority = (o.sweep + o.two_one) - (o.swept + o.one_two)
        return opponents * (rows_ev + majority)
    if preset is Preset.HONGKONG:
        return opponents * rows_ev  # every row paid on its own; no sweep bonus, no 全壘打
    if preset is Preset.BACKROW:
        # Only the back is paid, so every split with the same back is worth the same: a tie-break far below
        # any real difference prefers the strongest middle, then front, so the play reads as a player's.
        fk, mk, _ = f.row_keys()
        return opponents * rows_ev + 1e-7 * (mk + fk / KEY_LIMIT) / KEY_LIMIT
    if preset is Preset.ARCADE:
        pair = rows_ev + arcade.SWEEP * (o.all_win - o.all_loss) + arcade.SHAPE_BONUS * arcade_shape(f, options)
        # Doubling one opponent makes that pair count twice: a total weight of opponents + 1.
        # 全壘打: from each opponent, doubled like the rest.
        home_run = arcade.HOME_RUN * o.all_win**3 if players == 4 else 0.0
        return (opponents + 1) * (pair + home_run)
    # Shisanshui's, and the ladder's, whose splits this only orders (nobody arranges there, §19).
    pair = rows_ev + shisanshui.SWEEP * (o.all_win - o.all_loss)
    home_run = shisanshui.HOME_RUN * opponents * o.all_win**3 if players == 4 else 0.0
    return opponents * pair + home_run


def joint_top(ev: np.ndarray, k: int = JOINT_TOP) -> np.ndarray:
    """Positions of the ``k`` best of ``ev`` (ties to the lower position), ascending: the splits `hard`
    re-prices with the rows' dependence."""
    return top_positions(ev, k)


def hard_scores(
    f: SplitFeatures,
    model: OpponentModel,
    preset: Preset,
    options: Options,
    players: int = 4,
    k: int = JOINT_TOP,
    side: bool | None = None,
) -> np.ndarray:
    """`hard`'s price of each legal split: the independent estimate screens, the best ``k`` are re-priced
    with the rows' dependence, and the rest are out (-inf). Without joint samples: the plain estimate."""
    if f.size == 0:
        return np.zeros(0)
    chances = row_chances(f, model, options, side)
    ev = expected_scores(f, model, preset, options, players, side=side, chances=chances)
    if model.joint is None:
        return ev
    top = joint_top(ev, k)
    out = np.full(f.size, -np.inf)
    out[top] = expected_scores(
        f.take(top), model, preset, options, players, joint=True, side=side, chances=chances.take(top)
    )
    return out


def quick_decision(
    hand: Sequence[Card], view: TableView, level: Level = Level.HARD, model: OpponentModel | None = None
) -> Decision:
    """The best decision by expected score alone (no alternatives): what `expert` imagines opponents play.

    ``model`` overrides the level's opponent model (the training script passes the one it is refining).
    """
    view = view.heads_up()  # a banker game: one opponent (TableView.heads_up)
    options = view.rules_options
    declaration = best_declaration(hand, view)
    f = split_features(hand, options, None, view.treasure)
    if model is None:
        model = model_for(level, view)
    ev = hard_scores(f, model, view.preset, options, view.players, side=view.tie_side)
    best = int(np.argmax(ev))
    if declaration is not None and declares(*declaration, float(ev[best]), level):
        return Decision.declared(hand, declaration[0])
    return Decision.arranged(f.arrangement(best))
