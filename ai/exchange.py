"""What to pass in the three-card exchange (換三張, rules/RULES.md §21), and what a pass is worth.

A pass is priced by what the hand is worth after it: the ten cards kept with three received, and each hand
valued by the level's own estimate of its best play (or declaration). The received cards are what a giver
holding 13 of the 39 unseen cards would pass by the quick look below (neighbours pass low odd cards far more
often than aces). Every candidate is priced on the same draws, so their differences are far less noisy
than their values; `expert` passes the best of them, a lower level chooses among them with its character
(:data:`ai.levels.CHARACTERS`: a pass that looks worse is made less often, one past its cap never). Candidates
come from a quick look at what the kept ten still make (groups, a flush or a straight taking shape, high
cards), since pricing all 286 passes would take seconds.

The same concept on another floor: the computer's side of :mod:`rules.exchange`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.cards import JOKER_ID, Card, format_cards
from rules.evaluate import SUBSETS3
from rules.exchange import PASS_SIZE, check_pass
from rules.exempt import WIN, exempt_rank

from .contract import Level, TableView
from .estimate import JOINT_TOP, expected_scores, hard_scores
from .features import split_features
from .levels import CHARACTERS, pick, units_of
from .opponents import model_for
from .policy import best_declaration
from .verdicts import Verdict, verdict_for

# (candidates priced, received draws) per level.
BUDGET = {Level.EASY: (3, 4), Level.NORMAL: (4, 6), Level.HARD: (8, 12), Level.EXPERT: (10, 24)}
REVIEW_BUDGET = (10, 24, 48)  # the coach: candidates, draws to choose the best on, fresh draws to price on
_GROUP = {1: 0.0, 2: 3.0, 3: 8.0, 4: 14.0}
_SUIT = {5: 6.0, 4: 2.5, 3: 0.5}
_RUN = {5: 6.0, 4: 2.0, 3: 0.3}


@dataclass(frozen=True)
class PassChoice:
    """A seat's pass and what it expects its hand to be worth after it (units, per its level)."""

    cards: tuple[Card, ...]
    ev: float


@dataclass(frozen=True)
class PassReview:
    """The coach's word on a pass: the player's, the best it found, the units between them and the verdict."""

    played: tuple[Card, ...]
    played_ev: float
    best: tuple[Card, ...]
    best_ev: float
    loss: float  # units the pass gives up against the best (0 when it does as well)
    ci95: float
    verdict: Verdict
    draws: int

    def to_dict(self) -> dict[str, object]:
        return {
            "played": format_cards(self.played),
            "played_ev": self.played_ev,
            "best": format_cards(self.best),
            "best_ev": self.best_ev,
            "loss": self.loss,
            "ci95": self.ci95,
            "verdict": self.verdict.value,
            "draws": self.draws,
        }


_GROUP_VALUE = np.array([_GROUP.get(n, 0.0) if n <= 4 else _GROUP[4] for n in range(5)])
_SUIT_VALUE = np.array([_SUIT.get(min(5, n), 0.0) for n in range(14)])
_RUN_VALUE = np.array([_RUN.get(min(5, n), 0.0) for n in range(15)])


def _longest_runs(present: np.ndarray) -> np.ndarray:
    """(k, 13) rank presence -> (k,) longest run of consecutive ranks, the ace also below the deuce."""
    line = np.concatenate([present[:, 12:13], present], axis=1).astype(np.int64)
    run = np.zeros(len(line), dtype=np.int64)
    best = np.zeros(len(line), dtype=np.int64)
    for col in line.T:  # 14 steps over all rows at once
        run = (run + 1) * col
        best = np.maximum(best, run)
    return best


def kept_scores(hand: Sequence[int] | npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """The quick look at what the cards kept make, for each of the 286 passes of ``hand`` (in
    :data:`rules.evaluate.SUBSETS3` order of the hand sorted ascending): pairs, trips and fours, a flush or
    straight taking shape, high cards. Only used to choose which passes are worth pricing."""
    cards = np.sort(np.asarray(hand, dtype=np.int64))
    # The joker (RULES.md §20) has no rank or suit to count: 13 and 4 match none of the columns below.
    ranks, suits = cards >> 2, np.where(cards == JOKER_ID, 4, cards & 3)
    keep = np.ones((len(SUBSETS3), 13), dtype=bool)
    keep[np.arange(len(SUBSETS3))[:, None], SUBSETS3] = False
    rank_counts = (keep[:, :, None] & (ranks[None, :, None] == np.arange(13))).sum(axis=1)  # (286, 13)
    suit_counts = (keep[:, :, None] & (suits[None, :, None] == np.arange(4))).sum(axis=1)  # (286, 4)
    grouped = rank_counts > 1
    score = _GROUP_VALUE[np.minimum(rank_counts, 4)].sum(axis=1) + (grouped * np.arange(13) * 0.12).sum(axis=1)
    score += _SUIT_VALUE[suit_counts.max(axis=1)]
    score += _RUN_VALUE[_longest_runs(rank_counts > 0)]
    scores: npt.NDArray[np.float64] = score + ((rank_counts > 0) * np.arange(13)).sum(axis=1) * 0.04
    return scores


def kept_score(kept: Sequence[int]) -> float:
    """The quick look at a set of kept cards (:func:`kept_scores` for one set, of any size)."""
    naturals = [c for c in kept if c != JOKER_ID]
    ranks = Counter(c >> 2 for c in naturals)
    suits = Counter(c & 3 for c in naturals) or Counter({0: 0})
    score = sum(_GROUP[n] + (0.12 * r if n > 1 else 0.0) for r, n in ranks.items())
    score += _SUIT.get(min(5, max(suits.values())), 0.0)
    present = np.zeros((1, 13), dtype=bool)
    present[0, list(ranks)] = True
    score += _RUN.get(min(5, int(_longest_runs(present)[0])), 0.0)
    return score + sum(r for r in ranks) * 0.04


def candidates(hand: Sequence[int] | npt.NDArray[np.int64], count: int) -> list[tuple[Card, ...]]:
    """The ``count`` passes whose kept cards look best, best first (ties by the lower cards passed)."""
    cards = np.sort(np.asarray(hand, dtype=np.int64))
    trios = cards[SUBSETS3]  # (286, 3)
    score = np.where((trios == JOKER_ID).any(axis=1), -np.inf, kept_scores(cards))  # nobody passes the joker
    order = np.lexsort((trios.sum(axis=1), -score))[:count]
    return [tuple(Card(int(c)) for c in trios[i]) for i in order]


def hand_value(cards: Sequence[int], view: TableView, level: Level = Level.HARD) -> float:
    """What a 13-card hand is worth at ``view``'s table, in units: the level's estimate of its best play."""
    weight, heads = view.weight, view.heads_up()
    options = heads.rules_options
    hand = tuple(sorted(Card(c) for c in cards))
    if options.exempt and exempt_rank(hand, options.wheel) is not None:
        return weight * WIN[heads.preset] * (heads.players - 1)  # 免擺 (§18): no arranging, a sweep's worth
    f = split_features(hand, options, None, heads.treasure)
    model = model_for(level, heads)
    if level is Level.EXPERT or CHARACTERS[level].joint:
        ev = hard_scores(f, model, heads.preset, options, heads.players, JOINT_TOP, side=heads.tie_side)
    else:
        ev = expected_scores(f, model, heads.preset, options, heads.players, side=heads.tie_side)
    best = float(ev.max())
    declaration = best_declaration(hand, heads)
    if declaration is not None:
        best = max(best, declaration[1])
    return weight * best


def _draws(
    hand: Sequence[int], count: int, seed: int, modelled: bool = True, view: TableView | None = None
) -> list[tuple[Card, ...]]:
    """``count`` draws of the three cards the seat may receive. ``modelled``: the giver's 13 cards are drawn
    from the unseen ones and it passes what its quick look likes least (a neighbour passes low odd cards far
    more often than aces); otherwise any three unseen cards, uniformly."""
    # The unseen cards: not ours, not the card turned up for the joker, the joker when someone else holds it.
    unseen = (view or TableView()).unseen(hand)
    rng = np.random.default_rng(seed & 0xFFFFFFFFFFFFFFFF)
    out = []
    for _ in range(count):
        if modelled:
            out.append(candidates(rng.choice(unseen, 13, replace=False), 1)[0])
        else:
            out.append(tuple(Card(int(c)) for c in rng.choice(unseen, PASS_SIZE, replace=False)))
    return out


def price_passes(
    hand: Sequence[int],
    passes: Sequence[Sequence[int]],
    view: TableView,
    *,
    draws: int,
    seed: int,
    level: Level = Level.HARD,
    modelled: bool = True,
) -> np.ndarray:
    """(draws, passes) values of the hand after each pass, every pass priced on the same received cards
    (``modelled``: as :func:`_draws` says)."""
    cards = tuple(sorted(Card(c) for c in hand))
    checked = [check_pass(cards, p) for p in passes]
    out = np.empty((draws, len(checked)))
    for i, got in enumerate(_draws(cards, draws, seed, modelled, view)):
        for j, trio in enumerate(checked):
            out[i, j] = hand_value([c for c in cards if c not in trio] + list(got), view, level)
    return out


def choose_pass(
    hand: Sequence[int], view: TableView, level: Level | str = Level.NORMAL, *, seed: int = 0, modelled: bool = True
) -> PassChoice:
    """The three cards ``level`` passes from ``hand`` (13 cards) at ``view``'s table."""
    level = Level(level)
    count, draws = BUDGET[level]
    look = candidates(hand, count)
    x = price_passes(hand, look, view, draws=draws, seed=seed, level=level, modelled=modelled)
    means = x.mean(axis=0)
    if level is Level.EXPERT:
        best = int(np.argmax(means))
    else:
        # With the level's character (issue 39), as it arranges: a pass that looks worse is made less often.
        rng = np.random.default_rng([seed & 0xFFFFFFFF, 0x9A55])  # not the stream its draws were made with
        best = pick(means, CHARACTERS[level], units_of(view.heads_up()) * view.weight, rng)
    return PassChoice(look[best], float(means[best]))


@dataclass(frozen=True)
class PassLook:
    """The pass coach's look at a hand (one spec, for :func:`review_pass` and the pass drill): the passes it
    weighs (``first`` ones asked for, then its own candidates), their means on the draws it chooses on, and its
    choice among them. A pass's values depend only on the hand, the seed and the draws, never on what it is
    priced beside, so any two looks at one hand and seed agree on every pass they share."""

    passes: tuple[tuple[Card, ...], ...]
    chosen_on: np.ndarray  # (passes,) means on the choosing draws
    best: int  # the coach's choice: the first of the highest means
    own: tuple[int, ...]  # which of ``passes`` are the coach's own candidates

    @property
    def choice(self) -> tuple[Card, ...]:
        return self.passes[self.best]

    @property
    def own_best(self) -> int:
        """The coach's choice among its own candidates alone: what it chooses reviewing any pass it does not
        rate higher (the first of the highest means, as :attr:`best`)."""
        return max(self.own, key=lambda j: (self.chosen_on[j], -j))


def pass_look(hand: Sequence[int], view: TableView, *, seed: int, first: Sequence[Sequence[int]] = ()) -> PassLook:
    """The pass coach's choice for ``hand``: ``first`` and its :data:`REVIEW_BUDGET` candidates priced on its
    choosing draws (``seed``), the first of the highest means chosen."""
    cards = tuple(sorted(Card(c) for c in hand))
    count, select, _ = REVIEW_BUDGET
    mine = [check_pass(cards, p) for p in first]
    own = candidates(cards, count)
    look = tuple(dict.fromkeys([*mine, *own]))
    means = price_passes(cards, look, view, draws=select, seed=seed, level=Level.HARD).mean(axis=0)
    return PassLook(look, means, int(np.argmax(means)), tuple(look.index(p) for p in own))


def coach_pass_values(
    hand: Sequence[int], passes: Sequence[Sequence[int]], view: TableView, *, seed: int
) -> np.ndarray:
    """(draws, passes) values of the hand after each of ``passes`` on the pass coach's pricing draws: fresh ones,
    not those its choice was made on (``seed`` is the look's; the pricing draws are the next seed's)."""
    return price_passes(hand, passes, view, draws=REVIEW_BUDGET[2], seed=seed + 1, level=Level.HARD)


def review_pass(hand: Sequence[int], played: Sequence[int], view: TableView, *, seed: int = 0) -> PassReview:
    """Price the player's pass from ``hand`` against the best pass the coach finds.

    The best is chosen on one set of draws and the two passes are priced on another, as the arrangement
    coach chooses its best before pricing it: the largest of eleven noisy means would flatter itself. The
    verdict goes by the part of the loss the pricing is sure of (the loss less its 95% interval), so a pass
    the coach cannot tell from its own is never called a mistake."""
    cards = tuple(sorted(Card(c) for c in hand))
    mine = check_pass(cards, played)
    look = pass_look(cards, view, seed=seed, first=[mine])
    chosen, best = look.best, look.choice
    draws = REVIEW_BUDGET[2]
    x = coach_pass_values(cards, [mine, best], view, seed=seed)
    diff = x[:, 1] - x[:, 0]
    loss = max(0.0, float(diff.mean()))
    ci = 0.0 if chosen == 0 else float(1.96 * diff.std(ddof=1) / np.sqrt(draws))
    if loss == 0.0:  # the coach's choice did no better on fresh draws: the player's pass is as good
        best, ci = mine, 0.0
    ev_mine, ev_best = float(x[:, 0].mean()), float(x[:, 1].mean()) if loss > 0 else float(x[:, 0].mean())
    return PassReview(
        mine,
        round(ev_mine, 4),
        best,
        round(ev_best, 4),
        round(loss, 4),
        round(ci, 4),
        verdict_for(max(0.0, loss - ci), view.preset),
        draws,
    )
