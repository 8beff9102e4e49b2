"""The four computer levels behind one function, :func:`choose`.

A level sees only its own 13 cards and a :class:`TableView` of public information; nothing here can
reach another seat's hand. Every level returns a legal arrangement (or a valid declaration).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from rules.cards import Card
from rules.deal import Decision
from rules.presets import Options, Preset
from rules.specials import Special, detect_specials

from .expected import expected_scores
from .features import SplitFeatures, split_features
from .model import OpponentModel, analytic_model, trained_model
from .splits import Fixed


class Level(StrEnum):
    """Computer strength, weakest first."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True)
class TableView:
    """What a seat may know when it decides: rules, seats, and public information only."""

    preset: Preset = Preset.TAIWAN
    options: Options | None = None  # None: the preset's defaults
    players: int = 4
    seat: int = 0
    treasure: tuple[Card, ...] = ()  # arcade 寶牌 on show
    totals: tuple[int, ...] = ()  # public running totals per seat
    levels: tuple[str | None, ...] = ()  # public level of each seat (None for a person)

    @property
    def rules_options(self) -> Options:
        return self.options or self.preset.default_options


@dataclass(frozen=True)
class Alternative:
    decision: Decision
    ev: float


@dataclass(frozen=True)
class Choice:
    """A level's decision, its expected units against the table, and the next best alternatives."""

    decision: Decision
    ev: float
    double: int | None = None  # arcade 賭倍 target seat
    alternatives: tuple[Alternative, ...] = field(default=())
    kept_fixed: bool = True  # False when no legal completion kept the cards already placed


def _declaration_ev(special: Special, view: TableView) -> float:
    """Expected units of a declaration from the whole table (taiwan family: 打槍 6 + 13 from each, and
    紅不讓 6 from each at four; arcade counts one doubled pair, as ai/expected.py does for arrangements)."""
    from rules.arcade import DRAGON_AMOUNT
    from rules.shisanshui import SPECIAL_AMOUNTS

    opponents = view.players - 1
    if view.preset is Preset.SHISANSHUI:
        return float(SPECIAL_AMOUNTS[special] * opponents)
    if view.preset is Preset.ARCADE:
        return float(DRAGON_AMOUNT[special] * (opponents + 1))
    return float((19 + (6 if view.players == 4 else 0)) * opponents)


def _best_declaration(hand: Sequence[int], view: TableView) -> tuple[Special, float] | None:
    allowed = detect_specials(hand) & view.preset.specials
    if not allowed:
        return None
    best = max(allowed, key=lambda s: (_declaration_ev(s, view), s.rung))
    return best, _declaration_ev(best, view)


def _declares(special: Special, declaration_ev: float, best_ev: float, level: Level) -> bool:
    """Whether a level declares ``special`` rather than play its best arrangement.

    A dragon always (RULES.md §13.1); otherwise when it is worth more, or for `easy`, whenever it pays.
    """
    return special.is_dragon or declaration_ev > best_ev or (level is Level.EASY and declaration_ev > 0)


def _ranked(f: SplitFeatures, ev: np.ndarray, top: int, tiebreak: np.ndarray | None = None) -> list[int]:
    """Positions of the ``top`` best splits, distinct in row strengths, best first; equal ``ev`` is
    ordered by ``tiebreak`` (expert's Monte Carlo values tie often: `hard`'s estimate decides them)."""
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
    fk, mk, bk = f.row_keys()
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


def _easy_scores(f: SplitFeatures, seed: int) -> np.ndarray:
    """A beginner: strongest back first, then middle, then front, sometimes settling for a lesser back."""
    rng = np.random.default_rng(seed & 0xFFFFFFFFFFFFFFFF)  # any int, negative too
    fk, mk, bk = f.row_keys()
    backs = np.unique(bk)[::-1][:3]
    choice = backs[min(int(rng.choice(3, p=[0.6, 0.25, 0.15])), len(backs) - 1)]
    score = (bk == choice) * 4.0 + mk / (1 << 26) * 2 + fk / (1 << 26)
    return score


def _double_target(view: TableView) -> int | None:
    if view.preset is not Preset.ARCADE:
        return None
    order = [(view.seat + k) % view.players for k in range(1, view.players)]
    strength = {None: 1, "easy": 0, "normal": 1, "hard": 2, "expert": 3}

    def weakness(seat: int) -> int:
        lvl = view.levels[seat] if seat < len(view.levels) else None
        return strength.get(lvl, 1)

    return min(order, key=weakness)


def _model(level: Level, view: TableView) -> OpponentModel:
    """`normal` plays against random rows; `hard` and `expert` against the self-play tables."""
    wheel = view.rules_options.wheel
    return analytic_model(wheel) if level is Level.NORMAL else trained_model(view.preset, wheel)


def quick_decision(
    hand: Sequence[Card], view: TableView, level: Level = Level.HARD, model: OpponentModel | None = None
) -> Decision:
    """The best decision by expected score alone (no alternatives): what `expert` imagines opponents play.

    ``model`` overrides the level's opponent model (the training script passes the one it is refining).
    """
    options = view.rules_options
    declaration = _best_declaration(hand, view)
    f = split_features(hand, options, None, view.treasure)
    if model is None:
        model = _model(level, view)
    ev = expected_scores(f, model, view.preset, options, view.players)
    best = int(np.argmax(ev))
    if declaration is not None and _declares(*declaration, float(ev[best]), level):
        return Decision.declared(hand, declaration[0])
    return Decision.arranged(f.splits.arrangement(int(f.splits.legal[best])))


def choose(
    hand: Sequence[int],
    view: TableView,
    level: Level | str = Level.NORMAL,
    *,
    seed: int = 0,
    fixed: Fixed | None = None,
    top: int = 3,
    samples: int | None = None,
) -> Choice:
    """Decide how to play ``hand`` (13 cards) at a table described only by public ``view``.

    ``fixed`` keeps cards the player already placed (the hint key, auto-complete and the time-out
    takeover use it); when no legal completion keeps them, the best unconstrained arrangement is
    returned with ``kept_fixed=False``. ``top`` alternatives are listed; ``samples`` sets the Monte
    Carlo budget of `expert` (opponent deals drawn from the unseen cards).
    """
    level = Level(level)
    cards = tuple(sorted(Card(c) for c in hand))
    options = view.rules_options
    double = _double_target(view)

    declaration = _best_declaration(cards, view)
    f = split_features(cards, options, fixed, view.treasure)
    kept = True
    if f.size == 0:
        f = split_features(cards, options, None, view.treasure)
        kept = False

    tiebreak = None
    if level is Level.EASY:
        ev = expected_scores(f, analytic_model(options.wheel), view.preset, options, view.players)
        pick_score = _easy_scores(f, seed)
    else:
        ev = expected_scores(f, _model(level, view), view.preset, options, view.players)
        pick_score = ev
        if level is Level.EXPERT:
            from .expert import refine

            tiebreak = ev
            pick_score, ev = refine(f, ev, cards, view, seed=seed, samples=samples)

    ranked = _ranked(f, pick_score, top + 1, tiebreak)
    options_list = [
        Alternative(Decision.arranged(f.splits.arrangement(int(f.splits.legal[p]))), float(ev[p])) for p in ranked
    ]
    best = options_list[0]
    if declaration is not None and _declares(*declaration, best.ev, level):
        decl = Alternative(Decision.declared(cards, declaration[0]), declaration[1])
        options_list.insert(0, decl)
        best = decl
    return Choice(best.decision, best.ev, double, tuple(options_list[1 : top + 1]), kept)
