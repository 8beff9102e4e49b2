"""kill -9 of a real game process mid-deal, then Continue: the same deal (the same cards) with the time that
was left when the clock was last saved (at most about a second before the kill).

The child runs the game's App headless on an injected clock: it plays a deal, deals the next, lets 17.3 seconds
of its clock go by and lets the countdown tick (the tick that saves the clock), then reports the hand and waits
to be killed. The parent kills it with SIGKILL (no exit code runs) and continues the session in an App of its
own over the same data folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from app.game import Phase
from app.screens.menu import MainMenu

from .harness import Clock, make_app, settle, table_screen

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import asyncio, json
    from tests.app.harness import Clock, config, make_app, play_a_deal, settle, table_screen

    async def main():
        clock = Clock()
        app = make_app(config(seed=12, time_limit=60), menu=True, clock=clock)
        async with app.run_test(size=(100, 30)) as pilot:
            await play_a_deal(pilot)
            await pilot.press("n")
            await settle(pilot)
            screen = table_screen(app)
            table = screen.table
            clock.t += 17.3
            screen.clock.tick()  # the countdown's quarter-second tick: it saves the clock
            hands = {str(s): [str(c) for c in h] for s, h in table.current.hands.items()}
            print(json.dumps({"number": table.number, "hands": hands, "left": table.countdown.left()}), flush=True)
            await asyncio.sleep(3600)  # killed here

    asyncio.run(main())
    """
)


def killed(code: str, home: Path, tmp_path: Path) -> dict:
    """Run ``code`` as a game process over the data folder ``home``, read the line it reports, kill it with
    SIGKILL (no exit code runs) and return what it reported."""
    script = tmp_path / "child.py"
    script.write_text(code)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CHINESE_POKER_HOME": str(home)}
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    watchdog = threading.Timer(180, child.kill)  # a child that never reports fails the test, it does not hang it
    watchdog.start()
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line, "the child game exited before it reported its deal"
        seen = json.loads(line)
        child.send_signal(signal.SIGKILL)
        child.wait()
    finally:
        watchdog.cancel()
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL
    return seen


@pytest.mark.slow  # a real game process started and killed: some seconds
async def test_kill_9_mid_deal_then_continue_gives_the_same_cards_and_the_time_left(home: Path, tmp_path: Path) -> None:
    seen = killed(CHILD, home, tmp_path)
    assert seen["number"] == 2 and seen["left"] == pytest.approx(42.7)

    app = make_app(menu=True, clock=Clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MainMenu) and menu._continue is not None  # its owner is gone: offered
        assert "1 deal played, deal 2 in progress (0:43 left)" in menu.continue_hint()
        await pilot.press("c")
        await settle(pilot)
        table = table_screen(app).table
        assert table.number == 2 and table.phase is Phase.ARRANGING
        hands = {str(s): [str(c) for c in h] for s, h in table.current.hands.items()}
        assert hands == seen["hands"]
        assert table.countdown.left() == pytest.approx(seen["left"])  # the time left at the last save


CHILD_EXCHANGE = textwrap.dedent(
    """
    import asyncio, json
    from ai import Level
    from tests.app.harness import Clock, config, make_app, settle, table_screen

    async def main():
        clock = Clock()
        cfg = config(seed=5, exchange=1, time_limit=120, levels=(Level.EASY,) * 3)
        app = make_app(cfg, menu=True, clock=clock)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            for key in ("space", "right", "space", "right", "space", "enter"):  # pass three cards
                await pilot.press(key)
            await settle(pilot)
            clock.t += 25
            await pilot.press("space", "3")  # one card into the back row
            await pilot.pause()
            screen = table_screen(app)
            table = screen.table
            screen.clock.tick()  # the countdown's quarter-second tick: the only save before the kill
            rec = table.current
            print(json.dumps({"phase": table.phase.value, "hand": [str(c) for c in rec.hands[0]],
                              "passes": [{str(s): [str(c) for c in p] for s, p in r.items()} for r in rec.passes],
                              "back": [str(c) for c in table.arrange.rows[2]], "left": table.countdown.left()}),
                  flush=True)
            await asyncio.sleep(3600)  # killed here

    asyncio.run(main())
    """
)


@pytest.mark.soak  # a real game process started and killed: some seconds (the headless kill tests run every day)
async def test_kill_9_after_the_pass_then_continue_keeps_the_pass_the_placed_card_and_the_clock(
    home: Path, tmp_path: Path
) -> None:
    seen = killed(CHILD_EXCHANGE, home, tmp_path)
    assert seen["phase"] == "arranging" and len(seen["back"]) == 1

    app = make_app(menu=True, clock=Clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        await pilot.press("c")
        await settle(pilot)
        table = table_screen(app).table
        rec = table.current
        assert table.phase is Phase.ARRANGING and not table.exchange.active
        assert [str(c) for c in rec.hands[0]] == seen["hand"]
        assert [{str(s): [str(c) for c in p] for s, p in r.items()} for r in rec.passes] == seen["passes"]
        assert [str(c) for c in table.arrange.rows[2]] == seen["back"]
        assert table.countdown.left() == pytest.approx(seen["left"], abs=1.0)
