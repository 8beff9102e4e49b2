"""Every earlier schema version opens and is brought up to the current one with its data whole.

For each version before :data:`app.store.schema.VERSION` a history is built at that version (its own
migrations, stopped there) and filled the way that version's game filled it: sessions, and real deals of
every preset (played, fouled, a special declared, watched) as JSON, with the columns that version had. Opening
it migrates it: the derived columns are what :func:`player_columns` reads from the JSON, every deal and
session gets a distinct uid, and the reading API and the statistics work. A migration that fails part-way
(an error, or the process dying) leaves the file at its old version, untouched.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from app.store import schema
from app.store.database import HistoryOff, Mode, open_history
from app.store.deal_format import decider_column, player_columns
from app.store.schema import VERSION, migrate, new_uid, version_of
from app.store.stats import compute_stats
from rules.presets import Preset

from .helpers import connect, sample_records

ROOT = Path(__file__).resolve().parents[2]
DERIVED = ("units", "rows_won", "rows_lost", "sweeps_given", "sweeps_taken", "fouled", "special", "seconds")


def build(path: Path, version: int) -> dict[int, list[dict[str, Any]]]:
    """A history at ``version`` with one session a preset holding its sample deals; the records by session."""
    db = connect(path)
    migrate(db, target=version)
    assert version_of(db) == version
    by_session: dict[int, list[dict[str, Any]]] = {}
    if version >= 1:
        records = sample_records()
        db.execute("BEGIN")
        for k, preset in enumerate(Preset):
            mine = [r for r in records if r["rules"] == preset.value]
            cur = db.execute(
                "INSERT INTO sessions (started, updated, preset, mode, status, config, state) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    1000.0 + k,
                    2000.0 + k,
                    preset.value,
                    "table",
                    "open",
                    json.dumps({"preset": preset.value}),
                    json.dumps({"number": len(mine), "seed": k}),
                ),
            )
            session = int(cur.lastrowid or 0)
            if version >= 3:
                db.execute("UPDATE sessions SET uid = ? WHERE id = ?", (new_uid(), session))
            by_session[session] = []
            for number, record in enumerate(mine, 1):
                record = {**record, "number": number}
                mode = "table" if record["human"] is not None else "watch"
                values: dict[str, Any] = {
                    "session": session,
                    "number": number,
                    "played": 3000.0 + number,
                    "preset": preset.value,
                    "mode": mode,
                    "human": record["human"],
                    "data": json.dumps(record, ensure_ascii=False),
                }
                if version >= 2:
                    values.update(player_columns(record))
                if version >= 3:  # from version 3 on the game gives every deal its uid as it writes it
                    values["uid"] = new_uid()
                if version >= 5:  # and from version 5 on who decided the player's hand
                    values["decider"] = decider_column(record)
                db.execute(
                    f"INSERT INTO deals ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
                    tuple(values.values()),
                )
                by_session[session].append(record)
        db.execute("COMMIT")
    db.close()
    return by_session


def rows_of(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    db = connect(path)
    out = {t: db.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in ("sessions", "deals")}
    db.close()
    return out


def columns(path: Path, table: str) -> list[str]:
    db = connect(path)
    names = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    db.close()
    return names


@pytest.mark.parametrize("version", range(VERSION))
def test_old_version_migrates_whole(tmp_path: Path, version: int) -> None:
    path = tmp_path / "history.sqlite3"
    by_session = build(path, version)
    opened = open_history(path)
    assert opened.history is not None and opened.moved_aside is None, opened
    history = opened.history
    assert version_of(history.db) == VERSION
    everything = [r for records in by_session.values() for r in records]
    assert history.count() == len(everything)

    rows = history.deals(limit=1000)
    assert [d.id for d in rows] == sorted((d.id for d in rows), reverse=True)
    for row in rows:
        full = history.deal(row.id)
        assert full is not None and full.data is not None and full.review is None
        want = player_columns(full.data)
        got = history.db.execute(f"SELECT {', '.join(DERIVED)} FROM deals WHERE id = ?", (row.id,)).fetchone()
        assert dict(zip(DERIVED, got, strict=True)) == want
        assert (row.units, row.rows_won, row.sweeps_given, row.sweeps_taken, row.special, row.seconds) == (
            want["units"],
            want["rows_won"],
            want["sweeps_given"],
            want["sweeps_taken"],
            want["special"],
            want["seconds"],
        )
        assert row.fouled == (None if want["fouled"] is None else bool(want["fouled"]))
        assert row.verdict is None and row.loss is None and row.retry_of is None
    if version >= 1:
        assert any(d.fouled for d in rows) and any(d.special for d in rows) and any(d.human is None for d in rows)

    for table in ("deals", "sessions"):
        uids = [u for (u,) in history.db.execute(f"SELECT uid FROM {table}")]
        assert all(isinstance(u, str) and re.fullmatch(r"[0-9a-f]{16}", u) for u in uids)
        assert len(set(uids)) == len(uids)

    for session, records in by_session.items():
        stored = history.session_deals(session)
        assert [d.data for d in stored] == records
        assert [d.number for d in stored] == list(range(1, len(records) + 1))
        row = history.session(session)
        assert row is not None and row.deals == len(records) and row.state["number"] == len(records)

    for preset in Preset:
        played = [r for r in everything if r["rules"] == preset.value and r["human"] is not None]
        stats = compute_stats(history, preset.value)
        assert stats.deals == len(played)
        assert stats.units == sum(player_columns(r)["units"] for r in played)
        assert stats.fouls == sum(player_columns(r)["fouled"] for r in played)
        assert stats.specials == sum(player_columns(r)["special"] is not None for r in played)

    # The new columns take writes: a review, a retry, a claimed session.
    if everything:
        first = rows[-1].id
        history.set_review(first, {"verdict": "good", "loss": 0.25})
        retry = history.record_deal(None, history.deal(first).data, Mode.RETRY, retry_of=first)  # type: ignore[union-attr]
        assert [d.id for d in history.retries(first)] == [retry]
        assert history.deal(first).verdict == "good"  # type: ignore[union-attr]
        assert history.holding.claim(next(iter(by_session)), 4242)
    history.close()
    assert open_history(path).history is not None  # and it opens again, already current


def test_migration_error_leaves_old_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "history.sqlite3"
    build(path, VERSION - 1)
    before = rows_of(path)
    old_columns = columns(path, "deals")

    def broken(db: sqlite3.Connection) -> None:  # a migration's first steps (new columns, tables, data), then a failure
        db.execute("ALTER TABLE deals ADD COLUMN half TEXT")
        db.execute("CREATE TABLE halfway (x INTEGER)")
        db.execute("UPDATE deals SET half = 'x'")
        db.execute("CREATE INDEX half ON deals(half)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(schema.MIGRATIONS, VERSION, broken)
    opened = open_history(path)
    assert opened.history is None and opened.off is HistoryOff.UNAVAILABLE and opened.moved_aside is None

    def boom(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE deals ADD COLUMN half TEXT")
        raise RuntimeError("a bug in a migration")

    monkeypatch.setitem(schema.MIGRATIONS, VERSION, boom)
    db = connect(path)
    with pytest.raises(RuntimeError):
        migrate(db)
    assert not db.in_transaction and version_of(db) == VERSION - 1
    db.close()

    assert columns(path, "deals") == old_columns and rows_of(path) == before
    monkeypatch.undo()
    history = open_history(path).history
    assert history is not None and version_of(history.db) == VERSION and history.count() == len(before["deals"])


CRASH = textwrap.dedent(
    """
    import os
    import sqlite3
    import sys

    from app.store import schema

    def dying(db):
        db.execute("ALTER TABLE deals ADD COLUMN half TEXT")
        db.execute("CREATE TABLE halfway (x INTEGER)")
        db.execute("UPDATE deals SET half = lower(hex(randomblob(8)))")
        os._exit(9)  # the process dies mid-migration: no rollback, no close

    schema.MIGRATIONS[schema.VERSION] = dying
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    schema.migrate(db)
    """
)


def test_death_mid_migration_leaves_old_version(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    build(path, VERSION - 1)
    before = rows_of(path)
    old_columns = columns(path, "deals")
    done = subprocess.run([sys.executable, "-c", CRASH, str(path)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 9, done.stderr
    assert columns(path, "deals") == old_columns and rows_of(path) == before
    db = connect(path)
    assert version_of(db) == VERSION - 1 and db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    history = open_history(path).history
    assert history is not None and version_of(history.db) == VERSION and history.count() == len(before["deals"])


def test_a_ladder_deal_loses_the_verdict_an_older_build_gave_it(tmp_path: Path) -> None:
    # 比牌型: nobody decides anything, yet builds before schema 6 priced the hand as "best" (issue 36).
    path = tmp_path / "history.sqlite3"
    build(path, 5)
    db = connect(path)
    db.execute("UPDATE deals SET verdict = 'best', loss = 0.0, review = '{}'")
    db.close()
    history = open_history(path).history
    assert history is not None
    kept = dict(history.db.execute("SELECT preset, count(verdict) FROM deals GROUP BY preset").fetchall())
    assert kept["ladder"] == 0 and kept["taiwan"] > 0
    assert compute_stats(history, "ladder").priced == 0
