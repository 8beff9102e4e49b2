"""Moving the history between machines: one deal a line of JSON (README, "Exporting the history").

Each line is an object::

    {"format": "chinese-poker-deal", "version": 1, "uid": "…", "played": 1764608400.5, "mode": "table",
     "session": {"uid": "…", "started": …, "updated": …, "preset": "taiwan", "mode": "table",
                 "status": "open", "config": {…}, "state": {…}} | null,
     "retry_of": "<uid of the deal retried>" | null,
     "deal": {… DealRecord.to_dict() …}, "review": {… Review.to_dict() …} | null}

Import checks every line the way the table would have made it (the record reads back and its result is
what the rules score; the review is of the player's own decision; a retry names a deal in the file or the
history) and writes the whole file in one transaction: a bad line is reported with its number and nothing
is imported. Deals and sessions already in the history (the same uid) are skipped, so importing a file
twice adds nothing the second time.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ai import Review
from app.config import TableConfig
from app.store.database import History, Mode, Status, insert_deal
from rules.presets import Preset

from .record import DealRecord, RecordError

FORMAT = "chinese-poker-deal"
VERSION = 1
_UID = re.compile(r"[0-9a-f]{16}")
MAX_LINE = 256 * 1024  # a deal is a few kilobytes; a longer line is not one


class ImportFailed(ValueError):
    """A line of an import file that is not a deal (``line`` counts from 1)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Imported:
    """What an import did."""

    added: int
    skipped: int  # already in the history
    sessions: int  # sessions added


def export_lines(history: History) -> Iterator[str]:
    """The history as JSON lines, oldest deal first (no newline at the end of each)."""
    sessions = {
        r[0]: {"uid": r[1], "started": r[2], "updated": r[3], "preset": r[4], "mode": r[5], "status": r[6],
               "config": json.loads(r[7]), "state": json.loads(r[8])}
        for r in history.iter_rows(
            "SELECT id, uid, started, updated, preset, mode, status, config, state FROM sessions")
    }
    uids = {r[0]: r[1] for r in history.iter_rows("SELECT id, uid FROM deals")}
    for uid, session, played, mode, retry_of, data, review in history.iter_rows(
            "SELECT uid, session, played, mode, retry_of, data, review FROM deals ORDER BY id"):
        line = {
            "format": FORMAT, "version": VERSION, "uid": uid, "played": played, "mode": mode,
            "session": sessions.get(session), "retry_of": uids.get(retry_of),
            "deal": json.loads(data), "review": None if review is None else json.loads(review),
        }
        yield json.dumps(line, ensure_ascii=False, sort_keys=True)


def _check_line(number: int, text: str, known: set[str]) -> dict[str, Any]:
    """One line, parsed and checked; :class:`ImportFailed` otherwise."""
    if len(text) > MAX_LINE:
        raise ImportFailed(number, f"longer than {MAX_LINE} characters: not a deal")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFailed(number, f"not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportFailed(number, f"not a deal of this game (no \"format\": \"{FORMAT}\")")
    if doc.get("version") != VERSION:
        raise ImportFailed(number, f"format version {doc.get('version')!r}; this game reads version {VERSION}")
    uid = doc.get("uid")
    if not isinstance(uid, str) or not _UID.fullmatch(uid):
        raise ImportFailed(number, "'uid' must be 16 hexadecimal digits")
    played = doc.get("played")
    if isinstance(played, bool) or not isinstance(played, int | float) or not math.isfinite(played):
        raise ImportFailed(number, "'played' must be a time in seconds")
    try:
        mode = Mode(doc.get("mode"))
        record = DealRecord.from_dict(doc.get("deal"))
        if record.result is None:
            raise RecordError("the deal was never scored")
        review = doc.get("review")
        if review is not None:
            priced = Review.from_dict(review)
            if record.human is None or priced.preset is not record.preset \
                    or priced.played.decision != record.decisions[record.human]:
                raise RecordError("the review is not of the player's decision in this deal")
        session = doc.get("session")
        if session is not None:
            _check_session(session, record)
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ImportFailed):
            raise
        raise ImportFailed(number, str(exc) if not isinstance(exc, KeyError) else f"missing {exc}") from None
    retry_of = doc.get("retry_of")
    if mode is Mode.RETRY and (not isinstance(retry_of, str) or retry_of not in known):
        raise ImportFailed(number, "a retry must name a deal earlier in the file or already in the history")
    known.add(uid)
    return doc


def _check_session(session: Any, record: DealRecord) -> None:
    if not isinstance(session, dict):
        raise RecordError("'session' must be an object or null")
    if not isinstance(session.get("uid"), str) or not _UID.fullmatch(session["uid"]):
        raise RecordError("a session's 'uid' must be 16 hexadecimal digits")
    config = TableConfig.from_dict(session.get("config"))
    if config.preset is not record.preset or Preset(session.get("preset")) is not record.preset:
        raise RecordError("the session's rules are not the deal's")
    if config.players != record.players:
        raise RecordError(f"the session seats {config.players} players and the deal {record.players}")
    Status(session.get("status"))
    Mode(session.get("mode"))
    for key in ("started", "updated"):
        if isinstance(session.get(key), bool) or not isinstance(session.get(key), int | float):
            raise RecordError(f"a session's {key!r} must be a time in seconds")
    if not isinstance(session.get("state"), dict):
        raise RecordError("a session's 'state' must be an object")


def import_lines(history: History, lines: Iterable[str]) -> Imported:
    """Check every line, then write them all in one transaction (see the module docstring)."""
    known = set(r[0] for r in history.iter_rows("SELECT uid FROM deals"))
    present = set(known)
    docs = []
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text:
            docs.append(_check_line(number, text, known))

    def write(db: sqlite3.Connection) -> Imported:
        sessions = dict(db.execute("SELECT uid, id FROM sessions").fetchall())
        ids = dict(db.execute("SELECT uid, id FROM deals").fetchall())
        added = skipped = new_sessions = 0
        for doc in docs:
            if doc["uid"] in present:
                skipped += 1
                continue
            session_id = None
            s = doc["session"]
            if s is not None:
                if s["uid"] not in sessions:
                    cur = db.execute(
                        "INSERT INTO sessions (uid, started, updated, preset, mode, status, config, state) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (s["uid"], s["started"], s["updated"], s["preset"], s["mode"], s["status"],
                         json.dumps(s["config"]), json.dumps(s["state"])))
                    sessions[s["uid"]] = cur.lastrowid
                    new_sessions += 1
                session_id = sessions[s["uid"]]
            retry_of = ids.get(doc["retry_of"]) if doc.get("retry_of") else None
            ids[doc["uid"]] = insert_deal(db, session_id, doc["deal"], Mode(doc["mode"]), doc["played"], retry_of,
                                           doc["review"], doc["uid"])
            present.add(doc["uid"])
            added += 1
        return Imported(added, skipped, new_sessions)

    out: Imported = history.write(write)
    return out
