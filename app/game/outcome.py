"""How a session at the table ends, and where it leaves the seats: why it ends after a deal (the ledger's
rules, the deal of the day's one deal, the player leaving, a time-out), the move to its end, and the summary of
a round or of the whole session.

One part of :class:`app.game.table.Table`, which holds it as ``table.outcome``. A table of its own kind (a
stored deal shown again, a drill's run) ends its own way with a subclass of :class:`SessionOutcome`.
"""

from __future__ import annotations

from typing import Protocol

from rules.ledger import EndReason

from .clock import Clock
from .journal import Recorder
from .journal import Table as Recorded
from .phase import Phase
from .record import DealRecord, SeatLine, Summary
from .reveal import Revealing
from .seating import Seating
from .totals import Totals


class Table(Recorded, Protocol):
    """What the outcome reads and sets of its :class:`~app.game.table.Table`, besides what the journal it tells
    reads (a protocol: the table imports this module)."""

    @property
    def phase(self) -> Phase: ...

    human: int | None
    seating: Seating
    history: list[DealRecord]
    reveal: Revealing
    clock: Clock
    journal: Recorder | None
    totals: Totals

    def enter(self, phase: Phase) -> None: ...


class SessionOutcome:
    """Why one table's session ends (:meth:`reason`), its end (:meth:`end`) and its summary (:meth:`summary`)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.ended: EndReason | None = None  # why the session was ended, once it is over
        self.start_money = table.totals.money()  # each seat's money when the session began, for the summary's change

    def begin_with(self, money: tuple[int, ...]) -> None:
        """Each seat's money when the session began, as a stored session kept it (Continue): the summary's change
        counts from there."""
        self.start_money = money

    def reason(self) -> EndReason | None:
        """Why the session ends after this deal, or None when it goes on."""
        t = self.table
        if self.ended is not None:
            return self.ended
        if t.config.daily is not None and t.history:  # the deal of the day is one deal
            return EndReason.FINISHED
        return t.totals.ledger.end_reason(t.human)

    def end(self, reason: EndReason) -> None:
        """End the session (its summary shows ``reason``)."""
        t = self.table
        self.ended = EndReason(reason)  # the screen may still pass the plain string
        t.reveal.finish()
        t.enter(Phase.OVER)
        t.clock.limit(None)
        if t.journal is not None:
            t.journal.ended(t)

    def summary(self) -> Summary:
        """The round summary (during ``round_summary``) or the session summary."""
        t = self.table
        money = t.totals.money()
        is_round = t.phase is Phase.ROUND_SUMMARY
        change = t.totals.ledger.round_change() if is_round else None
        if change is None:
            change = tuple(m - s for m, s in zip(money, self.start_money, strict=True))
        lines = tuple(SeatLine(s, money[s], change[s], t.seating.is_out(s)) for s in t.seating.seats)
        reason = EndReason.ROUND if is_round else (self.ended or EndReason.LEFT)
        standings = tuple(s for s in t.totals.ledger.standings() if not t.seating.is_empty(s))
        return Summary(reason, len(t.history), lines, standings, t.totals.ledger.round)
