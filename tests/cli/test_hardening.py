"""Issue 9, points 10 to 13: an early Ctrl+C, a huge `score` input, unwritable output, long echoes, odd numbers.

Each ends in one ``error:`` line and no traceback. The subprocess tests are the ones that need a real process (the
entry point's imports, a descriptor that fails); the rest call ``app.cli.main`` in this process.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from app.cli import main
from app.commands.rules_cmds import MAX_INPUT
from app.exits import ECHO_LIMIT, LINE_LIMIT, TAIL_KEPT, clip

ROOT = Path(__file__).resolve().parents[2]
DEAL = {
    "players": [
        {"front": "Ks Kd 2d", "middle": "Qs Qd Qc 9h 4s", "back": "As Ah Ac Ad 3c"},
        {"front": "7s 6d 2c", "middle": "Ts 9s 8d 7c 6h", "back": "Jh Th 5h 4h 2h"},
    ]
}


def _error_line(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    return lines[0]


# ---------------------------------------------------------------- 10: Ctrl+C while the command line is imported

# Runs the script's entry point (whatever pyproject names) with a Ctrl+C raised when numpy is first imported, as
# if SIGINT had arrived in the tenth of a second the command line's imports take.
_EARLY_INTERRUPT = """
import importlib, sys
class InterruptOnNumpy:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy":
            raise KeyboardInterrupt
        return None
sys.meta_path.insert(0, InterruptOnNumpy())
module, _, func = sys.argv[1].partition(":")
sys.argv[1:] = ["rank", "As", "Ks", "Qs"]
sys.exit(getattr(importlib.import_module(module), func)())
"""


def test_a_ctrl_c_during_the_imports_is_one_line() -> None:
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    proc = subprocess.run(
        [sys.executable, "-c", _EARLY_INTERRUPT, entry["chinese-poker"]],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert _error_line(proc.stderr) == "error: interrupted"
    assert proc.returncode == 130 and proc.stdout == ""


def test_python_m_app_still_runs_the_command_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "app", "rank", "As", "Ks", "Qs"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert proc.returncode == 0 and proc.stdout.startswith("High card"), proc.stderr


# ---------------------------------------------------------------- 11: score reads at most MAX_INPUT bytes


def test_score_refuses_an_input_over_the_cap_even_a_valid_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    padded = json.dumps(DEAL) + " " * MAX_INPUT  # valid JSON, just too big
    path = tmp_path / "deal.json"
    path.write_text(padded, encoding="utf-8")
    assert main(["score", "--input", str(path)]) == 2
    assert "over 1 MB" in _error_line(capsys.readouterr().err)
    monkeypatch.setattr(sys, "stdin", open(path, encoding="utf-8"))  # noqa: SIM115 (closed by the fixture's teardown)
    assert main(["score"]) == 2
    assert _error_line(capsys.readouterr().err) == "error: standard input is over 1 MB (a deal document is a few KB)"
    sys.stdin.close()
    path.write_text(json.dumps(DEAL), encoding="utf-8")
    assert main(["score", "--input", str(path)]) == 0


def _limit_memory() -> None:  # so that the unbounded read this guards against fails fast instead of filling memory
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_score_of_dev_zero_is_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "app", "score", "--input", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        preexec_fn=_limit_memory,
    )
    assert proc.returncode == 2
    assert _error_line(proc.stderr) == "error: /dev/zero is over 1 MB (a deal document is a few KB)"


# ---------------------------------------------------------------- 12: output that cannot be written


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["rank", "As", "Ks", "Qs"], ["score", "--rules", "taiwan"]])
def test_a_full_stdout_is_one_error_line_and_status_1(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "app", *argv],
            input=json.dumps(DEAL),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
    assert _error_line(proc.stderr) == "error: cannot write the output: No space left on device"
    assert proc.returncode == 1


# ---------------------------------------------------------------- 13: echoes are cut; numbers are ASCII digits


def test_a_long_value_is_cut_in_the_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--rules", "x" * 10_000_000]) == 2
    line = _error_line(capsys.readouterr().err)
    names = "taiwan, tournament, arcade, shisanshui, western, hongkong, backrow, ladder"
    assert line == f"error: unknown preset '{'x' * ECHO_LIMIT}…' (presets are {names})"
    assert main(["rank", "As", "Ks", "Zz" * 100_000]) == 2
    assert len(_error_line(capsys.readouterr().err)) < LINE_LIMIT
    assert main(["rank", "As", "Ks", "Qs", *["--bogus"] * 2000]) == 2  # argparse lists these unquoted
    assert len(_error_line(capsys.readouterr().err)) <= len("error: ") + LINE_LIMIT + 1


def test_clip_cuts_each_quoted_echo_and_the_whole_line() -> None:
    assert clip("short 'as is' and \"also\"") == "short 'as is' and \"also\""
    assert clip(f"a {'y' * 100!r} b") == f"a '{'y' * ECHO_LIMIT}…' b"
    assert clip(repr("it's" * 50)) == '"' + ("it's" * 50)[:ECHO_LIMIT] + '…"'
    long = "z " * 1000
    assert clip(long) == long[: LINE_LIMIT - TAIL_KEPT] + "…" + long[-TAIL_KEPT:]
    # A long line keeps what came of the problem, said at its end (a fuzzed import once lost it).
    where = "/tmp/" + "d" * 150 + "/mutated.jsonl: line 1: unknown option "
    cut = clip(f"{where}{'x' * 400!r} (options are {', '.join(['a_long_name'] * 8)}); nothing was imported")
    assert len(cut) == LINE_LIMIT + 1 and cut.startswith(where) and cut.endswith("; nothing was imported")


@pytest.mark.parametrize("value", ["1_000", "٣", "３", " 3", "3 ", "+3", "0x10", "3.0", ""])
@pytest.mark.parametrize("flag", ["--top", "--seed", "--samples"])
def test_numeric_flags_take_plain_ascii_digits_only(flag: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s", flag, value]) == 2
    assert "must be a whole number" in _error_line(capsys.readouterr().err)


def test_plain_digits_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "Ah Ad Kc Qs Js 9h 8h 7h 5c 4d 3s 2c 2d"
    assert main(["solve", hand, "--top", "1", "--seed", "12", "--level", "easy"]) == 0
    assert capsys.readouterr().err == ""
