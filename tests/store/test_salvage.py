"""Issue 27, item 14: a damaged history is not set aside whole. Every session and deal that can still be read
is checked like an import line and carried over to the new file; the damaged one stays aside as it was, and
the count of deals recovered and lost is told (the command line's warning says it)."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from app.cli import main
from app.game.transfer import check_doc
from app.store.database import History, Mode, open_history

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "export-v1-2026-12-03.jsonl"
PAGE = 4096


def _forty(path: Path) -> None:
    """40 deals in 4 sessions, the fixture's records played again, checkpointed into the main file."""
    docs = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
    h = open_history(path).history
    assert h is not None
    scored = [d for d in docs if d["mode"] == "table" and d["session"] is not None]
    for s in range(4):
        first = scored[s]
        session = h.start_session(first["deal"]["rules"], Mode.TABLE, first["session"]["config"], {})
        for n in range(10):
            h.record_deal(session, {**scored[s]["deal"], "number": n + 1}, Mode.TABLE)
    h.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    h.close()


def _pages(path: Path, sql: str) -> list[int]:
    """The pages (1-based) that the b-tree of the table or index named by ``sql`` uses."""
    with sqlite3.connect(path) as db:
        name = db.execute(sql).fetchone()[0]
        return [p for (p,) in db.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (name,))]


def _garble(path: Path, page: int) -> bytes:
    with open(path, "r+b") as fh:
        fh.seek((page - 1) * PAGE)
        fh.write(b"\xa5" * PAGE)
    return path.read_bytes()


def _open(path: Path) -> tuple[History, list[Path]]:
    opened = open_history(path, check=check_doc)
    assert opened.history is not None and opened.moved_aside is None  # opening cannot tell
    moved: list[Path] = []
    opened.history.on_moved = moved.append
    return opened.history, moved


def _dbstat() -> bool:
    try:
        sqlite3.connect(":memory:").execute("SELECT * FROM dbstat LIMIT 0")
    except sqlite3.Error:
        return False
    return True


needs_dbstat = pytest.mark.skipif(not _dbstat(), reason="this SQLite has no dbstat table to find the pages")


@needs_dbstat
def test_a_damaged_index_page_loses_no_deal(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    _forty(path)
    pages = _pages(path, "SELECT name FROM sqlite_master WHERE name = 'deals_by_uid'")
    damaged = _garble(path, random.Random(27).choice(pages))
    h, moved = _open(path)
    assert len(h.sessions_by_uid()) == 4  # a query that does not touch the damage
    uids = [r[0] for r in h.read("SELECT uid FROM deals")]  # read through the damaged index
    assert len(moved) == 1 and moved[0].read_bytes() == damaged  # kept aside as it was
    assert h.salvaged is not None and (h.salvaged.recovered, h.salvaged.lost, h.salvaged.sessions) == (40, 0, 4)
    assert len(uids) == 40 and h.count() == 40 and len(h.sessions_by_uid()) == 4
    assert [r.number for r in h.session_deals(1)] == list(range(1, 11))


@needs_dbstat
def test_a_damaged_deal_page_loses_only_its_deals(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    _forty(path)
    leaves = _pages(path, "SELECT 'deals'")[1:]  # not the root: a leaf holding some deals
    _garble(path, leaves[len(leaves) // 2])
    h, moved = _open(path)
    h.read("SELECT count(*) FROM deals WHERE data LIKE '%x%'")  # reads every deal: meets the damage
    assert len(moved) == 1
    salvaged = h.salvaged
    assert salvaged is not None and salvaged.recovered + salvaged.lost == 40 and 0 < salvaged.lost < 20
    assert h.count() == salvaged.recovered
    assert all(h.deal(r.id) is not None for r in h.deals())  # every deal carried over reads back whole


def test_a_salvaged_deal_is_checked_like_an_import(tmp_path: Path) -> None:
    """A row that reads but would not import (its result is not what the rules score) is counted lost."""
    path = tmp_path / "history.sqlite3"
    _forty(path)
    with sqlite3.connect(path) as db:
        data = json.loads(db.execute("SELECT data FROM deals WHERE id = 7").fetchone()[0])
        data["result"]["totals"][0] += 1
        db.execute("UPDATE deals SET data = ? WHERE id = 7", (json.dumps(data),))
        db.execute("UPDATE deals SET data = 'not json' WHERE id = 8")
    path.with_name("copy").write_bytes(path.read_bytes())
    h, _ = _open(path)
    h._set_aside()  # as when a query meets damage
    assert h.salvaged is not None and (h.salvaged.recovered, h.salvaged.lost) == (38, 2)


@needs_dbstat
def test_the_command_line_says_how_many_deals_were_recovered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = home / "history.sqlite3"
    _forty(path)
    _garble(path, _pages(path, "SELECT name FROM sqlite_master WHERE name = 'deals_by_uid'")[0])
    monkeypatch.setenv("CHINESE_POKER_HOME", str(home))
    assert main(["import", str(FIXTURE)]) == 0  # reads every uid through the damaged index
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "a new history started with the 40 deals that could be read (0 lost)" in err
    assert "imported 14 deals" in err
