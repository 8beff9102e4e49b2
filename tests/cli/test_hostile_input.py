"""Hostile input found in review: every case exits 2 with one `error:` line and no traceback.

The commands run in this process (``tests/cli/runner.py``: an exception escaping ``main`` fails the test as a
traceback would), two of them also as a real process: `solve` and `bench`, whose other tests run in process."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable

import pytest

from tests.cli.runner import in_process, in_subprocess

DRAGON = "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s"
run = in_process


@pytest.mark.parametrize(
    ("args", "stdin", "runner"),
    [
        # the Kelvin sign looks like K: not a rank; the long s looks like s: not a suit
        pytest.param(("rank", "\u212as Qs Js"), "", in_process, id="rank-kelvin"),
        pytest.param(("rank", "Ks Q\u017f Js"), "", in_process, id="rank-long-s"),
        pytest.param(("score",), '{"players":' + "[" * 100_000, in_process, id="score-deep"),
        pytest.param(("score",), '{"players": 1' + "0" * 5000 + "}", in_process, id="score-long-number"),
        pytest.param(("solve", DRAGON, "--seed", "-1"), "", in_process, id="solve-seed"),
        pytest.param(("solve", DRAGON, "--seed", "-1"), "", in_subprocess, id="solve-seed-process"),
        pytest.param(("arena", "--players", "easy,normal", "--seed", "-5"), "", in_process, id="arena-seed"),
        pytest.param(("arena", "--players", "easy,cmd:/no/such/bot"), "", in_process, id="arena-no-bot"),
        pytest.param(("bench", "--hands", "100000000000"), "", in_process, id="bench-hands"),
        # issue 37: a session seed the history cannot store is refused, never accepted and then lost
        pytest.param(("play", "--seed", str(2**63)), "", in_process, id="play-seed-beyond-64-bits"),
        pytest.param(("bench", "--hands", "100000000000"), "", in_subprocess, id="bench-hands-process"),
    ],
)
def test_hostile_input_is_a_clean_error(
    args: tuple[str, ...], stdin: str, runner: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    proc = runner(*args, stdin=stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), proc.stderr


def test_solve_json_rows_are_strings_whatever_top_is() -> None:
    for top in ("0", "2"):
        out = json.loads(run("solve", DRAGON, "--level", "normal", "--top", top, "--json").stdout)
        assert out["declare"] == "dragon"
        assert all(isinstance(out[k], str) for k in ("front", "middle", "back"))
        assert len(out["alternatives"]) == int(top)


def test_solve_output_scores_as_a_player() -> None:
    """`solve --json` rows (with "declare": null) are a valid `score` player."""
    a = json.loads(run("solve", "Ah Ad Kc Qs Js 9h 8h 7h 5c 4d 3s 2c 2d", "--level", "normal", "--json").stdout)
    b = json.loads(run("solve", "Ac Kd Kh Qd Jd Th 9s 8d 7d 6h 5s 4s 3d", "--level", "normal", "--json").stdout)
    proc = run("score", stdin=json.dumps({"players": [a, b]}))
    assert proc.returncode == 0, proc.stderr
    assert sum(json.loads(proc.stdout)["totals"]) == 0
