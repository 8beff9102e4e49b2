"""The three-card exchange at the table (換三張, rules/RULES.md §21): still a mixin of :class:`app.game.table.Table`
(the one left: the table's requests and helper are composed parts, :mod:`.asking` and :mod:`.helping`).

With the host's setting on, a deal starts in :attr:`Phase.EXCHANGING`: in each round every seat picks three
cards at once (the player with the arranging keys, under a clock of its own; the computers in workers, from
:meth:`Exchanging.pass_requests`), and once all are in the cards move together (:func:`rules.exchange.pass_round`).
After the last round the table arranges the hands as they now are.

The same concept on another floor: the table's side of :mod:`rules.exchange`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ai import Level
from app.config import TableConfig
from rules.cards import Card
from rules.exchange import PASS_SIZE, check_pass, pass_round

from .arrange import ArrangeError, ArrangeState
from .asking import Asking
from .conduct import REFUSED, Next, answer_each
from .phase import Phase
from .record import DealRecord
from .requests import HELPER_LEVEL, PassRequest, Purpose

MIN_PASS_SECONDS = 15  # the clock of a pass: half the arranging limit, never less than this


def pass_seconds(time_limit: int) -> float | None:
    """The player's time for one pass at a table whose arranging limit is ``time_limit`` (0: none)."""
    return None if time_limit <= 0 else float(max(MIN_PASS_SECONDS, time_limit // 2))


class Exchanging:
    """The exchange's part of the table; :class:`~app.game.table.Table` provides the attributes named here."""

    config: TableConfig
    current: DealRecord | None
    arrange: ArrangeState | None
    human: int | None
    levels: list[Level]
    phase: Phase
    deadline: float | None
    sort: str
    now: Callable[[], float]
    round_passes: dict[int, tuple[Card, ...]]  # this round's passes so far, by table seat
    pass_taken: bool  # the clock ran out on this round's pass and the computer is choosing it
    ask: Asking

    if TYPE_CHECKING:

        def begin_arranging(self) -> None: ...

    # ---- where the exchange stands

    @property
    def exchanging(self) -> bool:
        """True while the seats are choosing what to pass."""
        return self.phase is Phase.EXCHANGING

    @property
    def pass_number(self) -> int:
        """The round being passed (0-based), or the number of rounds made once the exchange is over."""
        return 0 if self.current is None else len(self.current.passes)

    def has_passed(self, seat: int) -> bool:
        """True once ``seat`` has chosen this round's pass."""
        return self.exchanging and seat in self.round_passes

    @property
    def can_pick(self) -> bool:
        """True while the player may still choose this round's pass."""
        return (self.exchanging and self.human is not None and self.arrange is not None
                and self.human not in self.round_passes and not self.pass_taken)

    # ---- starting and running the rounds

    def start_exchange(self, record: DealRecord) -> bool:
        """Begin the deal's exchange when the table passes cards (True), else leave it to arranging (False)."""
        way = self.config.exchange_for(record.number, len(record.seats))
        if way is None:
            return False
        record.exchange = way
        record.dealt = dict(record.hands)
        self.phase = Phase.EXCHANGING
        self._open_round()
        return True

    def _open_round(self) -> None:
        rec = self.current
        assert rec is not None
        self.round_passes = {}
        self.pass_taken = False
        self.deadline = None
        self.arrange = None
        if self.human is not None:
            self.arrange = ArrangeState.new(rec.hands[self.human], self.sort, self.config.options.wheel)
            seconds = pass_seconds(self.config.time_limit)
            if seconds is not None:
                self.deadline = self.now() + seconds

    def pass_requests(self) -> list[PassRequest]:
        """One request per computer seat still to choose this round's pass, in seat order."""
        rec = self.current
        if rec is None or not self.exchanging:
            return []
        return [self._pass_request(s, self.levels[s], Purpose.DECIDE) for s in rec.seats
                if s != self.human and s not in self.round_passes]

    def decide_passes(self) -> Next:
        """Headless: every computer seat chooses this round's pass now (what that starts is not run)."""
        return answer_each(self, self.pass_requests())  # type: ignore[arg-type]

    def _pass_request(self, seat: int, level: Level, purpose: Purpose) -> PassRequest:
        rec = self.current
        assert rec is not None
        seed = (rec.seed * 8 + seat) * 4 + len(rec.passes) + 1
        return PassRequest(seat, rec.number, len(rec.passes), rec.hands[seat], self.ask.view_for(seat), level, seed,
                           purpose)

    def accept_pass(self, request: PassRequest, cards: tuple[Card, ...]) -> Next:
        """Take a seat's pass (a computer's, or the player's chosen at the time-out); :data:`REFUSED` when it is
        stale."""
        rec = self.current
        if (rec is None or not self.exchanging or request.deal != rec.number or request.round != len(rec.passes)
                or request.seat in self.round_passes):
            return REFUSED
        if request.seat == self.human and request.purpose is not Purpose.TAKEOVER:
            return REFUSED
        before = len(rec.passes)
        self.round_passes[request.seat] = check_pass(rec.hands[request.seat], cards)
        if request.purpose is Purpose.TAKEOVER:
            rec.passed_for_human += (len(rec.passes),)
            self.arrange = None
        self._maybe_complete()
        return self._after_pass(before)

    def give_pass(self) -> Next:
        """The player passes the three cards selected; :class:`ArrangeError` ``pass_three`` otherwise."""
        rec, st = self.current, self.arrange
        if not self.can_pick or rec is None or st is None or self.human is None:
            raise ArrangeError("not_passing")
        if len(st.selected) != PASS_SIZE:
            raise ArrangeError("pass_three", count=len(st.selected))
        before = len(rec.passes)
        self.round_passes[self.human] = check_pass(rec.hands[self.human], st.selected)
        self.deadline = None
        self._maybe_complete()
        return self._after_pass(before)

    def _after_pass(self, before: int) -> Next:
        """After a pass: once the round is complete, the next round's passes to choose, or (the exchange over)
        the player's passes for the coach and the computers' decisions."""
        rec = self.current
        assert rec is not None
        if len(rec.passes) == before:
            return Next()
        if self.exchanging:
            return Next(tuple(self.pass_requests()), passed=True)
        if self.phase is Phase.ARRANGING:
            return Next(tuple(self.ask.computer_requests()), passed=True, coach_passes=self.human)
        return Next(passed=True)

    def pass_timeout(self) -> PassRequest | None:
        """The clock ran out on the player's pass: the request that has the helper choose it."""
        if not self.can_pick or self.human is None:
            return None
        self.pass_taken = True
        self.deadline = None
        return self._pass_request(self.human, HELPER_LEVEL, Purpose.TAKEOVER)

    def _maybe_complete(self) -> None:
        rec = self.current
        assert rec is not None
        if set(self.round_passes) != set(rec.seats):
            return
        moved = pass_round([rec.hands[s] for s in rec.seats], [self.round_passes[s] for s in rec.seats],
                           rec.exchange)  # type: ignore[arg-type]
        rec.passes.append(dict(self.round_passes))
        rec.hands = dict(zip(rec.seats, moved, strict=True))
        if len(rec.passes) < self.config.exchange:
            self._open_round()
            return
        self.round_passes = {}
        self.begin_arranging()
