"""The history file on disk: telling damage from refusal, connecting to it, moving a damaged one aside.

The game writes through :func:`connect_writing` (WAL, the busy timeout, the schema brought up to date). A
command that only reads opens the file so that nothing is written, not even the WAL's index, which a full disk
would refuse (:func:`connect_reading`). Neither writes a byte to a newer game's file or another program's
database (:func:`refuse_foreign`).
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from .schema import VERSION, SchemaTooNew, known_version, migrate

BUSY_MS = 10_000  # how long a write waits for another copy of the game to finish its own


def corrupt(exc: BaseException) -> bool:
    """Whether an error says the file's content is bad (as opposed to the folder or the disk refusing)."""
    if isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return isinstance(exc, sqlite3.DatabaseError) and (
        "not a database" in text or "malformed" in text or "corrupt" in text or "encrypted" in text
    )


def disk_full(folder: Path) -> bool:
    """Whether the file system holding ``folder`` has (next to) no room left: SQLite reports a full disk as
    "disk I/O error" when it is met while making the WAL's index, rather than as "database or disk is full"."""
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):  # AttributeError: no statvfs on this platform
        return False
    return st.f_bavail * st.f_frsize < 1024 * 1024


def refuse_foreign(path: Path) -> None:
    """:class:`.schema.NotOurs` when ``path`` is another program's WAL-mode database, found without writing a
    byte. An ordinary connection to a WAL-mode file makes its ``-shm`` and ``-wal`` before the first query could
    tell whose it is, so such a file at rest (no ``-wal``: nobody has it open) is read as immutable. Any other
    file is left to the ordinary connection's own check (:func:`.schema.known_version`, in one read
    transaction), which makes nothing beside a file in rollback mode, and beside a WAL-mode file in use finds
    the ``-wal`` and ``-shm`` already there; a file that does not read is left to it too (it may be damaged)."""
    try:
        with open(path, "rb") as fh:
            header = fh.read(100)
    except OSError:
        return
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0") or header[18] != 2:
        return
    real = path.resolve()
    if real.with_name(real.name + "-wal").exists():
        return
    db = None
    try:
        db = sqlite3.connect(f"{real.as_uri()}?immutable=1", uri=True, isolation_level=None)
        known_version(db)
    except (sqlite3.Error, SchemaTooNew):
        pass
    finally:
        if db is not None:
            db.close()


def _wal(db: sqlite3.Connection) -> str:
    """Switch to WAL. The switch takes the file's lock without waiting on the busy handler, so a second copy
    of the game opening the same new file at the same moment is refused ("locked"): it tries again, as long
    as any other write would wait."""
    deadline = time.monotonic() + BUSY_MS / 1000
    while True:
        try:
            return str(db.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc).lower() or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def connect_writing(path: Path) -> sqlite3.Connection:
    """The connection the game writes with: WAL, the busy timeout, the schema brought up to date; refuses a
    newer game's file or another program's before anything writes (:class:`.schema.SchemaTooNew`,
    :class:`.schema.NotOurs`)."""
    refuse_foreign(path)
    db = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        known_version(db)  # before anything writes: a newer game's file, or another program's, is left as it is
        mode = _wal(db)
        if str(mode).lower() != "wal":
            db.execute("PRAGMA journal_mode = DELETE")
        db.execute("PRAGMA synchronous = NORMAL")  # with WAL: a crash of the game never loses a committed deal
        db.execute("PRAGMA foreign_keys = ON")
        migrate(db)
        db.execute("SELECT count(*) FROM sessions").fetchone()
        db.execute("SELECT id FROM deals ORDER BY id DESC LIMIT 1").fetchone()
    except BaseException:
        db.close()
        raise
    return db


def connect_reading(path: Path) -> sqlite3.Connection | None:
    """A connection that never writes, for the commands that only read: on a full disk, or a file the player
    may not write, they still list what is stored. None when the file must be opened for writing after all
    (it is new, older than this build, or damaged: opening it for writing moves it aside and salvages it)."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    refuse_foreign(path)
    uri = path.resolve().as_uri()
    wal = path.with_name(path.name + "-wal")
    queries = ["mode=ro"]
    # Without the WAL index SQLite must create one, which a full disk refuses; with no WAL content to read,
    # the main file alone is the whole history, and "immutable" reads it as it is, making nothing.
    if not wal.exists() or wal.stat().st_size == 0:
        queries.append("immutable=1")
    for query in queries:
        db = None
        try:
            db = sqlite3.connect(
                f"{uri}?{query}", uri=True, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
            )
            found = known_version(db)
            if found < VERSION:
                db.close()
                return None
            db.execute("SELECT count(*) FROM sessions").fetchone()
            db.execute("SELECT id FROM deals ORDER BY id DESC LIMIT 1").fetchone()
            return db
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
            if corrupt(exc):
                return None
            if query == queries[-1]:
                raise
    return None


def move_aside(path: Path, now: float) -> Path:
    """Rename a corrupt history (and its WAL files) out of the way; returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    return target
