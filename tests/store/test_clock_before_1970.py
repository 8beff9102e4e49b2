"""A machine whose clock says a year before 1970 (issue 37, item 12): the deals it plays are stored and read back
like any other, listed, counted and exported; none reads as damaged."""

from __future__ import annotations

from pathlib import Path

from app.game.transfer import export_lines
from app.store.database import Mode, open_history

from .helpers import numbered, sample_records

NINETEEN_SIXTY = -10 * 365.25 * 86400


def test_deals_played_under_a_clock_before_1970_read_back_whole(tmp_path: Path) -> None:
    history = open_history(tmp_path / "history.sqlite3", clock=lambda: NINETEEN_SIXTY).history
    assert history is not None
    records = sample_records(1)[:4]
    session = history.start_session("taiwan", Mode.TABLE, {"preset": "taiwan"}, {"number": 0, "seed": 1})
    for n, record in enumerate(records, 1):
        history.record_deal(session, numbered(record, n), Mode.TABLE)
    listed = history.deals(limit=10)
    assert len(listed) == len(records) and all(d.played == NINETEEN_SIXTY for d in listed)
    assert history.session(session) is not None
    lines = list(export_lines(history, lambda message: (_ for _ in ()).throw(AssertionError(message))))
    assert len(lines) == len(records)
