"""The deal of the day (rules/RULES.md §23.7) at the table, without a terminal: today's date, the table that plays
a day's deal, the duplicate comparison with the computer levels, the streak of days and the share line.

Everyone gets the same cards on a date (the day's key) and the same opponents: the table's seed is made from the
key, so the computer seats' decisions, seeded by the deal's seed, are the same for every player at every level.
The comparison is duplicate bridge's: with the player's cards and the opponents' decisions as they stand, each
computer level plays the player's seat, and the player's result is ranked against each level's (won, tied or
lost, as matchpoints in %).

The record is kept by :mod:`app.store.daily`: a day is claimed when the player sits down to it, and every later
try of that day is practice.

The same concept on another floor: the table's side of :mod:`app.store.daily`.
"""

from __future__ import annotations

import calendar
import contextlib
import datetime as dt
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ai import Level
from app.config import TableConfig
from app.store.daily import DailyBook, DailyRow
from app.store.database import History, WriteFailed
from app.store.validate import DamagedRow
from rules.arrangement import Row
from rules.deal import Outcome
from rules.dealcode import daily_code, daily_family
from rules.presets import Preset
from rules.scoring import score_deal

from .asking import view_of
from .record import DealRecord, read_stored
from .requests import AIRequest, Purpose, run_ai

LEVELS: tuple[Level, ...] = (Level.EASY, Level.NORMAL, Level.HARD, Level.EXPERT)  # the field, weakest first
_SEED_SPAN = 2**31  # a session's seed is below it (app.game.table)


def utc_today(clock: Callable[[], float] = time.time) -> dt.date:
    """Today's calendar date in UTC by ``clock`` (seconds since the epoch): the day whose deal is today's."""
    return dt.datetime.fromtimestamp(clock(), dt.UTC).date()


def daily_config(day: dt.date, preset: Preset, *, record: bool) -> TableConfig:
    """The table of ``day``'s deal for ``preset``: its code's table (four seats, nothing passed, no joker), the
    opponents seeded from the key so that everyone meets the same decisions, one deal; scored when it is played
    for the ``record``, practice otherwise."""
    code = daily_code(day, preset)
    config = TableConfig.for_code(code)
    return replace(config, seed=code.key % _SEED_SPAN, daily=day.isoformat(), scored=record)


class Mark(StrEnum):
    """How the player's result stands against one other result."""

    WON = "won"
    TIED = "tied"
    LOST = "lost"


@dataclass(frozen=True)
class Against:
    """A computer level in the player's seat: the units it made with the same cards and opponents, and how the
    player's result stands against it."""

    level: Level
    units: int
    mark: Mark


@dataclass(frozen=True)
class Comparison:
    """The player's units on the day's deal and how they stand against each level (:data:`LEVELS`)."""

    units: int
    against: tuple[Against, ...]

    @property
    def matchpoints(self) -> int:
        """The player's matchpoints in % (a level beaten 1, tied ½, lost to 0), a half rounded up (62.5 is 63)."""
        if not self.against:
            return 0
        halves = sum({Mark.WON: 2, Mark.TIED: 1, Mark.LOST: 0}[a.mark] for a in self.against)
        return (100 * halves + len(self.against)) // (2 * len(self.against))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (the history keeps it with the day)."""
        return {"units": self.units, "against": [{"level": a.level.value, "units": a.units} for a in self.against]}

    @classmethod
    def from_dict(cls, data: Any) -> Comparison:
        """Read :meth:`to_dict` back; ValueError, TypeError or KeyError when it does not."""
        units = int(data["units"])
        return cls(units, tuple(_against(Level(a["level"]), units, int(a["units"])) for a in data["against"]))


def _against(level: Level, mine: int, theirs: int) -> Against:
    mark = Mark.WON if mine > theirs else Mark.TIED if mine == theirs else Mark.LOST
    return Against(level, theirs, mark)


def level_request(rec: DealRecord, config: TableConfig, level: Level) -> AIRequest:
    """What ``level`` is asked in the player's seat: the player's hand and public view, the table's seed."""
    seat = rec.human
    assert seat is not None
    levels = [config.watch_level, *config.levels]
    totals = rec.before or (0,) * len(levels)
    view = view_of(rec, seat, config, totals, levels, seat)
    return AIRequest(seat, rec.number, rec.hands[seat], view, level, rec.seed * 8 + seat, None, Purpose.DECIDE)


def compare(rec: DealRecord, config: TableConfig, levels: Sequence[Level] = LEVELS) -> Comparison:
    """The duplicate comparison of the player's scored ``rec`` (blocking: each level decides, up to a second or
    two for ``expert``; run it in a worker thread)."""
    seat = rec.human
    if seat is None or rec.units is None:
        raise ValueError("only a scored deal the player played is compared")
    mine = rec.units[seat]
    against = []
    for level in levels:
        choice = run_ai(level_request(rec, config, level))
        doubles = dict(rec.doubles)
        if seat in doubles:  # arcade's 賭倍: the level's own
            doubles[seat] = None if choice.double is None else rec.seats[choice.double]
        trial = replace(rec, decisions={**rec.decisions, seat: choice.decision}, doubles=doubles)
        theirs = score_deal(trial.to_deal()).totals[rec.position(seat)]
        against.append(_against(level, mine, theirs))
    return Comparison(mine, tuple(against))


# ---- the share line

SQUARES = {Mark.WON: "🟩", Mark.TIED: "🟨", Mark.LOST: "🟥"}
NO_ROWS = "⬜"  # a row that was not compared (a special hand declared, the pattern ladder)
VERDICT_MARKS = {"best": "✓", "good": "✓", "inaccuracy": "~", "mistake": "✗", "blunder": "✗"}


def row_marks(rec: DealRecord) -> tuple[Mark | None, ...]:
    """The player's three rows against the table: won where they won more pairs on it than they lost, tied where
    as many, lost otherwise; None for a row no pair compared."""
    seat = rec.human
    assert seat is not None
    marks: list[Mark | None] = []
    for row in Row:
        outcomes = [rec.outcome(seat, other, row) for other in rec.seats if other != seat]
        shown = [o for o in outcomes if o is not None]
        if not shown:
            marks.append(None)
            continue
        net = sum(1 if o is Outcome.WIN else -1 if o is Outcome.LOSS else 0 for o in shown)
        marks.append(Mark.WON if net > 0 else Mark.TIED if net == 0 else Mark.LOST)
    return tuple(marks)


def share_line(
    day: str, preset: str, units: int, matchpoints: int | None, verdict: str | None, rows: Iterable[Mark | None]
) -> str:
    """The line a player shares (no card in it): ``十三張 2026-12-05 taiwan · +4 · 75% · best ✓ · 🟩🟩🟥``. A
    figure not known yet (the comparison, the coach's verdict) is a dash."""
    mp = "–" if matchpoints is None else f"{matchpoints}%"
    said = "–" if verdict is None else f"{verdict} {VERDICT_MARKS.get(verdict, '')}".strip()
    squares = "".join(NO_ROWS if m is None else SQUARES[m] for m in rows)
    return " · ".join(part for part in (f"十三張 {day} {preset}", f"{units:+d}", mp, said, squares) if part)


# ---- the streak and the month


def streak(days: Iterable[str], today: dt.date) -> int:
    """How many days in a row, up to today (or up to yesterday while today is still to play), the player played
    a deal of the day for the record; ``days`` are dates ``YYYY-MM-DD``."""
    played = set(days)
    day = today if today.isoformat() in played else today - dt.timedelta(days=1)
    count = 0
    while day.isoformat() in played:
        count += 1
        day -= dt.timedelta(days=1)
    return count


def month_weeks(year: int, month: int) -> list[list[dt.date | None]]:
    """The month's weeks, Monday first, ``None`` outside the month."""
    return [
        [None if d.month != month else d for d in week]
        for week in calendar.Calendar(firstweekday=0).monthdatescalendar(year, month)
    ]


# ---- a day as the history keeps it


@dataclass(frozen=True)
class DayPlayed:
    """A day claimed for the record: its row, the deal once scored (None: begun and never finished, which still
    counts as the day's one try), the coach's verdict when it has come, and the comparison once worked out."""

    row: DailyRow
    record: DealRecord | None
    verdict: str | None
    comparison: Comparison | None

    @property
    def day(self) -> dt.date:
        return dt.date.fromisoformat(self.row.day)

    def share(self) -> str | None:
        """The share line (None before the deal is scored)."""
        rec = self.record
        if rec is None or rec.units is None or rec.human is None:
            return None
        mp = None if self.comparison is None else self.comparison.matchpoints
        return share_line(self.row.day, self.row.preset, rec.units[rec.human], mp, self.verdict, row_marks(rec))


def day_played(history: History, day: dt.date, preset: Preset) -> DayPlayed | None:
    """``day``'s record in ``preset``'s family, read back (None: not claimed)."""
    row = DailyBook(history).row(day.isoformat(), daily_family(preset))
    if row is None:
        return None
    record, verdict = None, None
    if row.deal is not None:
        stored = history.deal(row.deal)
        if stored is not None:
            try:
                record, _ = read_stored(stored.data, stored.review)
            except DamagedRow as exc:
                history.damaged.note("deals", row.deal, exc)
            verdict = stored.verdict
    comparison = None
    if row.comparison is not None:
        try:
            comparison = Comparison.from_dict(row.comparison)
        except (KeyError, TypeError, ValueError):
            comparison = None  # worked out again
    return DayPlayed(row, record, verdict, comparison)


def with_comparison(history: History, played: DayPlayed) -> DayPlayed:
    """``played`` with its comparison, worked out now when it was not (blocking: a worker's job) and kept when
    the history can be written."""
    rec = played.record
    if played.comparison is not None or rec is None or rec.human is None or rec.units is None:
        return played
    config = daily_config(played.day, Preset(played.row.preset), record=True)
    comparison = compare(rec, config)
    with contextlib.suppress(WriteFailed):  # a history opened to read: worked out again next time
        DailyBook(history).keep_comparison(played.row.day, played.row.family, comparison.to_dict())
    return replace(played, comparison=comparison)


def share_of(history: History, day: dt.date, preset: Preset) -> str | None:
    """The share line of ``day`` played for the record in ``preset``'s family (None: not played)."""
    played = day_played(history, day, preset)
    return None if played is None else with_comparison(history, played).share()


def claim(history: History, day: dt.date, preset: Preset) -> bool:
    """Claim ``day``'s deal for the record before the player sees a card: True when it is theirs to play for
    the record, False when it was claimed before (this try is practice). :class:`WriteFailed` when the history
    cannot be written (then nothing can be kept for the record: practice)."""
    return DailyBook(history).claim(day.isoformat(), daily_family(preset), preset.value)


def played_days(history: History) -> list[str]:
    """The days with a deal of the day played for the record (:func:`streak` counts them)."""
    return DailyBook(history).days()
