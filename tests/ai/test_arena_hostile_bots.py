"""Bots that attack the arena itself: one that never reads, one that floods, one that forks, one that sleeps.

Each must cost the arena no more than its time limit per question, no more memory than the caps, and leave
no process behind. The tests pass short limits (``BotLimits``) so that they run in seconds; every run is
guarded by a watchdog thread, so a regression fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from ai import TableView
from ai.arena import run_arena
from ai.bots import BotLimits, ExternalPlayer
from rules.cards import deal
from tests.ai.test_arena import bot

T = TypeVar("T")
QUICK = BotLimits(timeout=0.3)  # for bots meant to miss it
STEADY = BotLimits(timeout=3)  # for bots meant to answer: room for a start-up on a loaded machine


def within(seconds: float, work: Callable[[], T]) -> T:
    """``work()``'s result, failing the test if it takes longer than ``seconds`` (it is left running, daemonic)."""
    box: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            box.append(work())
        except BaseException as exc:  # handed to the test below
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if errors:
        raise errors[0]
    return box[0]


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie, dead but not yet reaped by its parent, is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def survivors(pids_file: Path, grace: float = 3.0) -> list[int]:
    """The recorded pids still running after ``grace`` seconds (SIGKILL reaches a process within moments)."""
    pids = [int(x) for x in pids_file.read_text().split()] if pids_file.exists() else []
    end = time.monotonic() + grace
    while (alive := [p for p in pids if running(p)]) and time.monotonic() < end:
        time.sleep(0.05)
    return alive


@pytest.fixture
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file every fake bot (and every process it starts) appends its pid to."""
    path = tmp_path / "pids"
    monkeypatch.setenv("FAKE_BOT_PIDS", str(path))
    return path


def test_a_bot_that_never_reads_cannot_block_the_arena_in_its_write() -> None:
    # It answers ("x") every millisecond but never reads: after about 200 questions its input pipe is full.
    # The deadline must cover handing over the question, not only reading the answer.
    player = ExternalPlayer(bot("deaf")[4:], STEADY)
    hand, view = deal(3)[0], TableView()

    def ask_until_refused() -> list[str]:
        reasons = []
        for _ in range(1000):
            played = player.decide(hand, view, seed=0)
            assert played.forfeit
            reasons.append(played.forfeit)
            if "did not take the question" in played.forfeit:
                break
        return reasons

    try:
        reasons = within(60, ask_until_refused)
    finally:
        player.close()
    assert "did not take the question within 3 s" in reasons[-1]
    assert len(reasons) > 50  # the pipe took some questions first: it was the write that timed out


def test_a_flood_is_capped_and_the_bot_restarted() -> None:
    limits = BotLimits(timeout=3, answer_bytes=1000, unasked_bytes=20_000)
    hand, view = deal(4)[0], TableView()
    for mode, cap in (("flood", "without being asked"), ("longline", "longer than 1,000 bytes")):
        player = ExternalPlayer(bot(mode)[4:], limits)
        try:
            reasons = within(30, lambda p=player: [p.decide(hand, view, seed=0).forfeit for _ in range(6)])
            assert all(reasons), reasons
            assert any(cap in str(r) for r in reasons), reasons
            # What is held for a bot never passes one answer's cap and one read.
            assert player._bot is None or len(player._bot._pending) <= limits.answer_bytes + 65536
        finally:
            player.close()


def test_the_bots_own_children_end_with_it(pids: Path) -> None:
    # Each question makes the bot start an orphaned grandchild: the whole process group must go at the end.
    name = bot("forks")
    report = within(60, lambda: run_arena([name, "easy"], 1, seed=3, limits=STEADY))
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["invalid_answers"] == 4
    assert len(pids.read_text().split()) == 1 + 4  # the bot, and one grandchild a question
    assert survivors(pids) == []


@pytest.mark.parametrize(
    "mode, deals",
    [("deaf", 30), ("flood", 1), ("longline", 1), ("forks", 2), ("late", 1)],
)
def test_the_arena_finishes_in_its_time_limits_and_no_bot_process_outlives_it(
    pids: Path, mode: str, deals: int
) -> None:
    name = bot(mode)
    limits = QUICK if mode == "late" else STEADY
    questions = deals * 4  # two of four seats, two rotations
    # Every question may take the whole limit (a restarted bot starts again too); the rest is quick.
    budget = questions * (limits.timeout + 0.5) + 10
    began = time.monotonic()
    report = within(budget, lambda: run_arena([name, "easy"], deals, seed=1, limits=limits))
    elapsed = time.monotonic() - began
    stats = {p["name"]: p for p in report["players"]}
    assert stats[name]["fouls"] == stats[name]["invalid_answers"] == questions
    assert stats["easy"]["fouls"] == 0
    assert elapsed < budget
    assert survivors(pids) == []


def test_a_terminated_arena_ends_its_bots_first(pids: Path) -> None:
    # The bots live in sessions of their own, so SIGTERM to the arena does not reach them: the arena ends them.
    arena = subprocess.Popen(
        [sys.executable, "-m", "app", "arena", "--players", f"{bot('late')},easy", "--deals", "5"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    try:
        end = time.monotonic() + 60
        while not (pids.exists() and pids.read_text().strip()) and time.monotonic() < end:
            time.sleep(0.05)
        assert pids.exists(), "the bot never started"
        arena.send_signal(signal.SIGTERM)
        assert arena.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        arena.kill()
    assert survivors(pids) == []
