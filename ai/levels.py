"""The four computer levels behind one function, :func:`choose`.

A level sees only its own 13 cards and a :class:`TableView` of public information; nothing here can
reach another seat's hand. Every level returns a legal arrangement (or a valid declaration).

`expert` plays the best of its Monte Carlo (:mod:`ai.expert`). Every level below it prices its plays with the
self-play tables and chooses with a character (:data:`CHARACTERS`, issue 39): among the plays a person would
consider, each with a probability falling with its loss against the best the level sees, never one past its cap,
so that its errors are many small ones on close calls. The declaration of a special and arcade's 賭倍 are
decided with the same character (and the pass of 換三張, :mod:`ai.exchange`, and the banker game's stake,
:mod:`ai.stakes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np

from rules.arrangement import stand_in
from rules.cards import Card
from rules.deal import Decision
from rules.evaluate import Category, key_categories
from rules.exempt import WIN, exempt_rank
from rules.presets import Preset
from rules.row import Row
from rules.specials import Special

from .contract import Choice, Distinct, Fixed, Level, PricedDecision, TableView
from .estimate import JOINT_TOP, expected_scores, hard_scores, row_chances
from .expert import EXPERT_POOL, refine
from .features import SplitFeatures, split_features
from .opponents import OpponentModel, model_for
from .policy import best_declaration, declares, double_factors, double_if_ahead, double_target
from .top import comparable, top_positions
from .verdicts import THRESHOLDS

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


def _signatures(
    f: SplitFeatures, distinct: Distinct, paid: Preset | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What tells two splits apart: their rows' strengths (or made hands), only the rows ``paid`` pays when given
    (in backrow two splits with one back are one play to weigh: the other rows are never compared, §17)."""
    rows = f.row_keys()
    if distinct is Distinct.STRUCTURE:
        rows = (_made_hand(rows[0]), _made_hand(rows[1]), _made_hand(rows[2]))
    if paid is None:
        return rows
    front, middle, back = (k if paid.pays(row) else np.zeros_like(k) for k, row in zip(rows, Row, strict=True))
    return front, middle, back


def _ranked(
    f: SplitFeatures,
    ev: np.ndarray,
    top: int,
    tiebreak: np.ndarray | None = None,
    distinct: Distinct = Distinct.ROWS,
    paid: Preset | None = None,
) -> list[int]:
    """Positions of the ``top`` best splits, distinct in row strengths (or in structure; in the rows ``paid``
    pays, when given), best first; equal ``ev`` is ordered by ``tiebreak`` (expert's Monte Carlo values tie
    often: `hard`'s estimate decides them)."""
    # Only the head of the ranking is ever read: partition first, then sort that head.
    head = min(max(top * 50, 200), len(ev))
    # Only the priced splits can be ranked: `hard` prices a few dozen and leaves the rest at -inf, which are not
    # partitioned. With a tiebreak every one is sorted (a partition by ev alone could cut ties the wrong way);
    # without, the head's ties go in position order, as the stable lexsort below keeps them.
    part = np.flatnonzero(np.isfinite(ev))
    if tiebreak is None and head < len(part):
        part = part[top_positions(ev[part], head)]
    second = -comparable(tiebreak[part]) if tiebreak is not None else np.zeros(len(part))
    order = part[np.lexsort((*f.readable_keys(part), second, -comparable(ev[part])))]
    if len(order) == 0:
        return []
    # The first play of each signature, in ranking order: sorted by signature, then by rank, each group's first.
    fk, mk, bk = (k[order] for k in _signatures(f, distinct, paid))
    by = np.lexsort((np.arange(len(order)), bk, mk, fk))
    fk, mk, bk = fk[by], mk[by], bk[by]
    first = np.ones(len(order), dtype=bool)
    first[1:] = (fk[1:] != fk[:-1]) | (mk[1:] != mk[:-1]) | (bk[1:] != bk[:-1])
    return [int(p) for p in order[np.sort(by[first])[:top]]]


@dataclass(frozen=True)
class Character:
    """How a level below `expert` chooses (issue 39): like a person who plays worse than the best, it weighs the
    plays a person would consider and plays each with a probability that falls with what it costs, by the
    level's own estimate, against the best it sees; a play past its cap is never made.

    The figures are in taiwan's units at a table of four (what the coach's verdicts are set in) and scale with
    the preset's verdict bounds and the number of opponents (:func:`units_of`). `easy` and `normal` weigh the best
    ``rows`` plays of their ranking (a kicker moved is another play: the close calls) and one play of each of the
    best ``structures`` (another made hand in some row, each at its best kickers: the other ways to see the
    hand); `hard` weighs the plays of its own ranking and only breaks near-ties."""

    temperature: float  # units of loss that make a play e times less likely
    cap: float  # the largest loss, by its own estimate, it ever plays
    rows: int  # how many of its best plays (any row difference) it weighs
    structures: int  # how many structurally different plays it weighs besides
    joint: bool  # whether its estimate sees how an opponent's rows go together (sweeps, 全壘打)


# Set from the ladder the coach measures (assets/ai/README.md, "The levels' ladder", and :data:`MEASURED`): `easy`
# misjudges about half its deals, now and then by more than the blunder line, `normal` two deals in five, almost
# never by that much; neither breaks a full house or better its best play holds (:func:`_keeps_made_hands`), and
# `hard` only chooses among plays its estimate cannot tell apart.
CHARACTERS: dict[Level, Character] = {
    Level.EASY: Character(temperature=4.0, cap=2.8, rows=48, structures=16, joint=False),
    Level.NORMAL: Character(temperature=2.5, cap=2.0, rows=48, structures=16, joint=True),
    Level.HARD: Character(temperature=0.01, cap=0.04, rows=4, structures=0, joint=True),
}


@dataclass(frozen=True)
class Measured:
    """What the coach measured of a level in taiwan (`chinese-poker levels --rules taiwan`): the mean units a
    deal it gives up against the coach's best, and the share of deals whose play the coach grades an inaccuracy
    or worse (a loss past the "good" bound: what a player would call a misjudged deal)."""

    mean: float
    off: float


MEASURED_HANDS = 1000  # the taiwan hands of the measure below (assets/ai/README.md, "The levels' ladder")
MEASURED: dict[Level, Measured] = {
    Level.EASY: Measured(mean=0.799, off=0.522),
    Level.NORMAL: Measured(mean=0.490, off=0.443),
    Level.HARD: Measured(mean=0.023, off=0.020),
    Level.EXPERT: Measured(mean=0.002, off=0.002),
}


# Where a preset's verdict bounds misjudge how its levels' own estimates err, measured by the coach on the same
# hands (assets/ai/README.md, "The levels' ladder"): in arcade, at the bounds' 2.0, `normal` blundered 9.0% of
# 200 hands (target 5%) and `easy` 31.5%; at 1.6, 1.5% and 20.5%, `normal`'s mean 0.92 (target 0.8-1.6).
# Every preset named (1.0 where its bounds need no correction), so that a new one is calibrated by a choice.
CALIBRATION = {
    Preset.TAIWAN: 1.0,
    Preset.TOURNAMENT: 1.0,
    Preset.ARCADE: 0.8,
    Preset.SHISANSHUI: 1.0,
    Preset.WESTERN: 1.0,
    Preset.HONGKONG: 1.0,
    Preset.BACKROW: 1.0,
    Preset.LADDER: 1.0,  # nobody arranges in the pattern ladder: no character weighs a play there
}


def units_of(view: TableView) -> float:
    """A character's units at ``view``'s table (the heads-up view of a banker game): the preset's verdict bounds
    against taiwan's (times its :data:`CALIBRATION`), times the opponents against three."""
    preset = THRESHOLDS[view.preset][3] / THRESHOLDS[Preset.TAIWAN][3] * CALIBRATION[view.preset]
    return preset * (view.players - 1) / 3


def pick(values: Sequence[float] | np.ndarray, character: Character, units: float, rng: np.random.Generator) -> int:
    """Which of ``values`` (the level's estimates of the plays it weighs) it plays: the best always may be, any
    other with a weight falling with its loss and never past the cap."""
    v = np.asarray(values, dtype=float)
    loss = v.max() - v
    weight = np.where(loss <= character.cap * units, np.exp(-loss / max(character.temperature * units, 1e-9)), 0.0)
    return int(rng.choice(len(v), p=weight / weight.sum()))


def _keeps_made_hands(f: SplitFeatures, pool: np.ndarray, best: int) -> np.ndarray:
    """Which plays of ``pool`` keep a full house or better when the play at ``best`` holds one: no person who
    knows the game breaks four kings or misses a full house they have seen (issue 39). Below a full house every
    play stays: a flush given up for a straight and a pair is a close call a person may misjudge."""
    strongest = np.max(np.stack(f.cats())[:, pool], axis=0)
    if int(strongest[list(pool).index(best)]) < int(Category.FULL_HOUSE):
        return np.ones(len(pool), dtype=bool)
    keep: np.ndarray = strongest >= int(Category.FULL_HOUSE)
    return keep


def _candidates(
    f: SplitFeatures, level: Level, model: OpponentModel, view: TableView
) -> tuple[np.ndarray, list[int], np.ndarray]:
    """A level's estimate of every split (for the alternatives it lists), the plays it weighs, and their values."""
    options = view.rules_options
    character = CHARACTERS[level]
    if level is Level.HARD:
        ev = hard_scores(f, model, view.preset, options, view.players, JOINT_TOP, side=view.tie_side)
        pool = _ranked(f, ev, character.rows)
        return ev, pool, ev[pool]
    chances = row_chances(f, model, options, view.tie_side)
    ev = expected_scores(f, model, view.preset, options, view.players, side=view.tie_side, chances=chances)
    # Plays that differ only in rows the preset does not pay are one play to a person (backrow's front and middle).
    rows = _ranked(f, ev, character.rows, paid=view.preset)
    shapes = (
        _ranked(f, ev, character.structures, distinct=Distinct.STRUCTURE, paid=view.preset)
        if character.structures
        else []
    )
    keys = _signatures(f, Distinct.ROWS, view.preset)
    firsts: dict[tuple[int, ...], int] = {}  # each play once, where it first stands: insertion keeps the order
    for p in rows + shapes:
        firsts.setdefault(tuple(int(k[p]) for k in keys), p)
    idx = np.array(list(firsts.values()))
    if character.joint and model.joint is not None:
        ev = ev.copy()
        taken = chances.take(idx)
        ev[idx] = expected_scores(
            f.take(idx), model, view.preset, options, view.players, joint=True, side=view.tie_side, chances=taken
        )
    idx = idx[_keeps_made_hands(f, idx, int(idx[np.argmax(ev[idx])]))]
    return ev, [int(p) for p in idx], ev[idx]


def _double(
    view: TableView, double: int | None, plays: list[PricedDecision], chosen: int | None
) -> tuple[int | None, list[PricedDecision]]:
    """Arcade 賭倍 made as ``chosen`` says (None: nobody), and the plays' values rescaled from the double they were
    priced with (``double``) to the one made."""
    if chosen == double:
        return double, plays
    seats = [s for s in range(view.players) if s != view.seat]
    old, new = double_factors(view, seats, double), double_factors(view, seats, chosen)
    assert old is not None and new is not None
    scale = float(new.sum() / old.sum())
    return chosen, [PricedDecision(p.decision, p.ev * scale) for p in plays]


def _level_double(view: TableView, pair_value: float, character: Character, rng: np.random.Generator) -> int | None:
    """A level's 賭倍 with its character: the seat `expert` would double (the one that doubles us, else the
    weakest-looking) when the pair looks won, with a probability falling as the gain looks smaller or a loss."""
    target = double_if_ahead(view, 1.0)
    if target is None:
        return None
    back = double_target(replace(view, seat=target)) == view.seat
    gain = pair_value * (2.0 if back else 1.0)  # a pair doubled both ways counts four times, not twice
    keep = pick([gain, 0.0], character, units_of(view), rng)
    return target if keep == 0 else None


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
    if not view.preset.arranged:  # the pattern ladder (RULES.md §19): nothing to decide, any rows will do
        stand = Decision.arranged(stand_in(cards, view.rules_options.wheel))
        return Choice(stand, 0.0, None, (), True)
    declaration = best_declaration(cards, view)
    f, kept = _splits(cards, view, fixed)
    rng = np.random.default_rng(seed & 0xFFFFFFFFFFFFFFFF)  # any int, negative too
    ranking = _rank(f, cards, view, level, rng, seed=seed, top=top, samples=samples, distinct=distinct)
    plays = [PricedDecision(Decision.arranged(f.arrangement(p)), weight * float(ranking.ev[p])) for p in ranking.plays]
    if double is not None and declaration is None:
        double, plays = _doubled(view, double, plays, ranking, level, rng)
    best = plays[0]
    arranged = _arranged_worth(cards, view, weight, best.ev)
    if declaration is not None and _declares(declaration, weight, arranged, level, view, rng):
        best = PricedDecision(Decision.declared(cards, declaration[0]), weight * declaration[1])
        plays.insert(0, best)
    return Choice(best.decision, best.ev, double, tuple(plays[1 : top + 1]), kept)


def _splits(cards: tuple[Card, ...], view: TableView, fixed: Fixed | None) -> tuple[SplitFeatures, bool]:
    """The splits a level weighs: those keeping ``fixed``, else every split when none keeps it; and whether
    ``fixed`` was kept."""
    options = view.rules_options
    f = split_features(cards, options, fixed, view.treasure)
    if f.size == 0:
        return split_features(cards, options, None, view.treasure), False
    return f, True


class _Ranking(NamedTuple):
    """A level's plays, best first, with what it priced them at."""

    ev: np.ndarray  # every split's value as the level sees it
    plays: list[int]  # the positions of the play chosen and the alternatives listed, in order
    chosen: int  # the position of the play chosen
    pair: np.ndarray | None  # `expert`: what each split takes from one opponent (its 賭倍), else None


def _rank(
    f: SplitFeatures,
    cards: tuple[Card, ...],
    view: TableView,
    level: Level,
    rng: np.random.Generator,
    *,
    seed: int,
    top: int,
    samples: int | None,
    distinct: Distinct,
) -> _Ranking:
    """The level's choice among the splits and ``top`` alternatives: `expert` its Monte Carlo's best, a level
    below a play drawn with its character (``rng``), then its estimate's best plays unlike it."""
    model = model_for(level, view)
    if level is Level.EXPERT:
        ev = hard_scores(f, model, view.preset, view.rules_options, view.players, EXPERT_POOL, side=view.tie_side)
        tiebreak = ev
        pick_score, ev, pair = refine(f, ev, cards, view, seed=seed, samples=samples)
        ranked = _ranked(f, pick_score, top + 1, tiebreak, distinct)
        return _Ranking(ev, ranked, ranked[0], pair)
    ev, pool, values = _candidates(f, level, model, view)
    chosen = pool[pick(values, CHARACTERS[level], units_of(view), rng)]
    rows = _signatures(f, Distinct.ROWS)
    same = tuple(int(k[chosen]) for k in rows)
    others = (p for p in _ranked(f, ev, top + 1, None, distinct) if tuple(int(k[p]) for k in rows) != same)
    return _Ranking(ev, [chosen, *others][: top + 1], chosen, None)


def _doubled(
    view: TableView,
    double: int,
    plays: list[PricedDecision],
    ranking: _Ranking,
    level: Level,
    rng: np.random.Generator,
) -> tuple[int | None, list[PricedDecision]]:
    """Arcade 賭倍 (``plays`` were priced doubling ``double``): `expert` doubles when its best play's pair looks
    won, a level below with its character; the plays rescaled to the double made (:func:`_double`)."""
    if ranking.pair is not None:
        return _double(view, double, plays, double_if_ahead(view, float(ranking.pair[ranking.plays[0]])))
    # The level's own estimate of one pair: its play's worth over the pairs it counts (one doubled).
    pair_value = float(ranking.ev[ranking.chosen]) / view.players
    return _double(view, double, plays, _level_double(view, pair_value, CHARACTERS[level], rng))


def _arranged_worth(cards: tuple[Card, ...], view: TableView, weight: int, best: float) -> float:
    """What arranging is worth, weighed against declaring: the ``best`` play's value, or what 免擺 wins when
    the hand is exempt (RULES.md §18)."""
    options = view.rules_options
    if options.exempt and exempt_rank(cards, options.wheel) is not None:
        return weight * WIN[view.preset] * (view.players - 1)
    return best


def _declares(
    declaration: tuple[Special, float],
    weight: int,
    arranged: float,
    level: Level,
    view: TableView,
    rng: np.random.Generator,
) -> bool:
    """Whether a level declares its special rather than arrange: `expert` when it is worth more (a dragon always,
    :func:`ai.policy.declares`), a lower level with its character, the declaration one more play it weighs."""
    special, value = declaration
    if level is Level.EXPERT or special.is_dragon:
        return declares(special, weight * value, arranged, level)
    return pick([weight * value, arranged], CHARACTERS[level], weight * units_of(view), rng) == 0
