"""Who is in the lobby and what the tables' hosts choose: plain Python, no network.

:class:`HostSettings` are the source's 桌長設定 (本局計分, 允許旁人觀戰, 允許電腦接玩, 只能由桌長邀請, 時間限制);
:class:`Person` is one client (connected, or dropped and held for a while); :class:`Link` and :class:`Runner` are
what the server gives the lobby: a way to send a person a message and to run the computer's requests and timers.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from ai import Choice, PassChoice
from app.game.requests import AIRequest, PassRequest

from .protocol import encode

TIME_LIMITS = (0, 10, 600)
"""The time limit a host may set: 0 (none), else from 10 to 600 seconds."""


@dataclass(frozen=True)
class HostSettings:
    """The host's settings (桌長設定), each enforced by the server (app/lobby/PROTOCOL.md)."""

    scored: bool = True  # 本局計分: else a practice table, nothing counted
    spectators: bool = True  # 允許旁人觀戰
    takeover: bool = True  # 允許電腦接玩: the computer plays an empty or left seat; else the table pauses
    invite: bool = False  # 只能由桌長邀請: a seat needs the host's code
    time_limit: int = 60  # 時間限制: over it, the seat counts as left (0: none)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HostSettings:
        """Read an ``open``'s settings; ValueError naming what is wrong."""
        names = {"scored", "spectators", "takeover", "invite", "time_limit"}
        extra = sorted(set(data) - names)
        if extra:
            raise ValueError(f"unknown setting {extra[0][:40]!r}")
        for name in names - {"time_limit"}:
            if name in data and type(data[name]) is not bool:
                raise ValueError(f"{name} is true or false")
        limit = data.get("time_limit", 60)
        none, low, high = TIME_LIMITS
        if type(limit) is not int or not (limit == none or low <= limit <= high):
            raise ValueError(f"time_limit is 0 or {low} to {high} seconds")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """As an ``open`` sends them."""
        return asdict(self)


class Link(Protocol):
    """One client's connection as the lobby sees it: messages go out without waiting (a client that does not
    read is closed by the link itself, never waited for)."""

    def send(self, text: str) -> None: ...

    def close(self, reason: str) -> None: ...


class Timer(Protocol):
    """A timer the runner started; cancelled when what it waits for happens first."""

    def cancel(self) -> None: ...


Answer = Choice | PassChoice


class Runner(Protocol):
    """What the server runs for the lobby: timers on its loop and the computer's requests off it (their answers
    come back on the loop)."""

    def later(self, seconds: float, then: Callable[[], None]) -> Timer: ...

    def compute(self, request: AIRequest | PassRequest, then: Callable[[Answer], None]) -> None: ...


def new_token() -> str:
    """A seat's token (a client keeps it to come back): 16 characters, unguessable."""
    return secrets.token_urlsafe(12)


class Place(Protocol):
    """The table a person is at, as the lobby reaches it through them (:class:`.room.Room`)."""

    number: int
    host: Person

    def changed(self) -> None: ...

    def leave(self, person: Person, reason: str = "left") -> None: ...

    def invite(self, person: Person, seat: int) -> None: ...

    def start(self, person: Person) -> None: ...

    def fill(self, person: Person) -> None: ...

    def next(self, person: Person, deal: int) -> None: ...

    def give_pass(self, person: Person, data: dict[str, Any]) -> None: ...

    def arrange(self, person: Person, data: dict[str, Any]) -> None: ...


class Hall(Protocol):
    """The lobby as a table reaches it (:class:`.lobby.Lobby`)."""

    runner: Runner
    second: float
    results_wait: float

    def to_lobby(self, person: Person) -> None: ...

    def tables_changed(self) -> None: ...

    def closed(self, room: Place, people: list[Person]) -> None: ...


class Person:
    """One client of the lobby: in the lobby, at a table (a seat, or watching), or dropped and held."""

    def __init__(self, number: int, name: str, link: Link | None) -> None:
        self.number = number
        self.name = name
        self.link = link  # None while dropped (held for the seat hold, then forgotten)
        self.token = new_token()
        self.room: Place | None = None
        self.seat: int | None = None  # the seat held now
        self.last: tuple[int, int] | None = None  # (table, seat) last held: to take it back between deals
        self.hold: Timer | None = None  # running while dropped

    @property
    def connected(self) -> bool:
        """Whether the client is connected now."""
        return self.link is not None

    def send(self, kind: str, **fields: Any) -> None:
        """Send a server message (nothing while dropped: what it missed comes again when it is back)."""
        if self.link is not None:
            self.link.send(encode(kind, "server", **fields))

    def refuse(self, reason: str, message: str) -> None:
        """A ``refused``: the request is not carried out, the connection stays."""
        self.send("refused", reason=reason, message=message)
