"""A computer player's stake against the banker (下注, RULES.md §16.1), chosen before the cards with its level's
character (issue 39), as it chooses its plays.

Before the cards nothing is known but who sits where: every hand is dealt alike, so what a player expects of
its pair with the banker is its **edge**, how much better it plays than the banker. That edge is read from the
levels' ratings (RULES.md §24: ten times the units a deal a level gives up against the best play, at a table of
four; :func:`ai.rating.level_ratings`, else the coach's :data:`ai.levels.MEASURED`): the banker's rating less
the player's, brought to one pair of the preset's units. A person holding the bank counts as the player's equal
unless the caller knows their rating.

A stake multiplies the edge and the deal's swing alike. So a stake's worth is what a person weighing both would
see: ``s × edge`` less a cost of risk growing with the square of the stake (:data:`RISK`). Between equals stake
1 is worth the most; the widest edge in the ladder (`expert` or `hard` against an `easy` banker) makes 5 worth
the most. Each stake is then one more play the level weighs (:func:`ai.levels.pick`, the heads-up units of its
arrangements in a banker game): `expert` takes the best, `hard` all but always, `normal` and `easy` now and then
one that looks worse: `easy` often stakes a little up without an edge, and the maximum seldom.

The same concept on another floor: :func:`app.game.banker.deal_stakes` asks it for every computer player.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .contract import Level, TableView
from .levels import CHARACTERS, MEASURED, pick, units_of
from .rating import SCALE, level_ratings, normaliser, preset_scale

# Taiwan units of one pair: a stake ``s`` costs ``RISK * s² / 2`` of its worth (a mean-variance reading of the
# swing it multiplies). Set so that the ladder's widest edge, 0.33 units a pair (`expert` over `easy`,
# assets/ai/ratings.json), makes 5 the best stake and the gap `hard`/`expert` over `normal`, 0.16–0.17, makes 2 or 3.
RISK = 0.065
_STREAM = 0x57A4E  # the stake's own random stream of a seed (the play and the pass draw on others)


def level_rating(level: Level | str, view: TableView) -> float:
    """``level``'s rating on the player's scale (RULES.md §24) at ``view``'s preset: measured
    (`chinese-poker rate`), else from the coach's :data:`ai.levels.MEASURED` loss."""
    level = Level(level)
    measured = level_ratings(view.preset).get(level.value)
    return measured[0] if measured is not None else SCALE * MEASURED[level].mean


def edge(view: TableView, level: Level | str, banker_rating: float | None = None) -> float:
    """What ``view``'s seat, playing at ``level``, expects of its pair with the banker at stake 1, in the preset's
    units: the banker's rating less its own, as units of one pair. The banker's level is the view's public one;
    a person banks at ``banker_rating`` when it is known, else as the player's equal. Nothing in the pattern
    ladder, where no one decides anything."""
    if view.banker is None:
        raise ValueError("a stake is staked against a banker: the view has none")
    if not view.preset.arranged:
        return 0.0
    own = level_rating(level, view)
    public = view.levels[view.banker] if view.banker < len(view.levels) else None
    # A person of unknown rating banks as the player's equal: no edge either way.
    person = own if banker_rating is None else banker_rating
    theirs = level_rating(public, view) if public is not None else person
    return (theirs - own) / SCALE * normaliser(view.preset, 1.0)


def stake_values(edge_units: float, stakes: Sequence[int], view: TableView) -> np.ndarray:
    """Each of ``stakes``' worth to a player with ``edge_units`` over the banker: the edge it multiplies less
    the cost of the swing it multiplies (:data:`RISK`, in the view's preset's units)."""
    s = np.asarray(stakes, dtype=float)
    risk = RISK * preset_scale(view.preset)
    values: np.ndarray = s * edge_units - risk * s * s / 2.0
    return values


def choose_stake(
    view: TableView,
    level: Level | str,
    stakes: Sequence[int],
    *,
    seed: int,
    banker_rating: float | None = None,
) -> int:
    """The stake ``level`` puts down at ``view``'s seat, one of ``stakes`` (the table's choice), before the
    cards: the best by its worth for `expert`, else one chosen with the level's character on ``seed`` (the
    deal's and the seat's, so that a replay or a restored session stakes the same)."""
    if not stakes:
        raise ValueError("no stake to choose from")
    level = Level(level)
    values = stake_values(edge(view, level, banker_rating), stakes, view)
    if level is Level.EXPERT:
        return int(stakes[int(np.argmax(values))])
    rng = np.random.default_rng([seed & 0xFFFFFFFF, _STREAM])
    return int(stakes[pick(values, CHARACTERS[level], units_of(view.heads_up()), rng)])
