"""Where the player stands, from the history: the rating per preset family with its interval, accuracy, luck
told apart from skill, and the rating over time (RULES.md §24; the formulas are :mod:`ai`'s).

Everything here is recomputed from what the history stores of each deal (its record and the coach's review:
:func:`app.store.stats.rating_rows`), so a change of formula needs no migration and imported deals count as
soon as they are priced. Plain Python, like the rest of :mod:`app.game`.

The same concept on another floor: the player's side of :mod:`ai.rating`.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from ai import (
    ENOUGH,
    NO_LUCK,
    Level,
    Luck,
    Rating,
    Review,
    deal_accuracy,
    deal_figure,
    deal_luck,
    deal_norm,
    level_ratings,
    rate_deals,
    rating_history,
)
from app.config import TableConfig
from app.store.database import History
from app.store.stats import deal_tables, rating_rows
from rules.dealcode import daily_family, family_presets
from rules.presets import Preset

from .record import DealRecord

WEEKS = 12  # weeks of accuracy Statistics draws, the newest


def _stakes(text: Any) -> list[int]:
    """A record's stakes (JSON of seat to stake) as a list by seat; empty when there are none."""
    if not isinstance(text, str):
        return []
    try:
        found = json.loads(text)
        out = [1] * 4
        for seat, stake in found.items():
            out[int(seat)] = int(stake)
        return out
    except (ValueError, TypeError, AttributeError, IndexError):
        return []


def norm_of(preset: str, seat: Any, players: Any, banker: Any, stakes: Any) -> float:
    """The normaliser of a stored deal's seat (RULES.md §24.1), from the columns the store gives."""
    size = players if isinstance(players, int) and 2 <= players <= 4 else 4
    bank = banker if isinstance(banker, int) else None
    return deal_norm(Preset(preset), size, bank, seat if isinstance(seat, int) else 0, _stakes(stakes))


@dataclass(frozen=True)
class Standing:
    """A preset family's figures: the rating, the priced deals' accuracy and luck, the rating over time and the
    accuracy by week."""

    family: str
    rating: Rating
    priced: int  # the player's own deals the coach priced
    accuracy: float | None  # their mean accuracy, in percent
    luck: Luck  # their result told apart, summed
    over_time: tuple[tuple[int, ...], tuple[float, ...], tuple[float, ...]] = ((), (), ())  # deal, rating, ±
    weeks: tuple[tuple[str, float, int], ...] = field(default=())  # (Monday, mean accuracy, deals), oldest first

    def to_dict(self) -> dict[str, object]:
        """The `stats --json` keys of the family."""
        luck = self.luck.to_dict()
        return {
            "rating": self.rating.value,
            "rating_ci95": self.rating.ci95,
            "rated_deals": self.rating.deals,
            "rating_family": self.family,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "luck": luck["cards"],
            "play_lost": -luck["play"],
            "luck_rest": luck["rest"],
        }


def _column(rows: Sequence[Sequence[Any]], k: int, default: float = math.nan) -> npt.NDArray[np.float64]:
    """Column ``k`` of ``rows`` as floats (``default`` for a value that is not a number)."""
    return np.array(
        [v if isinstance(v, int | float) and not isinstance(v, bool) else default for v in (r[k] for r in rows)],
        dtype=float,
    )


def standing_from_rows(family: str, rows: Sequence[Sequence[Any]], *, weeks: int = WEEKS) -> Standing:
    """:class:`Standing` from :func:`app.store.stats.rating_rows` (oldest first), in numpy: 10,000 deals in
    some milliseconds."""
    known = {p.value for p in Preset}
    rows = [r for r in rows if r[2] in known and isinstance(r[9], int | float)]
    if not rows:
        return Standing(family, Rating(None, 0.0, 0), 0, None, NO_LUCK)
    loss = np.maximum(0.0, _column(rows, 3, 0.0))
    best, nxt, units = _column(rows, 9), _column(rows, 10), _column(rows, 4, 0.0)
    scale = {p.value: deal_norm(p, 4) for p in Preset}  # a table of four: three pairs
    players = np.clip(_column(rows, 6, 4.0), 2, 4)
    norm = np.array([scale[r[2]] for r in rows]) * (players - 1) / 3.0
    for i, r in enumerate(rows):
        if isinstance(r[7], int):  # a banker game: the pairs by the bank and the stakes
            norm[i] = norm_of(r[2], r[5], r[6], r[7], r[8])
    rated = rate_deals(loss, norm, best - nxt, _column(rows, 11, 0.0))
    ends, values, cis = rating_history(rated.figures[rated.counted])
    luck = Luck(float(best.sum()), -float(loss.sum()), 0.0, float(units.sum()))
    luck = Luck(luck.cards, luck.play, luck.result - luck.cards - luck.play, luck.result)
    offset = (dt.datetime.now().astimezone().utcoffset() or dt.timedelta()).total_seconds()
    days = np.floor((_column(rows, 1, 0.0) + offset) / 86400.0).astype(np.int64)
    mondays = days - (days + 3) % 7  # 1970-01-01 was a Thursday
    week_list = []
    for monday in np.unique(mondays)[-weeks:]:
        pick = mondays == monday
        day = dt.date(1970, 1, 1) + dt.timedelta(days=int(monday))
        week_list.append((day.isoformat(), float(rated.accuracy[pick].mean()), int(pick.sum())))
    return Standing(
        family,
        rated.rating,
        len(rows),
        float(rated.accuracy.mean()),
        luck,
        (tuple(ends), tuple(values), tuple(cis)),
        tuple(week_list),
    )


def standing(history: History, preset: Preset | str) -> Standing:
    """The player's standing in ``preset``'s family, read from the history."""
    presets = family_presets(preset)
    if not presets:
        return Standing(daily_family(preset), Rating(None, 0.0, 0), 0, None, NO_LUCK)
    return standing_from_rows(daily_family(preset), rating_rows(history, presets))


@dataclass(frozen=True)
class DealFigures:
    """One priced deal's accuracy (percent), figure on the rating's scale and luck."""

    accuracy: float
    figure: float
    luck: Luck


def deal_figures(review: Review, rec: DealRecord, seat: int) -> DealFigures | None:
    """The figures of ``seat``'s decision in ``rec`` as the coach priced it (None where nothing was priced:
    免擺, the pattern ladder)."""
    if review.tables <= 0 or rec.units is None:
        return None
    stakes = [rec.stakes.get(s, 1) for s in range(4)] if rec.stakes else []
    norm = deal_norm(review.preset, rec.players, rec.banker, seat, stakes)
    figure = deal_figure(review.loss, norm)
    return DealFigures(
        float(deal_accuracy(figure)), figure, deal_luck(review.best.ev, review.loss, float(rec.units[seat]))
    )


@dataclass(frozen=True)
class SessionFigures:
    """A session's priced deals: their mean accuracy and their result told apart."""

    deals: int
    accuracy: float | None
    luck: Luck


def session_figures(figures: Sequence[DealFigures]) -> SessionFigures:
    """The session's accuracy (the mean of its deals') and luck (their sum)."""
    total = NO_LUCK
    for f in figures:
        total = total + f.luck
    acc = sum(f.accuracy for f in figures) / len(figures) if figures else None
    return SessionFigures(len(figures), acc, total)


def session_of(reviews: Any, records: Sequence[DealRecord], seat: int) -> SessionFigures:
    """The session's figures of the deals the player at ``seat`` decided themselves and the coach priced
    (``reviews``: the session's :class:`app.game.coach.Coach`, read through its ``review_for``)."""
    figures = []
    for rec in records:
        if not rec.own(seat):
            continue
        review = reviews.review_for(rec.number, seat)
        found = deal_figures(review, rec, seat) if review is not None else None
        if found is not None:
            figures.append(found)
    return session_figures(figures)


def list_accuracies(history: History, rows: Sequence[tuple[int, float | None]]) -> dict[int, float]:
    """The accuracy of each listed deal (id, units lost) that the coach priced, by id (the History list)."""
    priced = [(i, loss) for i, loss in rows if loss is not None]
    tables = deal_tables(history, [i for i, _ in priced])
    out: dict[int, float] = {}
    for deal_id, loss in priced:
        found = tables.get(deal_id)
        if found is None:
            continue
        try:
            norm = norm_of(*found)
        except ValueError:
            continue
        out[deal_id] = float(deal_accuracy(deal_figure(loss, norm)))
    return out


def matched_level(rating: Rating, preset: Preset | str, default: Level) -> Level:
    """The level whose measured rating (:func:`ai.level_ratings`) is nearest the player's in ``preset``, or
    ``default`` until the rating rests on enough deals (:data:`ai.ENOUGH`) or where no level was measured."""
    table = level_ratings(preset)
    if not rating.enough or rating.value is None or not table:
        return default
    value = rating.value
    return Level(min(table, key=lambda k: abs(table[k][0] - value)))


def between(rating: float, preset: Preset | str) -> tuple[str | None, str | None]:
    """The levels whose measured ratings are just better and just worse than ``rating`` (lower is better): the
    pair the player stands between; None at either end."""
    table = level_ratings(preset)
    better = [k for k, (v, _) in table.items() if v <= rating]
    worse = [k for k, (v, _) in table.items() if v > rating]
    return (
        min(better, key=lambda k: rating - table[k][0]) if better else None,
        min(worse, key=lambda k: table[k][0] - rating) if worse else None,
    )


@dataclass(frozen=True)
class Matched:
    """The level `matched` chose (RULES.md §24.5): which, on what rating, or how many counted deals are missing."""

    level: Level
    rating: Rating
    missing: int  # counted deals the rating still needs (0: it was followed)


def resolve_matched(config: TableConfig, history: History | None) -> tuple[TableConfig, Matched | None]:
    """``config`` with its matched seats given the level nearest the player's rating in its preset's family
    (:func:`matched_level`; the default, `normal`, without a history or enough counted deals), and what was
    chosen; ``config`` itself and None when no seat is matched."""
    if not config.matched:
        return config, None
    preset = config.preset
    rating = standing(history, preset).rating if history is not None and preset.arranged else Rating(None, 0.0, 0)
    level = matched_level(rating, preset, Level.NORMAL)
    levels = tuple(level if seat in config.matched else lv for seat, lv in enumerate(config.levels, 1))
    missing = 0 if rating.enough else ENOUGH - rating.deals
    return replace(config, levels=(levels[0], levels[1], levels[2])), Matched(level, rating, missing)
