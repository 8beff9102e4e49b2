"""Older histories are migrated, not dropped: schema 5 names who decided the player's hand of every stored deal.

A history at schema 4 holds deals as the builds before the time-out decider wrote them: the player's own
(``decided_by`` says ``player``), a time-out (the only writer of ``takeover`` then), a computer level (the player
left mid-deal), a watched deal, and records that name no decider for the player at all (an old file): one with
the seconds the player took (theirs), one without (unknown), one with the old ``computer_for_human`` flag.
Opened by this build, each deal gets its decider, the History marks what is not the player's own, Statistics
count the player's own only, and the records read back the same way. The export fixture of 2026-12-03 still
imports, its played deals the player's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.game.record import DealRecord, Decider
from app.game.transfer import import_lines
from app.screens.history import decider_mark
from app.store.database import open_history
from app.store.deal_format import player_columns
from app.store.schema import VERSION, migrate, new_uid, version_of
from app.store.stats import compute_stats

from .helpers import connect, sample_records

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "export-v1-2026-12-03.jsonl"


def _old(record: dict[str, Any], how: str) -> dict[str, Any]:
    """``record`` (the player at seat 0 decided) as an older build would have stored it, decided ``how``."""
    out = json.loads(json.dumps(record))
    me = str(out["human"])
    if how == "player":
        out["decided_by"][me] = "player"
    elif how == "takeover":  # the time-out, as the builds before schema 5 wrote it
        out["decided_by"][me] = "takeover"
        out.pop("seconds", None)
    elif how == "level":  # the player left mid-deal: the computer's level played the hand
        out["decided_by"][me] = "normal"
        out.pop("seconds", None)
    elif how == "silent_timed":  # no decider named; the seconds show the player submitted
        out.pop("decided_by", None)
        out["seconds"] = 12.5
    elif how == "silent":  # no decider named, nothing shows who decided
        out.pop("decided_by", None)
        out.pop("seconds", None)
    elif how == "flag":  # the oldest files: only the flag says the computer finished the hand
        out.pop("decided_by", None)
        out.pop("seconds", None)
        out["computer_for_human"] = True
    return out


HOWS = ("player", "takeover", "level", "silent_timed", "silent", "flag", "player")
WANT = {
    "player": "player",
    "takeover": "timeout",
    "level": "normal",
    "silent_timed": "player",
    "silent": None,
    "flag": "timeout",
}
MARKS = {
    "player": None,
    "takeover": "timeout",
    "level": "computer",
    "silent_timed": None,
    "silent": "unknown",
    "flag": "timeout",
}


def _build_v4(path: Path) -> list[dict[str, Any]]:
    """A schema-4 history of taiwan deals stored as :data:`HOWS` says, and one watched; the records stored."""
    played = [r for r in sample_records() if r["rules"] == "taiwan" and r["human"] is not None]
    watched = next(r for r in sample_records() if r["rules"] == "taiwan" and r["human"] is None)
    records = [{**_old(played[k % len(played)], how), "number": k + 1} for k, how in enumerate(HOWS)]
    records.append({**watched, "number": len(HOWS) + 1})
    db = connect(path)
    migrate(db, target=4)
    db.execute("BEGIN")
    session = db.execute(
        "INSERT INTO sessions (uid, started, updated, preset, mode, status, config, state) VALUES "
        "(?, 1, 2, 'taiwan', 'table', 'over', '{}', '{}')",
        (new_uid(),),
    ).lastrowid
    for k, record in enumerate(records):
        cols = player_columns(record)
        mode = "table" if record["human"] is not None else "watch"
        db.execute(
            f"INSERT INTO deals (uid, session, number, played, preset, mode, human, data, {', '.join(cols)}) "
            f"VALUES (?, ?, ?, ?, 'taiwan', ?, ?, ?, {', '.join('?' * len(cols))})",
            (new_uid(), session, k + 1, 100.0 + k, mode, record["human"], json.dumps(record), *cols.values()),
        )
    db.execute("COMMIT")
    db.close()
    return records


def test_an_old_history_gets_its_deciders(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    records = _build_v4(path)
    history = open_history(path).history
    assert history is not None and version_of(history.db) == VERSION
    rows = sorted(history.deals(limit=100), key=lambda r: r.id)
    assert len(rows) == len(records)  # nothing dropped
    for how, row in zip(HOWS, rows, strict=False):
        assert row.decider == WANT[how], how
        assert decider_mark(row) == MARKS[how], how
    assert rows[-1].human is None and rows[-1].decider is None and decider_mark(rows[-1]) is None  # watched
    stats = compute_stats(history, "taiwan")
    own = [k for k, how in enumerate(HOWS) if WANT[how] == "player"]
    assert stats.deals == len(own) == 3 and stats.seat_deals == len(HOWS) and stats.timeouts == 2
    assert stats.units == sum(records[k]["units"][0] for k in own)
    assert stats.median_seconds is not None  # the own deals' seconds only (the others have none)
    history.close()


def test_old_records_read_back_with_the_same_deciders() -> None:
    played = next(r for r in sample_records() if r["rules"] == "taiwan" and r["human"] is not None)
    read = {how: DealRecord.from_dict(_old(played, how)) for how in WANT}
    assert {how: rec.own() for how, rec in read.items()} == {
        "player": True,
        "takeover": False,
        "level": False,
        "silent_timed": True,
        "silent": False,
        "flag": False,
    }
    assert read["silent_timed"].decided_by[0] is Decider.PLAYER
    assert 0 not in read["silent"].decided_by  # unknown stays unknown: not the player's own
    assert read["flag"].computer_for_human and read["takeover"].computer_for_human
    again = DealRecord.from_dict(read["silent_timed"].to_dict())  # and once written back, it says so itself
    assert again.decided_by[0] is Decider.PLAYER and again.own()


def test_the_fixture_of_2026_12_03_still_imports(tmp_path: Path) -> None:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    imported = import_lines(history, lines)
    assert imported.added == len(lines)
    rows = history.deals(limit=100)
    table = [r for r in rows if r.mode == "table"]
    assert table and all(r.decider == "player" and decider_mark(r) is None for r in table)
    for preset in {r.preset for r in table}:
        assert compute_stats(history, preset).deals == sum(r.preset == preset for r in table)
    history.close()
