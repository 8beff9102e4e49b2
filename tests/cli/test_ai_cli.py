"""The AI commands (solve, arena, bench): JSON shapes, legality, exit codes. They run in this process but for an
arena with an external bot (a real process, as a player runs it; tests/cli/test_arena_interrupt.py runs a parallel
one) and bench's long run in the soak tier.

Bad input is exactly one ``error:`` line on stderr, nothing on stdout, exit status 2 — never a traceback.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from app.commands.ai_cmds import _split_players
from rules.arrangement import Arrangement, foul_reason
from rules.cards import format_cards, parse_cards
from rules.presets import Preset
from rules.specials import Special, detect_specials
from tests.cli.runner import in_process, in_subprocess

HAND = "As Kd Qh 9c 9s 7d 7h 5c 4s 3d 3h 2c Td"
PLAIN_DRAGON = "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s"
SUITED_DRAGON = "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h"
FAKE_BOTS = Path(__file__).resolve().parent.parent / "ai" / "fake_bots.py"
CANONICAL = re.compile(r"^[2-9TJQKA][shcd]( [2-9TJQKA][shcd])*$")


def run(*args: str, timeout: float = 120, process: bool = False) -> subprocess.CompletedProcess[str]:
    """The command in this process, or with ``process`` as a real one."""
    if process:
        return in_subprocess(*args, timeout=timeout)
    return in_process(*args)


def ok_json(*args: str, process: bool = False) -> Any:
    proc = run(*args, process=process)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.endswith("\n") and proc.stdout.count("\n") == 1  # one JSON document, stdout only
    return json.loads(proc.stdout)


def usage_error(*args: str) -> str:
    """The one error line of a refused command."""
    proc = run(*args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    return lines[0]


def assert_rows(out: dict[str, Any], cards: str, preset: Preset) -> None:
    """front/middle/back: canonical strings of 3/5/5 cards using exactly the hand, and not a foul."""
    rows = [out["front"], out["middle"], out["back"]]
    for row, size in zip(rows, (3, 5, 5), strict=True):
        assert isinstance(row, str) and CANONICAL.match(row), row
        assert len(row.split()) == size
        assert format_cards(parse_cards(row)) == row  # canonical notation round-trips unchanged
    arr = Arrangement.parse(*rows)
    assert sorted(arr.cards) == sorted(parse_cards(cards, 13))
    assert foul_reason(arr, preset.default_options.wheel) is None


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_solve_json_for_every_level(level: str) -> None:
    out = ok_json("solve", HAND, "--json", "--level", level)
    assert set(out) == {"front", "middle", "back", "declare", "ev", "alternatives"}
    assert out["declare"] is None
    assert isinstance(out["ev"], float)
    assert_rows(out, HAND, Preset.TAIWAN)
    assert isinstance(out["alternatives"], list) and len(out["alternatives"]) == 3  # --top defaults to 3
    for alt in out["alternatives"]:
        assert set(alt) == {"front", "middle", "back", "declare", "ev"}
        assert_rows(alt, HAND, Preset.TAIWAN)
        assert (alt["front"], alt["middle"], alt["back"]) != (out["front"], out["middle"], out["back"])
    if level == "expert":  # below it a level chooses like a person, a little below its best (issue 39)
        assert all(alt["ev"] <= out["ev"] for alt in out["alternatives"])
    elif level == "hard":  # only near-ties are left to chance
        assert all(alt["ev"] <= out["ev"] + 0.05 for alt in out["alternatives"])


@pytest.mark.parametrize("k", [0, 1, 5])
def test_solve_top_k_lists_k_alternatives(k: int) -> None:
    cards = HAND.replace(" ", ",")  # commas are separators too
    out = ok_json("solve", cards, "--json", "--level", "hard", "--top", str(k), "--rules", "shisanshui")
    assert len(out["alternatives"]) == k
    assert_rows(out, HAND, Preset.SHISANSHUI)


def test_solve_arcade_names_a_double_target_and_is_legal_with_its_wheel() -> None:
    out = ok_json("solve", *HAND.split(), "--json", "--level", "normal", "--rules", "arcade")
    assert "double" in out and out["double"] in (None, 1, 2, 3)  # a pair it expects to lose is rarely doubled
    strong = "As Ah Ad Ac Ks Kh Kd Qs Qh Jd Tc 9c 2s"
    assert ok_json("solve", *strong.split(), "--json", "--level", "normal", "--rules", "arcade")["double"] in (1, 2, 3)
    assert_rows(out, HAND, Preset.ARCADE)


@pytest.mark.parametrize("cards, special", [(PLAIN_DRAGON, "dragon"), (SUITED_DRAGON, "suited_dragon")])
def test_solve_declares_dragons(cards: str, special: str) -> None:
    out = ok_json("solve", cards, "--json", "--level", "expert", "--samples", "2")
    assert out["declare"] == special
    assert Special(special) in detect_specials(parse_cards(cards, 13))
    assert isinstance(out["ev"], float) and out["ev"] > 0
    assert_rows(out, cards, Preset.TAIWAN)  # the rows shown are the best arrangement, for reference


def test_solve_prints_rows_and_ev_for_people() -> None:
    proc = run("solve", HAND, "--level", "normal", "--top", "1")
    assert proc.returncode == 0 and proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert [ln.split()[0] for ln in lines[:4]] == ["front", "middle", "back", "ev"]
    assert "#2" in proc.stdout


@pytest.mark.parametrize(
    "args, token",
    [
        ([HAND.replace("As", "Xs")], "Xs"),  # unknown rank
        ([HAND.replace("Td", "As")], "As"),  # duplicate card
        ([HAND.rsplit(" ", 1)[0]], "12"),  # 12 cards
        ([HAND, "--rules", "vegas"], "vegas"),
        ([HAND, "--level", "godlike"], "godlike"),
        ([HAND, "--top", "-1"], "--top"),
    ],
)
def test_solve_bad_input_is_one_error_line(args: list[str], token: str) -> None:
    assert token in usage_error("solve", *args, "--json")


def test_arena_json_shape_on_stdout_only() -> None:
    # On one process, in this one (a pool of processes started from the test runner's would be a different
    # program's children); two processes print the same report (tests/ai/test_arena_jobs.py).
    report = ok_json("arena", "--players", "easy,normal", "--deals", "2", "--json", "--seed", "4", "--jobs", "1")
    assert set(report) == {"rules", "deals", "players"}
    assert report["rules"] == "taiwan" and report["deals"] == 2
    assert [p["name"] for p in report["players"]] == ["easy", "normal"]
    for p in report["players"]:
        assert set(p) == {"name", "mean", "ci95", "fouls", "scoops", "median_ms"}
        assert isinstance(p["mean"], float) and isinstance(p["ci95"], float) and isinstance(p["median_ms"], float)
        assert p["fouls"] == 0 and isinstance(p["scoops"], int)
    assert report["players"][0]["mean"] == pytest.approx(-report["players"][1]["mean"], abs=1e-3)


def test_arena_with_an_external_bot_reports_its_invalid_answers() -> None:
    name = "cmd:" + shlex.join([sys.executable, str(FAKE_BOTS), "garbage"])
    report = ok_json(
        "arena", "--players", f"{name},easy", "--deals", "1", "--json", "--rules", "shisanshui", process=True
    )
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["fouls"] == stats[name]["invalid_answers"] == 4  # two seats, two rotations
    assert stats["easy"]["fouls"] == 0


@pytest.mark.parametrize(
    "players, token",
    [("easy,grandmaster", "grandmaster"), ("easy", "2 to 4"), ("easy,normal,hard,expert,easy", "2 to 4")],
)
def test_arena_bad_players_are_a_usage_error(players: str, token: str) -> None:
    assert token in usage_error("arena", "--players", players, "--deals", "1", "--json")


def test_arena_needs_at_least_one_deal() -> None:
    usage_error("arena", "--players", "easy,normal", "--deals", "0")


def test_player_lists_keep_commas_inside_a_command_line() -> None:
    assert _split_players("easy,normal") == ["easy", "normal"]
    assert _split_players("cmd:bot --x 1,2,easy") == ["cmd:bot --x 1,2", "easy"]
    assert _split_players("hard,cmd:a b,cmd:c,expert") == ["hard", "cmd:a b", "cmd:c", "expert"]


# The game's targets (app/screens/app_bench.py's GAME_TARGETS), which bench checks when it runs the game.
_GAME = {
    "menu_start_s",
    "menu_rss_mb",
    "menu_continue_start_s",
    "menu_continue_rss_mb",
    "table_peak_rss_mb",
    "tab_pss_mb",
}


@pytest.mark.parametrize(
    ("hands", "expert", "deals", "process"),
    [
        # The report's whole shape, every target, at the least sizes bench takes: 4 hands (the least --hands), the
        # slow timings on one, and a history of 40 deals (two of each preset in its pool), in this process (the
        # memory it reports is this process's), the game's processes left out (tests/app/test_app_bench.py runs
        # them small).
        pytest.param(4, 1, 40, False, id="everyday"),
        # As a real process, at its defaults: the game's menu, a table of five deals and five tables at once.
        pytest.param(8, None, 2000, True, id="soak", marks=pytest.mark.soak),
    ],
)
def test_bench_json(hands: int, expert: int | None, deals: int, process: bool) -> None:
    sizes = ["--hands", str(hands), "--history-deals", str(deals)]
    sizes += ["--expert-hands", str(expert)] if expert is not None else []
    # The lobby (tests/lobby/test_lobby_bench.py runs it small) at its default where the [web] extra is there.
    sizes += [] if process else ["--game-processes", "0", "--lobby-deals", "0"]
    lobby = process and find_spec("aiohttp") is not None
    served = process and find_spec("textual_serve") is not None  # a served tab's menu, timed
    proc = run("bench", "--json", *sizes, process=process, timeout=1200)
    assert proc.stderr == "" and proc.stdout.count("\n") == 1, proc.stderr
    report = json.loads(proc.stdout)
    # A missed target fails the run (issue 44); whether one is missed depends on the machine, not asserted here.
    missed = [name for name, t in report["targets"].items() if not t["met"]]
    assert proc.returncode == (1 if missed else 0), missed
    assert isinstance(report["split_search_ms"], float) and report["split_search_ms"] > 0
    assert set(report["levels"]) == {"easy", "normal", "hard", "expert"}
    for stats in report["levels"].values():
        assert set(stats) == {"median_ms", "p95_ms"}
        assert 0 < stats["median_ms"] <= stats["p95_ms"]
    assert isinstance(report["peak_rss_mb"], float) and report["peak_rss_mb"] > 0
    # Every target of issue 8 is checked against its measurement (not asserted met: a busy machine is slow).
    targets = report["targets"]
    assert set(targets) == {
        "hard_median_ms",
        "expert_median_ms",
        "expert_p95_ms",
        "split_search_ms",
        "import_and_load_s",
        "coach_median_ms",
        "coach_p95_ms",
        "coach_ci95_taiwan",
        "coach_ci95_worst",
        "history_record_median_ms",
        "history_history_open_s",
        "history_stats_s",
        "history_startup_growth_s",
        "pass_expert_median_ms",
        "pass_coach_median_ms",
        "advice_median_ms",
        "coach_with_pass_median_ms",
        "joker_split_ratio",
        "joker_expert_median_ms",
        "joker_expert_p95_ms",
        "known_expert_median_ms",
        "known_coach_median_ms",
        "history_rating_s",
    } | (_GAME if process else set()) | ({"tab_menu_s"} if served else set()) | (
        {"lobby_latency_median_ms", "lobby_tables_rss_mb"} if lobby else set()
    )
    assert ("lobby" in report) == lobby
    if lobby:  # issue 43: READY to the reveal at a table of three people, the server's memory with ten tables
        assert report["lobby"]["deals"] == 5 and report["lobby"]["tables"] == 10
        assert 0 < report["lobby"]["latency_median_ms"] <= report["lobby"]["latency_max_ms"]
    assert set(report["pass_ms"]) == {"normal", "hard", "expert", "coach"}  # 換三張 (issue 15)
    # Auto-arrange's advice priced by the coach, and a deal's whole price with a pass (issue 36).
    assert 0 < report["advice_ms"]["median_ms"] <= report["advice_ms"]["p95_ms"]
    assert targets["coach_with_pass_median_ms"]["measured"] == pytest.approx(
        report["pass_ms"]["coach"]["median_ms"] + report["known_ms"]["coach"]["median_ms"], abs=0.1
    )
    assert report["known_ms"]["expert"]["median_ms"] > 0 and report["known_ms"]["coach"]["median_ms"] > 0
    assert report["known_ms"]["hands"] == (expert or min(24, hands))  # --expert-hands, else 24 or --hands
    # The split search and expert with a joker (RULES.md §20), beside the ones without.
    assert report["joker"]["split_search_ms"] > 0 and report["joker"]["split_ratio"] > 0
    # The history's speed (issue 12) on a generated file of the size asked for.
    assert report["history"]["deals"] == deals and report["history"]["record_median_ms"] > 0
    # The coach's speed and precision per preset (issue 11): `coach_ms` and `coach_ci95`.
    presets = {p.value for p in Preset if p.arranged}  # the pattern ladder has nothing for the coach to price
    assert set(report["coach_ms"]) == set(report["coach_ci95"]) == presets
    assert all(0 < c["median_ms"] <= c["p95_ms"] for c in report["coach_ms"].values())
    assert targets["coach_ci95_taiwan"]["measured"] == report["coach_ci95"]["taiwan"]
    assert targets["coach_ci95_worst"]["measured"] == max(report["coach_ci95"].values())
    assert targets["expert_p95_ms"]["measured"] == report["levels"]["expert"]["p95_ms"]
    for t in targets.values():
        assert t["met"] == (t["measured"] <= t["limit"])


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["--hands", "3"], "--hands"),
        (["--expert-hands", "0"], "--expert-hands"),
        (["--history-deals", "-1"], "--history-deals"),
        (["--lobby-deals", "-1"], "--lobby-deals"),
    ],
)
def test_bench_sizes_are_bounded(args: list[str], token: str) -> None:
    assert token in usage_error("bench", "--json", *args)


def test_solve_says_why_a_dragon_stands_above_a_higher_priced_arrangement(monkeypatch, capsys) -> None:
    # Issue 10 #6: the choice is the best by the measure the alternatives are listed with, or says why not.
    import app.commands.ai_cmds as ai_cmds
    from ai import Choice, PricedDecision
    from app.cli import main
    from rules.deal import Decision
    from rules.specials import Special

    hand = parse_cards("As Kh Qs Jd Ts 9s 8h 7s 6s 5c 4s 3d 2s")
    real = ai_cmds.choose

    def priced_above(*args, **kwargs):
        choice = real(*args, **kwargs)
        arranged = [a for a in choice.alternatives if a.decision.arrangement is not None]
        dragon = Decision.declared(hand, Special.DRAGON)
        return Choice(dragon, 10.0, None, (PricedDecision(arranged[0].decision, 11.0),), True)

    monkeypatch.setattr(ai_cmds, "choose", priced_above)
    cards = [str(c) for c in hand]
    assert main(["solve", *cards]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert "always declared" in lines[lines.index("ev     +10.00 units expected against this table") + 1]
    assert main(["solve", "--json", *cards]) == 0
    assert json.loads(capsys.readouterr().out)["why"] == "a dragon is always declared"
    # A choice that is the best needs no explanation.
    monkeypatch.setattr(ai_cmds, "choose", real)
    assert main(["solve", "--json", "--level", "normal", *cards]) == 0
    assert "why" not in json.loads(capsys.readouterr().out)


def test_advice_reports_the_coachs_verdicts_on_the_first_suggestions() -> None:
    # Issue 36: the first suggestion played as suggested, priced by the coach on the same seed and budget.
    report = ok_json("advice", "--hands", "2", "--rules", "western", "--budget", "quick", "--jobs", "1", "--json")
    assert [r["preset"] for r in report] == ["western"]
    (row,) = report
    assert row["hands"] == 2 and sum(row["verdicts"].values()) == 2
    assert row["best_or_good"] == 1.0 and row["largest_value_gap"] == 0.0
    table = run("advice", "--hands", "1", "--rules", "backrow", "--budget", "quick", "--jobs", "1")
    assert table.returncode == 0 and "backrow" in table.stdout and "100.0%" in table.stdout


def test_levels_prices_every_level_against_the_coachs_best() -> None:
    # Issue 39: the levels' ladder, each level's loss a hand with its percentiles, blunders and targets.
    report = ok_json("levels", "--hands", "1", "--rules", "taiwan", "--budget", "quick", "--jobs", "1", "--json")
    (row,) = report
    assert row["preset"] == "taiwan" and row["hands"] == 1 and row["scale"] == 1.0
    assert list(row["levels"]) == ["easy", "normal", "hard", "expert"]
    for entry in row["levels"].values():
        assert {"mean", "p90", "p99", "worst", "worst_hand", "worst_play", "blunders", "verdicts", "met"} <= set(entry)
        assert sum(entry["verdicts"].values()) == 1
    table = run("levels", "--hands", "1", "--rules", "backrow", "--budget", "quick", "--jobs", "1")
    assert table.returncode == 0 and "backrow: 1 hands" in table.stdout and "normal" in table.stdout


def test_levels_refuses_the_pattern_ladder_where_nothing_is_arranged() -> None:
    proc = run("levels", "--rules", "ladder")
    assert proc.returncode != 0 and "nobody arranges" in proc.stderr and "Traceback" not in proc.stderr


def test_advice_refuses_the_pattern_ladder_where_nothing_is_arranged() -> None:
    proc = run("advice", "--rules", "ladder")
    assert proc.returncode != 0 and "nobody arranges" in proc.stderr and "Traceback" not in proc.stderr
