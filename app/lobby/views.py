"""What each client of a table is sent: the one place a card leaves the server.

A seat's person gets its own hand (:func:`send_hand`); everyone gets the table as the rules show it to all
(:func:`table_view`: who sits, who has passed or is ready, the money, the joker's turned card, the banker and the
stakes, the exchange's direction and round, arcade's treasure) and, once the deal is scored, its whole record
(:func:`send_reveal`). Nothing else carries a card: a spectator gets no hand, and no message a hand of another.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from app.config import TableConfig
from app.game import Table
from app.game.record import Decider
from app.game.requests import AIRequest, PassRequest
from rules.cards import format_cards
from rules.specials import detect_specials

from .clocks import SeatClocks
from .people import HostSettings, Person


class Room(Protocol):
    """What is shown of a table (:class:`.room.Room`; a protocol, so that the room can send through here)."""

    number: int
    host: Person
    settings: HostSettings
    config: TableConfig
    table: Table
    state: str
    people: dict[int, Person]
    coming: dict[int, Person]
    watchers: set[Person]
    parked: dict[int, AIRequest | PassRequest]
    own: dict[int, float]
    clocks: SeatClocks

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def paused(self) -> bool: ...

    def kind(self, seat: int) -> str: ...


def _status(room: Room, seat: int) -> str | None:
    rec, table = room.table.current, room.table
    if room.state != "playing" or rec is None or seat not in rec.seats:
        return None
    if seat in rec.decisions:
        return "ready"
    if table.exchange.active and seat in table.exchange.passes:
        return "passed"
    return "thinking"


def public(room: Room) -> dict[str, Any]:
    """What the rules show everyone of the deal in play."""
    rec, table = room.table.current, room.table
    if rec is None or room.state == "waiting":
        return {}
    out: dict[str, Any] = {}
    if rec.turned is not None:
        out["turned"] = str(rec.turned)
    if rec.banker is not None:
        out["banker"], out["stakes"] = rec.banker, {str(s): v for s, v in rec.stakes.items()}
    if rec.exchange is not None:
        out["exchange"], out["round"] = rec.exchange.value, table.exchange.round
    if rec.treasure:
        out["treasure"] = [str(c) for c in rec.treasure]
    return out


def table_view(room: Room, person: Person) -> dict[str, Any]:
    """The ``table`` message's fields for ``person``."""
    money = room.table.totals.money()
    seats = [
        {
            "seat": s,
            "kind": room.kind(s),
            "name": room.people[s].name if s in room.people else None,
            "connected": room.people[s].connected if s in room.people else None,
            "coming": room.coming[s].name if s in room.coming else None,
            "status": _status(room, s),
            "money": money[s],
        }
        for s in room.seats
    ]
    state = "paused" if room.paused else room.state
    return {
        "id": room.number,
        "host": room.host.name,
        "you": person.seat if person.seat is not None and room.people.get(person.seat) is person else None,
        "is_host": person is room.host,
        "state": state,
        "deal": room.table.number,
        "settings": room.settings.to_dict(),
        "config": _config(room),
        "seats": seats,
        "spectators": len(room.watchers),
        "public": public(room),
    }


def _config(room: Room) -> dict[str, Any]:
    """The table's rules as the host chose them (the server's seed and its watching are its own)."""
    config = room.config.to_dict()
    for key in ("seed", "watch", "watch_level"):
        config.pop(key, None)
    return config


def send_table(room: Room, person: Person) -> None:
    """``person`` sees the table."""
    person.send("table", **table_view(room, person))


def send_hand(room: Room, seat: int) -> None:
    """The seat's person gets its own hand and what is asked of it now."""
    person, rec = room.people.get(seat), room.table.current
    if person is None or rec is None or seat not in rec.hands or room.state != "playing":
        return
    request = room.parked.get(seat)
    ask = None if request is None else ("pass" if isinstance(request, PassRequest) else "arrange")
    hand = rec.hands[seat]
    specials = detect_specials(hand) & room.table.preset.specials
    person.send(
        "hand",
        deal=rec.number,
        seat=seat,
        cards=format_cards(sorted(hand, reverse=True)),
        ask=ask,
        round=request.round if isinstance(request, PassRequest) else 0,
        seconds=room.clocks.left(seat, request),
        specials=" ".join(sorted(s.id for s in specials)),
    )


def record_for(room: Room, seat: int | None) -> dict[str, Any]:
    """The scored deal's record as ``seat``'s person keeps it: their seat the record's ``human`` (None for a
    spectator), their own decision ``player`` (with their seconds), the other people's ``person``."""
    rec = room.table.current
    assert rec is not None
    decided_by = dict(rec.decided_by)
    own = seat is not None and decided_by.get(seat) is Decider.PERSON and seat in room.own
    if own:
        assert seat is not None
        decided_by[seat] = Decider.PLAYER
    mine = replace(
        rec, human=seat, decided_by=decided_by, seconds=room.own.get(seat) if own and seat is not None else None
    )
    return mine.to_dict()


def send_reveal(room: Room, person: Person) -> None:
    """``person`` gets the scored deal's record (their own, for a seat's person)."""
    rec = room.table.current
    if rec is None or rec.result is None:
        return
    seat = person.seat if person.seat is not None and room.people.get(person.seat) is person else None
    person.send("reveal", deal=rec.number, record=record_for(room, seat))


def send_last_reveal(room: Room, person: Person) -> None:
    """A spectator arriving between deals sees the last reveal (never a deal in play)."""
    if room.state == "results":
        send_reveal(room, person)


def summary(room: Room, reason: str) -> dict[str, Any]:
    """The ``over`` message's fields: each seat's money and change over the session."""
    table = room.table
    money = table.totals.money()
    names = {s: p.name for s, p in room.people.items()}
    lines = [
        {"seat": s, "name": names.get(s), "money": money[s], "change": money[s] - table.outcome.start_money[s]}
        for s in room.seats
    ]
    return {"reason": reason, "deals": len(table.history), "lines": lines}


def lobby_tables(rooms: list[Room]) -> list[dict[str, Any]]:
    """The ``lobby`` message's tables."""
    return [
        {
            "id": r.number,
            "host": r.host.name,
            "preset": r.config.preset.value,
            "players": r.config.players,
            "state": "paused" if r.paused else r.state,
            "spectators": len(r.watchers),
            "settings": r.settings.to_dict(),
            "seats": [
                {"seat": s, "kind": r.kind(s), "name": r.people[s].name if s in r.people else None} for s in r.seats
            ],
        }
        for r in rooms
    ]
