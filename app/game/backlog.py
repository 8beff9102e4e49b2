"""The coach's backlog: the player's stored deals that have no verdict, priced in the background.

The table prices the player's decision in a worker as soon as it is made and writes the verdict when the
answer lands, some tenths of a second later; a game killed in that moment stores the deal without it, and
nothing at the table would ever price it again. A history imported, or played before the coach's prices were
kept, holds many such deals, and the rating (RULES.md §24) reads only priced ones. At start-up the App hands
every one of them, newest first, to :func:`price_backlog` in a thread worker: each is priced exactly as the
table would have priced it (the same requests, seeds and public view, with the money before the deal from its
record and the levels from its session) and its verdict written, unless one was written meanwhile. It waits
while the player sits at a table (``paused``), so that it never slows play, and says how far it is
(:class:`PricingProgress`, which the menu and Statistics draw as a bar); a deal the coach cannot price is left out and
counted (:attr:`PricingProgress.failed`).

Plain Python, like the rest of :mod:`app.game`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ai import Budget, Level, Review
from app.config import TableConfig
from app.store.database import DealRow, History, WriteFailed
from app.store.validate import DamagedRow, reading

from .asking import view_of
from .coach import Coach, run_coach, run_pass_coach
from .record import DealRecord

LIMIT = 100_000
"""Deals priced at one start at the most (each some tenths of a second, a second or two with 換三張): every
deal of any history the game plays, however long it was played with the coach off (the rating needs them)."""
PAUSE = 0.25  # seconds between looks while play holds the pricing


@dataclass(frozen=True)
class PricingProgress:
    """How far the backlog's pricing is: deals priced, of how many, and how many the coach could not price."""

    done: int
    total: int
    failed: int = 0

    @property
    def finished(self) -> bool:
        """Whether every deal of the backlog was priced or left out."""
        return self.done + self.failed >= self.total


@dataclass(frozen=True)
class Unpriced:
    """One stored deal to price: its id, its record and the seat the player decided."""

    deal_id: int
    record: DealRecord
    seat: int
    levels: list[Level]


def backlog(history: History, limit: int = LIMIT) -> list[Unpriced]:
    """The player's own deals without a verdict, newest first (a record that does not read is passed over)."""
    found: list[Unpriced] = []
    configs: dict[int, list[Level]] = {}
    for row in history.unpriced(limit):
        pending = _unpriced(history, row, configs)
        if pending is not None:
            found.append(pending)
    return found


def _unpriced(history: History, row: DealRow, configs: dict[int, list[Level]]) -> Unpriced | None:
    try:
        rec = DealRecord.from_dict(row.data)
    except DamagedRow:
        return None
    if rec.human is None or not rec.own() or rec.human not in rec.decisions:
        return None
    if row.session is not None and row.session not in configs:
        session = history.session(row.session)
        try:
            with reading("config"):
                config = TableConfig.from_dict(session.config) if session is not None else TableConfig()
        except DamagedRow:  # a session's settings that do not read back: the default levels price the deal
            config = TableConfig()
        configs[row.session] = [config.watch_level, *config.levels]
    levels = configs.get(row.session) if row.session is not None else None
    return Unpriced(row.id, rec, rec.human, levels or [Level.NORMAL] * 4)


def price(pending: Unpriced, budget: Budget) -> Review | None:
    """The review the table would have kept of ``pending`` (its rows and each of the player's own passes)."""
    rec, seat = pending.record, pending.seat
    config = TableConfig(preset=rec.preset, options=rec.options, players=rec.players)
    totals = rec.before or (0,) * max(len(pending.levels), max(rec.seats) + 1)
    view = view_of(rec, seat, config, totals, pending.levels, seat)
    coach = Coach(budget=budget)
    passes = coach.pass_requests(rec, seat, view)  # asked before the rows land, so that the review waits for them
    rows = coach.request(rec, seat, view, budget)
    if rows is None:
        return None
    coach.accept(rows, run_coach(rows))
    for request in passes:
        coach.accept_pass(request, run_pass_coach(request))
    return coach.review_for(rec.number, seat)


def price_one(history: History, deal_id: int, budget: Budget, levels: list[Level] | None = None) -> bool:
    """Price one stored deal now and write its verdict (a deal whose record arrives whole, as a lobby's does:
    nothing priced it as it was played here); False when it is not the player's own decision to price, or the
    history refuses the write. ``levels``: the table's (its watch level, then each seat's), else its session's."""
    row = history.deal(deal_id)
    if row is None or row.data is None:
        return False
    pending = _unpriced(history, row, {})
    if pending is None:
        return False
    if levels is not None:
        pending = Unpriced(pending.deal_id, pending.record, pending.seat, levels)
    review = price(pending, budget)
    if review is None:
        return False
    try:
        history.set_review(deal_id, review.to_dict(), if_unpriced=True)
    except WriteFailed:
        return False
    return True


def price_backlog(
    history: History,
    budget: Budget,
    *,
    cancelled: Callable[[], bool] = lambda: False,
    limit: int = LIMIT,
    paused: Callable[[], bool] = lambda: False,
    progress: Callable[[PricingProgress], None] | None = None,
) -> int:
    """Price the backlog and write each verdict (a thread worker's work: it waits between deals while
    ``paused``, stops once ``cancelled`` and when the history refuses a write, and tells ``progress`` after each
    deal); returns how many were written. A deal the coach cannot price (it raises, or finds nothing to price) is
    left out and counted as failed."""
    pending = backlog(history, limit)
    written = failed = 0
    if progress is not None and pending:
        progress(PricingProgress(0, len(pending)))
    for item in pending:
        while paused() and not cancelled():
            time.sleep(PAUSE)
        if cancelled():
            break
        try:
            review = price(item, budget)
        except Exception:  # whatever the coach raises on a deal it cannot price: left out, and counted
            review = None
        if review is None:
            failed += 1
        else:
            try:
                history.set_review(item.deal_id, review.to_dict(), if_unpriced=True)
            except WriteFailed:
                break
            written += 1
        if progress is not None:
            progress(PricingProgress(written, len(pending), failed))
    return written
