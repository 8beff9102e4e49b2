"""Hostile input found in review: every case exits 2 with one `error:` line and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

DRAGON = "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (("rank", "\u212as Qs Js"), ""),  # the Kelvin sign looks like K: not a rank
        (("rank", "Ks Q\u017f Js"), ""),  # the long s looks like s: not a suit
        (("score",), '{"players":' + "[" * 100_000),
        (("score",), '{"players": 1' + "0" * 5000 + "}"),
        (("solve", DRAGON, "--seed", "-1"), ""),
        (("arena", "--players", "easy,normal", "--seed", "-5"), ""),
        (("arena", "--players", "easy,cmd:/no/such/bot"), ""),
        (("bench", "--hands", "100000000000"), ""),
    ],
)
def test_hostile_input_is_a_clean_error(args: tuple[str, ...], stdin: str) -> None:
    proc = run(*args, stdin=stdin)
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
