"""The coach's backlog: the player's stored deals that have no verdict, priced at the next start.

The table prices the player's decision in a worker as soon as it is made and writes the verdict when the
answer lands, some tenths of a second later; a game killed in that moment stores the deal without it, and
nothing at the table would ever price it again. At start-up the App hands the newest of those deals
(:data:`LIMIT`) to :func:`price_backlog` in a thread worker: each is priced exactly as the table would have
priced it (the same requests, seeds and public view, with the money before the deal from its record and the
levels from its session) and its verdict written, unless one was written meanwhile.

Plain Python, like the rest of :mod:`app.game`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai import Budget, Level, Review
from app.config import TableConfig
from app.store.database import DealRow, History, WriteFailed
from app.store.validate import DamagedRow, reading

from .asking import view_of
from .coach import Coach, run_coach, run_pass_coach
from .record import DealRecord

LIMIT = 20
"""Deals priced at one start at the most (each some tenths of a second, a second or two with 換三張): a kill
loses one verdict, and a history played with the coach off is not priced wholesale behind the player's back."""


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


def price_backlog(
    history: History, budget: Budget, *, cancelled: Callable[[], bool] = lambda: False, limit: int = LIMIT
) -> int:
    """Price the backlog and write each verdict (a thread worker's work: it stops between deals once
    ``cancelled``, and when the history refuses a write); returns how many were written."""
    written = 0
    for pending in backlog(history, limit):
        if cancelled():
            break
        review = price(pending, budget)
        if review is None:
            continue
        try:
            history.set_review(pending.deal_id, review.to_dict(), if_unpriced=True)
        except WriteFailed:
            break
        written += 1
    return written
