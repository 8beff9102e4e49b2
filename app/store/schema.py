"""The history's schema, versioned by ``PRAGMA user_version``, and the migrations between versions.

Each migration takes a database at the version before it to its own version, inside the transaction that
also sets ``user_version``, so that a crash mid-migration leaves the old version whole. A database made by a
newer build than this one is refused (:class:`SchemaTooNew`) rather than written by code that does not know it.

Versions:

1. ``sessions`` (a table's settings and its state between deals) and ``deals`` (each deal as JSON).
2. The columns the statistics need, taken out of the JSON so that they are counted in SQL: the player's
   units, rows won and lost, 打槍 given and taken, foul, special, seconds to arrange; filled in for the deals
   already stored; indexes for the History screen's filters.
3. The coach's verdict beside each deal (verdict, units lost, the review as JSON), a stable ``uid`` for
   every deal and session (export and import match on it), ``retry_of`` for practice tries of a deal, and
   the ``owner`` of a session being played (a process id that says who holds it; the hold is a lock: .claims).
4. ``drills``: one row a run of a Practice drill (which drill, the rules, timed or not, how many questions
   and right answers, the mean seconds a question, the longest run of right answers, every question and
   answer as JSON; the Arrange drill's mean units lost), and ``mistakes``: the hands the player lost badly,
   each with when it is due again on the spaced schedule.
5. ``decider``: who decided the player's hand of each deal (:func:`.deal_format.decider_column`: ``player``,
   ``timeout``, ``takeover`` or a computer level; null when nobody played, or the record does not say), so that the
   figures of the player's skill count the player's own decisions in SQL. Filled in for the deals already
   stored, where a ``takeover`` is read as ``timeout``: the builds before this one wrote it only when the
   computer completed the hand at the time-out. A record that names no decider for the player counts as
   theirs only where it shows they decided (its seconds to arrange, written only when the player submits).
6. No verdict where the player decided nothing: the pattern ladder's deals (比牌型: nobody arranges) and the hands
   the computer decided for the player (a time-out, a takeover) lose the verdict, loss and review that the builds
   before this one gave them (the ladder's "best" play counted in the figures).
7. ``daily``: the deal of the day played for the record, one row a calendar date and family (rules/RULES.md §23.7),
   written when the player sits down to it (so that no path, a Continue, a retry, a kill and a restart, offers it
   for the record again): the preset, the session and, once scored, the deal, and the duplicate comparison with
   the computer levels (JSON) once worked out. A later try of the same day is practice and writes no row.
8. What the rating reads (RULES.md §24), taken out of the JSON so that 10,000 deals are read in milliseconds: the
   table the player's decision was priced at (``players``, ``banker``, ``stakes``: :func:`.deal_format.table_columns`)
   and of the coach's review the best play's value, the next play's and the pricing tables (``best_ev``,
   ``next_ev``, ``tables``: :func:`.deal_format.review_columns`); filled in for the deals already stored.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable

from .deal_format import (
    COLUMNS,
    REVIEW_COLUMNS,
    TABLE_COLUMNS,
    decider_column,
    player_columns,
    review_columns,
    table_columns,
)

VERSION = 8


class SchemaTooNew(Exception):
    """The database was written by a newer version of the game."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the history was written by a newer version of the game (schema {found}; this one knows {VERSION})"
        )
        self.found = found


class NotOurs(Exception):
    """The database is another program's: it has tables, and not this game's (see :func:`known_version`)."""

    def __init__(self, tables: list[str]) -> None:
        shown = ", ".join(tables[:5]) + (", …" if len(tables) > 5 else "")
        super().__init__(f"another program's database, with the tables {shown}; left as it is")
        self.tables = tables


OUR_TABLE = "deals"
"""The table every version of the history has had and will have: a file with a version but without it is not ours."""


def known_version(db: sqlite3.Connection) -> int:
    """The schema version of a file this game may write (0: new and empty); :class:`NotOurs` for another
    program's database (a symlink, a wrong path: it has tables and no version of ours, or a version without our
    tables), :class:`SchemaTooNew` for a newer game's. Reads only, so either is left exactly as it was."""
    outer = not db.in_transaction
    if outer:  # one snapshot: another copy of the game may be creating the file between two reads
        db.execute("BEGIN")
    try:
        found = version_of(db)
        tables = sorted(
            name
            for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            )
        )
    finally:
        if outer and db.in_transaction:
            db.execute("COMMIT")
    if (found == 0 and tables) or (found > 0 and OUR_TABLE not in tables):
        raise NotOurs(tables)
    if found > VERSION:
        raise SchemaTooNew(found)
    return found


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            started REAL NOT NULL,
            updated REAL NOT NULL,
            preset TEXT NOT NULL,
            mode TEXT NOT NULL,
            status TEXT NOT NULL,
            config TEXT NOT NULL,
            state TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE deals (
            id INTEGER PRIMARY KEY,
            session INTEGER REFERENCES sessions(id),
            number INTEGER NOT NULL,
            played REAL NOT NULL,
            preset TEXT NOT NULL,
            mode TEXT NOT NULL,
            human INTEGER,
            data TEXT NOT NULL
        )"""
    )


def _v2(db: sqlite3.Connection) -> None:
    names = COLUMNS
    kinds = ("INTEGER",) * 6 + ("TEXT", "REAL")
    for name, kind in zip(names, kinds, strict=True):
        db.execute(f"ALTER TABLE deals ADD COLUMN {name} {kind}")
    rows = db.execute("SELECT id, data FROM deals").fetchall()
    for deal_id, data in rows:
        cols = player_columns(json.loads(data))
        db.execute(
            f"UPDATE deals SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?",
            (*(cols[n] for n in names), deal_id),
        )
    db.execute("CREATE INDEX deals_by_preset ON deals(preset, id)")
    db.execute("CREATE INDEX deals_by_session ON deals(session, number)")
    db.execute("CREATE INDEX sessions_by_status ON sessions(status, updated)")


def _v3(db: sqlite3.Connection) -> None:
    for stmt in (
        "ALTER TABLE deals ADD COLUMN verdict TEXT",
        "ALTER TABLE deals ADD COLUMN loss REAL",
        "ALTER TABLE deals ADD COLUMN review TEXT",
        "ALTER TABLE deals ADD COLUMN retry_of INTEGER REFERENCES deals(id)",
        "ALTER TABLE deals ADD COLUMN uid TEXT",
        "ALTER TABLE sessions ADD COLUMN uid TEXT",
        "ALTER TABLE sessions ADD COLUMN owner INTEGER",
    ):
        db.execute(stmt)
    for table in ("deals", "sessions"):
        for (row_id,) in db.execute(f"SELECT id FROM {table}").fetchall():
            db.execute(f"UPDATE {table} SET uid = ? WHERE id = ?", (new_uid(), row_id))
    db.execute("CREATE UNIQUE INDEX deals_by_uid ON deals(uid)")
    db.execute("CREATE UNIQUE INDEX sessions_by_uid ON sessions(uid)")
    db.execute("CREATE INDEX deals_by_verdict ON deals(preset, verdict, id)")
    db.execute("CREATE INDEX deals_by_retry ON deals(retry_of)")


def _v4(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE drills (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            drill TEXT NOT NULL,
            preset TEXT NOT NULL,
            timed INTEGER NOT NULL,
            finished REAL NOT NULL,
            items INTEGER NOT NULL,
            right INTEGER NOT NULL,
            seconds REAL NOT NULL,
            best_streak INTEGER NOT NULL,
            loss REAL,
            data TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX drills_by_kind ON drills(drill, preset, id)")
    db.execute(
        """CREATE TABLE mistakes (
            hand TEXT NOT NULL,
            preset TEXT NOT NULL,
            due REAL NOT NULL,
            step INTEGER NOT NULL,
            well INTEGER NOT NULL,
            PRIMARY KEY (hand, preset)
        )"""
    )
    db.execute("CREATE INDEX mistakes_due ON mistakes(preset, due)")


def _v5(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE deals ADD COLUMN decider TEXT")
    for deal_id, data in db.execute("SELECT id, data FROM deals").fetchall():
        try:
            record = json.loads(data)
            decider = decider_column(record) if isinstance(record, dict) else None
        except (ValueError, TypeError, AttributeError):  # a row someone edited: the reading skips it anyway
            decider = None
        if decider == "takeover":  # written only at the time-out before schema 5 (see the module docstring)
            decider = "timeout"
        db.execute("UPDATE deals SET decider = ? WHERE id = ?", (decider, deal_id))
    db.execute("CREATE INDEX deals_by_decider ON deals(preset, decider, id)")


def _v6(db: sqlite3.Connection) -> None:
    db.execute(
        "UPDATE deals SET verdict = NULL, loss = NULL, review = NULL "
        f"WHERE preset = '{UNDECIDED}' OR decider IS NULL OR decider != 'player'"
    )


def _v7(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE daily (
            day TEXT NOT NULL,
            family TEXT NOT NULL,
            preset TEXT NOT NULL,
            started REAL NOT NULL,
            session INTEGER REFERENCES sessions(id),
            deal INTEGER REFERENCES deals(id),
            comparison TEXT,
            PRIMARY KEY (day, family)
        )"""
    )


def _v8(db: sqlite3.Connection) -> None:
    kinds = ("INTEGER", "INTEGER", "TEXT", "REAL", "REAL", "INTEGER")
    names = TABLE_COLUMNS + REVIEW_COLUMNS
    for name, kind in zip(names, kinds, strict=True):
        db.execute(f"ALTER TABLE deals ADD COLUMN {name} {kind}")
    for deal_id, data, review in db.execute("SELECT id, data, review FROM deals").fetchall():
        try:
            record = json.loads(data)
            cols = table_columns(record) if isinstance(record, dict) else dict.fromkeys(TABLE_COLUMNS)
        except (ValueError, TypeError, AttributeError):  # a row someone edited: the reading skips it anyway
            cols = dict.fromkeys(TABLE_COLUMNS)
        try:
            priced = json.loads(review) if isinstance(review, str) else None
        except ValueError:
            priced = None
        cols.update(review_columns(priced if isinstance(priced, dict) else None))
        db.execute(
            f"UPDATE deals SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?",
            (*(cols[n] for n in names), deal_id),
        )


UNDECIDED = "ladder"  # the preset whose deals hold no decision (rules.presets.Preset.LADDER: not arranged)
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _v1,
    2: _v2,
    3: _v3,
    4: _v4,
    5: _v5,
    6: _v6,
    7: _v7,
    8: _v8,
}


def new_uid() -> str:
    """A random identifier that stays with a deal or session across export and import."""
    return secrets.token_hex(8)


def version_of(db: sqlite3.Connection) -> int:
    """The schema version the file is at (0: a new, empty file)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, target: int = VERSION) -> int:
    """Bring ``db`` (in autocommit mode) up to ``target``, one transaction per version; returns the version
    found. :class:`SchemaTooNew` when the file is ahead of this build."""
    found = version_of(db)
    if found > VERSION:
        raise SchemaTooNew(found)
    for version in range(found + 1, target + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            if version_of(db) >= version:  # another copy of the game migrated it meanwhile
                db.execute("ROLLBACK")
                continue
            MIGRATIONS[version](db)
            db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return found
