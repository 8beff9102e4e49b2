"""One table of the lobby: the game's own :class:`~app.game.Table` with people in some of its seats.

The table is dealt and scored by :class:`app.game.Table` exactly as at home: it is made a watched table (every
seat the computer's, to it), and the requests it returns for a seat a person holds are parked until that person
answers (:meth:`Room.arrange`, :meth:`Room.give_pass`), the computer's are run by the server's
:class:`~.people.Runner`. The host's settings are enforced here: the time limit (over it the seat counts as left;
each seat's clock is :mod:`.clocks`'), the computer filling empty or left seats or the table pausing, spectators,
invitations. What an answer holds is checked against what was asked by :mod:`.answers`. What each client is
sent is :mod:`.views`'; nothing here sends a card but through it.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ai import Choice
from app.config import TableConfig
from app.game import Next, Phase, Table
from app.game.record import Decider
from app.game.requests import AIRequest, PassRequest, Purpose

from . import views
from .answers import Misbehaved, decision, passed_cards
from .clocks import SeatClocks
from .people import Answer, Hall, HostSettings, Person, Timer

Request = AIRequest | PassRequest


class Room:
    """A table of the lobby (see the module docstring)."""

    def __init__(self, lobby: Hall, number: int, host: Person, settings: HostSettings, config: TableConfig) -> None:
        self.lobby, self.number, self.host, self.settings = lobby, number, host, settings
        # The server's table: every seat the computer's to it; the session's seed 62 bits, so that the seeds a
        # reveal shows never lead back to it (and to the deals to come).
        self.config = replace(
            config,
            watch=True,
            scored=settings.scored,
            takeover=settings.takeover,
            time_limit=settings.time_limit,
            seed=random.SystemRandom().randrange(2**62),
        )
        self.table = Table(self.config)
        self.people: dict[int, Person] = {}  # seat -> the person playing it
        self.computer: set[int] = set()  # seats the computer plays
        self.coming: dict[int, Person] = {}  # seat -> the person who takes it from the next deal (接玩)
        self.watchers: set[Person] = set()
        self.parked: dict[int, Request] = {}  # seat -> the request waiting for its person (or 電腦接玩)
        self.clocks = SeatClocks(lobby, settings, self._over_time)  # 時間限制 of each seat asked
        self.deciders: dict[int, Decider] = {}  # this deal: who decides a seat a person left
        self.own: dict[int, float] = {}  # this deal: the seats their person decided, and the seconds it took
        self.codes: dict[int, str] = {}  # invitations: seat -> code
        self.nexts: set[int] = set()
        self.results: Timer | None = None
        self.state = "waiting"  # waiting, playing, results, over
        self.ready_at: float | None = None  # the last person's READY: the latency to the reveal is measured from it
        self.latencies: list[float] = []

    # ---- what the table is

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in use."""
        return self.config.seats

    @property
    def paused(self) -> bool:
        """A seat waits for a person to take it or for the host's 電腦接玩."""
        return self.state == "playing" and any(s not in self.people for s in self.parked)

    def everyone(self) -> list[Person]:
        """Everyone at the table: the seated, those coming, the watchers."""
        return [*self.people.values(), *self.coming.values(), *self.watchers]

    def kind(self, seat: int) -> str:
        """person, computer or empty."""
        if seat in self.people:
            return "person"
        return "computer" if seat in self.computer else "empty"

    def free(self, seat: int) -> bool:
        """Whether a person may take ``seat`` (no person holds it or comes to it)."""
        return seat in self.seats and seat not in self.people and seat not in self.coming

    def changed(self) -> None:
        """Everyone at the table, and the lobby's list, sees the change."""
        for person in self.everyone():
            views.send_table(self, person)
        self.lobby.tables_changed()

    # ---- seating

    def sit(self, person: Person, seat: int, code: str | None) -> None:
        """加入本桌 / 接玩 (see :data:`.protocol.MESSAGES`' ``sit``)."""
        if seat not in self.seats:
            return person.refuse("no_seat", "no such seat at that table")
        if not self.free(seat):
            return person.refuse("seat_taken", "that seat is a person's")
        back = person.last == (self.number, seat)  # their own seat, taken back
        if self.settings.invite and person is not self.host and not back:
            if code is None or not secrets.compare_digest(self.codes.get(seat, ""), code):
                return person.refuse("invite_only", "that table seats only with the host's invitation")
            del self.codes[seat]  # an invitation seats one person
        person.room, person.last = self, (self.number, seat)
        self.watchers.discard(person)
        later = self.state != "waiting" and seat in self.computer
        if later:
            self.coming[seat] = person
        else:
            self._seat(person, seat)
        person.send("seated", table=self.number, seat=seat, token=person.token, from_next=later)
        self.changed()
        if not later and seat in self.parked:  # 接玩 a paused seat: its hand is theirs now
            self._ask(seat)

    def _seat(self, person: Person, seat: int) -> None:
        self.people[seat], person.seat = person, seat
        self.computer.discard(seat)

    def watch(self, person: Person) -> None:
        """觀戰, where the host allows it."""
        if not self.settings.spectators:
            return person.refuse("no_spectators", "that table takes no spectators")
        person.room = self
        self.watchers.add(person)
        self.changed()
        views.send_last_reveal(self, person)

    def invite(self, person: Person, seat: int) -> None:
        """The host's invitation code for ``seat``."""
        if person is not self.host:
            return person.refuse("not_host", "only the host may do that")
        if seat not in self.seats:
            return person.refuse("no_seat", "no such seat at that table")
        self.codes[seat] = secrets.token_hex(4)
        person.send("invited", seat=seat, code=self.codes[seat])

    def leave(self, person: Person, reason: str = "left") -> None:
        """A person leaves (``leave``, the time limit, a drop not back in time): the host's leaving ends the table;
        a seat left goes to the computer when allowed, else the table pauses on it."""
        if person is self.host:
            return self.end("host_left")
        seat = person.seat
        for s, p in list(self.coming.items()):
            if p is person:
                del self.coming[s]
        self.watchers.discard(person)
        person.room, person.seat = None, None
        if seat is not None and self.people.get(seat) is person:
            del self.people[seat]
            self.clocks.stop(seat)
            self.deciders[seat] = Decider.TIMEOUT if reason == "time" else Decider.TAKEOVER
            if self.settings.takeover:
                self._computer_plays(seat)
        person.send("left", reason=reason)
        self.lobby.to_lobby(person)
        self.changed()

    def fill(self, person: Person) -> None:
        """電腦接玩: the computer plays every empty seat (the host only)."""
        if person is not self.host:
            return person.refuse("not_host", "only the host may do that")
        for seat in self.seats:
            if seat not in self.people:
                self._computer_plays(seat)
        self.changed()

    def _computer_plays(self, seat: int) -> None:
        self.computer.add(seat)
        request = self.parked.pop(seat, None)
        if request is not None:
            self._compute(request)

    # ---- dealing

    def start(self, person: Person) -> None:
        """The host deals the first deal."""
        if person is not self.host:
            return person.refuse("not_host", "only the host may do that")
        if self.state != "waiting":
            return person.refuse("started", "the table has already started")
        empty = [s for s in self.seats if s not in self.people and s not in self.computer]
        if empty and not self.settings.takeover:
            return person.refuse("seats_empty", "seats are empty and the computer may not play them")
        self.computer.update(empty)
        self.deal()

    def deal(self) -> None:
        """The next deal (or the end of the session): those coming sit, the table deals, the people are asked."""
        if self.state == "over":
            return
        if self.results is not None:
            self.results.cancel()
            self.results = None
        for seat, person in self.coming.items():
            self._seat(person, seat)
            self.watchers.discard(person)
        self.coming.clear()
        self.deciders, self.own, self.nexts, self.ready_at = {}, {}, set(), None
        table = self.table
        if table.phase is Phase.REVEALING:
            table.reveal.finish()  # nobody watches the server's reveal: the clients show their own
        if table.phase is Phase.RESULTS and table.outcome.reason() is not None:
            return self.end(str(table.outcome.reason()))
        step = table.deal()
        while table.phase is Phase.ROUND_SUMMARY:  # arcade: a round's summary, then the next round's first deal
            step = table.deal()
        if table.phase is Phase.OVER:
            return self.end(str(table.outcome.ended or "over"))
        self.state = "playing"
        self.changed()
        for seat in self.people:
            views.send_hand(self, seat)
        self.drive(step)

    def drive(self, step: Next) -> None:
        """Carry out what the table asks: each request to its seat's person, the computer, or (paused) the wait."""
        for request in step.requests:
            seat = request.seat
            if seat in self.people and (isinstance(request, PassRequest) or self.table.preset.arranged):
                self.parked[seat] = request
                self._ask(seat)
            elif seat in self.people:  # the pattern ladder: nobody arranges, the hand goes in as dealt
                self.deciders[seat] = Decider.PERSON
                self._compute(request)
            elif seat in self.computer:
                self._compute(request)
            else:
                self.parked[seat] = request  # an empty seat, the computer not allowed: the table pauses
        if step.passed:
            for seat in self.people:
                if seat not in self.parked:
                    views.send_hand(self, seat)
        if step.scored is not None:
            self._scored()
        elif step.requests or step.passed:
            self.changed()

    def _after(self, step: Next) -> None:
        """After a decision or a pass was taken and :meth:`drive` ran its step: everyone sees the seat ready (or
        passed), unless :meth:`drive` showed the table already. Never again once the step scored the deal: the
        reveal is the deal's last word, and a ``table`` after it would reach the clients as if of the next deal."""
        if step and step.scored is None and not step.requests and not step.passed:
            self.changed()

    def _ask(self, seat: int) -> None:
        """The seat's person is asked (their hand and the question), under the time limit."""
        self.clocks.start(seat, self.parked[seat], self.people[seat])
        views.send_hand(self, seat)

    def _over_time(self, seat: int, person: Person) -> None:
        """時間限制: over it, the seat counts as left (the host's: the table ends, as when the host leaves)."""
        if self.people.get(seat) is person and seat in self.parked:
            self.leave(person, "time")

    def _compute(self, request: Request) -> None:
        self.lobby.runner.compute(request, lambda answer: self._computed(request, answer))

    def _computed(self, request: Request, answer: Answer) -> None:
        """The computer's answer (back on the server's loop): taken unless the deal has moved on."""
        rec = self.table.current
        if self.state != "playing" or rec is None or request.deal != rec.number:
            return
        if isinstance(request, AIRequest) and request.purpose is not Purpose.DECIDE:
            return
        step = self.table.answer(request, answer)
        if step and isinstance(request, AIRequest) and request.seat in self.deciders:
            rec.decided_by[request.seat] = self.deciders[request.seat]
        self.drive(step)
        self._after(step)

    # ---- the people's answers

    def _asked(self, person: Person, seat: int, deal: int, kind: type) -> Request | None:
        """The request ``person`` answers for ``seat`` in ``deal``; None (refused ``too_late``) for an answer the
        time-out overtook; :class:`Misbehaved` for another's seat or an answer nobody asked for."""
        if person.seat != seat or self.people.get(seat) is not person:
            raise Misbehaved("not_your_seat")
        request = self.parked.get(seat)
        rec = self.table.current
        if request is not None and isinstance(request, kind) and request.deal == deal:
            return request
        if rec is not None and deal <= rec.number and (deal < rec.number or seat in self.deciders):
            person.refuse("too_late", "the time was up: the computer decided")
            return None
        raise Misbehaved("out_of_turn")

    def give_pass(self, person: Person, data: dict[str, Any]) -> None:
        """換三張: the person's three cards this round."""
        request = self._asked(person, data["seat"], data["deal"], PassRequest)
        if request is None:
            return
        assert isinstance(request, PassRequest)
        cards = passed_cards(request, data)
        seat = request.seat
        del self.parked[seat]
        self.clocks.stop(seat)
        step = self.table.exchange.accept(request, cards)
        views.send_hand(self, seat)
        self.drive(step)
        self._after(step)

    def arrange(self, person: Person, data: dict[str, Any]) -> None:
        """READY: the person's decision (rows, a foul scored as one, or a special declared)."""
        request = self._asked(person, data["seat"], data["deal"], AIRequest)
        if request is None:
            return
        assert isinstance(request, AIRequest)
        decided = decision(request, data, self.table.preset.specials)
        double = data.get("double")
        rec = self.table.current
        assert rec is not None
        if double is not None and (not self.table.preset.doubling(rec.banker is not None) or double not in rec.seats):
            raise Misbehaved("malformed")
        seat = request.seat
        self.own[seat] = self.clocks.taken(seat)
        del self.parked[seat]
        self.clocks.stop(seat)
        if not any(s in self.people for s in self.parked):
            self.ready_at = time.monotonic()
        choice = Choice(decided, 0.0, double=None if double is None else rec.seats.index(double))
        step = self.table.accept(request, choice)
        rec.decided_by[seat] = Decider.PERSON
        views.send_hand(self, seat)
        self.drive(step)
        self._after(step)

    # ---- the reveal and the end

    def _scored(self) -> None:
        """Every seat has decided: each one gets the deal's record, the results wait for the people's next."""
        if self.ready_at is not None:
            self.latencies.append(time.monotonic() - self.ready_at)
        self.state = "results"
        self.clocks.stop_running()
        self.parked.clear()
        self.changed()
        for person in self.everyone():
            views.send_reveal(self, person)
        self.results = self.lobby.runner.later(self.lobby.results_wait, self.deal)

    def next(self, person: Person, deal: int) -> None:
        """A person is ready for the next deal; once every connected person is, it is dealt."""
        if self.state != "results" or deal != self.table.number or person.seat is None:
            return
        self.nexts.add(person.seat)
        if all(s in self.nexts or not p.connected for s, p in self.people.items()):
            self.deal()

    def end(self, reason: str) -> None:
        """The table ends: its summary for everyone, who go back to the lobby."""
        if self.state == "over":
            return
        self.state = "over"
        self.clocks.stop_running()
        if self.results is not None:
            self.results.cancel()
        summary = views.summary(self, reason)
        people = self.everyone()
        self.people, self.coming, self.watchers, self.parked = {}, {}, set(), {}
        for person in people:
            person.send("over", **summary)
            person.room, person.seat = None, None
        self.lobby.closed(self, people)

    def each(self, fn: Callable[[Person], None]) -> None:
        """``fn`` for everyone at the table."""
        for person in self.everyone():
            fn(person)
