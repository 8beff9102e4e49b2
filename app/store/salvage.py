"""What can still be read of a damaged history, carried over to the fresh file that replaces it.

A damaged page loses the rows stored on it, not the file: every session and deal is read on its own, by id
(a scan would stop at the first bad page), checked like a line of an import (:data:`.deal_format.LINE`, then the
history's ``check`` when the game gave one: the record must read back as a deal the table could have made),
and the good ones are written to the fresh history in one transaction (:mod:`.insert`), each a plain dict. The
damaged file stays aside as it was; :class:`Salvaged` says how many deals came over and how many were lost.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .deal_format import FORMAT, LINE, VERSION
from .insert import insert_deal, insert_session
from .schema import new_uid
from .validate import ANY_OBJECT, SESSION, DamagedRow, Mode, stored

T = TypeVar("T")
Write = Callable[[Callable[[sqlite3.Connection], T]], T]
Check = Callable[[dict[str, Any], set[str]], None]  # raises DamagedRow for a line that does not read back

GAP = 1000  # ids probed past the last one found, when the damage hides how many there were


@dataclass(frozen=True)
class Salvaged:
    """What the salvage of a damaged file carried over (deals and sessions) and what it could not."""

    recovered: int
    lost: int
    sessions: int = 0


def _open(source: Path) -> sqlite3.Connection | None:
    uri = source.resolve().as_uri()
    for query in ("mode=ro", "immutable=1"):  # immutable: when even the WAL's index cannot be made
        try:
            db = sqlite3.connect(f"{uri}?{query}", uri=True, isolation_level=None)
            db.execute("SELECT 1 FROM deals LIMIT 0")
            return db
        except sqlite3.Error:
            continue
    return None


def _ids(db: sqlite3.Connection, table: str) -> Iterator[int]:
    """Every id that may hold a row: up to the largest one stored, or, when the damage hides it, on until
    :data:`GAP` ids in a row hold nothing."""
    try:
        top = int(db.execute(f"SELECT max(id) FROM {table}").fetchone()[0] or 0)
    except sqlite3.DatabaseError:
        top = None
    if top is not None:
        yield from range(1, top + 1)
        return
    k = empty = 0
    while empty < GAP:
        k += 1
        try:
            found = db.execute(f"SELECT 1 FROM {table} WHERE id = ?", (k,)).fetchone() is not None
        except sqlite3.DatabaseError:
            found = True  # a row whose page is damaged: it counts as one lost
        empty = 0 if found else empty + 1
        yield k


def _row(db: sqlite3.Connection, sql: str, row_id: int) -> tuple[Any, ...] | Exception | None:
    try:
        return db.execute(sql, (row_id,)).fetchone()  # type: ignore[no-any-return]
    except sqlite3.DatabaseError as exc:
        return exc


def _sessions(db: sqlite3.Connection) -> dict[int, dict[str, Any]]:
    """The readable sessions by their old id, each as an export line's ``session``."""
    out: dict[int, dict[str, Any]] = {}
    sql = "SELECT uid, started, updated, preset, mode, status, config, state FROM sessions WHERE id = ?"
    for sid in _ids(db, "sessions"):
        row = _row(db, sql, sid)
        if row is None or isinstance(row, Exception):
            continue
        try:
            doc = dict(zip(("uid", "started", "updated", "preset", "mode", "status"), row[:6], strict=True))
            doc["config"], doc["state"] = stored(row[6], ANY_OBJECT, "config"), stored(row[7], ANY_OBJECT, "state")
            SESSION(doc, "session")
        except DamagedRow:
            continue
        out[sid] = doc
    return out


def salvage(source: Path, write: Write[Salvaged], check: Check | None) -> Salvaged:
    """Carry every readable session and deal of the damaged file ``source`` over to the fresh history that
    ``write`` writes in one transaction (``History._write``); ``check``: ``History.check``. Raises only what
    ``write`` raises."""
    db = _open(source)
    if db is None:
        return Salvaged(0, 0)
    try:
        return _carry(db, write, check)
    except sqlite3.Error:  # the damaged file refuses even the reads that found the rows
        return Salvaged(0, 0)
    finally:
        db.close()


def _carry(db: sqlite3.Connection, write: Write[Salvaged], check: Check | None) -> Salvaged:
    sessions = _sessions(db)
    good: list[tuple[int, dict[str, Any], int | None, int | None]] = []  # (old id, line, old session, old retry)
    lost = 0
    known: set[str] = set()
    sql = "SELECT uid, session, played, mode, retry_of, data, review FROM deals WHERE id = ?"
    uids: dict[int, str] = {}
    for deal_id in _ids(db, "deals"):
        row = _row(db, sql, deal_id)
        if row is None:
            continue
        if isinstance(row, Exception):
            lost += 1
            continue
        uid, session, played, mode, retry_of, data, review = row
        try:
            doc = {
                "format": FORMAT,
                "version": VERSION,
                "uid": uid if isinstance(uid, str) else new_uid(),
                "played": played,
                "mode": mode,
                "session": sessions.get(session) if session else None,
                "retry_of": uids.get(retry_of) if isinstance(retry_of, int) else None,
                "deal": stored(data, ANY_OBJECT, "data"),
                "review": None if review is None else stored(review, ANY_OBJECT, "review"),
            }
            LINE(doc, "")
            if check is not None:
                check(doc, known)
        except DamagedRow:
            lost += 1
            continue
        known.add(doc["uid"])
        uids[deal_id] = doc["uid"]
        good.append((deal_id, doc, session if doc["session"] else None, retry_of))

    def put(out: sqlite3.Connection) -> Salvaged:
        new_sessions: dict[int, int] = {}
        new_deals: dict[int, int] = {}
        for _old, doc, old_session, old_retry in good:
            sid = None
            if old_session is not None:
                if old_session not in new_sessions:
                    new_sessions[old_session] = insert_session(out, doc["session"])
                sid = new_sessions[old_session]
            retry = None if old_retry is None else new_deals.get(old_retry)
            new_deals[_old] = insert_deal(
                out, sid, doc["deal"], Mode(doc["mode"]), doc["played"], retry, doc["review"], doc["uid"]
            )
        return Salvaged(len(good), lost, len(new_sessions))

    return write(put)
