"""The statistics screen's numbers, per preset, counted in SQL over the player's own decisions at a table.

Only deals a person played at a table count (not watched deals, retries or drills), and of those only the ones
whose hand the player decided themselves (the ``decider`` column is ``player``): a hand the computer completed
at the time-out, or played after the player left the seat, scored for the seat in the session's money but is not
the player's play. How many deals the seat had in all, and the units they made with the computer's, are kept
beside (:attr:`PresetStats.seat_deals`, :attr:`PresetStats.seat_units`), so that the screen says what it counts.
Every figure is from the player's side: units a deal with a 95% interval, rows won and lost, 打槍 given and taken,
fouls, specials declared, what the coach priced (units lost a deal, share of best plays), the median seconds to
arrange, the last deals' trend, and the best and worst deals. A row whose columns are not of their type and
range (someone edited the file) is left out, as the History list skips it.

The same concept on another floor: the numbers behind :mod:`app.screens.stats`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .database import PLAYER, History
from .validate import SOUND_DEAL

AT_SEAT = f"preset = ? AND mode = 'table' AND human IS NOT NULL AND {SOUND_DEAL}"
PLAYED = f"{AT_SEAT} AND decider = '{PLAYER}'"  # the player's own decisions
TREND = 50  # deals in the trend charts


@dataclass(frozen=True)
class PresetStats:
    """What the Statistics screen shows for one preset."""

    preset: str
    deals: int  # the player's own decisions
    units: int  # the sum over the deals
    mean: float  # units a deal
    ci95: float  # half-width of the 95% interval of the mean (0 with fewer than two deals)
    rows_won: int
    rows_lost: int
    sweeps_given: int
    sweeps_taken: int
    fouls: int
    specials: int
    priced: int  # deals the coach priced
    mean_loss: float | None  # units lost to the coach a priced deal
    best_share: float | None  # share of priced deals the coach found best
    median_seconds: float | None
    loss_trend: tuple[float, ...]  # the last priced deals' losses, oldest first
    seconds_trend: tuple[float, ...]  # the last timed deals' seconds, oldest first
    best: tuple[tuple[int, int], ...]  # (deal id, units), best first
    worst: tuple[tuple[int, int], ...]  # (deal id, units), worst first
    seat_deals: int = 0  # every deal at the player's seat, the computer's (time-out, takeover) included
    seat_units: int = 0  # their units, as the session's money counted them
    timeouts: int = 0  # of the seat's deals, the hands the computer completed at the time-out

    @property
    def computer_deals(self) -> int:
        """The seat's deals the computer decided (a time-out, a takeover, or not known to be the player's)."""
        return self.seat_deals - self.deals

    def to_dict(self) -> dict[str, object]:
        """JSON-ready (the `stats --json` command)."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        for key in ("loss_trend", "seconds_trend"):
            out[key] = list(out[key])  # type: ignore[call-overload]
        out["best"] = [{"deal": d, "units": u} for d, u in self.best]
        out["worst"] = [{"deal": d, "units": u} for d, u in self.worst]
        return out


def interval(n: int, total: float, squares: float) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation, sample variance)."""
    if n == 0:
        return 0.0, 0.0
    mean = total / n
    if n < 2:
        return mean, 0.0
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean, 1.96 * math.sqrt(var / n)


def compute_stats(history: History, preset: str, *, trend: int = TREND, extremes: int = 3) -> PresetStats:
    """The statistics of ``preset`` (a few SQL aggregates: well under 0.5 s over 100,000 deals)."""
    row = history.read(
        "SELECT count(*), coalesce(sum(units), 0), total(units * 1.0 * units), coalesce(sum(rows_won), 0), "
        "coalesce(sum(rows_lost), 0), coalesce(sum(sweeps_given), 0), coalesce(sum(sweeps_taken), 0), "
        "coalesce(sum(fouled), 0), coalesce(sum(special IS NOT NULL), 0), count(loss), avg(loss), "
        f"sum(verdict = 'best'), count(seconds) FROM deals WHERE {PLAYED}",
        (preset,),
    )[0]
    n, units, squares, won, lost, given, taken, fouls, specials, priced, mean_loss, best, timed = row
    mean, ci95 = interval(n, units, squares)
    seat_deals, seat_units, timeouts = history.read(
        f"SELECT count(*), coalesce(sum(units), 0), coalesce(sum(decider = 'timeout'), 0) FROM deals WHERE {AT_SEAT}",
        (preset,),
    )[0]
    best_deals, worst_deals = _extremes(history, preset, extremes)
    return PresetStats(
        preset=preset,
        deals=n,
        units=units,
        mean=mean,
        ci95=ci95,
        rows_won=won,
        rows_lost=lost,
        sweeps_given=given,
        sweeps_taken=taken,
        fouls=fouls,
        specials=specials,
        priced=priced,
        mean_loss=mean_loss,
        best_share=None if not priced else (best or 0) / priced,
        median_seconds=_median_seconds(history, preset, timed) if timed else None,
        loss_trend=_trend(history, preset, "loss", trend),
        seconds_trend=_trend(history, preset, "seconds", trend),
        best=best_deals,
        worst=worst_deals,
        seat_deals=seat_deals,
        seat_units=seat_units,
        timeouts=timeouts,
    )


def _median_seconds(history: History, preset: str, timed: int) -> float:
    """The median of the ``timed`` deals' seconds, read as the one or two rows in the middle."""
    middle = history.read(
        f"SELECT seconds FROM deals WHERE {PLAYED} AND seconds IS NOT NULL ORDER BY seconds LIMIT ? OFFSET ?",
        (preset, 2 - timed % 2, (timed - 1) // 2),
    )
    return sum(r[0] for r in middle) / len(middle)


def _trend(history: History, preset: str, column: str, trend: int) -> tuple[float, ...]:
    """The last ``trend`` values of ``column`` (``loss`` or ``seconds``) where it has one, oldest first."""
    rows = history.read(
        f"SELECT {column} FROM deals WHERE {PLAYED} AND {column} IS NOT NULL ORDER BY id DESC LIMIT ?",
        (preset, trend),
    )
    return tuple(r[0] for r in reversed(rows))


def _extremes(
    history: History, preset: str, extremes: int
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The ``extremes`` best deals and the worst, each (id, units). The best are wins and the worst losses: a
    short record's "worst" is never a deal it won."""
    tops = history.read(
        f"SELECT id, units FROM deals WHERE {PLAYED} AND units > 0 ORDER BY units DESC, id DESC LIMIT ?",
        (preset, extremes),
    )
    bottoms = history.read(
        f"SELECT id, units FROM deals WHERE {PLAYED} AND units < 0 ORDER BY units ASC, id DESC LIMIT ?",
        (preset, extremes),
    )
    return tuple((r[0], r[1]) for r in tops), tuple((r[0], r[1]) for r in bottoms)


RATING_COLUMNS = (
    "id, played, preset, loss, units, human, coalesce(players, 4), banker, stakes, best_ev, next_ev, tables"
)
"""What the rating reads of each priced deal (RULES.md §24): the deal's id and time, its preset, the units lost
and the result, the table (seat, size, banker, stakes as JSON), the best play's value, the best value of the
other plays priced, and the pricing tables (schema 8's columns, :mod:`.schema`)."""


def rating_rows(history: History, presets: Sequence[str]) -> list[tuple[Any, ...]]:
    """Every priced deal of the player's own decision under ``presets``, oldest first, as :data:`RATING_COLUMNS`
    (one query of columns: some milliseconds over 10,000 deals). A review without the best's value is passed
    over (an older build's that held none)."""
    return history.read(
        f"SELECT {RATING_COLUMNS} FROM deals WHERE {_rated(presets)} ORDER BY played, id", tuple(presets)
    )


def has_rating_rows(history: History, presets: Sequence[str]) -> bool:
    """Whether :func:`rating_rows` finds any deal (the menu asks before its first frame: one row looked for)."""
    return bool(history.read(f"SELECT 1 FROM deals WHERE {_rated(presets)} LIMIT 1", tuple(presets)))


def _rated(presets: Sequence[str]) -> str:
    """The deals the rating counts, under ``presets`` (their values bound in order)."""
    marks = ", ".join("?" * len(presets))
    where = PLAYED.replace("preset = ?", f"preset IN ({marks})")
    return f"{where} AND loss IS NOT NULL AND best_ev IS NOT NULL"


def deal_tables(history: History, ids: Sequence[int]) -> dict[int, tuple[Any, ...]]:
    """The table each of the deals ``ids`` was priced at, by id: (preset, seat, size, banker, stakes as JSON),
    what a deal's accuracy is normalised by (the History list's page)."""
    if not ids:
        return {}
    marks = ", ".join("?" * len(ids))
    rows = history.read(
        f"SELECT id, preset, human, coalesce(players, 4), banker, stakes FROM deals WHERE id IN ({marks})",
        tuple(ids),
    )
    return {r[0]: tuple(r[1:]) for r in rows}


DRILL_BEST_MIN = 10  # questions a run needs to count for a personal best
FAST_ACCURACY = 0.8  # the fastest run counts only among runs this accurate


@dataclass(frozen=True)
class DrillStats:
    """One drill's record under one preset: accuracy, speed, the trend over runs and personal bests."""

    drill: str
    preset: str
    runs: int
    questions: int
    right: int
    seconds: float | None  # mean seconds a question
    trend: tuple[float, ...]  # the last runs' accuracy, oldest first
    best_accuracy: float | None  # over runs of DRILL_BEST_MIN questions or more
    fastest: float | None  # mean seconds a question of the fastest such run at FAST_ACCURACY or better
    longest_streak: int
    mean_loss: float | None = None  # Arrange: units lost to the coach a hand
    best_loss: float | None = None  # Arrange: the lowest mean loss of a run of DRILL_BEST_MIN hands or more

    @property
    def accuracy(self) -> float | None:
        return self.right / self.questions if self.questions else None

    def to_dict(self) -> dict[str, object]:
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["trend"] = list(self.trend)
        out["accuracy"] = self.accuracy
        return out


def drill_stats(history: History, drill: str, preset: str, *, trend: int = TREND) -> DrillStats:
    """The statistics of ``drill`` under ``preset`` (timed and untimed runs together)."""
    where = "drill = ? AND preset = ?"
    runs, questions, right, seconds, streak = history.read(
        "SELECT count(*), coalesce(sum(items), 0), coalesce(sum(right), 0), "
        f"sum(seconds * items) / nullif(sum(items), 0), coalesce(max(best_streak), 0) FROM drills WHERE {where}",
        (drill, preset),
    )[0]
    last = history.read(
        f"SELECT right * 1.0 / items FROM drills WHERE {where} AND items > 0 ORDER BY id DESC LIMIT ?",
        (drill, preset, trend),
    )
    best = history.read(
        f"SELECT max(right * 1.0 / items) FROM drills WHERE {where} AND items >= ?", (drill, preset, DRILL_BEST_MIN)
    )[0][0]
    fastest = history.read(
        f"SELECT min(seconds) FROM drills WHERE {where} AND items >= ? AND right >= items * ?",
        (drill, preset, DRILL_BEST_MIN, FAST_ACCURACY),
    )[0][0]
    loss, best_loss = history.read(
        f"SELECT sum(loss * items) / nullif(sum(CASE WHEN loss IS NULL THEN 0 ELSE items END), 0), "
        f"min(CASE WHEN items >= ? THEN loss END) FROM drills WHERE {where}",
        (DRILL_BEST_MIN, drill, preset),
    )[0]
    return DrillStats(
        drill,
        preset,
        runs,
        questions,
        right,
        seconds,
        tuple(r[0] for r in reversed(last)),
        best,
        fastest,
        streak,
        loss,
        best_loss,
    )
