"""The lobby: the people connected, the tables, and each client message carried out (plain Python).

The server (:mod:`.server`) checks every message against the protocol before it reaches :meth:`Lobby.receive`,
and gives the lobby its :class:`~.people.Runner`; a :class:`~.answers.Misbehaved` raised here closes that client
only. Limits: at most :attr:`Lobby.max_tables` tables and :attr:`Lobby.max_people` people (connected or held).

The same concept on another floor: the lobby's words (:mod:`app.view.lobby`) and its screen
(:mod:`app.screens.lobby`).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from app.config import TableConfig
from rules.presets import OptionError

from . import views
from .answers import Misbehaved
from .people import HostSettings, Link, Person, Place, Runner
from .room import Room

HOLD = 30.0
"""Seconds a dropped client's seat is held (its clock runs meanwhile); then the seat counts as left."""

RESULTS_WAIT = 60.0
"""Seconds the results wait for the people's ``next`` before the next deal is dealt anyway."""

MAX_TABLES = 10
MAX_PEOPLE = 64


def clean_name(name: str) -> str:
    """A name as others see it: printable characters only, spaces collapsed, at most 24 (``player`` if none)."""
    kept = "".join(c for c in name if unicodedata.category(c)[0] not in "CZ" or c == " ")
    return " ".join(kept.split())[:24] or "player"


class Lobby:
    """The tables and the people of one lobby server."""

    def __init__(
        self,
        runner: Runner,
        *,
        max_tables: int = MAX_TABLES,
        max_people: int = MAX_PEOPLE,
        hold: float = HOLD,
        results_wait: float = RESULTS_WAIT,
        second: float = 1.0,
    ) -> None:
        self.runner, self.max_tables, self.max_people = runner, max_tables, max_people
        self.second = second  # how long a second of a time limit lasts (the tests' time limits run fast)
        self.hold, self.results_wait = hold, results_wait
        self.people: dict[int, Person] = {}
        self.tokens: dict[str, Person] = {}
        self.rooms: dict[int, Room] = {}
        self._numbers = {"person": 0, "table": 0}

    def _number(self, what: str = "person") -> int:
        self._numbers[what] += 1
        return self._numbers[what]

    # ---- connections

    def hello(self, link: Link, data: dict[str, Any]) -> Person | None:
        """A client's ``hello``: the person it is (the same one again with its token), or None when the lobby is
        full (the link is closed with ``full``)."""
        token = data.get("token")
        back = self.tokens.get(token) if isinstance(token, str) else None
        if back is not None and back.link is None:
            back.link = link
            if back.hold is not None:
                back.hold.cancel()
                back.hold = None
            self._welcome(back)
            self._came_back(back)
            return back
        if len(self.people) >= self.max_people:
            link.close("full")
            return None
        names = {p.name for p in self.people.values()}
        name, n = clean_name(data["name"]), 2
        base = name
        while name in names:
            name, n = f"{base[:20]} {n}", n + 1
        person = Person(self._number(), name, link)
        self.people[person.number], self.tokens[person.token] = person, person
        self._welcome(person)
        self.to_lobby(person)
        return person

    def _welcome(self, person: Person) -> None:
        from .protocol import VERSION

        person.send("welcome", version=VERSION, you=person.number, name=person.name)

    def _came_back(self, person: Person) -> None:
        """Back within the hold: the table as it is, their hand and what is asked; or, their seat since played by
        the computer, that seat again from the next deal."""
        room = person.room
        if room is None and person.last is not None:
            table, seat = person.last
            found = self.rooms.get(table)
            if found is not None and found.free(seat) and seat in found.computer:
                return found.sit(person, seat, None)
        at = None if room is None else self.rooms.get(room.number)
        if at is None:
            return self.to_lobby(person)
        at.changed()
        if person.seat is not None:
            views.send_hand(at, person.seat)
        views.send_last_reveal(at, person)

    def dropped(self, person: Person, *, closed: bool = False) -> None:
        """The client's connection is gone: a seated person's seat is held for :attr:`hold` seconds (its clock
        runs), the others are forgotten. ``closed``: the server closed it for breaking the protocol; its seat
        counts as left at once, so that the table plays on."""
        person.link = None
        room = person.room
        if room is not None and (person.seat is not None or person is room.host) and not closed:
            person.hold = self.runner.later(self.hold, lambda: self._gone(person))
            room.changed()
            return
        if room is not None:
            room.leave(person, "dropped")
        self._forget(person)

    def _gone(self, person: Person) -> None:
        """Not back within the hold: the seat counts as left."""
        person.hold = None
        if person.link is not None:
            return
        if person.room is not None:
            person.room.leave(person, "dropped")
        self._forget(person)

    def _forget(self, person: Person) -> None:
        """Forget a dropped person, unless their last table plays on: they may take their seat back from it."""
        if person.last is not None and person.last[0] in self.rooms:
            return
        if person.link is None and person.room is None:
            self.people.pop(person.number, None)
            self.tokens.pop(person.token, None)

    # ---- the lobby's list

    def to_lobby(self, person: Person) -> None:
        """``person`` (not at a table) sees the lobby's tables."""
        person.send("lobby", tables=views.lobby_tables(list(self.rooms.values())), full=self.full)

    @property
    def full(self) -> bool:
        """As many tables as the lobby may hold."""
        return len(self.rooms) >= self.max_tables

    def tables_changed(self) -> None:
        """Everyone in the lobby sees the tables again."""
        tables = views.lobby_tables(list(self.rooms.values()))
        for person in self.people.values():
            if person.room is None:
                person.send("lobby", tables=tables, full=self.full)

    def closed(self, room: Place, people: list[Person]) -> None:
        """A table ended: its people back in the lobby (the dropped forgotten)."""
        self.rooms.pop(room.number, None)
        away = [p for p in self.people.values() if not p.connected and p.last and p.last[0] == room.number]
        for person in [*people, *away]:
            if person.connected:
                self.to_lobby(person)
            else:
                if person.hold is not None:
                    person.hold.cancel()
                    person.hold = None
                self._forget(person)
        self.tables_changed()

    # ---- messages

    def receive(self, person: Person, kind: str, data: dict[str, Any]) -> None:
        """Carry out one checked client message (:class:`Misbehaved` for one against the protocol)."""
        room = person.room
        if kind == "hello":
            raise Misbehaved("malformed")  # only the first message
        if kind in ("open", "quick", "sit", "watch") and room is not None:
            return person.refuse("at_table", "leave this table first")
        if kind == "open":
            self._open(person, data["settings"], data["config"])
            return None
        if kind == "quick":
            return self._quick(person)
        if kind in ("sit", "watch"):
            found = self.rooms.get(data["table"])
            if found is None:
                return person.refuse("no_table", "no such table")
            return found.sit(person, data["seat"], data.get("code")) if kind == "sit" else found.watch(person)
        if room is None:
            return person.refuse("not_at_table", "not at a table")
        if kind == "invite":
            return room.invite(person, data["seat"])
        if kind == "start":
            return room.start(person)
        if kind == "fill":
            return room.fill(person)
        if kind == "leave":
            return room.leave(person)
        if kind == "next":
            return room.next(person, data["deal"])
        if kind == "pass":
            return room.give_pass(person, data)
        if kind == "arrange":
            return room.arrange(person, data)
        raise Misbehaved("unknown_type")

    def _open(self, person: Person, settings_data: dict[str, Any], config_data: dict[str, Any]) -> Room | None:
        """開闢新局: a table with ``person`` its host in seat 0."""
        if self.full:
            person.refuse("lobby_full", "the lobby holds as many tables as it may")
            return None
        try:
            settings = HostSettings.from_dict(settings_data)
            config = TableConfig.from_dict({k: v for k, v in config_data.items() if k not in ("seed", "watch")})
        except (OptionError, ValueError, TypeError) as exc:
            person.refuse("bad_settings", str(exc)[:200])
            return None
        room = Room(self, self._number("table"), person, settings, config)
        self.rooms[room.number] = room
        room.sit(person, room.seats[0], None)
        return room

    def _quick(self, person: Person) -> None:
        """馬上加入: the first free seat of a table that seats without invitation (an empty seat before a computer's),
        else a new table with the computer allowed to fill seats (the source's rule)."""
        for want in ("empty", "computer"):
            for room in self.rooms.values():
                if room.settings.invite or room.state == "over":
                    continue
                for seat in room.seats:
                    if room.free(seat) and room.kind(seat) == want:
                        return room.sit(person, seat, None)
        self._open(person, HostSettings(takeover=True).to_dict(), TableConfig.quick().to_dict())
