"""The format of a deal, described once: every field of a stored deal's record (:data:`FIELDS`: its name, its
type and bounds, whether it must be there and what it reads as when it is not, what it holds), the line of an
export that carries one (:data:`LINE`), and what the history's columns take out of a record
(:func:`player_columns`, :func:`decider_column`).

Everything that reads a deal reads this spec: the store checks every stored record against it (:data:`DEAL`),
import and the salvage of a damaged file every line (:data:`LINE`), and the game's record
(:meth:`app.game.record.DealRecord.from_dict`) reads its fields through :func:`read_deal` before it checks what
they mean (the hands are the seed's, the result is what the rules score). A value that does not fit is a
:class:`~.validate.DamagedRow` naming the field. Records are written by :meth:`app.game.record.DealRecord.to_dict`,
which writes the fields below in their order, each by its writer in :data:`app.game.record.WRITERS` (a field
here without one cannot be written, and a test holds the two to the same names); an optional field is written
only where it says something, so a deal of an older build (without ``players``, ``exchange``, ``turned``…)
reads as it always did.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from .validate import (
    ANY_OBJECT,
    CARD,
    CARDS,
    MAX_INT,
    MAX_UNITS,
    PRESETS,
    REVIEW,
    SEAT,
    SESSION,
    TIME,
    UID,
    UNITS,
    Check,
    DamagedRow,
    Mode,
    anything,
    boolean,
    integer,
    list_of,
    nullable,
    number,
    obj,
    one_of,
    parse,
    seat_map,
    text,
)

FORMAT = "chinese-poker-deal"
VERSION = 1

# rules.dealing.KEY_LIMIT (this floor imports no rules; tests/store holds the two equal): a deal's key is 38 bits.
KEY_LIMIT = 1 << 38
MAX_SECONDS = 10**7  # a player's seconds over a hand or a pass (some four months: more is not a clock's)
_ROUNDS = 8  # rounds of 換三張 a record may hold (rules.exchange.MAX_ROUNDS is fewer: the record checks that)


@dataclass(frozen=True)
class Field:
    """One field of a stored deal's record: its ``name``, its ``check`` (type and bounds), whether it is
    ``required``, what it reads as when it is left out (``absent``) and what it ``means``."""

    name: str
    check: Check
    means: str
    required: bool = False
    absent: Any = None


_PAIR = obj(
    {
        "players": list_of(SEAT, 2, 2),
        "rows": nullable(list_of(text(8), 3, 3)),
        "score": UNITS,
        "items": list_of(obj({"kind": text(32), "value": UNITS}, ("kind", "value")), 64),
    },
    ("players", "items"),
)
RESULT = obj(
    {
        "rules": text(choices=PRESETS),
        "totals": list_of(UNITS, 4, 2),
        "fouled": list_of(boolean, 4, 2),
        "pairs": list_of(_PAIR, 6),
    },
    ("rules", "totals", "fouled", "pairs"),
)
"""A deal's scored result (:meth:`rules.deal.DealResult.to_dict`): by position in the deal, every pair itemised."""

SECONDS = number(0, MAX_SECONDS)

FIELDS: tuple[Field, ...] = (
    Field("number", integer(1, 1_000_000), "the deal's place in its session, from 1", required=True),
    Field(
        "seed",
        integer(0, MAX_INT),
        "the deal's seed: it deals the hands of a deal without a key, and seeds the computers' choices",
        required=True,
    ),
    Field("rules", text(choices=PRESETS), "the preset (rules.presets.Preset's value)", required=True),
    Field("options", ANY_OBJECT, "the preset's options as played (rules.presets.Options.to_dict)", absent={}),
    Field("seats", list_of(SEAT, 4, 2), "the table seats in play, in deal order (2 to 4, distinct)", required=True),
    Field("human", nullable(SEAT), "the seat the player played; null when the computer played every seat"),
    Field("hands", seat_map(CARDS), "each seat's 13 cards as played (after the passes of 換三張)", required=True),
    Field("decisions", seat_map(ANY_OBJECT), "each seat's decision (rules.deal.Decision.to_dict)", absent={}),
    Field("dealer", nullable(SEAT), "tournament: the seat that deals"),
    Field("cut", nullable(CARD), "arcade: the card cut before the deal"),
    Field("treasure", list_of(CARD, 52), "arcade: the treasure cards in force", absent=[]),
    Field("doubles", seat_map(nullable(SEAT)), "arcade: the seat each seat doubles (賭倍), or null", absent={}),
    Field(
        "computer_for_human",
        boolean,
        "true when the computer finished the player's hand (decided_by says which way; older records only this)",
        absent=False,
    ),
    Field("result", RESULT, "the itemised score: what the rules score from the decisions; absent until scored"),
    Field("units", list_of(UNITS, 4), "the result's totals by table seat (0 for a seat not in the deal)"),
    Field("settlement", ANY_OBJECT, "arcade: the coins itemised (rules.session.Settlement.to_dict)"),
    Field("before", list_of(UNITS, 4), "each seat's money before the deal, in the table's currency", absent=[]),
    Field("after", list_of(UNITS, 4), "each seat's money after it (with before)", absent=[]),
    Field(
        "decided_by",
        seat_map(text(16)),
        "who made each seat's decision: player, timeout, takeover or a computer level (app.game.record.Decider)",
        absent={},
    ),
    Field("seconds", nullable(SECONDS), "the seconds the player took to arrange (written when they submit)"),
    Field("players", one_of(2, 3, 4), "the table's size; written for a table of 2 or 3 only", absent=4),
    Field("banker", nullable(SEAT), "the banker game (莊家): the seat holding the bank"),
    Field("stakes", seat_map(integer(0, MAX_UNITS)), "the banker game: each seat's stake", absent={}),
    Field("exchange", nullable(text(24)), "換三張: the way this deal passed (clockwise, counterclockwise, across)"),
    Field("passes", list_of(seat_map(text(16)), _ROUNDS), "換三張: each round's passes, seat to 3 cards", absent=[]),
    Field(
        "passed_for_human",
        list_of(integer(0, _ROUNDS - 1), _ROUNDS),
        "換三張: the rounds (from 0) whose pass the computer chose for the player at a time-out",
        absent=[],
    ),
    Field(
        "passed_after_leaving",
        list_of(integer(0, _ROUNDS - 1), _ROUNDS),
        "換三張: the rounds whose pass the computer chose after the player left the seat",
        absent=[],
    ),
    Field(
        "pass_seconds",
        list_of(nullable(SECONDS), _ROUNDS),
        "換三張: by round, the seconds the player took over their own pass (null: not theirs)",
        absent=[],
    ),
    Field("turned", nullable(CARD), "the joker (鬼牌): the card turned up, out of play; a joker deal only"),
    Field(
        "key",
        nullable(integer(0, KEY_LIMIT - 1)),
        "the key the cards were dealt from (rules/RULES.md §23); absent: dealt by the seed, as before keys",
    ),
)

DEAL = obj({f.name: f.check for f in FIELDS}, [f.name for f in FIELDS if f.required])
"""The check of a stored deal's record: every field of :data:`FIELDS` and no other."""


def read_deal(data: Any) -> dict[str, Any]:
    """``data`` checked against :data:`FIELDS` (:class:`~.validate.DamagedRow` naming the first field that does
    not fit), with every field there: one left out reads as its ``absent``."""
    DEAL(data, "")
    return {f.name: data[f.name] if f.name in data else copy.copy(f.absent) for f in FIELDS}


_LINE_FIELDS: dict[str, Check] = {
    "format": anything,
    "version": anything,
    "uid": text(16, pattern=UID),
    "played": TIME,
    "mode": text(choices=[m.value for m in Mode]),
    "session": nullable(SESSION),
    "retry_of": nullable(text(16, pattern=UID)),
    "deal": DEAL,
    "review": nullable(REVIEW),
    # The deal's code (rules/RULES.md §23.6) for a person reading the file; it follows from "deal" (its "key"),
    # and import checks that it does. Absent for a deal dealt by its seed, and in files written before codes.
    "code": text(14, pattern=r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}"),
}
LINE = obj(_LINE_FIELDS, tuple(k for k in _LINE_FIELDS if k != "code"))
"""A line of an export: the deal with what the history keeps beside it (app/commands/README.md)."""


def export_line(text_: str) -> dict[str, Any]:
    """One line of an export file, parsed and of the format's shape; :class:`~.validate.DamagedRow` otherwise."""
    doc = parse(text_)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise DamagedRow("format", f'missing: not a deal of this game (no "format": "{FORMAT}")')
    if doc.get("version") != VERSION:
        raise DamagedRow("version", f"{doc.get('version')!r}; this game reads version {VERSION}")
    LINE(doc, "")
    return doc


COLUMNS = ("units", "rows_won", "rows_lost", "sweeps_given", "sweeps_taken", "fouled", "special", "seconds")
"""The columns of a deal's row that :func:`player_columns` fills."""


def player_columns(record: dict[str, Any]) -> dict[str, object]:
    """What the statistics count of a deal, from its stored record: the player's side of it (all None when
    nobody played the deal, or it was not scored)."""
    human, result = record.get("human"), record.get("result")
    if human is None or not result:
        return dict.fromkeys(COLUMNS)
    me = record["seats"].index(human)
    won = lost = given = taken = 0
    for pair in result["pairs"]:
        i, j = pair["players"]
        if me not in (i, j):
            continue
        sign = 1 if i == me else -1
        rows = pair.get("rows") or []  # optional in the spec (_PAIR): a pair may say nothing of its rows
        mine = [o if sign == 1 else {"win": "loss", "loss": "win"}.get(o, o) for o in rows]
        won += mine.count("win")
        lost += mine.count("loss")
        for item in pair["items"]:
            if item["kind"] == "sweep":
                given += item["value"] * sign > 0
                taken += item["value"] * sign < 0
    decision = record.get("decisions", {}).get(str(human), {})
    return {
        "units": record["units"][human],
        "rows_won": won,
        "rows_lost": lost,
        "sweeps_given": given,
        "sweeps_taken": taken,
        "fouled": int(bool(result["fouled"][me])),
        "special": decision.get("declare"),
        "seconds": record.get("seconds"),
    }


def decider_column(record: dict[str, Any]) -> str | None:
    """Who decided the player's hand, from a deal's stored record (:class:`app.game.record.Decider`'s value):
    as ``decided_by`` says; for a record that does not say, ``takeover`` where its old flag says the computer
    finished the hand, ``player`` only where it holds the seconds the player took (written when, and only
    when, the player submits), else None (unknown: not the player's own). None when nobody played the deal.
    :meth:`app.game.record.DealRecord.from_dict` reads a record that does not say with this too."""
    human = record.get("human")
    if human is None or str(human) not in record.get("decisions", {}):
        return None
    named = record.get("decided_by", {}).get(str(human))
    if isinstance(named, str):
        return named
    if record.get("computer_for_human"):
        return "takeover"
    return "player" if record.get("seconds") is not None else None


TABLE_COLUMNS = ("players", "banker", "stakes")
"""The columns of a deal's row that :func:`table_columns` fills: the table its player's decision was priced at."""


def table_columns(record: dict[str, Any]) -> dict[str, object]:
    """The table of a deal, from its stored record: its size (4 when the record does not say), the banker's
    seat (None outside a banker game) and the stakes as JSON (None without)."""
    stakes = record.get("stakes")
    return {
        "players": record.get("players", 4),
        "banker": record.get("banker"),
        "stakes": json.dumps(stakes) if stakes else None,
    }


REVIEW_COLUMNS = ("best_ev", "next_ev", "tables")
"""The columns of a deal's row that :func:`review_columns` fills from the coach's review (RULES.md §24)."""


def review_columns(review: dict[str, Any] | None) -> dict[str, object]:
    """What the rating reads of a stored review: the best play's value, the best value of the other plays the
    coach priced (the played one, where it is not the best, and the next-best plays; None without any) and the
    pricing tables. All None for no review, or one of an older shape that does not hold them."""
    try:
        assert review is not None
        best, played = review["best"], review["played"]
        others = [float(a["ev"]) for a in review.get("alternatives", ())]
        if played.get("decision") != best.get("decision"):
            others.append(float(played["ev"]))
        return {
            "best_ev": float(best["ev"]),
            "next_ev": max(others) if others else None,
            "tables": int(review["tables"]),
        }
    except (AssertionError, KeyError, TypeError, ValueError, AttributeError):
        return dict.fromkeys(REVIEW_COLUMNS)
