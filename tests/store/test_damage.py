"""Damage that opening cannot see: a garbled page deep in a history whose header and schema are whole. The
first query that reaches it sets the file aside (as at start-up), says where, carries every deal that can
still be read over to a fresh file and answers from it; a write that meets it fails cleanly; nothing raises
into the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.store.database import History, Mode, WriteFailed, open_history
from app.store.stats import compute_stats
from rules.presets import Preset

from .helpers import numbered, sample_records


def _damaged(path: Path) -> tuple[History, list[Path]]:
    h = open_history(path).history
    assert h is not None
    session = h.start_session("taiwan", Mode.TABLE, {}, {})
    pool = sample_records()
    for n in range(600):
        h.record_deal(session, numbered(pool[n % len(pool)], n + 1), Mode.TABLE)
    h.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    h.close()
    page = 4096
    size = path.stat().st_size
    with open(path, "r+b") as fh:  # garble two pages in the middle of the deals' b-tree, not the schema
        for at in (size // 2 // page * page, (size // 2 // page + 1) * page):
            fh.seek(at)
            fh.write(b"\xa5" * page)
    opened = open_history(path)
    assert opened.history is not None and opened.moved_aside is None  # opening cannot tell
    moved: list[Path] = []
    opened.history.on_moved = moved.append
    return opened.history, moved


def test_a_query_that_meets_damage_sets_the_file_aside_and_goes_on(tmp_path: Path) -> None:
    h, moved = _damaged(tmp_path / "history.sqlite3")
    for preset in Preset:  # each reads every deal of its rules: one of them meets the damage
        stats = compute_stats(h, preset.value)
        if moved:
            break
    assert len(moved) == 1 and moved[0].exists() and ".corrupt-" in moved[0].name
    salvaged = h.salvaged
    assert salvaged is not None and 0 < salvaged.lost < 40 and salvaged.recovered + salvaged.lost == 600
    assert stats.deals == compute_stats(h, stats.preset).deals  # answered from the fresh file
    assert h.count() == salvaged.recovered and len(h.deals(limit=1000)) == salvaged.recovered
    session = h.start_session("taiwan", Mode.TABLE, {}, {})  # the fresh file records
    h.record_deal(session, numbered(sample_records()[0], 1), Mode.TABLE)
    assert h.count() == salvaged.recovered + 1


def test_a_write_that_meets_damage_fails_cleanly_and_sets_the_file_aside(tmp_path: Path) -> None:
    h, moved = _damaged(tmp_path / "history.sqlite3")
    with pytest.raises(WriteFailed):
        h.write(lambda db: db.execute("UPDATE deals SET loss = 0.5"))  # touches every deal's page
    assert len(moved) == 1
    assert h.salvaged is not None and h.count() == h.salvaged.recovered  # the update itself is not made
