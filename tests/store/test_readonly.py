"""When the history cannot be written, it turns off for the run and the game goes on.

A data folder the game may not write (and, under it, one it cannot create) opens no history, says why
(``READ_ONLY``) and raises nothing; a table with no history plays on. A write that fails mid-run (the disk
fills up) turns the table's journal off with one notice, writes nothing half-way, and the next deal is played.
A history from a newer version of the game is refused (``TOO_NEW``) and left exactly as it is.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.game.journal import Journal
from app.game.phase import Phase
from app.store.database import HistoryOff, Mode, Status, WriteFailed, open_history
from rules.presets import Preset

from .helpers import connect, numbered, play_deal, sample_records, table_for

ROOT = Path(__file__).resolve().parents[2]

as_root = pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0,
    reason="root writes into read-only folders: the permissions are not tested as root",
)


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A data folder with no write permission (given back afterwards so that pytest can remove it)."""
    folder = tmp_path / "data"
    folder.mkdir()
    yield folder
    folder.chmod(0o700)


def plays_on_without_history(journal: Journal, deals: int = 3) -> None:
    table = table_for(Preset.TAIWAN, 5, journal)
    rng = random.Random(5)
    for _ in range(deals):
        assert play_deal(table, rng)
    assert len(table.history) == deals and table.phase is Phase.RESULTS


@as_root
def test_read_only_folder_turns_history_off(locked: Path) -> None:
    locked.chmod(0o500)
    opened = open_history(locked / "history.sqlite3")
    assert opened.history is None and opened.off is HistoryOff.READ_ONLY
    assert opened.moved_aside is None
    assert list(locked.iterdir()) == []
    journal = Journal(opened.history)
    assert not journal.recording
    plays_on_without_history(journal)
    assert journal.take_notice() is None  # it was never on: the opening's notice says why


@as_root
def test_folder_under_a_read_only_one(locked: Path) -> None:
    locked.chmod(0o500)
    opened = open_history(locked / "chinese-poker" / "history.sqlite3")
    assert opened.history is None and opened.off is HistoryOff.READ_ONLY


@as_root
def test_existing_history_in_read_only_folder(locked: Path) -> None:
    path = locked / "history.sqlite3"
    history = open_history(path).history
    assert history is not None
    history.record_deal(None, numbered(sample_records()[0], 1), Mode.TABLE)
    history.close()
    before = path.read_bytes()
    locked.chmod(0o500)
    opened = open_history(path)
    assert opened.history is None and opened.off is HistoryOff.READ_ONLY
    assert opened.moved_aside is None
    assert path.read_bytes() == before
    assert [p.name for p in locked.iterdir()] == ["history.sqlite3"]


@as_root
def test_read_only_file_turns_journal_off(tmp_path: Path) -> None:
    """A history file the game may read but not write: opened, or not, it records nothing and says why."""
    path = tmp_path / "history.sqlite3"
    open_history(path).history.close()  # type: ignore[union-attr]
    path.chmod(stat.S_IRUSR)
    try:
        opened = open_history(path)
        if opened.history is None:
            assert opened.off is HistoryOff.READ_ONLY
            return
        journal = Journal(opened.history)
        table = table_for(Preset.TAIWAN, 5, journal)
        rng = random.Random(5)
        assert play_deal(table, rng)
        assert journal.history is None and journal.take_notice() is HistoryOff.READ_ONLY
        assert play_deal(table, rng)
    finally:
        path.chmod(0o600)


def test_journal_without_history_plays_on() -> None:
    journal = Journal(None)
    plays_on_without_history(journal)
    journal.ended(table_for(Preset.TAIWAN, 5, journal))
    assert journal.take_notice() is None and journal.session is None


def test_full_disk_turns_journal_off_mid_run(tmp_path: Path) -> None:
    """The disk fills up (SQLite's page limit set to the file's size) before the third deal is written."""
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    told: list[HistoryOff] = []
    journal = Journal(history, on_off=told.append)
    table = table_for(Preset.TAIWAN, 5, journal)
    rng = random.Random(5)
    assert play_deal(table, rng) and play_deal(table, rng)
    assert journal.recording and history.count() == 2
    pages = history.db.execute("PRAGMA page_count").fetchone()[0]
    history.db.execute(f"PRAGMA max_page_count = {pages}")
    for _ in range(3):  # deals 3 to 5: the first fails to be written
        assert play_deal(table, rng)
        if not journal.recording:
            break
    assert journal.history is None and journal.off is HistoryOff.FULL
    assert told == [HistoryOff.FULL]
    assert journal.take_notice() is HistoryOff.FULL
    assert journal.take_notice() is None
    stored = history.count()
    assert 2 <= stored < len(table.history)
    # Nothing half-written: the session's state is that of its last stored deal.
    session = history.session(journal.session)  # type: ignore[arg-type]
    assert session is not None and session.deals == stored and session.state["number"] == stored
    assert history.db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    played = len(table.history)
    assert play_deal(table, rng)  # the next deal is played, and not written
    assert len(table.history) == played + 1 and history.count() == stored
    journal.ended(table)  # off: the end of the session is not written either, and says nothing more
    assert journal.take_notice() is None
    # The stored state is a deal the player has seen played: Continue never offers it, now or at the next start,
    # when the session is ended (the room for the disk to take that write is back).
    assert history.holding.claims.is_behind(history.session(journal.session).uid)  # type: ignore[arg-type, union-attr]
    assert history.resumable() is None
    history.close()
    again = open_history(tmp_path / "history.sqlite3").history
    assert again is not None and again.resumable() is None
    assert again.session(journal.session).status is Status.OVER  # type: ignore[arg-type, union-attr]
    assert list(again.holding.claims.folder.iterdir()) == []


class FailingDb:
    """A connection that refuses statements matching ``fails`` with ``error`` (SQLite's message for it)."""

    def __init__(self, db: sqlite3.Connection, fails: str, error: Exception) -> None:
        self._db, self.fails, self.error = db, fails, error

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.startswith(self.fails):
            raise self.error
        return self._db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


@pytest.mark.parametrize(
    ("error", "why"),
    [
        (sqlite3.OperationalError("database or disk is full"), HistoryOff.FULL),
        (OSError(28, "No space left on device"), HistoryOff.FULL),
        (sqlite3.OperationalError("attempt to write a readonly database"), HistoryOff.READ_ONLY),
        (sqlite3.OperationalError("disk I/O error"), HistoryOff.UNAVAILABLE),
    ],
)
def test_failed_write_says_why(tmp_path: Path, error: Exception, why: HistoryOff) -> None:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    records = sample_records()
    session = history.start_session("taiwan", Mode.TABLE, {}, {"number": 1})
    history.record_deal(session, numbered(records[0], 1), Mode.TABLE, state={"number": 1})
    real = history.db
    history.db = FailingDb(real, "UPDATE sessions", error)  # type: ignore[assignment]
    with pytest.raises(WriteFailed) as failed:
        history.record_deal(session, numbered(records[1], 2), Mode.TABLE, state={"number": 2})
    assert failed.value.why is why
    assert not real.in_transaction  # rolled back: the deal inserted before the failure is gone
    history.db = real
    assert history.count() == 1 and history.session(session).state == {"number": 1}  # type: ignore[union-attr]


def test_failing_review_write_turns_journal_off(tmp_path: Path) -> None:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    journal = Journal(history)
    table = table_for(Preset.TAIWAN, 5, journal)
    rng = random.Random(5)
    assert play_deal(table, rng)
    history.db = FailingDb(history.db, "UPDATE deals", sqlite3.OperationalError("database or disk is full"))  # type: ignore[assignment]
    assert play_deal(table, rng, review=True)  # the deal is written; its review is not
    assert journal.history is None and journal.take_notice() is HistoryOff.FULL
    assert journal.take_notice() is None
    assert play_deal(table, rng)
    assert len(table.history) == 3


def newer(path: Path, *, wal: bool) -> bytes:
    """A history at schema 99 (a newer game's), as written by this game's store or in rollback-journal mode."""
    if wal:
        history = open_history(path).history
        assert history is not None
        history.record_deal(None, numbered(sample_records()[0], 1), Mode.TABLE)
        history.db.execute("PRAGMA user_version = 99")
        history.close()
    else:
        db = connect(path)
        db.execute("CREATE TABLE deals (id INTEGER PRIMARY KEY, data TEXT)")
        db.execute("INSERT INTO deals (data) VALUES ('{}')")
        db.execute("PRAGMA user_version = 99")
        db.close()
    return path.read_bytes()


def test_newer_schema_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    before = newer(path, wal=True)
    opened = open_history(path)
    assert opened.history is None and opened.off is HistoryOff.TOO_NEW
    assert opened.moved_aside is None and "99" in opened.detail
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["history.sqlite3"]
    plays_on_without_history(Journal(opened.history))


def test_newer_schema_in_rollback_mode_is_not_modified(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    before = newer(path, wal=False)
    opened = open_history(path)
    assert opened.history is None and opened.off is HistoryOff.TOO_NEW
    assert path.read_bytes() == before


def foreign(path: Path, *, version: int = 0, wal: bool = False) -> bytes:
    """Another program's SQLite database at ``path`` (a browser's bookmarks, say); returns its bytes."""
    with sqlite3.connect(path) as db:
        if wal:
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
        db.execute("INSERT INTO moz_places (url) VALUES ('https://example.org/')")
        db.execute(f"PRAGMA user_version = {version}")
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize(("version", "wal"), [(0, False), (0, True), (3, False), (99, False)])
def test_another_programs_database_behind_a_symlink_is_left_untouched(tmp_path: Path, version: int, wal: bool) -> None:
    """The history file is a symlink to another program's database (no version of ours, or a version but none
    of our tables): nothing is added to it, it is not moved aside, and the history is off saying why."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "places.sqlite"
    before = foreign(target, version=version, wal=wal)
    beside = sorted(p.name for p in elsewhere.iterdir())
    path = tmp_path / "data" / "history.sqlite3"
    path.parent.mkdir()
    path.symlink_to(target)
    for read_only in (False, True):
        opened = open_history(path, read_only=read_only)
        assert opened.history is None and opened.off is HistoryOff.FOREIGN, opened
        assert "moz_places" in opened.detail and opened.moved_aside is None
    assert path.is_symlink() and target.read_bytes() == before
    assert sorted(p.name for p in elsewhere.iterdir()) == beside
    assert [p.name for p in path.parent.iterdir()] == ["history.sqlite3"]
    with sqlite3.connect(target) as db:
        assert [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["moz_places"]
    db.close()
    plays_on_without_history(Journal(opened.history))


def test_the_commands_say_the_history_is_another_programs(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    before = foreign(home / "history.sqlite3")
    env = {**os.environ, "CHINESE_POKER_HOME": str(home)}
    for command in (["history"], ["export", str(tmp_path / "out.jsonl")]):
        done = subprocess.run(
            [sys.executable, "-m", "app", *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode != 0 and "Traceback" not in done.stderr, done
        assert "another program's database" in done.stderr, done.stderr
    assert (home / "history.sqlite3").read_bytes() == before


@pytest.mark.skipif(
    not (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("setpriv")),
    reason="run as root with setpriv: the folder tests above cover other users",
)
def test_read_only_folder_for_an_unprivileged_player() -> None:
    """As root (CI) permissions do not bind, so the player is played by `nobody`: a folder it may not write
    turns the history off, and opening says why instead of raising."""
    base = Path(tempfile.mkdtemp(prefix="cp-ro-"))
    try:
        base.chmod(0o755)
        folder = base / "data"
        folder.mkdir(mode=0o555)
        folder.chmod(0o555)  # owned by root: nobody may not write it
        as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c"]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(base)}
        # The test's own precondition: `nobody` can run this Python with the project and its dependencies. A
        # virtual environment in a private folder (a home of mode 700, a `mktemp -d`) is unreadable to it.
        can = subprocess.run(
            [*as_nobody, "import app.store.database, platformdirs"],
            capture_output=True,
            text=True,
            cwd=base,
            timeout=120,
            env=env,
        )
        if can.returncode != 0:
            last = (can.stderr.strip().splitlines() or ["no output"])[-1]
            pytest.skip(f"the unprivileged user cannot import the project from this environment: {last}")
        code = (
            "import sys; from pathlib import Path; from app.store.database import open_history; "
            "o = open_history(Path(sys.argv[1]) / 'history.sqlite3'); print(o.history is None, o.off)"
        )
        done = subprocess.run(
            [*as_nobody, code, str(folder)], capture_output=True, text=True, cwd=base, timeout=120, env=env
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["True", "read_only"]
        assert list(folder.iterdir()) == []  # nothing was written
    finally:
        shutil.rmtree(base, ignore_errors=True)
