"""Issue 27: hostile import files and damaged stored rows, through ``app.cli.main`` in this process.

Each case is one ``error:`` line naming the file, the line and the field, status 2 (1 when the machine, not the
input, fails), and nothing added; a damaged stored row is skipped with a warning and listed by
``history --damaged``. The history is today's export fixture imported once and copied for each test.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.commands import history_cmds
from app.store.database import History, Opened, open_history

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "export-v1-2026-12-03.jsonl"
LINES = FIXTURE.read_text(encoding="utf-8").splitlines()
DEALS = len(LINES)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history file holding the fixture's deals, made once."""
    folder = tmp_path_factory.mktemp("source")
    history = open_history(folder / "history.sqlite3").history
    assert history is not None
    from app.game.transfer import import_lines

    assert import_lines(history, LINES).added == DEALS
    history.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    history.close()
    return folder / "history.sqlite3"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    shutil.copy(source, folder / "history.sqlite3")
    monkeypatch.setenv("CHINESE_POKER_HOME", str(folder))
    return folder


def count(home: Path) -> int:
    with sqlite3.connect(home / "history.sqlite3") as db:
        return int(db.execute("SELECT count(*) FROM deals").fetchone()[0])


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if not line.startswith("warning: ")]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def refused(tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], text: str, status: int = 2) -> str:
    path = tmp_path / "d.jsonl"
    path.write_text(text, encoding="utf-8")
    before = count(home)
    assert main(["import", str(path)]) == status
    line = error_line(capsys)
    assert str(path) in line and "nothing was imported" in line
    assert count(home) == before
    return line


def spoilt(change: Callable[[dict[str, Any]], None], k: int = 0) -> str:
    doc = json.loads(LINES[k])
    change(doc)
    return json.dumps(doc)


def test_1_replay_of_an_id_beyond_sqlite_is_a_usage_error(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "9223372036854775808"]) == 2
    assert "deal ids are from 1 to 9223372036854775807, not 9223372036854775808" in error_line(capsys)


def test_2_deep_nesting_is_refused_before_parsing(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(tmp_path, home, capsys, "[" * 100_000 + "\n")
    assert "line 1: nested 100,000 deep (at most 12)" in line


def test_3_a_number_of_400_digits_names_its_field(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = LINES[0].replace('"played": ', '"played": 1' + "0" * 400 + ', "x": ', 1)
    assert "line 2: played: a number of 401 digits" in refused(tmp_path, home, capsys, LINES[1] + "\n" + text)


@pytest.mark.parametrize("key", ["session", "review", "retry_of", "deal"])
def test_4_a_missing_key_is_named(tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    assert f"line 1: {key}: is missing" in refused(tmp_path, home, capsys, spoilt(lambda d: d.pop(key)))


@pytest.mark.parametrize("value", [[1], {}])
def test_5_retry_of_of_another_type(tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], value: Any) -> None:
    line = refused(tmp_path, home, capsys, spoilt(lambda d: d.update(retry_of=value), k=DEALS - 1))
    assert "line 1: retry_of: must be a text" in line


@pytest.mark.parametrize("value", [True, 3, "all"])
def test_6_options_not_an_object(tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], value: Any) -> None:
    line = refused(tmp_path, home, capsys, spoilt(lambda d: d["deal"].update(options=value)))
    assert "line 1: deal.options: must be an object" in line


@pytest.mark.parametrize(
    ("value", "words"),
    [(10**30, "a number of 31 digits"), (2**63, "a number beyond"), (10**7, "must be from 1 to 1,000,000")],
)
def test_7_a_huge_deal_number(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], value: int, words: str
) -> None:
    line = refused(tmp_path, home, capsys, spoilt(lambda d: d["deal"].update(number=value)))
    assert f"line 1: deal.number: {words}" in line


@pytest.fixture
def capped_memory() -> Iterator[None]:
    """At most 1 GB more address space while the test runs: a regression that reads an endless input fails
    with MemoryError instead of filling the machine."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as fh:
        size = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + (1 << 30), before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /dev/zero, /dev/urandom and /proc")
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_8_a_device_is_refused_unread(
    home: Path, capsys: pytest.CaptureFixture[str], device: str, capped_memory: None
) -> None:
    assert main(["import", device]) == 2
    assert error_line(capsys) == (
        f"error: {device}: not a regular file (a device, a pipe or a folder); import reads "
        "a file written by 'chinese-poker export'; nothing was imported"
    )


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /dev/zero and /proc")
def test_8_endless_standard_input_stops_at_the_line_cap(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, capped_memory: None
) -> None:
    with open("/dev/zero", "rb") as zero:
        monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": zero})())
        assert main(["import", "-"]) == 2
    assert "standard input: line 1: longer than 262,144 characters" in error_line(capsys)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_8_a_fifo_without_a_writer_does_not_block(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    status: list[int] = []
    worker = threading.Thread(target=lambda: status.append(main(["import", str(fifo)])), daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive() and status == [2]
    assert "not a regular file" in error_line(capsys)


def test_8_a_file_over_the_limit_is_refused_unread(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.game import transfer

    monkeypatch.setattr(transfer, "MAX_FILE", 1000)
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(LINES), encoding="utf-8")
    assert main(["import", str(path)]) == 2
    assert "over the 0 MB an import reads; split it into parts" in error_line(capsys)


def _edit(home: Path, sql: str, *args: Any) -> None:
    with sqlite3.connect(home / "history.sqlite3") as db:
        db.execute(sql, args)


def test_9_a_damaged_session_is_exported_without_it(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _edit(home, "UPDATE sessions SET config = '[' WHERE id = 1")
    assert main(["export", "-"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "warning: session 1: config: not JSON" in err
    docs = [json.loads(line) for line in out.splitlines()]
    assert len(docs) == DEALS and sum(d["session"] is None for d in docs) == 4  # its 3 deals and the retry
    again = tmp_path / "again.jsonl"
    again.write_text(out, encoding="utf-8")
    other = tmp_path / "other"
    monkeypatch.setenv("CHINESE_POKER_HOME", str(other))
    assert main(["import", str(again)]) == 0 and count(other) == DEALS


def test_10_a_deal_that_is_not_json_is_skipped_and_listed(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _edit(home, "UPDATE deals SET data = 'not json' WHERE id = 5")
    _edit(home, "UPDATE deals SET played = 1e300 WHERE id = 6")
    assert main(["history", "--json", "--limit", "100"]) == 0
    out, err = capsys.readouterr()
    assert [r["id"] for r in json.loads(out)] == [i for i in range(DEALS, 0, -1) if i not in (5, 6)]
    assert "warning: 2 stored rows do not read back and were skipped (see 'chinese-poker history --damaged')" in err
    assert main(["history", "--damaged"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[:2] == [
        "deal 5: data: not JSON",
        "deal 6: played: must be from -1.71799e+10 to 1.71799e+10, not 1e+300",
    ]
    assert main(["replay", "5"]) == 2
    assert "deal 5 cannot be shown: it does not read back (data: not JSON)" in error_line(capsys)
    assert main(["export", "-"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == DEALS - 2 and "deal 5: deal: not JSON" in err


def test_10_a_deal_of_the_right_shape_that_does_not_replay_is_listed(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(home / "history.sqlite3") as db:
        data = json.loads(db.execute("SELECT data FROM deals WHERE id = 2").fetchone()[0])
        data["seed"] += 1
        db.execute("UPDATE deals SET data = ? WHERE id = 2", (json.dumps(data),))
    assert main(["history", "--damaged", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [(d["table"], d["id"]) for d in found] == [("deals", 2)] and "not the one seed" in found[0]["why"]
    assert main(["replay", "2"]) == 2
    assert "deal 2 cannot be shown" in error_line(capsys)


def test_11_a_read_only_history_refuses_import_in_one_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the player may not write (mode 0444, another owner): as root here, SQLite's own read-only
    connection gives the same "attempt to write a readonly database" the player meets."""
    path = home / "history.sqlite3"
    path.chmod(0o444)

    def read_only(**_kw: Any) -> Opened:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        return Opened(History(db, path))

    monkeypatch.setattr(history_cmds, "open_history", read_only)
    other = tmp_path / "new.jsonl"
    other.write_text(spoilt(lambda d: d.update(uid="00000000000000aa")) + "\n", encoding="utf-8")
    assert main(["import", str(other)]) == 1
    assert error_line(capsys) == (
        "error: the history cannot be written: the file or its folder may not be written "
        "(attempt to write a readonly database); nothing was changed"
    )
    assert count(home) == DEALS


def test_the_fixture_of_today_imports_into_an_empty_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Today's export format stays importable for good: this file must import in every later version."""
    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path / "empty"))
    assert main(["import", str(FIXTURE)]) == 0
    assert "imported 14 deals (0 already in the history, 9 new sessions)" in capsys.readouterr().err
    assert main(["export", "-"]) == 0
    assert capsys.readouterr().out.splitlines() == LINES
    docs = [json.loads(line) for line in LINES]
    assert {d["deal"]["rules"] for d in docs} >= {"taiwan", "arcade", "hongkong", "shisanshui", "ladder"}
    assert {d["mode"] for d in docs} == {"table", "watch", "retry"} and any(d["review"] for d in docs)


# Every write that would grow a file fails (EFBIG) as on a full disk, and statvfs reports no room left: the
# commands run in one interpreter, each captured, and the results come back as JSON.
_FULL_DISK = """
import contextlib, io, json, os, resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
real = os.statvfs
os.statvfs = lambda p: os.statvfs_result((4096, 4096, 1000, 0, 0, 1000, 0, 0, 0, 255))
from app.cli import main
out = []
for args in json.loads(sys.argv[1]):
    so, se = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(so), contextlib.redirect_stderr(se):
        status = main(args)
    out.append([status, so.getvalue(), se.getvalue()])
sys.__stdout__.write(json.dumps(out))
"""


@pytest.mark.skipif(not hasattr(os, "statvfs"), reason="needs statvfs and RLIMIT_FSIZE")
def test_15_a_full_disk_still_lists_the_history(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import subprocess

    assert main(["stats", "--json"]) == 0
    stats = capsys.readouterr().out

    commands = [["history", "--json", "--limit", "100"], ["stats", "--json"], ["export", "-"], ["import", str(FIXTURE)]]
    before = sorted(p.name for p in home.iterdir())
    proc = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, json.dumps(commands)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "CHINESE_POKER_HOME": str(home)},
    )
    assert proc.returncode == 0, proc.stderr
    (h, hs, he), (s, ss, se), (e, es, ee), (i, _, ie) = json.loads(proc.stdout)
    assert (h, he) == (0, "") and len(json.loads(hs)) == DEALS
    assert (s, se) == (0, "") and json.loads(ss) == json.loads(stats)
    assert (e, ee) == (0, "") and es.splitlines() == LINES
    assert i == 1 and ie.startswith("error: the history cannot be used: the disk is full (")
    assert sorted(p.name for p in home.iterdir()) == before  # reading made nothing, not even the WAL index


@pytest.mark.parametrize(
    ("column", "value"),
    [("units", "x"), ("units", 1e300), ("units", 2**63 - 1), ("seconds", "y"), ("loss", 1e308), ("fouled", "q")],
)
def test_10_statistics_leave_out_a_row_of_the_wrong_type(
    home: Path, capsys: pytest.CaptureFixture[str], column: str, value: Any
) -> None:
    assert main(["stats", "--json", "--rules", "taiwan"]) == 0
    deals = json.loads(capsys.readouterr().out)[0]["deals"]
    _edit(home, f"UPDATE deals SET {column} = ? WHERE id = 2", value)
    for args in (["stats"], ["stats", "--json", "--rules", "taiwan"]):
        assert main(args) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err and json.loads(out.splitlines()[-1])[0]["deals"] == deals - 1


def test_export_refuses_what_is_not_a_file_and_follows_a_symlink(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 37, item 1: the export is written beside its target and renamed over it, which replaced a device,
    # a pipe or a symlink with a regular file (and left a pipe's reader hanging).
    import socket
    import stat

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["export", str(fifo)]) == 2
    assert "is a pipe (FIFO), not a file" in error_line(capsys) and stat.S_ISFIFO(fifo.stat().st_mode)
    sock_path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        assert main(["export", str(sock_path)]) == 2
        assert "is a socket" in error_line(capsys) and stat.S_ISSOCK(sock_path.stat().st_mode)
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # a device node of our own (never /dev/null itself)
        dev = tmp_path / "null"
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        assert main(["export", str(dev)]) == 2
        assert "is a device" in error_line(capsys) and stat.S_ISCHR(dev.stat().st_mode)
    target, link = tmp_path / "real.jsonl", tmp_path / "link.jsonl"
    target.write_text("old\n", encoding="utf-8")
    link.symlink_to(target)
    assert main(["export", str(link)]) == 0
    capsys.readouterr()
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert len(target.read_text(encoding="utf-8").splitlines()) == DEALS
    dangling = tmp_path / "to-be.jsonl"
    (tmp_path / "later").symlink_to(dangling)
    assert main(["export", str(tmp_path / "later")]) == 0
    assert (tmp_path / "later").is_symlink() and dangling.is_file()
