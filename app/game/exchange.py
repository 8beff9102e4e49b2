"""The three-card exchange at the table (換三張, rules/RULES.md §21): one part of :class:`app.game.table.Table`,
which holds it as ``table.exchange``. Its steps (:meth:`Exchange.give`, :meth:`Exchange.accept`) are conducting
calls like the table's own: each returns what happens next (:class:`~.conduct.Next`).

With the host's setting on, a deal starts in :attr:`Phase.EXCHANGING`: in each round every seat picks three
cards at once (the player with the arranging keys, under a clock of its own; the computers in workers, from
:meth:`Exchange.requests`), and once all are in the cards move together (:func:`rules.exchange.pass_round`).
After the last round the table arranges the hands as they now are.

The same concept on another floor: the table's side of :mod:`rules.exchange`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ai import Choice, Level, PassChoice
from app.config import TableConfig
from rules.cards import Card
from rules.exchange import PASS_SIZE, ExchangeError, check_pass, pass_round

from .arrange import ArrangeError, ArrangeState
from .asking import Asking
from .clock import Clock
from .conduct import REFUSED, Next, answer_each
from .countdown import Countdown
from .phase import Phase
from .progress import Made, Progress
from .record import DealRecord
from .requests import HELPER_LEVEL, AIRequest, PassRequest, Purpose
from .seating import Seating
from .why import Why

MIN_PASS_SECONDS = 15  # the clock of a pass: half the arranging limit, never less than this


def pass_seconds(time_limit: int) -> float | None:
    """The player's time for one pass at a table whose arranging limit is ``time_limit`` (0: none)."""
    return None if time_limit <= 0 else float(max(MIN_PASS_SECONDS, time_limit // 2))


class Table(Protocol):
    """What the exchange reads and sets of its :class:`~app.game.table.Table` (a protocol: the table imports
    this)."""

    config: TableConfig
    current: DealRecord | None

    @property
    def arrange(self) -> ArrangeState | None: ...

    @property
    def human(self) -> int | None: ...

    seating: Seating

    @property
    def phase(self) -> Phase: ...

    clock: Clock
    countdown: Countdown
    sort: str
    now: Callable[[], float]
    asking: Asking
    progress: Progress

    def begin_arranging(self) -> None: ...

    def answer(self, request: AIRequest | PassRequest, answer: Choice | PassChoice) -> Next: ...

    def enter(self, phase: Phase) -> None: ...

    def replace_arrange(self, state: ArrangeState | None) -> None: ...


class Exchange:
    """The exchange of one table: this round's passes so far and whether the clock took the player's."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.passes: dict[int, tuple[Card, ...]] = {}  # this round's passes so far, by table seat
        self.taken = False  # the clock ran out on this round's pass and the computer is choosing it
        self._opened = 0.0  # when the round under way was opened (the player's seconds without a clock)

    # ---- where the exchange stands

    @property
    def active(self) -> bool:
        """True while the seats are choosing what to pass."""
        return self.table.phase is Phase.EXCHANGING

    @property
    def round(self) -> int:
        """The round being passed (0-based), or the number of rounds made once the exchange is over."""
        rec = self.table.current
        return 0 if rec is None else len(rec.passes)

    def has_passed(self, seat: int) -> bool:
        """True once ``seat`` has chosen this round's pass."""
        return self.active and seat in self.passes

    @property
    def can_pick(self) -> bool:
        """True while the player may still choose this round's pass."""
        t = self.table
        return (
            self.active
            and t.human is not None
            and t.arrange is not None
            and t.human not in self.passes
            and not self.taken
        )

    @property
    def received(self) -> frozenset[Card]:
        """The cards the player holds now that were not dealt to them: what the exchange passed in."""
        t, rec = self.table, self.table.current
        if rec is None or t.human is None or t.human not in rec.dealt:
            return frozenset()
        return frozenset(rec.hands[t.human]) - frozenset(rec.dealt[t.human])

    # ---- starting and running the rounds

    def start(self, record: DealRecord) -> bool:
        """Begin the deal's exchange when the table passes cards (True), else leave it to arranging (False)."""
        way = self.table.config.exchange_for(record.number, len(record.seats))
        if way is None:
            return False
        record.exchange = way
        record.dealt = dict(record.hands)
        self.table.enter(Phase.EXCHANGING)
        made = self.table.progress.made_for(record.number) if record.human is not None else None
        if made is not None and self._replay(record, made):
            self._finish()  # Continue after the last round: straight to arranging the hand as it was passed
            return True
        self._open_round()
        return True

    def _replay(self, record: DealRecord, made: Made) -> bool:
        """Continue: pass again every round that was finished when the deal was saved, exactly as it was passed
        (a pass made is never chosen again); True when that was the last round. A stored round that does not
        fit the hands (an edited file) ends the replay there: the rounds from it on are passed anew."""
        for stored in made.rounds[: self.table.config.exchange]:
            if set(stored) != set(record.seats):
                break
            try:
                passes = [check_pass(record.hands[s], stored[s]) for s in record.seats]
            except ExchangeError:
                break
            moved = pass_round([record.hands[s] for s in record.seats], passes, record.exchange)  # type: ignore[arg-type]
            record.passes.append(dict(zip(record.seats, passes, strict=True)))
            record.hands = dict(zip(record.seats, moved, strict=True))
        record.passed_for_human = tuple(k for k in made.taken if 0 <= k < len(record.passes))
        record.passed_after_leaving = tuple(k for k in made.left if 0 <= k < len(record.passes))
        record.pass_seconds = made.pass_seconds[: len(made.rounds) + 1]  # a pass of the round under way too
        return len(record.passes) >= self.table.config.exchange

    def _open_round(self) -> None:
        t = self.table
        rec = t.current
        assert rec is not None
        self.passes = {}
        self.taken = False
        self._opened = t.now()
        t.clock.limit(None)
        t.replace_arrange(None)
        if t.human is not None:
            t.replace_arrange(
                ArrangeState.new(rec.hands[t.human], t.sort, t.config.options.wheel).receive(self.received)
            )
            seconds = pass_seconds(t.config.time_limit)
            if seconds is not None:
                t.clock.limit(t.progress.pass_time_for(rec.number, len(rec.passes), seconds))
            self._give_again(rec)

    def _give_again(self, rec: DealRecord) -> None:
        """Continue during a round whose pass the player had made (or the clock had made for them) while the
        others were still choosing: that pass stands, and only theirs are asked for."""
        t = self.table
        made = t.progress.made_for(rec.number)
        k = len(rec.passes)
        if made is None or made.given is None or k != len(made.rounds) or t.human is None:
            return
        try:
            self.passes[t.human] = check_pass(rec.hands[t.human], made.given)
        except ExchangeError:
            return
        t.clock.limit(None)
        if k in made.taken:
            rec.passed_for_human += (k,)
            t.replace_arrange(None)  # as when the clock's pass was taken (:meth:`take`)
        elif k in made.left:  # the computer's, made after the player left the seat: still not theirs
            rec.passed_after_leaving += (k,)

    def requests(self) -> list[PassRequest]:
        """One request per computer seat still to choose this round's pass, in seat order."""
        rec = self.table.current
        if rec is None or not self.active:
            return []
        return [
            self.request(s, self.table.seating.levels[s], Purpose.DECIDE)
            for s in rec.seats
            if s != self.table.human and s not in self.passes
        ]

    def request(self, seat: int, level: Level, purpose: Purpose) -> PassRequest:
        """The request for ``seat``'s pass of this round at ``level``, seeded by the deal, the seat and the round."""
        rec = self.table.current
        assert rec is not None
        seed = (rec.seed * 8 + seat) * 4 + len(rec.passes) + 1
        return PassRequest(
            seat, rec.number, len(rec.passes), rec.hands[seat], self.table.asking.view_for(seat), level, seed, purpose
        )

    def accept(self, request: PassRequest, cards: tuple[Card, ...]) -> Next:
        """Take a seat's pass (a computer's, or the player's chosen at the time-out); :data:`~.conduct.REFUSED`
        when it is stale."""
        before = self.round
        return self._after(before) if self._take(request, cards) else REFUSED

    def give(self) -> Next:
        """The player passes the three cards selected; :class:`ArrangeError` ``pass_three`` otherwise."""
        before = self.round
        self._give()
        step = self._after(before)
        self.table.progress.decided()  # a pass made is written at once: nothing can offer it again
        return step

    def decide(self) -> Next:
        """Headless: every computer seat chooses this round's pass now (what that starts is not run)."""
        return answer_each(self.table, self.requests())

    def _after(self, before: int) -> Next:
        """After a pass: once the round is complete, the next round's passes to choose, or (the exchange over)
        the player's passes for the coach and the computers' decisions."""
        t = self.table
        if self.round == before:
            return Next()
        if self.active:
            return Next(tuple(self.requests()), passed=True)
        if t.phase is Phase.ARRANGING:
            return Next(tuple(t.asking.computer_requests()), passed=True, coach_passes=t.human)
        return Next(passed=True)

    def _take(self, request: PassRequest, cards: tuple[Card, ...]) -> bool:
        """Take a seat's pass; False when it is stale."""
        t = self.table
        rec = t.current
        if (
            rec is None
            or not self.active
            or request.deal != rec.number
            or request.round != len(rec.passes)
            or request.seat in self.passes
        ):
            return False
        if request.seat == t.human and request.purpose is not Purpose.TAKEOVER:
            return False
        self.passes[request.seat] = check_pass(rec.hands[request.seat], cards)
        if request.purpose is Purpose.TAKEOVER:
            rec.passed_for_human += (len(rec.passes),)
            t.replace_arrange(None)
        elif request.seat == rec.human:  # the player left the seat to the computer during the exchange
            rec.passed_after_leaving += (len(rec.passes),)
        self._maybe_complete()
        return True

    def _give(self) -> None:
        t = self.table
        rec, st = t.current, t.arrange
        if not self.can_pick or rec is None or st is None or t.human is None:
            raise ArrangeError(Why.NOT_PASSING)
        if len(st.selected) != PASS_SIZE:
            raise ArrangeError(Why.SELECT_THREE, n=len(st.selected))
        passed = check_pass(rec.hands[t.human], st.selected)
        self._note_seconds(rec)  # while the pass clock still runs for the player
        self.passes[t.human] = passed
        t.clock.limit(None)
        self._maybe_complete()

    def _note_seconds(self, rec: DealRecord) -> None:
        """The seconds the player took over this round's pass: what its clock used (a clock held under a dialog
        does not count, and a pass resumed by Continue counts what was used before), else the time it was open."""
        t = self.table
        full, left = pass_seconds(t.config.time_limit), t.countdown.left()
        used = t.now() - self._opened if full is None or left is None else full - left
        k = len(rec.passes)
        rec.pass_seconds = (*rec.pass_seconds[:k], *(None,) * (k - len(rec.pass_seconds)), max(0.0, used))

    def timeout(self) -> PassRequest | None:
        """The clock ran out on the player's pass: the request that has the helper choose it."""
        t = self.table
        if not self.can_pick or t.human is None:
            return None
        self.taken = True
        t.clock.limit(None)
        return self.request(t.human, HELPER_LEVEL, Purpose.TAKEOVER)

    def _maybe_complete(self) -> None:
        t = self.table
        rec = t.current
        assert rec is not None
        if set(self.passes) != set(rec.seats):
            return
        moved = pass_round([rec.hands[s] for s in rec.seats], [self.passes[s] for s in rec.seats], rec.exchange)  # type: ignore[arg-type]
        rec.passes.append(dict(self.passes))
        rec.hands = dict(zip(rec.seats, moved, strict=True))
        if len(rec.passes) < t.config.exchange:
            self._open_round()
            return
        self._finish()

    def _finish(self) -> None:
        """The last round is passed: the table arranges the hands as they now are."""
        t = self.table
        self.passes = {}
        received = self.received
        t.begin_arranging()
        if t.arrange is not None:  # the cards passed in stay marked in the hand until the player moves them
            t.replace_arrange(t.arrange.receive(received))
