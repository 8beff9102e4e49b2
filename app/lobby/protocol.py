"""The lobby's protocol: every message a client and the server exchange, defined once.

:data:`MESSAGES` is the one spec of the messages (their type, who sends them, their fields and what each holds);
the server checks what it takes with :func:`decode`, the client what it gets with the same function, and
``app/lobby/PROTOCOL.md`` holds :func:`document`'s text (a test checks it does). A message is one JSON object in
one WebSocket text frame, ``{"type": ..., <fields>}``; nothing else travels (aiohttp frames it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

VERSION = 1
"""The protocol's version: a client of another version is refused (``bye`` ``version``)."""

MAX_MESSAGE = 64 * 1024
"""The largest message (bytes) the server takes; a longer frame closes the connection (WebSocket code 1009)."""

Sender = Literal["client", "server"]
Check = Callable[[Any], bool]


def _int(low: int, high: int) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def _text(longest: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) <= longest


def _nullable(check: Check) -> Check:
    return lambda v: v is None or check(v)


def _list(check: Check, longest: int) -> Check:
    return lambda v: isinstance(v, list) and len(v) <= longest and all(check(x) for x in v)


def _object(v: Any) -> bool:
    return isinstance(v, dict)


def _bool(v: Any) -> bool:
    return type(v) is bool


KINDS: dict[str, tuple[Check, str]] = {
    "int": (_int(0, 2**31), "a whole number"),
    "seat": (_int(0, 3), "a seat, 0 to 3 (0 South, 1 East, 2 North, 3 West)"),
    "seat?": (_nullable(_int(0, 3)), "a seat or null"),
    "name": (_text(24), "a text of at most 24 characters"),
    "text": (_text(200), "a text of at most 200 characters"),
    "text?": (_nullable(_text(200)), "a text or null"),
    "code": (_text(16), "a text of at most 16 characters"),
    "cards": (_text(80), 'cards in the game\'s notation, space-separated ("As Kd JK")'),
    "bool": (_bool, "true or false"),
    "object": (_object, "an object"),
    "object?": (_nullable(_object), "an object or null"),
    "list": (_list(_object, 64), "a list of objects"),
    "ints": (_list(lambda x: type(x) is int, 8), "a list of whole numbers"),
    "number?": (lambda v: v is None or (isinstance(v, int | float) and not isinstance(v, bool)), "a number or null"),
}
"""The kinds a field may be: each one check and its words in the document."""


@dataclass(frozen=True)
class MessageField:
    """One field of a message: its name, kind (a key of :data:`KINDS`), whether it may be left out, and what it
    holds."""

    name: str
    kind: str
    doc: str
    optional: bool = False


@dataclass(frozen=True)
class Message:
    """One message: its type, who sends it, its fields and what it does."""

    type: str
    sender: Sender
    doc: str
    fields: tuple[MessageField, ...] = ()


def _f(name: str, kind: str, doc: str, optional: bool = False) -> MessageField:
    return MessageField(name, kind, doc, optional)


MESSAGES: tuple[Message, ...] = (
    # ---- the client's
    Message(
        "hello",
        "client",
        "The first message of every connection: who comes, and (coming back) the seat's token.",
        (
            _f("version", "int", "the protocol version the client speaks (this document's)"),
            _f("name", "name", "the player's name as others see it"),
            _f("token", "code", "the token a `seated` gave: comes back to the same person (and seat)", True),
        ),
    ),
    Message(
        "open",
        "client",
        "開闢新局: open a table and be its host (桌長), in seat 0.",
        (
            _f(
                "settings",
                "object",
                "the host's settings: `scored`, `spectators`, `takeover`, `invite` (booleans), "
                "`time_limit` (seconds, 0 none, else 10 to 600)",
            ),
            _f(
                "config",
                "object",
                "the table's rules as the host form saves them (app.config.TableConfig.to_dict; "
                "`watch` and `seed` are the server's)",
            ),
        ),
    ),
    Message("quick", "client", "馬上加入: a free seat at a table that has one, else a new table with `takeover` on."),
    Message(
        "sit",
        "client",
        "加入本桌 / 接玩: take a seat: an empty one at once, a computer's from the next deal (or at once before the "
        "first).",
        (
            _f("table", "int", "the table's id"),
            _f("seat", "seat", "the seat"),
            _f("code", "code", "an invite-only table: the host's invitation for this seat", True),
        ),
    ),
    Message("watch", "client", "觀戰: watch a table (only where the host allows it).", (_f("table", "int", "the id"),)),
    Message(
        "invite",
        "client",
        "The host: an invitation code for a seat (answered `invited`).",
        (_f("seat", "seat", "the seat"),),
    ),
    Message("start", "client", "The host: deal the first deal (every seat a person's or, allowed, the computer's)."),
    Message("fill", "client", "The host's 電腦接玩: the computer plays every empty seat (a paused table goes on)."),
    Message(
        "pass",
        "client",
        "換三張: the three cards this seat passes this round.",
        (
            _f("deal", "int", "the deal's number"),
            _f("round", "int", "the round, from 0"),
            _f("seat", "seat", "the seat acting: must be the sender's own"),
            _f("cards", "cards", "three cards of the seat's hand"),
        ),
    ),
    Message(
        "arrange",
        "client",
        "READY: the seat's decision, three rows (a foul is allowed and scored as one) or a declared special hand.",
        (
            _f("deal", "int", "the deal's number"),
            _f("seat", "seat", "the seat acting: must be the sender's own"),
            _f("front", "cards", "3 cards", True),
            _f("middle", "cards", "5 cards", True),
            _f("back", "cards", "5 cards", True),
            _f("declare", "code", "a special hand's id (rules/RULES.md), instead of the rows", True),
            _f("double", "seat?", "arcade's 賭倍: the seat doubled, or null", True),
        ),
    ),
    Message(
        "next", "client", "After the reveal: ready for the next deal.", (_f("deal", "int", "the deal just revealed"),)
    ),
    Message("leave", "client", "Leave the table for the lobby (the host: the table ends for everyone)."),
    # ---- the server's
    Message(
        "welcome",
        "server",
        "The answer to `hello`: who the client is to the server.",
        (
            _f("version", "int", "the server's protocol version"),
            _f("you", "int", "the client's id in this lobby"),
            _f("name", "name", "the name the others see (made unique)"),
        ),
    ),
    Message(
        "lobby",
        "server",
        "The lobby's tables, to every client not at one (again whenever they change).",
        (
            _f(
                "tables",
                "list",
                "each table: `id`, `host`, `preset`, `players`, `state`, `spectators` (how many "
                "watch), `settings`, `seats` (each `seat`, `kind` person/computer/empty, `name`)",
            ),
            _f("full", "bool", "true when the lobby holds as many tables as it may"),
        ),
    ),
    Message(
        "table",
        "server",
        "The table the client is at, as everyone there may see it (never a card of a hand): again on every change.",
        (
            _f("id", "int", "the table's id"),
            _f("host", "name", "the host's name"),
            _f("you", "seat?", "the client's seat, null watching"),
            _f("is_host", "bool", "whether the client is the host"),
            _f(
                "state",
                "text",
                "waiting (not started), playing, paused (a seat waits for a person or 電腦接玩), results, over",
            ),
            _f("deal", "int", "the deal's number (0 before the first)"),
            _f("settings", "object", "the host's settings (as `open`)"),
            _f("config", "object", "the table's rules (as `open`)"),
            _f(
                "seats",
                "list",
                "each seat in use: `seat`, `kind`, `name`, `connected`, `status` (thinking, passed, "
                "ready, or null between deals), `money`",
            ),
            _f("spectators", "int", "how many watch"),
            _f(
                "public",
                "object",
                "what the rules show everyone this deal: `turned` (the joker's card turned up), "
                "`banker`, `stakes`, `exchange` (the direction), `round` (the exchange's), `treasure`",
            ),
        ),
    ),
    Message(
        "seated",
        "server",
        "The client sits at a seat (now or from the next deal): keep `token` to come back.",
        (
            _f("table", "int", "the table"),
            _f("seat", "seat", "the seat"),
            _f("token", "code", "the seat's token, for `hello` after a drop (from the same machine)"),
            _f("from_next", "bool", "true when the seat is the client's from the next deal"),
        ),
    ),
    Message(
        "hand",
        "server",
        "The client's own hand, and what is asked of it now (sent only to that seat's person).",
        (
            _f("deal", "int", "the deal"),
            _f("seat", "seat", "the seat"),
            _f("cards", "cards", "the seat's 13 cards (after the exchange's rounds so far)"),
            _f("ask", "text?", "pass (this round's three cards), arrange, or null (decided, or waiting for others)"),
            _f("round", "int", "the exchange's round being passed (0 when none)"),
            _f("seconds", "number?", "seconds left to answer (null: no limit)"),
            _f("specials", "text", "the special hands this hand may declare at this table, space-separated ids"),
        ),
    ),
    Message(
        "invited",
        "server",
        "The host's invitation code for a seat.",
        (_f("seat", "seat", "the seat"), _f("code", "code", "the code")),
    ),
    Message(
        "reveal",
        "server",
        "The deal is scored: its whole record, every hand and decision (now shown to all). For a person it is their "
        "own record (`human` their seat, `decided_by` `player` where they decided, `person` for the others' people).",
        (_f("deal", "int", "the deal"), _f("record", "object", "app/store/deal_format.py's FIELDS")),
    ),
    Message(
        "over",
        "server",
        "The table ends (the host left, or the session is over): its summary.",
        (
            _f("reason", "text", "host_left, over, or the ledger's end reason"),
            _f("deals", "int", "deals played"),
            _f("lines", "list", "each seat: `seat`, `name`, `money`, `change`"),
        ),
    ),
    Message(
        "left",
        "server",
        "The client no longer holds its seat (it is back in the lobby, or watching).",
        (_f("reason", "text", "left, time (over the time limit), dropped (not back within the hold)"),),
    ),
    Message(
        "refused",
        "server",
        "A request the server does not carry out; the connection stays.",
        (_f("reason", "text", "why (see the reasons below)"), _f("message", "text", "the same for people")),
    ),
    Message(
        "bye",
        "server",
        "The server closes the connection, saying why (the last message).",
        (_f("reason", "text", "why (see the reasons below)"), _f("message", "text", "the same for people")),
    ),
)
"""Every message, the client's first."""

BY_TYPE: dict[tuple[Sender, str], Message] = {(m.sender, m.type): m for m in MESSAGES}

REFUSALS: dict[str, str] = {
    "lobby_full": "the lobby holds as many tables as it may",
    "no_table": "no such table",
    "seat_taken": "that seat is a person's",
    "no_seat": "no such seat at that table",
    "invite_only": "that table seats only with the host's invitation",
    "no_spectators": "that table takes no spectators",
    "not_host": "only the host may do that",
    "started": "the table has already started",
    "seats_empty": "seats are empty and the computer may not play them: invite people or press 電腦接玩",
    "at_table": "leave this table first",
    "not_at_table": "not at a table",
    "bad_settings": "the table's settings do not read",
    "too_late": "the time was up: the computer decided",
}
"""The reasons a ``refused`` gives."""

CLOSES: dict[str, str] = {
    "version": "this server speaks another version of the protocol",
    "token": "no access token, or a wrong one",
    "full": "the lobby has as many connections as it may",
    "malformed": "a message that is not one of the protocol's",
    "too_big": "a message over 64 KB",
    "unknown_type": "a message of a type the protocol does not have",
    "not_your_seat": "acting for a seat that is not yours",
    "out_of_turn": "acting when nothing is asked of you",
    "bad_cards": "cards that are not your hand's",
    "flood": "too many messages",
    "not_reading": "the client stopped reading",
    "hello_first": "the first message must be hello",
    "shutdown": "the lobby is closing",
}
"""The reasons a ``bye`` gives before the server closes the connection."""


class ProtocolError(ValueError):
    """A message that is not one of :data:`MESSAGES`; ``reason`` is a key of :data:`CLOSES`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def decode(text: str | bytes, sender: Sender) -> tuple[str, dict[str, Any]]:
    """One message from ``sender``, checked against :data:`MESSAGES`: its type and fields (every field it has
    and no other); :class:`ProtocolError` otherwise."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"{len(text)} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("malformed", "not an object with a type")
    kind = data.pop("type")
    spec = BY_TYPE.get((sender, kind))
    if spec is None:
        raise ProtocolError("unknown_type", f"no {sender} message {kind[:40]!r}")
    names = {f.name for f in spec.fields}
    extra = sorted(set(data) - names)
    if extra:
        raise ProtocolError("malformed", f"{kind}: unknown field {extra[0][:40]!r}")
    for f in spec.fields:
        if f.name not in data:
            if not f.optional:
                raise ProtocolError("malformed", f"{kind}: {f.name} missing")
        elif not KINDS[f.kind][0](data[f.name]):
            raise ProtocolError("malformed", f"{kind}: {f.name} is not {KINDS[f.kind][1]}")
    return kind, data


def encode(kind: str, sender: Sender, **fields: Any) -> str:
    """One message of ``sender`` as its JSON text, checked against :data:`MESSAGES` like :func:`decode` (a
    mistake of ours is a ValueError here, never a malformed message on the wire)."""
    text = json.dumps({"type": kind, **fields}, ensure_ascii=False, separators=(",", ":"))
    decode(text, sender)
    return text


def document() -> str:
    """The messages' section of ``app/lobby/PROTOCOL.md``, made from :data:`MESSAGES` (a test checks the
    document holds it as it is)."""
    out = [f"Protocol version: **{VERSION}**. Largest message: {MAX_MESSAGE} bytes.", ""]
    for sender in ("client", "server"):
        out += [f"### Sent by the {sender}", ""]
        for m in MESSAGES:
            if m.sender != sender:
                continue
            out += [f"#### `{m.type}`", "", m.doc, ""]
            if m.fields:
                out += ["| field | kind | holds |", "|---|---|---|"]
                for f in m.fields:
                    kind = KINDS[f.kind][1] + (" (may be left out)" if f.optional else "")
                    out.append(f"| `{f.name}` | {kind} | {f.doc} |")
                out.append("")
    out += ["### Reasons", "", "| `refused` reason | means |", "|---|---|"]
    out += [f"| `{k}` | {v} |" for k, v in REFUSALS.items()]
    out += ["", "| `bye` reason | means |", "|---|---|"]
    out += [f"| `{k}` | {v} |" for k, v in CLOSES.items()]
    return "\n".join(out) + "\n"
