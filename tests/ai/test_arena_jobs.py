"""The arena on several processes: the same report as on one, for every table; external bots stay on one;
the player registry; and ``chinese-poker arena --jobs``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import ai
import ai.arena
from ai import Level
from ai.arena import PLAYERS, default_jobs, run_arena
from ai.bots import LevelPlayer, Player
from rules.presets import Preset
from tests.ai.test_arena import bot
from tests.cli.runner import in_process


def without_timings(report: dict[str, object]) -> dict[str, object]:
    players = [{k: v for k, v in p.items() if k != "median_ms"} for p in report["players"]]  # type: ignore[attr-defined]
    return {**report, "players": players}


@pytest.mark.slow
@pytest.mark.parametrize(
    "names, preset",
    # Arcade's treasure queue is the path a table of four plays too, on more seats: four seats are the soak's.
    [
        (["easy", "normal"], Preset.ARCADE),
        pytest.param(["normal", "easy", "easy", "hard"], Preset.SHISANSHUI, marks=pytest.mark.soak),
    ],
)
def test_two_processes_give_the_same_report_as_one(names: list[str], preset: Preset) -> None:
    # Arcade carries its treasure queue from deal to deal: the blocks must still see the same treasure.
    deals = 6
    seen: list[tuple[int, int]] = []
    one = run_arena(names, deals, seed=11, preset=preset, jobs=1)
    two = run_arena(names, deals, seed=11, preset=preset, jobs=2, progress=lambda d, t: seen.append((d, t)))
    assert without_timings(one) == without_timings(two)
    assert seen[-1] == (deals, deals) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_an_arena_with_an_external_bot_plays_on_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pids = tmp_path / "pids"
    monkeypatch.setenv("FAKE_BOT_PIDS", str(pids))
    name = bot("garbage")
    report = run_arena([name, "easy"], 3, seed=2, jobs=2)
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["invalid_answers"] == 12  # 3 deals, two seats, two rotations
    assert len(pids.read_text().split()) == 1  # one bot, started once, asked every question in order


def test_the_registry_makes_players_by_name_for_the_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Preset] = []

    def mirror(preset: Preset) -> Player:
        made.append(preset)
        return LevelPlayer(Level.EASY)

    assert set(PLAYERS) >= {level.value for level in Level}
    monkeypatch.setitem(ai.arena.PLAYERS, "mirror", mirror)
    report = run_arena(["mirror", "easy"], 1, seed=4, preset=Preset.TOURNAMENT)
    assert [p["name"] for p in report["players"]] == ["mirror", "easy"]
    assert made == [Preset.TOURNAMENT]
    with pytest.raises(ValueError, match="mirror"):  # the error lists the players there are
        run_arena(["grandmaster", "easy"], 1)
    with pytest.raises(ValueError):
        run_arena(["easy", "normal"], 1, jobs=0)
    assert default_jobs() >= 1


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    # In this process: the command's output and status are what is checked (`--jobs 2` still starts its workers).
    return in_process("arena", *args)


COMMON = ("--players", "easy,normal", "--deals", "5", "--seed", "9", "--rules", "arcade", "--json")


@pytest.mark.slow
@pytest.mark.soak  # the everyday tier: the arena's own two processes above, and the command's --jobs below
def test_cli_jobs_1_and_2_print_the_same_json_but_for_timings() -> None:
    one, two = _cli(*COMMON, "--jobs", "1"), _cli(*COMMON, "--jobs", "2")
    assert one.returncode == two.returncode == 0, (one.stderr, two.stderr)
    assert without_timings(json.loads(one.stdout)) == without_timings(json.loads(two.stdout))


def test_cli_jobs_reaches_the_arena_and_its_report_is_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The command hands --jobs to the arena and prints the report it returns; that the arena's report is the
    # same on two processes as on one is test_two_processes_give_the_same_report_as_one's (one process here).
    asked: list[int] = []
    real = ai.run_arena

    def on_one(*args, jobs: int = 1, **kwargs):
        asked.append(jobs)
        return real(*args, jobs=1, **kwargs)

    monkeypatch.setattr(ai, "run_arena", on_one)
    one, two = _cli(*COMMON, "--jobs", "1"), _cli(*COMMON, "--jobs", "2")
    assert one.returncode == two.returncode == 0, (one.stderr, two.stderr)
    assert asked == [1, 2]
    assert without_timings(json.loads(one.stdout)) == without_timings(json.loads(two.stdout))
    assert json.loads(two.stdout)["deals"] == 5


def test_cli_jobs_is_checked_and_a_cmd_bot_notes_that_it_plays_on_one_process() -> None:
    bad = _cli("--players", "easy,normal", "--deals", "1", "--jobs", "0")
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "--jobs must be from 1" in bad.stderr
    ok = _cli("--players", f"{bot('garbage')},easy", "--deals", "1", "--jobs", "2", "--json")
    assert ok.returncode == 0, ok.stderr
    assert "one process" in ok.stderr and json.loads(ok.stdout)["deals"] == 1
