"""What the table asks the AI (a mixin of :class:`app.game.table.Table`): each seat's public view and the
requests for a computer seat's decision, the player's helper (suggestions, hints) and the takeover."""

from __future__ import annotations

from ai import Fixed, Level, TableView
from app.config import TableConfig
from rules.cards import Card
from rules.exchange import seen_holdings
from rules.ledger import Ledger
from rules.presets import Preset

from .arrange import ArrangeState
from .phase import Phase
from .record import DealRecord
from .requests import HELPER_LEVEL, SUGGESTIONS, AIRequest, Purpose


class Asking:
    """The requests a :class:`~app.game.table.Table` hands to the AI workers (plain data, see :mod:`.requests`)."""

    config: TableConfig
    current: DealRecord | None
    arrange: ArrangeState | None
    human: int | None
    levels: list[Level]
    ledger: Ledger

    preset: Preset
    phase: Phase

    def is_computer(self, seat: int) -> bool:
        """True when the computer plays ``seat``."""
        return seat != self.human

    def money(self) -> tuple[int, ...]:
        """Each seat's standing in the table's currency."""
        return self.ledger.money

    def view_for(self, seat: int) -> TableView:
        """The public information seat ``seat`` decides with."""
        rec = self.current
        assert rec is not None
        money = self.money()
        return TableView(
            preset=self.preset,
            options=self.config.options,
            players=len(rec.seats),
            seat=rec.position(seat),
            treasure=rec.treasure,
            totals=tuple(money[s] for s in rec.seats),
            levels=tuple(None if s == self.human else self.levels[s].value for s in rec.seats),
            banker=None if rec.banker is None else rec.position(rec.banker),
            stakes=tuple(rec.stakes.get(s, 1) for s in rec.seats) if rec.banker is not None else (),
            turned=rec.turned,  # the joker's turned-up card, shown to everyone (rules/RULES.md §20.2)
            held=self._held(rec, seat),
        )

    @staticmethod
    def _held(rec: DealRecord, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """What ``seat`` knows others hold after the exchange's finished rounds (rules/RULES.md §21)."""
        if rec.exchange is None or not rec.passes:
            return ()
        rounds = [[p[s] for s in rec.seats] for p in rec.passes]
        return seen_holdings(rec.position(seat), len(rec.seats), rec.exchange, rounds)

    def _request(
        self, seat: int, level: Level, purpose: Purpose, fixed: Fixed | None = None, top: int = 3
    ) -> AIRequest:
        rec = self.current
        assert rec is not None
        return AIRequest(seat, rec.number, rec.hands[seat], self.view_for(seat), level, rec.seed * 8 + seat, fixed,
                         purpose, top)

    def computer_requests(self) -> list[AIRequest]:
        """One request per computer seat still to decide this deal, in seat order."""
        rec = self.current
        if rec is None or self.phase is not Phase.ARRANGING:
            return []
        return [self._request(s, self.levels[s], Purpose.DECIDE) for s in rec.seats
                if self.is_computer(s) and s not in rec.decisions]

    def suggest_request(self) -> AIRequest:
        """Auto-arrange for the human: different plays around what is placed, best first."""
        assert self.arrange is not None and self.human is not None
        fixed = self.arrange.suggestion_fixed()
        return self._request(self.human, HELPER_LEVEL, Purpose.SUGGEST, fixed, top=SUGGESTIONS - 1)

    def hint_request(self) -> AIRequest:
        """The hint key: the best completion around the placed cards."""
        assert self.arrange is not None and self.human is not None
        return self._request(self.human, HELPER_LEVEL, Purpose.HINT, self.arrange.hint_fixed(), top=1)

    def takeover_request(self) -> AIRequest:
        """The time-out (or leaving) takeover: the computer completes around the placed cards."""
        assert self.human is not None
        fixed = None if self.arrange is None else self.arrange.fixed()
        return self._request(self.human, HELPER_LEVEL, Purpose.TAKEOVER, fixed, top=1)

