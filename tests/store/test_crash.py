"""A crash at any moment loses no committed deal and leaves the history readable.

A child process opens the history and records 1,000 deals, one transaction each, printing each deal's uid
once its commit has returned; it is killed with SIGKILL at a seeded random point of its progress, twenty
times over the same file (each run appends a session to what the earlier runs left, WAL files and all).
After every kill the history opens as it is (not moved aside), passes SQLite's integrity check, and holds
every deal the child reported, each with its session's state from the same transaction.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from app.store.database import open_history
from tests.tiers import sized

from .helpers import sample_records

ROOT = Path(__file__).resolve().parents[2]
DEALS = 1000

CHILD = textwrap.dedent(
    """
    import json
    import sys
    from pathlib import Path

    print("started", flush=True)
    from app.store.database import Mode, open_history
    from app.store.schema import new_uid

    path, records, deals = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text()), int(sys.argv[3])
    opened = open_history(path)
    if opened.history is None or opened.moved_aside is not None:
        print("refused", opened, flush=True)
        sys.exit(3)
    history = opened.history
    session = history.start_session("taiwan", Mode.TABLE, {}, {"number": 0})
    print("session", session, flush=True)
    for number in range(1, deals + 1):
        uid = new_uid()
        record = {**records[number % len(records)], "number": number}
        history.record_deal(session, record, Mode.TABLE, state={"number": number}, uid=uid)
        print(uid, flush=True)
    print("done", flush=True)
    """
)


@sized("kills", 6, 20)
def test_sigkill_never_loses_a_committed_deal(tmp_path: Path, kills: int) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    records = tmp_path / "records.json"
    records.write_text(json.dumps([r for r in sample_records() if r["rules"] == "taiwan"]))
    path = tmp_path / "data" / "history.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(20240601)
    reported: list[str] = []
    unfinished = 0
    for run in range(kills):
        child = subprocess.Popen(
            [sys.executable, str(script), str(path), str(records), str(DEALS)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == "started\n"
        # The kill lands at a seeded moment of the child's progress, not of the wall clock (a busy machine
        # would otherwise let the child finish first): while it opens the file (recovering the WAL the last
        # kill left), or once it has reported ``target`` deals, still writing.
        target = rng.randrange(-1, DEALS - 200)
        lines = []
        if target >= 0:
            lines.append(child.stdout.readline())  # "session …"
            while len(lines) - 1 < target:
                lines.append(child.stdout.readline())
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()
        lines = "".join([*lines, rest]).split("\n")[:-1]  # a line cut off by the kill has no newline
        child.wait()
        assert not lines or lines[0].startswith("session"), lines[:1]
        uids = lines[1:]
        if uids and uids[-1] == "done":
            uids.pop()
        else:
            unfinished += 1
            assert child.returncode == -signal.SIGKILL
        reported += uids

        opened = open_history(path)
        assert opened.history is not None, opened
        assert opened.moved_aside is None and opened.off is None
        history = opened.history
        try:
            assert history.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            stored = {uid for (uid,) in history.db.execute("SELECT uid FROM deals")}
            assert set(reported) <= stored, f"run {run}: a reported deal is missing"
            # At most one deal a kill was committed but not yet reported; nothing else appears.
            assert len(reported) <= len(stored) <= len(reported) + run + 1
            # Each session's deals are numbered 1..n without a gap, and its state is its last deal's.
            for sid, state in history.db.execute("SELECT id, state FROM sessions").fetchall():
                numbers = [
                    n for (n,) in history.db.execute("SELECT number FROM deals WHERE session = ? ORDER BY id", (sid,))
                ]
                assert numbers == list(range(1, len(numbers) + 1))
                assert json.loads(state)["number"] == len(numbers)
        finally:
            history.close()
    assert not list(path.parent.glob("*.corrupt-*"))
    assert unfinished >= kills * 3 // 4, f"only {unfinished} of {kills} kills landed before the child finished"
    assert len(reported) > kills * 10, "the kills landed before any deal was written"
