"""Moving the history between machines: one deal a line of JSON (app/commands/README.md, "Exporting the history").

Each line is an object::

    {"format": "chinese-poker-deal", "version": 1, "uid": "…", "played": 1764608400.5, "mode": "table",
     "session": {"uid": "…", "started": …, "updated": …, "preset": "taiwan", "mode": "table",
                 "status": "open", "config": {…}, "state": {…}} | null,
     "retry_of": "<uid of the deal retried>" | null,
     "deal": {… DealRecord.to_dict() …}, "review": {… Review.to_dict() …} | null,
     "code": "5F6C-AM7W-10BF"}  (absent for a deal dealt by its seed)

Import reads the file a line at a time within stated bounds (:data:`app.store.validate.MAX_FILE` bytes,
:data:`~app.store.validate.MAX_LINE` a line; a device or a pipe is refused before anything is read), checks
every line's shape against the format's spec (:mod:`app.store.deal_format`) and then its meaning the way the
table would have made it (the record reads back and its result is what the rules score; the review is of the
player's own decision; a retry names a deal in the file or the history), and writes the whole file in one
transaction: a bad line is reported with its number and field, and nothing is imported. Deals and sessions
already in the history (the same uid) are skipped, so importing a file twice adds nothing the second time.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from ai import Review
from app.config import TableConfig
from app.store.database import History, Mode, Status
from app.store.deal_format import FORMAT, LINE, VERSION, export_line
from app.store.insert import insert_deal, insert_session
from app.store.validate import ANY_OBJECT, MAX_FILE, MAX_LINE, SESSION_COLUMNS, DamagedRow, reading, stored
from rules.presets import Preset

from .record import DealRecord, stored_code

__all__ = [
    "FORMAT",
    "MAX_FILE",
    "MAX_LINE",
    "VERSION",
    "ImportFailed",
    "Imported",
    "check_doc",
    "export_lines",
    "import_lines",
    "read_file",
]


class ImportFailed(ValueError):
    """A line of an import file that is not a deal (``line`` counts from 1; 0: the file as a whole)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


class FileRefused(OSError):
    """An import file that is not read at all: a device, a pipe, a folder, or over :data:`MAX_FILE`."""


@dataclass(frozen=True)
class Imported:
    """What an import did."""

    added: int
    skipped: int  # already in the history
    sessions: int  # sessions added


def export_lines(history: History, skipped: Callable[[str], None] | None = None) -> Iterator[str]:
    """The history as JSON lines, oldest deal first (no newline at the end of each). A stored row that does not
    read back (someone edited the file) is left out and named to ``skipped``; a damaged session's deals are
    exported without it."""
    sessions: dict[int, dict[str, Any]] = {}
    for r in history.iter_rows("SELECT id, uid, started, updated, preset, mode, status, config, state FROM sessions"):
        try:
            doc = dict(zip(("uid", "started", "updated", "preset", "mode", "status"), r[1:7], strict=True))
            SESSION_COLUMNS(doc, "session")
            doc["config"], doc["state"] = stored(r[7], ANY_OBJECT, "config"), stored(r[8], ANY_OBJECT, "state")
        except DamagedRow as exc:
            history.damaged.note("sessions", r[0], exc)
            if skipped is not None:
                skipped(f"session {r[0]}: {exc}; its deals are exported without it")
            continue
        sessions[r[0]] = doc
    uids = {r[0]: r[1] for r in history.iter_rows("SELECT id, uid FROM deals")}
    for deal_id, uid, session, played, mode, retry_of, data, review in history.iter_rows(
        "SELECT id, uid, session, played, mode, retry_of, data, review FROM deals ORDER BY id"
    ):
        line = {
            "format": FORMAT,
            "version": VERSION,
            "uid": uid,
            "played": played,
            "mode": mode,
            "session": sessions.get(session),
            "retry_of": uids.get(retry_of),
        }
        try:
            line["deal"] = stored(data, ANY_OBJECT, "deal", quick=True)
            line["review"] = None if review is None else stored(review, ANY_OBJECT, "review", quick=True)
            LINE(line, "")
            code = stored_code(line["deal"])  # for a person reading the file (import checks it)
            if code is not None:  # a deal dealt by its seed has none, and its line reads as it always did
                line["code"] = code.text
            text = json.dumps(line, ensure_ascii=False, sort_keys=True)
            if len(text) > MAX_LINE:
                raise DamagedRow("", f"longer than {MAX_LINE:,} characters")
        except DamagedRow as exc:
            history.damaged.note("deals", deal_id, exc)
            if skipped is not None:
                skipped(f"deal {deal_id}: {exc}; not exported")
            continue
        yield text


def check_doc(doc: dict[str, Any], known: set[str]) -> None:
    """What an export line of the right shape means, checked (``known``: the uids a retry may name);
    :class:`DamagedRow` names the field."""
    mode = Mode(doc["mode"])
    with reading("deal"):
        record = DealRecord.from_dict(doc["deal"])
    if record.result is None:
        raise DamagedRow("deal", "the deal was never scored")
    if "code" in doc:  # absent for a deal dealt by its seed, and in a file from before codes
        code = record.code
        if code is None or doc["code"] != code.text:
            raise DamagedRow("code", "is not the code of the deal's cards (its key, rules, seats and passes)")
    review = doc["review"]
    if review is not None:
        with reading("review"):
            priced = Review.from_dict(review)
        if (
            record.human is None
            or priced.preset is not record.preset
            or priced.played.decision != record.decisions[record.human]
        ):
            raise DamagedRow("review", "the review is not of the player's decision in this deal")
    if doc["session"] is not None:
        _check_session(doc["session"], record)
    retry_of = doc["retry_of"]
    if mode is Mode.RETRY and retry_of not in known:
        raise DamagedRow("retry_of", "a retry must name a deal earlier in the file or already in the history")


def _check_line(number: int, text: str, known: set[str]) -> dict[str, Any]:
    """One line, parsed and checked; :class:`ImportFailed` otherwise."""
    try:
        doc = export_line(text)
        check_doc(doc, known)
    except DamagedRow as exc:
        raise ImportFailed(number, str(exc)) from None
    known.add(doc["uid"])
    return doc


def _check_session(session: dict[str, Any], record: DealRecord) -> None:
    with reading("session.config"):
        config = TableConfig.from_dict(session["config"])
    if config.preset is not record.preset or Preset(session["preset"]) is not record.preset:
        raise DamagedRow("session.preset", "the session's rules are not the deal's")
    if config.players != record.players:
        raise DamagedRow(
            "session.config.players", f"the session seats {config.players} players and the deal {record.players}"
        )
    Status(session["status"])


def read_file(name: str, stdin: IO[bytes] | None = None) -> Iterator[str]:
    """The lines of an export file (``-``: ``stdin``) as text, read a line at a time: at most :data:`MAX_FILE`
    bytes in all and :data:`MAX_LINE` a line. :class:`FileRefused` for a device, a pipe or a folder (``/dev/zero``
    would never end, a pipe with no writer would wait for ever), :class:`ImportFailed` for a line too long or
    not UTF-8."""
    if name == "-":
        if stdin is None:
            raise FileRefused("no standard input")
        yield from _lines(stdin, "standard input")
        return
    # O_NONBLOCK: opening a FIFO must not wait for a writer before the check below can refuse it.
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(
                f"{name}: not a regular file (a device, a pipe or a folder); import reads a file "
                "written by 'chinese-poker export'"
            )
        if info.st_size > MAX_FILE:
            raise FileRefused(
                f"{name}: {info.st_size / 2**20:.0f} MB is over the {MAX_FILE // 2**20} MB an import "
                "reads; split it into parts and import each (a part adds to the history)"
            )
        os.set_blocking(fd, True)
        fh = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with fh:
        yield from _lines(fh, name)


def _lines(fh: IO[bytes], name: str) -> Iterator[str]:
    total = 0
    number = 0
    while True:
        raw = fh.readline(MAX_LINE + 2)
        if not raw:
            return
        number += 1
        total += len(raw)
        if total > MAX_FILE:
            raise FileRefused(f"{name} is over the {MAX_FILE // 2**20} MB an import reads; split it into parts")
        if len(raw) > MAX_LINE + 1:
            raise ImportFailed(number, f"longer than {MAX_LINE:,} characters: not a deal")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ImportFailed(number, "not UTF-8 text") from None


def import_lines(history: History, lines: Iterable[str]) -> Imported:
    """Check every line, then write them all in one transaction (see the module docstring)."""
    known = set(r[0] for r in history.iter_rows("SELECT uid FROM deals"))
    present = set(known)
    checked: list[str] = []  # the lines' text, not their documents: a few times smaller in memory
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text:
            _check_line(number, text, known)
            checked.append(text)

    def write(db: sqlite3.Connection) -> Imported:
        sessions = dict(db.execute("SELECT uid, id FROM sessions").fetchall())
        ids = dict(db.execute("SELECT uid, id FROM deals").fetchall())
        added = skipped = new_sessions = 0
        for text in checked:
            doc = json.loads(text)
            if doc["uid"] in present:
                skipped += 1
                continue
            session_id = None
            s = doc["session"]
            if s is not None:
                if s["uid"] not in sessions:
                    sessions[s["uid"]] = insert_session(db, s)
                    new_sessions += 1
                session_id = sessions[s["uid"]]
            retry_of = ids.get(doc["retry_of"]) if doc["retry_of"] else None
            ids[doc["uid"]] = insert_deal(
                db, session_id, doc["deal"], Mode(doc["mode"]), doc["played"], retry_of, doc["review"], doc["uid"]
            )
            present.add(doc["uid"])
            added += 1
        return Imported(added, skipped, new_sessions)

    out: Imported = history.write(write)
    return out
