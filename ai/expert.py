"""`expert`: `hard`'s best candidates re-scored exactly against sampled opponents (Monte Carlo).

Opponent hands are drawn from the 39 cards the seat cannot see and arranged by `hard`; each candidate
is then scored with the active preset's exact pairwise rules (sweeps, bonuses, 紅不讓/全壘打, 賭倍).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from rules.cards import Card
from rules.deal import Deal, Decision
from rules.evaluate import base_key
from rules.presets import Preset
from rules.scoring import score_deal

from .contract import Level, TableView
from .estimate import quick_decision
from .features import SplitFeatures
from .policy import double_target
from .showdown import SideRows, candidates_rows, decisions_rows, table_scores

DEFAULT_SAMPLES = 12
CANDIDATES = 48


def refine(
    f: SplitFeatures, ev: np.ndarray, cards: Sequence[Card], view: TableView, *, seed: int, samples: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Monte Carlo expected score of ``hard``'s top candidates; returns (ranking score, ev) arrays."""
    n_samples = DEFAULT_SAMPLES if samples is None else max(1, int(samples))
    preset, options, players = view.preset, view.rules_options, view.players
    cand, ours = _distinct_candidates(f, ev, view)
    n = len(cand)
    seats = [s for s in range(players) if s != view.seat]
    rng = np.random.default_rng([seed & 0xFFFFFFFF, *(int(c) for c in sorted(cards))])
    unseen = np.setdiff1d(np.arange(52), np.asarray(cards, dtype=np.int64))

    factors = None
    if preset is Preset.ARCADE:
        mine = double_target(view)
        factors = np.array([2.0 ** ((mine == q) + (double_target(replace(view, seat=q)) == view.seat)) for q in seats])
    totals = np.zeros(n)
    for _ in range(n_samples):
        perm = rng.permutation(unseen)
        hands = [tuple(sorted(Card(int(c)) for c in perm[13 * i : 13 * i + 13])) for i in range(len(seats))]
        decisions = [quick_decision(h, replace(view, seat=q), Level.HARD) for h, q in zip(hands, seats, strict=True)]
        if any(d.declare is not None for d in decisions):
            totals += _score_with_rules(f, cand, decisions, seats, view, factors)
            continue
        opp = decisions_rows(decisions, preset, options, view.treasure)
        totals += table_scores(preset, ours, opp, players, factors)
    mc = totals / n_samples
    pick = np.full(f.size, -np.inf)
    pick[cand] = mc
    out = ev.copy()
    out[cand] = mc
    return pick, out


def _distinct_candidates(f: SplitFeatures, ev: np.ndarray, view: TableView) -> tuple[np.ndarray, SideRows]:
    """`hard`'s best splits, one per distinct outcome: splits that differ only by which suit sits where
    score identically, and sampling them twice would waste the budget."""
    head = min(CANDIDATES * 10, f.size)
    pool = np.argpartition(-ev, head - 1)[:head] if head < f.size else np.arange(f.size)
    pool = pool[np.argsort(-ev[pool], kind="stable")]
    rows = candidates_rows(f, pool, view.preset, view.rules_options)
    signature = np.column_stack(
        [base_key(rows.keys) if not view.rules_options.suit_tiebreak else rows.keys, rows.worth, rows.bonus, rows.shape]
    )
    _, first = np.unique(signature, axis=0, return_index=True)
    keep = np.sort(first)[:CANDIDATES]  # first occurrences, still in EV order
    return pool[keep], rows.take(keep)


def _score_with_rules(
    f: SplitFeatures,
    cand: np.ndarray,
    decisions: list[Decision],
    seats: list[int],
    view: TableView,
    factors: np.ndarray | None,
) -> np.ndarray:
    """The rare sample with a declared special: score each candidate with the rules scorer itself."""
    out = np.zeros(len(cand))
    doubles: tuple[int | None, ...] = ()
    if view.preset is Preset.ARCADE:
        doubles = tuple(double_target(replace(view, seat=s)) for s in range(view.players))
    for i, pos in enumerate(cand):
        mine = Decision.arranged(f.arrangement(pos))
        table: list[Decision] = [mine] * view.players
        for d, q in zip(decisions, seats, strict=True):
            table[q] = d
        result = score_deal(Deal(view.preset, view.rules_options, tuple(table), doubles, tuple(view.treasure)))
        out[i] = result.totals[view.seat]
    return out
