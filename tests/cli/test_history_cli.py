"""The history's commands: `history`, `stats`, `export`, `import`, `replay`'s checks; a corrupt history moved aside
with a warning on stderr; bad input as one `error:` line with status 2.

They run in this process (:func:`tests.cli.runner.in_process`: the same ``main`` with the same arguments, its
output and status captured); the corrupt history's warning is also read from a real ``python -m app`` process,
the one test where stderr and stdout are a real process's two streams."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from app.game.journal import Journal
from app.store.database import open_history
from rules.dealcode import parse_deal_code
from rules.presets import Preset
from tests.app.history_helpers import play_session
from tests.cli.runner import in_process, in_subprocess


def run(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``chinese-poker ARGS`` with ``home`` as its data folder, in this process."""
    return in_process(*args, stdin=stdin, env={"CHINESE_POKER_HOME": str(home)})


def usage_error(home: Path, *args: str) -> str:
    proc = run(home, *args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    return lines[0]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder with two sessions: 6 taiwan deals and 5 arcade deals."""
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    for preset, deals in ((Preset.TAIWAN, 6), (Preset.ARCADE, 5)):
        play_session(preset, 3, deals, Journal(history))
    history.close()
    return tmp_path


def test_history_lists_newest_first_and_filters(home: Path) -> None:
    proc = run(home, "history", "--json")
    assert proc.returncode == 0 and proc.stderr == ""
    rows = json.loads(proc.stdout)
    assert [r["id"] for r in rows] == list(range(11, 0, -1))
    arcade = json.loads(run(home, "history", "--rules", "arcade", "--limit", "2", "--json").stdout)
    assert [r["rules"] for r in arcade] == ["arcade", "arcade"] and arcade[0]["id"] == 11
    text = run(home, "history", "--limit", "3").stdout.splitlines()
    assert len(text) == 4 and text[0].split()[:2] == ["id", "when"]


def test_stats_json_matches_the_deals(home: Path) -> None:
    rows = json.loads(run(home, "history", "--rules", "taiwan", "--json").stdout)
    stats = json.loads(run(home, "stats", "--rules", "taiwan", "--json").stdout)
    assert len(stats) == 1 and stats[0]["deals"] == 6
    assert stats[0]["units"] == sum(r["units"] for r in rows)
    assert "taiwan: 6 deals" in run(home, "stats").stdout


def test_export_then_import_elsewhere_is_the_identity(home: Path, tmp_path_factory) -> None:
    out = home / "all.jsonl"
    proc = run(home, "export", str(out))
    assert proc.returncode == 0 and "exported 11 deals" in proc.stderr
    other = tmp_path_factory.mktemp("other")
    proc = run(other, "import", str(out))
    assert proc.returncode == 0 and "imported 11 deals" in proc.stderr
    again = run(other, "export", "-").stdout
    assert again == out.read_text(encoding="utf-8")
    assert "imported 0 deals (11 already" in run(other, "import", str(out)).stderr


def test_a_bad_line_is_named_and_nothing_is_imported(home: Path, tmp_path_factory) -> None:
    lines = run(home, "export", "-").stdout.splitlines()
    doc = json.loads(lines[3])
    doc["deal"]["result"]["totals"][0] += 1
    lines[3] = json.dumps(doc)
    bad = home / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    other = tmp_path_factory.mktemp("other")
    line = usage_error(other, "import", str(bad))
    assert "line 4" in line and "nothing was imported" in line
    assert json.loads(run(other, "history", "--json").stdout) == []


def test_the_deal_code_is_in_history_json_and_the_export_and_import_checks_it(home: Path, tmp_path_factory) -> None:
    rows = json.loads(run(home, "history", "--json").stdout)
    codes = [r["code"] for r in rows]
    assert all(parse_deal_code(c).preset.value == r["rules"] for c, r in zip(codes, rows, strict=True)), codes
    assert len(set(codes)) == len(codes)  # every deal of a session dealt from a key of its own
    lines = run(home, "export", "-").stdout.splitlines()
    assert [json.loads(line)["code"] for line in lines] == codes[::-1]  # the export is oldest first
    doc = json.loads(lines[2])
    doc["code"] = codes[0]  # another deal's code
    lines[2] = json.dumps(doc)
    bad = home / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = usage_error(tmp_path_factory.mktemp("other"), "import", str(bad))
    assert "line 3" in line and "code" in line and "nothing was imported" in line
    del doc["code"]  # a file written before codes
    lines[2] = json.dumps(doc)
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert "imported 11 deals" in run(tmp_path_factory.mktemp("older"), "import", str(bad)).stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("replay", "999"), "no deal 999"),
        (("replay", "x"), "invalid deal id"),
        (("history", "--limit", "0"), "at least 1"),
        (("history", "--rules", "poker"), "invalid choice"),
        (("import", "/no/such/file.jsonl"), "No such file"),
    ],
)
def test_bad_input_is_one_error_line(home: Path, args: tuple[str, ...], words: str) -> None:
    assert words in usage_error(home, *args)


def test_a_corrupt_history_is_moved_aside_with_a_warning_and_the_command_goes_on(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    proc = in_subprocess("history", "--json", env={"CHINESE_POKER_HOME": str(tmp_path)})  # a real process
    assert proc.returncode == 0 and json.loads(proc.stdout) == []
    assert proc.stderr.startswith("warning: the history file could not be read")
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
