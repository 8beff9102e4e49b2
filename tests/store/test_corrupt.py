"""A history file that is not a database is moved aside, whole, and a fresh history started in its place.

Garbage bytes, a real history with its header overwritten, and one cut short are each renamed
``history.sqlite3.corrupt-<time>`` (with their WAL side files), byte for byte as they were; the game goes on
with a new, working history. A second corrupt file in the same second gets a name of its own.
"""

from __future__ import annotations

import random
import shutil
import time
from pathlib import Path

import pytest

from app.store.database import Mode, open_history
from app.store.schema import VERSION

from .helpers import connect, numbered, sample_records

NOW = 1_764_608_400.0  # the clock open_history is given: every move aside happens in this second
STAMP = time.strftime("%Y%m%d-%H%M%S", time.localtime(NOW))


def garbage(seed: int, size: int = 20_000) -> bytes:
    return random.Random(seed).randbytes(size)


def real_history(path: Path, deals: int = 40) -> bytes:
    """A history of ``deals`` deals, closed; its bytes."""
    history = open_history(path).history
    assert history is not None
    session = history.start_session("taiwan", Mode.TABLE, {}, {})
    records = sample_records()
    for n in range(1, deals + 1):
        history.record_deal(session, numbered(records[n % len(records)], n), Mode.TABLE, state={"n": n})
    history.close()
    return path.read_bytes()


def assert_fresh_and_working(path: Path) -> None:
    """``path`` is a new, empty history at the current version that stores a deal and reads it back."""
    db = connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    db.close()
    opened = open_history(path, clock=lambda: NOW)
    assert opened.history is not None and opened.moved_aside is None
    history = opened.history
    assert history.count() == 0
    deal_id = history.record_deal(None, numbered(sample_records()[0], 1), Mode.TABLE)
    assert history.deal(deal_id) is not None
    history.close()
    assert open_history(path).history.count() == 1  # type: ignore[union-attr]


def test_garbage_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    junk = garbage(1)
    path.write_bytes(junk)
    opened = open_history(path, clock=lambda: NOW)
    assert opened.history is not None and opened.off is None
    moved = opened.moved_aside
    assert moved is not None and moved.exists()
    assert moved.name == f"history.sqlite3.corrupt-{STAMP}" and moved.parent == tmp_path
    assert moved.read_bytes() == junk
    opened.history.close()
    assert_fresh_and_working(path)


def test_junk_wal_is_not_replayed(tmp_path: Path) -> None:
    """A junk -wal beside a junk file does not leak into the fresh history."""
    path = tmp_path / "history.sqlite3"
    path.write_bytes(garbage(2))
    (tmp_path / "history.sqlite3-wal").write_bytes(garbage(3, 5000))
    opened = open_history(path, clock=lambda: NOW)
    assert opened.history is not None and opened.moved_aside is not None
    opened.history.close()
    assert_fresh_and_working(path)


def test_committed_wal_stays_with_the_moved_file(tmp_path: Path) -> None:
    """Deals committed to the WAL of a file whose header then broke are kept in what is moved aside (SQLite
    checkpoints them into it, or the -wal goes with it), so that the file can still be mended by hand."""
    path = tmp_path / "history.sqlite3"
    history = open_history(path).history
    assert history is not None
    records = sample_records()
    for n in range(1, 21):
        history.record_deal(None, numbered(records[n % len(records)], n), Mode.TABLE)
    history.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    history.db.execute("PRAGMA wal_autocheckpoint = 0")
    # Five of the player's own decisions (the only deals a verdict is kept on) get one: in-place updates, so the
    # WAL holds them and page 1 (the header) stays in the file.
    own = [
        i
        for (i,) in history.read(
            "SELECT id FROM deals WHERE decider = 'player' AND preset != 'ladder' ORDER BY id LIMIT 5"
        )
    ]
    assert len(own) == 5
    for deal_id in own:
        history.set_review(deal_id, {"verdict": "best", "loss": 0.0})
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for f in tmp_path.glob("history.sqlite3*"):  # the files as a crash would leave them
        shutil.copy(f, crashed / f.name)
    history.close()
    broken = crashed / "history.sqlite3"
    assert (crashed / "history.sqlite3-wal").stat().st_size > 0
    broken.write_bytes(b"not a database!!" + broken.read_bytes()[16:])
    opened = open_history(broken, clock=lambda: NOW)
    assert opened.history is not None and opened.moved_aside is not None
    opened.history.close()
    mended = tmp_path / "mended"
    mended.mkdir()
    for f in crashed.glob("history.sqlite3.corrupt-*"):
        shutil.copy(f, mended / f.name.replace(opened.moved_aside.name, "history.sqlite3"))
    (mended / "history.sqlite3").write_bytes(b"SQLite format 3\x00" + (mended / "history.sqlite3").read_bytes()[16:])
    db = connect(mended / "history.sqlite3")
    assert db.execute("SELECT count(*) FROM deals WHERE verdict = 'best'").fetchone()[0] == 5
    db.close()


@pytest.mark.parametrize("damage", ["header", "page_one", "truncated"])
def test_damaged_history_is_moved_aside(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "history.sqlite3"
    good = real_history(path)
    rng = random.Random(damage)
    if damage == "header":  # the magic string and the page size
        bad = rng.randbytes(24) + good[24:]
    elif damage == "page_one":  # the header's fields and the schema's root page after it
        bad = good[:16] + rng.randbytes(4080) + good[4096:]
    else:
        bad = good[: len(good) // 2]
    path.write_bytes(bad)
    opened = open_history(path, clock=lambda: NOW)
    assert opened.history is not None, opened
    assert opened.moved_aside is not None and ".corrupt-" in opened.moved_aside.name
    assert opened.moved_aside.read_bytes() == bad
    opened.history.close()
    assert_fresh_and_working(path)


def test_same_second_gets_distinct_names(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    moved = []
    for seed in range(3):
        path.write_bytes(garbage(seed))
        opened = open_history(path, clock=lambda: NOW)
        assert opened.history is not None and opened.moved_aside is not None
        opened.history.close()
        moved.append(opened.moved_aside)
    assert len(set(moved)) == 3
    assert all(f".corrupt-{STAMP}" in m.name for m in moved)
    for seed, m in enumerate(moved):
        assert m.read_bytes() == garbage(seed), "an earlier corrupt file was overwritten"
    assert_fresh_and_working(path)


def test_empty_file_is_not_corrupt(tmp_path: Path) -> None:
    """A zero-byte file (a history created but never written) is a new database, not a corrupt one."""
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"")
    opened = open_history(path, clock=lambda: NOW)
    assert opened.history is not None and opened.moved_aside is None
    opened.history.close()
    assert not list(tmp_path.glob("*.corrupt-*"))
    assert_fresh_and_working(path)


def test_good_history_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    real_history(path, deals=5)
    opened = open_history(path, clock=lambda: NOW)
    assert opened.history is not None and opened.moved_aside is None
    assert opened.history.count() == 5
    assert not list(tmp_path.glob("*.corrupt-*"))
