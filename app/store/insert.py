"""Writing a deal's row and a session's row: the one way each is inserted (the game's deals through
:meth:`.database.History.record_deal`, an import's lines, a salvage's rows), in the caller's transaction.

Both take plain dicts: a deal's record of the shape :mod:`.deal_format` describes, a session as an export line
holds it (:data:`.validate.SESSION`). The columns the statistics count are taken out of the record here
(:func:`.deal_format.player_columns`, :func:`.deal_format.decider_column`), so a row's columns always agree with
its record.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from .deal_format import (
    COLUMNS,
    REVIEW_COLUMNS,
    TABLE_COLUMNS,
    decider_column,
    player_columns,
    review_columns,
    table_columns,
)
from .schema import UNDECIDED, new_uid
from .validate import Mode


def insert_session(db: sqlite3.Connection, session: dict[str, Any]) -> int:
    """One session row from an export line's session (an import's or a salvage's), in the caller's transaction;
    returns its id."""
    cur = db.execute(
        "INSERT INTO sessions (uid, started, updated, preset, mode, status, config, state) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            session["uid"],
            session["started"],
            session["updated"],
            session["preset"],
            session["mode"],
            session["status"],
            json.dumps(session["config"]),
            json.dumps(session["state"]),
        ),
    )
    return int(cur.lastrowid or 0)


def insert_deal(
    db: sqlite3.Connection,
    session: int | None,
    record: dict[str, Any],
    mode: Mode,
    played: float,
    retry_of: int | None,
    review: dict[str, Any] | None,
    uid: str | None,
) -> int:
    """One deal row (the game's, an import's or a salvage's) of ``record`` (:data:`.deal_format.DEAL`'s shape), in
    the caller's transaction; returns its id."""
    if record.get("rules") == UNDECIDED or decider_column(record) != "player":
        review = None  # the player decided nothing, so nothing is priced (an older build's export may hold one)
    cols = {**player_columns(record), **table_columns(record), **review_columns(review)}
    names = COLUMNS + TABLE_COLUMNS + REVIEW_COLUMNS
    cur = db.execute(
        f"INSERT INTO deals (uid, session, number, played, preset, mode, human, data, retry_of, verdict, loss, review, "
        f"decider, {', '.join(names)}) VALUES ({', '.join('?' * (13 + len(names)))})",
        (
            uid or new_uid(),
            session,
            record["number"],
            played,
            record["rules"],
            mode.value,
            record.get("human"),
            json.dumps(record, ensure_ascii=False),
            retry_of,
            None if review is None else review.get("verdict"),
            None if review is None else review.get("loss"),
            None if review is None else json.dumps(review),
            decider_column(record),
            *(cols[n] for n in names),
        ),
    )
    return int(cur.lastrowid or 0)
