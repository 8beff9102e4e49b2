"""What the table asks the AI: each seat's public view and the requests for a computer seat's decision, the
player's helper (suggestions, hints) and the takeover, as plain data (:mod:`.requests`).

One part of :class:`~app.game.table.Table`, which holds it as ``table.asking``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ai import Fixed, Level, TableView
from app.config import TableConfig
from rules.cards import Card
from rules.exchange import seen_holdings
from rules.presets import Preset

from .arrange import ArrangeState
from .coach import Coach, coach_seed
from .phase import Phase
from .record import DealRecord
from .requests import ADVICE_LEVEL, HELPER_LEVEL, SUGGESTIONS, AIRequest, Purpose
from .seating import Seating
from .totals import Totals


def view_of(
    rec: DealRecord, seat: int, config: TableConfig, totals: tuple[int, ...], levels: list[Level], human: int | None
) -> TableView:
    """The public information seat ``seat`` decides ``rec`` with: the table's money before the deal (``totals``,
    by table seat), the computer seats' ``levels`` (by table seat) and the seat a person plays. The table asks
    with its own; a stored deal priced later (:mod:`.backlog`) with its record's money before it."""
    return TableView(
        preset=config.preset,
        options=config.options,
        players=len(rec.seats),
        seat=rec.position(seat),
        treasure=rec.treasure,
        totals=tuple(totals[s] for s in rec.seats),
        levels=tuple(None if s == human else levels[s].value for s in rec.seats),
        banker=None if rec.banker is None else rec.position(rec.banker),
        stakes=tuple(rec.stakes.get(s, 1) for s in rec.seats) if rec.banker is not None else (),
        turned=rec.turned,  # the joker's turned-up card, shown to everyone (rules/RULES.md §20.2)
        held=_held(rec, seat),
    )


def _held(rec: DealRecord, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """What ``seat`` knows others hold after the exchange's finished rounds (rules/RULES.md §21)."""
    if rec.exchange is None or not rec.passes:
        return ()
    rounds = [[p[s] for s in rec.seats] for p in rec.passes]
    return seen_holdings(rec.position(seat), len(rec.seats), rec.exchange, rounds)


class Table(Protocol):
    """What the requests read of their :class:`~app.game.table.Table` (a protocol: the table imports this)."""

    config: TableConfig
    preset: Preset
    current: DealRecord | None
    arrange: ArrangeState | None
    human: int | None
    seating: Seating
    phase: Phase
    coach: Coach
    totals: Totals

    def is_computer(self, seat: int) -> bool: ...


class Asking:
    """The requests a table hands to the AI workers."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.thinking = True  # False: the computers never decide (a stored deal shown again)

    def stop_thinking(self) -> None:
        """The computers never decide at this table (a stored deal shown again: their stored decisions stand)."""
        self.thinking = False

    def view_for(self, seat: int) -> TableView:
        """The public information seat ``seat`` decides with."""
        rec = self.table.current
        assert rec is not None
        t = self.table
        return view_of(rec, seat, t.config, t.totals.money(), t.seating.levels, t.human)

    def request(self, seat: int, level: Level, purpose: Purpose, fixed: Fixed | None = None, top: int = 3) -> AIRequest:
        """A request for ``seat`` to decide (or be helped) at ``level``, seeded by the deal and the seat."""
        rec = self.table.current
        assert rec is not None
        return AIRequest(
            seat, rec.number, rec.hands[seat], self.view_for(seat), level, rec.seed * 8 + seat, fixed, purpose, top
        )

    def computer_requests(self) -> list[AIRequest]:
        """One request per computer seat still to decide this deal, in seat order."""
        rec = self.table.current
        if rec is None or self.table.phase is not Phase.ARRANGING or not self.thinking:
            return []
        return [
            self.request(s, self.table.seating.levels[s], Purpose.DECIDE)
            for s in rec.seats
            if self.table.is_computer(s) and s not in rec.decisions
        ]

    def suggest_request(self) -> AIRequest:
        """Auto-arrange for the human: different plays around what is placed, best first."""
        assert self.table.arrange is not None and self.table.human is not None
        fixed = self.table.arrange.suggestion_fixed()
        return self._advice(Purpose.SUGGEST, fixed, top=SUGGESTIONS - 1)

    def hint_request(self) -> AIRequest:
        """The hint key: the best completion around the placed cards."""
        assert self.table.arrange is not None and self.table.human is not None
        return self._advice(Purpose.HINT, self.table.arrange.hint_fixed(), top=1)

    def _advice(self, purpose: Purpose, fixed: Fixed | None, top: int) -> AIRequest:
        """A request for the coach's advice to the human: its level, its seed and its budget (so that what it
        advises is what the coach then calls best, at the price the coach gives it)."""
        human = self.table.human
        assert human is not None and self.table.current is not None
        plain = self.request(human, ADVICE_LEVEL, purpose, fixed, top=top)
        return replace(plain, seed=coach_seed(self.table.current, human), tables=self.table.coach.budget)

    def takeover_request(self) -> AIRequest:
        """The time-out (or leaving) takeover: the computer completes around the placed cards."""
        assert self.table.human is not None
        fixed = None if self.table.arrange is None else self.table.arrange.fixed()
        return self.request(self.table.human, HELPER_LEVEL, Purpose.TAKEOVER, fixed, top=1)
