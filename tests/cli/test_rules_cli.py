"""The rules command line (rank, compare, check, score): outputs and exit codes, run in process
(``tests/cli/runner.py``; ``tests/cli/test_hardening.py`` runs the real process).

Every subcommand must report bad input as exactly one ``error:`` line on stderr, print nothing on stdout and
exit with status 2 — never a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.runner import in_process

# Two legal hands that share no card: player 0 loses the front and middle and wins the back.
P0 = {"front": "2c 3d 5h", "middle": "Js Jd 8c 8h 3s", "back": "7s 7d 7c Th Td"}
P1 = {"front": "Ks Kd 2d", "middle": "Qs Qd Qc 9h 4s", "back": "2h 3h 4h 6h Ah"}
TWO_PLAYERS = {"rules": "taiwan", "players": [P0, P1]}
# Four players: 0 sweeps everyone (紅不讓), 2 and 3 foul (their middle beats their back).
FOUR_PLAYERS = {
    "rules": "taiwan",
    "players": [
        {"front": "As Ad Kc", "middle": "Qs Qd Qc 9h 9s", "back": "2h 3h 4h 5h 6h"},
        {"front": "Ks Kd 2c", "middle": "Js Jd 8c 8h 3s", "back": "7s 7d 7c Th Td"},
        {"front": "Ah Qh 2s", "middle": "Tc 9c 8d 7h 6s", "back": "Ac Kh Jc 5c 4c"},
        {"front": "3c 3d 4s", "middle": "5s 5d 6c 6d 2d", "back": "Ts 9d 8s 4d Jh"},
    ],
}
SIX_PAIRS = {"cards": "As Ad Ac Ah Ks Kc Kh Qs Qd Qc Qh 9s 9d", "declare": "six_pairs"}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``chinese-poker ARGS`` with ``stdin`` (empty by default, never the terminal's), run in this process."""
    return in_process(*args, stdin=stdin)


def ok(proc: subprocess.CompletedProcess[str]) -> str:
    """The stdout of a run that must succeed quietly."""
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


def score_json(*args: str, doc: Any = None, stdin: str | None = None) -> dict[str, Any]:
    out = ok(run("score", *args, stdin=json.dumps(doc) if stdin is None else stdin))
    assert out.endswith("\n") and out.count("\n") == 1  # one JSON document on one line
    return json.loads(out)


# ------------------------------------------------------------------------------------------------------ rank


@pytest.mark.parametrize(
    "args, line",
    [
        (["Ah", "Kh", "Qh", "Jh", "Th"], "Straight flush 同花順: A K Q J T"),
        (["As Ks Qs"], "High card 烏龍: A K Q"),  # three suited cards in the front are still high card
        (["9c,9d 5h 5s Kh"], "Two pair 兩對: 9 5 K"),
        (["10♥ 10♠ 10d"], "Trips 三條: T"),
    ],
)
def test_rank_prints_category_in_english_and_chinese_and_ranks(args: list[str], line: str) -> None:
    assert ok(run("rank", *args)) == line + "\n"


@pytest.mark.parametrize(
    "args, expected",
    [
        (
            ["2c 2d Kh", "--json"],
            {
                "cards": "Kh 2c 2d",
                "size": 3,
                "category": "pair",
                "name": "Pair",
                "name_zh": "對子",
                "ranks": ["2", "K"],
            },
        ),
        (
            ["5h", "4h", "3d", "2c", "Ah", "--wheel", "second", "--json"],
            {
                "cards": "Ah 5h 4h 3d 2c",
                "size": 5,
                "category": "straight",
                "name": "Straight",
                "name_zh": "順子",
                "ranks": ["5", "4", "3", "2", "A"],
            },
        ),
    ],
)
def test_rank_json(args: list[str], expected: dict[str, Any]) -> None:
    out = ok(run("rank", *args))
    assert out.count("\n") == 1
    assert json.loads(out) == expected


# --------------------------------------------------------------------------------------------------- compare


@pytest.mark.parametrize(
    "a, b, extra, sign",
    [
        ("As Kd Qh", "Ac Kc Qd Jd 9d", [], "="),  # front against middle: equal over the front's three cards
        ("Ks Kd 5h", "Kc Kh Qd Jd 9d", [], "<"),
        ("Ah Kh 3h", "Ac Qc Jd 8d 9d", [], ">"),
        ("Ac Qd 6h 5s 3c", "Kd Jh 9c 8s 7d", [], ">"),  # S1: AQ653 > KJ987
        ("Qs Qd Ah 6s 4c", "Kc Kh 9d 3d 2d", [], "<"),  # S1: KK932 > QQA64
        ("Ks Kd 9h 3s 2c", "Kc Kh 9d 3d 2d", [], "="),  # suits never decide
        ("Ks Kd 9h 3s 2c", "Kc Kh 9d 3d 2d", ["--suit-tiebreak"], ">"),  # unless asked: K♠ leads
        ("Ah 2c 3d 4h 5s", "2d 3c 4d 5h 6c", [], "<"),  # wheel low: A2345 is the lowest straight
        ("Ah 2c 3d 4h 5s", "2d 3c 4d 5h 6c", ["--wheel", "second"], ">"),
    ],
)
def test_compare_prints_the_sign_of_a_against_b(a: str, b: str, extra: list[str], sign: str) -> None:
    assert ok(run("compare", a, b, *extra)) == sign + "\n"


# ----------------------------------------------------------------------------------------------------- check


@pytest.mark.parametrize(
    "rows, line",
    [
        (("As Kd Qh", "Ac Kc Qd Jd 9d", "2c 2d 2h 3s 3c"), "legal"),  # AKQ = AKQJ9 is legal (§2)
        (("As Ad Qh", "Ac Kc Qd Jd 9d", "2c 2d 2h 3s 3c"), "foul: front (Pair 對子) beats middle (High card 烏龍)"),
        (
            ("2s 3d 4h", "9c 9d 9h 8s 8c", "Ah Kh Qd Js 9s"),
            "foul: middle (Full house 葫蘆) beats back (High card 烏龍)",
        ),
    ],
)
def test_check_says_legal_or_why_it_fouls(rows: tuple[str, str, str], line: str) -> None:
    assert ok(run("check", *rows)) == line + "\n"


# ----------------------------------------------------------------------------------------------------- score


def test_score_reads_stdin_and_prints_the_itemised_result() -> None:
    assert score_json(doc=TWO_PLAYERS) == {
        "rules": "taiwan",
        "totals": [-1, 1],
        "fouled": [False, False],
        "pairs": [
            {"players": [0, 1], "rows": ["loss", "loss", "win"], "score": -1, "items": [{"kind": "rows", "value": -1}]}
        ],
    }


def test_score_a_hongkong_banker_game_with_stakes() -> None:
    out = score_json(doc={"rules": "hongkong", "banker": 0, "stakes": [1, 3], "players": [P0, P1]})
    (pair,) = out["pairs"]
    assert out["rules"] == "hongkong" and sum(out["totals"]) == 0
    kinds = [it["kind"] for it in pair["items"]]
    assert "stake" in kinds and pair["score"] == sum(it["value"] for it in pair["items"])
    assert pair["score"] % 3 == 0  # three times the pair's amount


def test_score_western_counts_the_majority() -> None:
    out = score_json("--rules", "western", doc=TWO_PLAYERS)
    assert out["totals"] == [-2, 2]  # one row won, two lost: -1 and the majority's -1


def test_score_backrow_compares_only_the_backs() -> None:
    out = score_json("--rules", "backrow", doc=TWO_PLAYERS)
    (pair,) = out["pairs"]
    assert [it["kind"] for it in pair["items"]] == ["back"] and sum(out["totals"]) == 0


def test_score_with_exempt_pays_a_four_of_a_kind_unarranged() -> None:
    four = {"front": "2c 3d 4s", "middle": "Qs Jd Tc 7s 5d", "back": "9s 9h 9d 9c Ac"}
    plain = {"front": "4c 5s 6d", "middle": "Ts Td 6c 7d 7c", "back": "Qd Jc Js 8c 8s"}
    out = score_json(doc={"rules": "taiwan", "options": {"exempt": True}, "players": [four, plain]})
    assert out["totals"] == [6, -6] and out["pairs"][0]["items"] == [{"kind": "exempt", "value": 6}]


def test_score_the_pattern_ladder_from_cards_alone() -> None:
    dragon = {"cards": "As Kd Qc Js Td 9c 8s 7d 6c 5s 4d 3c 2s"}
    flush_run = {"cards": "Ah Kh Qh Jh Th 9h 8h 2h 3h 4h 5h 6h 7h"}  # a suited dragon: also a dragon, tier 1
    pairs = {"cards": "Ad Ac Kc Ks Qd Qs 2d 3d 4c 5c 6d 7c 8d"}
    out = score_json(doc={"rules": "ladder", "players": [dragon, flush_run, pairs]})
    assert out["totals"] == [1, 1, -2]  # the two dragons tie; both beat the pairs
    assert all(p["rows"] is None for p in out["pairs"])
    assert out["pairs"][1]["items"] == [{"kind": "ladder", "value": 1}]


def test_score_reads_input_file_and_rules_overrides_the_document(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(TWO_PLAYERS), encoding="utf-8")
    result = score_json("--rules", "shisanshui", "--input", str(path), stdin="this is not read")
    assert result == {
        "rules": "shisanshui",
        "totals": [0, 0],  # front −1, middle −2, back +3
        "fouled": [False, False],
        "pairs": [
            {
                "players": [0, 1],
                "rows": ["loss", "loss", "win"],
                "score": 0,
                "items": [
                    {"kind": "front", "value": -1},
                    {"kind": "middle", "value": -2},
                    {"kind": "back", "value": 3},
                ],
            }
        ],
    }


def test_score_four_players_with_fouls_is_zero_sum_and_itemised() -> None:
    result = score_json(doc=FOUR_PLAYERS)
    assert set(result) == {"rules", "totals", "fouled", "pairs"}
    assert result["rules"] == "taiwan"
    assert result["fouled"] == [False, False, True, True]
    # 0 sweeps all three (+6, back straight flush +5) and takes 紅不讓 (+6 each); 1 sweeps the two fouls.
    assert result["totals"] == [51, -5, -23, -23]
    assert sum(result["totals"]) == 0
    assert [p["players"] for p in result["pairs"]] == [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    for pair in result["pairs"]:
        assert set(pair) == {"players", "rows", "score", "items"}
        assert pair["rows"] is None or len(pair["rows"]) == 3
        assert all(set(item) == {"kind", "value"} for item in pair["items"])
        assert pair["score"] == sum(item["value"] for item in pair["items"])
    assert result["pairs"][0]["items"] == [
        {"kind": "sweep", "value": 6},
        {"kind": "back_straight_flush", "value": 5},
        {"kind": "home_run", "value": 6},
    ]
    assert result["pairs"][5] == {"players": [2, 3], "rows": ["tie", "tie", "tie"], "score": 0, "items": []}


def test_score_a_declared_special_has_no_rows() -> None:
    result = score_json(doc={"rules": "shisanshui", "players": [P0, SIX_PAIRS]})
    assert result["totals"] == [-4, 4]
    assert result["pairs"] == [
        {"players": [0, 1], "rows": None, "score": -4, "items": [{"kind": "six_pairs", "value": -4}]}
    ]


# ---------------------------------------------------------------------------------------------------- errors


def _doc(*players: dict[str, str], **extra: Any) -> str:
    return json.dumps({"rules": "taiwan", "players": list(players), **extra})


ERRORS: list[tuple[str, list[str], str, str]] = [
    # id, argv, stdin, a fragment the one-line message must contain
    ("rank-unknown-rank", ["rank", "Xs Kd Qh"], "", "unknown rank in 'Xs'"),
    ("rank-unknown-suit", ["rank", "As", "Kx", "Qh"], "", "unknown suit in 'Kx'"),
    ("rank-duplicate", ["rank", "As Kd As"], "", "duplicate card As"),
    ("rank-wrong-count", ["rank", "As Kd"], "", "expected 3 or 5 cards, got 2"),
    ("rank-four-cards", ["rank", "As Kd Qh Jc"], "", "expected 3 or 5 cards, got 4"),
    ("rank-missing-argument", ["rank"], "", "required"),
    ("rank-unknown-option", ["rank", "As Kd Qh", "--bogus"], "", "--bogus"),
    ("rank-bad-wheel", ["rank", "As Kd Qh", "--wheel", "middle"], "", "middle"),
    ("compare-missing-argument", ["compare", "As Kd Qh"], "", "required"),
    ("compare-wrong-count", ["compare", "As Kd", "Ac Kc Qc"], "", "expected 3 or 5 cards"),
    ("compare-unknown-suit", ["compare", "As Kd Qh", "Ac Kc Qz"], "", "unknown suit in 'Qz'"),
    ("compare-unknown-option", ["compare", "As Kd Qh", "Ac Kc Qc", "--json"], "", "--json"),
    ("check-missing-argument", ["check", "As Kd Qh", "Ac Kc Qd Jd 9d"], "", "required"),
    ("check-wrong-row-size", ["check", "As Kd", "Ac Kc Qd Jd 9d", "2c 2d 2h 3s 3c"], "", "front"),
    ("check-duplicate", ["check", "As Kd Qh", "Ac Kc Qd Jd 9d", "2c 2d 2h 3s As"], "", "duplicate card As"),
    ("check-unknown-rank", ["check", "1s Kd Qh", "Ac Kc Qd Jd 9d", "2c 2d 2h 3s 3c"], "", "unknown rank in '1s'"),
    ("score-malformed-json", ["score"], '{"players": [', "malformed JSON"),
    ("score-empty-input", ["score"], "", "malformed JSON"),
    ("score-not-an-object", ["score"], "[1, 2]", "JSON object"),
    ("score-unknown-preset-flag", ["score", "--rules", "nope"], _doc(P0, P1), "unknown preset 'nope'"),
    ("score-unknown-preset-doc", ["score"], json.dumps({"rules": "nope", "players": [P0, P1]}), "unknown preset"),
    ("score-missing-rules-value", ["score", "--rules"], _doc(P0, P1), "--rules"),
    ("score-unknown-cli-option", ["score", "--bogus"], _doc(P0, P1), "--bogus"),
    ("score-unknown-json-option", ["score"], _doc(P0, P1, options={"bogus": True}), "unknown option 'bogus'"),
    ("score-bad-option-value", ["score"], _doc(P0, P1, options={"wheel": "middle"}), "wheel"),
    (
        "score-special-not-made",
        ["score", "--rules", "shisanshui"],
        _doc(P0, {**SIX_PAIRS, "declare": "dragon"}),
        "do not make dragon",
    ),
    ("score-unknown-special", ["score"], _doc(P0, {**SIX_PAIRS, "declare": "royal_flush"}), "royal_flush"),
    ("score-duplicate-across-players", ["score"], _doc(P0, P0), "held by players 0 and 1"),
    ("score-wrong-row-size", ["score"], _doc(P0, {**P1, "front": "Ks Kd 2d 9c"}), "expected 3 cards, got 4"),
    ("score-unknown-rank", ["score"], _doc(P0, {**P1, "back": "2h 3h 4h 6h Zh"}), "unknown rank in 'Zh'"),
    ("score-one-player", ["score"], _doc(P0), "2 to 4 players"),
    ("score-missing-row", ["score"], _doc(P0, {"front": "Ks Kd 2d", "middle": "Qs Qd Qc 9h 4s"}), "back"),
    ("score-banker-out-of-range", ["score"], json.dumps({"banker": 2, "players": [P0, P1]}), "banker"),
    ("score-banker-not-an-index", ["score"], json.dumps({"banker": "east", "players": [P0, P1]}), "'banker'"),
    ("score-stakes-without-banker", ["score"], json.dumps({"stakes": [1, 2], "players": [P0, P1]}), "banker game"),
    ("score-stake-too-big", ["score"], json.dumps({"banker": 0, "stakes": [1, 500], "players": [P0, P1]}), "stake"),
    ("score-bad-tie-rule", ["score"], _doc(P0, P1, options={"ties": "coin"}), "'ties' must be one of"),
    (
        "score-western-declares",
        ["score", "--rules", "western"],
        _doc(P0, {**SIX_PAIRS, "declare": "six_pairs"}),
        "not a special hand in western",
    ),
    (
        "score-ladder-short-hand",
        ["score", "--rules", "ladder"],
        json.dumps({"players": [{"cards": "As Kd"}, {"cards": "Ah Kh Qh Jh Th 9h 8h 2h 3h 4h 5h 6h 7h"}]}),
        "player 0",
    ),
    ("score-exempt-not-a-bool", ["score"], _doc(P0, P1, options={"exempt": "yes"}), "'exempt' must be true or false"),
    ("unknown-command", ["deal-me-in"], "", "deal-me-in"),
]


@pytest.mark.parametrize("argv, stdin, fragment", [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_bad_input_is_one_error_line_and_status_2(argv: list[str], stdin: str, fragment: str) -> None:
    proc = run(*argv, stdin=stdin)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: ")
    assert proc.stderr.endswith("\n") and proc.stderr.count("\n") == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert fragment in proc.stderr


@pytest.mark.parametrize("kind", ["missing", "directory", "not-utf8"])
def test_score_unreadable_input_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "deal.json"
    if kind == "directory":
        path.mkdir()
    elif kind == "not-utf8":
        path.write_bytes(b'{"players": "\xff\xfe"}')
    proc = run("score", "--input", str(path), stdin=_doc(P0, P1))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert str(path) in proc.stderr


def test_score_stdin_that_is_not_utf8() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    proc = subprocess.run(
        [sys.executable, "-m", "app", "score"], input=b'\xff{"players": []}', capture_output=True, env=env, timeout=60
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.startswith(b"error: ") and proc.stderr.count(b"\n") == 1, proc.stderr


def test_solve_in_the_pattern_ladder_names_the_pattern() -> None:
    proc = run(
        "solve",
        "--rules",
        "ladder",
        "--json",
        "As",
        "Ks",
        "Qs",
        "Js",
        "Ts",
        "9h",
        "9d",
        "5c",
        "5d",
        "4h",
        "3h",
        "2h",
        "2c",
    )
    assert proc.returncode == 0 and json.loads(proc.stdout) == {"pattern": "straight_flush", "tier": 4}
