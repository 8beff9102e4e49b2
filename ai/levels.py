"""The four computer levels behind one function, :func:`choose`.

A level sees only its own 13 cards and a :class:`TableView` of public information; nothing here can
reach another seat's hand. Every level returns a legal arrangement (or a valid declaration).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from rules.arrangement import stand_in
from rules.cards import Card
from rules.deal import Decision
from rules.evaluate import KEY_LIMIT, key_categories
from rules.exempt import WIN, exempt_rank

from .contract import Choice, Distinct, Fixed, Level, PricedDecision, TableView
from .estimate import JOINT_TOP, expected_scores, hard_scores
from .expert import EXPERT_POOL, refine
from .features import SplitFeatures, split_features
from .opponents import model_for
from .policy import best_declaration, declares, double_factors, double_if_ahead, double_target

# How many leading ranks of the comparison vector name a row's made hand, by category: the pair of a pair,
# both pairs, the trips, a straight's top card, a full house's trips and pair, the quads; high card and
# flush are their category alone.
_MADE_RANKS = np.array([0, 1, 2, 1, 1, 0, 2, 1, 1])
_RANK_BITS = 4 * 5  # v1..v5 (four bits each) above the two suit bits


def _made_hand(keys: np.ndarray) -> np.ndarray:
    """Each row key with everything but its category and made hand cleared (kickers and suits)."""
    keep = _MADE_RANKS[key_categories(keys)]
    drop = 2 + 4 * (5 - keep)  # bits below the kept leading ranks
    made: np.ndarray = (keys >> drop) << drop  # the dtype of ``keys``
    return made


def _signatures(f: SplitFeatures, distinct: Distinct) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = f.row_keys()
    if distinct is Distinct.STRUCTURE:
        return _made_hand(rows[0]), _made_hand(rows[1]), _made_hand(rows[2])
    return rows


def _ranked(
    f: SplitFeatures,
    ev: np.ndarray,
    top: int,
    tiebreak: np.ndarray | None = None,
    distinct: Distinct = Distinct.ROWS,
) -> list[int]:
    """Positions of the ``top`` best splits, distinct in row strengths (or in structure), best first; equal
    ``ev`` is ordered by ``tiebreak`` (expert's Monte Carlo values tie often: `hard`'s estimate decides them)."""
    # Only the head of the ranking is ever read: partition first, then sort that head.
    head = min(max(top * 50, 200), len(ev))
    if tiebreak is not None:
        part = np.flatnonzero(np.isfinite(ev))  # a partition by ev alone could cut ties the wrong way
    elif head < len(ev):
        part = np.argpartition(-ev, head - 1)[:head]
    else:
        part = np.arange(len(ev))
    second = -tiebreak[part] if tiebreak is not None else np.zeros(len(part))
    order = part[np.lexsort((second, -ev[part]))]
    seen: set[tuple[int, int, int]] = set()
    picked: list[int] = []
    fk, mk, bk = _signatures(f, distinct)
    for pos in order:
        if not np.isfinite(ev[pos]):
            break  # splits a level did not rank (expert's unsampled ones) are no alternative
        sig = (int(fk[pos]), int(mk[pos]), int(bk[pos]))
        if sig in seen:
            continue
        seen.add(sig)
        picked.append(int(pos))
        if len(picked) == top:
            break
    return picked


def _easy_scores(f: SplitFeatures, seed: int) -> npt.NDArray[np.float64]:
    """A beginner: strongest back first, then middle, then front, sometimes settling for a lesser back."""
    rng = np.random.default_rng(seed & 0xFFFFFFFFFFFFFFFF)  # any int, negative too
    fk, mk, bk = f.row_keys()
    backs = np.unique(bk)[::-1][:3]
    choice = backs[min(int(rng.choice(3, p=[0.6, 0.25, 0.15])), len(backs) - 1)]
    scores: npt.NDArray[np.float64] = (bk == choice) * 4.0 + mk / KEY_LIMIT * 2 + fk / KEY_LIMIT
    return scores


def _expert_double(
    view: TableView, default: int, pair_value: float, plays: list[PricedDecision]
) -> tuple[int | None, list[PricedDecision]]:
    """`expert`'s arcade 賭倍 (:func:`ai.policy.double_if_ahead`) for its best play's value per opponent, and
    the plays' values rescaled from the double they were priced with (``default``) to the one made."""
    double = double_if_ahead(view, pair_value)
    if double == default:
        return double, plays
    seats = [s for s in range(view.players) if s != view.seat]
    old, new = double_factors(view, seats), double_factors(view, seats, double)
    assert old is not None and new is not None
    scale = float(new.sum() / old.sum())
    return double, [PricedDecision(p.decision, p.ev * scale) for p in plays]


def choose(
    hand: Sequence[int],
    view: TableView,
    level: Level | str = Level.NORMAL,
    *,
    seed: int = 0,
    fixed: Fixed | None = None,
    top: int = 3,
    samples: int | None = None,
    distinct: Distinct = Distinct.ROWS,
) -> Choice:
    """Decide how to play ``hand`` (13 cards) at a table described only by public ``view``.

    ``fixed`` keeps cards the player already placed (the hint key, auto-complete and the time-out
    takeover use it); when no legal completion keeps them, the best unconstrained arrangement is
    returned with ``kept_fixed=False``. ``top`` alternatives are listed, as different from each other as
    ``distinct`` says; ``samples`` caps the Monte Carlo budget of `expert` (opponent deals drawn from the
    unseen cards; a clear call stops sooner).
    """
    level = Level(level)
    cards = tuple(sorted(Card(c) for c in hand))
    double = double_target(view)
    # A banker game is priced against one opponent and scaled back by the seat's weight (TableView.heads_up).
    weight, view = view.weight, view.heads_up()
    options = view.rules_options

    if not view.preset.arranged:  # the pattern ladder (RULES.md §19): nothing to decide, any rows will do
        stand = Decision.arranged(stand_in(cards, options.wheel))
        return Choice(stand, 0.0, None, (), True)
    declaration = best_declaration(cards, view)
    f = split_features(cards, options, fixed, view.treasure)
    kept = True
    if f.size == 0:
        f = split_features(cards, options, None, view.treasure)
        kept = False

    tiebreak = None
    pair = None
    model = model_for(level, view)
    if level in (Level.HARD, Level.EXPERT):
        # Structurally different alternatives lie further down the ranking: `hard` prices more of it then.
        pool = JOINT_TOP if level is Level.HARD and distinct is Distinct.ROWS else EXPERT_POOL
        ev = hard_scores(f, model, view.preset, options, view.players, pool, side=view.tie_side)
    else:
        ev = expected_scores(f, model, view.preset, options, view.players, side=view.tie_side)
    pick_score = ev
    if level is Level.EASY:
        pick_score = _easy_scores(f, seed)
    elif level is Level.EXPERT:
        tiebreak = ev
        pick_score, ev, pair = refine(f, ev, cards, view, seed=seed, samples=samples)

    ranked = _ranked(f, pick_score, top + 1, tiebreak, distinct)
    plays = [PricedDecision(Decision.arranged(f.arrangement(p)), weight * float(ev[p])) for p in ranked]
    best = plays[0]
    if pair is not None and double is not None and declaration is None:
        double, plays = _expert_double(view, double, float(pair[ranked[0]]), plays)
        best = plays[0]
    arranged = best.ev
    if options.exempt and exempt_rank(cards, options.wheel) is not None:
        arranged = weight * WIN[view.preset] * (view.players - 1)  # 免擺: what arranging is really worth (§18)
    if declaration is not None and declares(declaration[0], weight * declaration[1], arranged, level):
        decl = PricedDecision(Decision.declared(cards, declaration[0]), weight * declaration[1])
        plays.insert(0, decl)
        best = decl
    return Choice(best.decision, best.ev, double, tuple(plays[1 : top + 1]), kept)
