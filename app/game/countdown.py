"""The table's countdown and its time-out (rules/RULES.md §10): the seconds the player has left to arrange (or to
choose a pass of 換三張), and what happens at zero: the computer completes the hand around the placed cards when
the table allows takeover, else the countdown stops at zero and the host chooses.

One part of :class:`app.game.table.Table`, which holds it as ``table.countdown``. The seconds themselves are
the table's :class:`~.clock.Clock` (its limit and its holds); this part decides what they mean for the deal.
Its calls that move the deal on return what happens next (:class:`~.conduct.Next`), like the table's own.

The table screen's countdown (:mod:`app.screens.table.clock`) ticks it, and asks the host when it must choose.
"""

from __future__ import annotations

from typing import Protocol

from ai import Choice
from app.config import TableConfig
from rules.deal import Decision
from rules.ledger import EndReason
from rules.presets import Preset

from .arrange import ArrangeError, ArrangeState
from .asking import Asking
from .clock import Clock
from .conduct import REFUSED, Next
from .outcome import SessionOutcome
from .phase import Phase, Timeout
from .record import DealRecord, Decider
from .requests import AIRequest, PassRequest
from .wagers import Wagers
from .why import Why


class Passing(Protocol):
    """What the countdown reads of the table's exchange: whether the player is choosing a pass, and the
    request that has the helper choose it once its clock is out."""

    @property
    def can_pick(self) -> bool: ...

    def timeout(self) -> PassRequest | None: ...


class Table(Protocol):
    """What the countdown reads and sets of its :class:`~app.game.table.Table` (a protocol: the table imports
    this module)."""

    config: TableConfig
    preset: Preset

    @property
    def phase(self) -> Phase: ...

    current: DealRecord | None

    @property
    def arrange(self) -> ArrangeState | None: ...

    @property
    def human(self) -> int | None: ...

    @property
    def viewer(self) -> int: ...

    clock: Clock
    wagers: Wagers
    asking: Asking
    outcome: SessionOutcome

    @property
    def exchange(self) -> Passing: ...

    @property
    def human_ready(self) -> bool: ...

    def decision_in(self) -> Next: ...

    def replace_arrange(self, state: ArrangeState | None) -> None: ...

    def hand_over(self) -> int: ...


class Countdown:
    """The countdown of one table and how this deal's time-out is handled (:attr:`handled`)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.handled: Timeout | None = None  # None until this deal's time-out, then how it is handled

    def new_deal(self) -> None:
        """A new deal: its time is not out."""
        self.handled = None

    @property
    def awaiting_host(self) -> bool:
        """True while the host must choose after a time-out without takeover (:meth:`resolve`)."""
        return self.handled is Timeout.HOST and self.table.phase is Phase.ARRANGING

    def left(self) -> float | None:
        """Seconds left to arrange or to choose the pass (None without a limit or once the human is ready);
        stopped at zero while the host chooses after a time-out."""
        t = self.table
        if self.awaiting_host:
            return 0.0
        picking = t.exchange.can_pick  # 換三張: the clock of the pass
        if (t.phase is not Phase.ARRANGING or t.human_ready) and not picking:
            return None
        return t.clock.left()

    def timed_out(self) -> bool:
        """True when the countdown has reached zero and the time-out is still to be handled (:meth:`on_timeout`)."""
        if self.handled is not None:
            return False
        left = self.left()
        return left is not None and left <= 0

    def on_timeout(self) -> Next:
        """At zero (rules/RULES.md §10: the player counts as having left).

        With takeover allowed: the request that has the computer complete the hand around the placed cards.
        With it off: ``host``; the countdown stops at zero and the host must choose (:meth:`resolve`).
        """
        t = self.table
        if t.exchange.can_pick:  # a pass: the helper chooses it, whatever the takeover setting (RULES.md §21)
            request = t.exchange.timeout()
            return Next(() if request is None else (request,))
        if t.phase is not Phase.ARRANGING or t.human is None or t.human_ready or self.handled is not None:
            raise ArrangeError(Why.NOT_ARRANGING)
        if t.config.takeover:
            self.handled = Timeout.TAKEOVER
            return Next((t.asking.takeover_request(),))
        self.handled = Timeout.HOST
        t.clock.limit(None)
        return Next(host=True)

    def resolve(self, computer: bool) -> Next:
        """The host's choice after a time-out without takeover (rules/RULES.md §10).

        ``computer``: the computer plays the seat from now on, as for a player who left: it completes this
        hand around the placed cards (the returned request, for :meth:`accept`) and plays the seat in the
        later deals; the player watches and may take a seat again (:meth:`~app.game.seating.Seating.take_seat`).
        Otherwise the table ends (reason ``timeout``) and nothing is asked.
        """
        t = self.table
        if not self.awaiting_host:
            raise ArrangeError(Why.NOT_ARRANGING)
        if not computer:
            t.outcome.end(EndReason.TIMEOUT)
            return Next()
        request = t.asking.takeover_request()
        self.handled = Timeout.TAKEOVER
        t.hand_over()
        t.clock.limit(None)
        return Next((request,))

    def accept(self, request: AIRequest, choice: Choice) -> Next:
        """The computer's completion of the human's hand at the time-out; legal by construction."""
        t = self.table
        rec = t.current
        if rec is None or request.deal != rec.number or t.phase is not Phase.ARRANGING:
            return REFUSED
        seat = request.seat
        if seat in rec.decisions:
            return REFUSED
        decision = choice.decision
        if t.arrange is not None and t.arrange.declared is not None:
            decision = Decision.declared(t.arrange.hand, t.arrange.declared)  # the player's own choice
        elif decision.arrangement is not None and t.arrange is not None:
            t.replace_arrange(t.arrange.with_arrangement(decision.arrangement))
        rec.decisions[seat] = decision
        rec.decided_by[seat] = Decider.TIMEOUT
        if t.preset.double_picks:
            rec.doubles[seat] = (
                t.wagers.double
                if t.wagers.double is not None
                else (None if choice.double is None else rec.seats[choice.double])
            )
        t.clock.limit(None)
        if t.human is None:
            t.replace_arrange(None)  # the computer plays the seat from now on (the host's choice at the time-out)
        return t.decision_in()
