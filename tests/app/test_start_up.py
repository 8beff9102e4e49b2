"""What the game loads to show its menu (issue 44: the menu in 0.5 s): not numpy, the table, the AI's search or
the coach. Each loads when the player first needs it, and the menu is drawn without them; a returning player's
menu too, whose Continue check and rating line are worked out once its first frame is out. Run in a fresh
interpreter, since this test process has loaded everything already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.tiers import long

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import asyncio, json, sys
from app.settings import Settings
from app.tui import ChinesePokerApp

async def main():
    app = ChinesePokerApp(menu=True, settings=Settings(animation="off"), offer_guide=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = type(app.screen).__name__
        before = set(sys.modules)
        await pilot.press("r")  # the Rules screen: it loads what it needs on the way
        await pilot.pause()
        print(json.dumps({"shown": shown, "modules": sorted(before), "then": type(app.screen).__name__}))

asyncio.run(main())
"""

HEAVY = ("numpy", "app.game.table", "app.screens.table.screen", "ai.coach", "ai.expert", "ai.bank", "app.game.rating")


def test_the_menu_comes_up_without_numpy_the_table_or_the_coach(tmp_path: Path) -> None:
    env = {"CHINESE_POKER_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["shown"] == "MainMenu"
    assert [m for m in HEAVY if m in report["modules"]] == []
    assert report["then"] == "RulesScreen"  # a screen opened from the menu still finds what it imports late


RETURNING = """
import asyncio, json, sys
from app.settings import Settings
from app.tui import ChinesePokerApp

async def main():
    app = ChinesePokerApp(menu=True, settings=Settings(animation="off"), offer_guide=False)
    seen = {}

    def drawn(menu):
        rating = str(menu.query_one("#menu-rating").render())
        seen.update(modules=sorted(sys.modules), offered=menu.offers_continue, rating=rating)

    app.when_menu_drawn.append(drawn)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        menu = app.screen
        after = {"offered": menu.offers_continue, "numpy": "numpy" in sys.modules}
        after["rating"] = str(menu.query_one("#menu-rating").render())
        print(json.dumps({"first": seen, "after": after}))

asyncio.run(main())
"""


@long("tests/app/test_menu_continue_pilot.py::test_a_session_that_does_not_rebuild_is_taken_back_once_the_menu_is_up")
def test_a_returning_players_menu_comes_up_first_then_checks_its_continue(tmp_path: Path) -> None:
    from app.store.database import open_history
    from rules.presets import Preset
    from tests.store.helpers import play_session

    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    # Two deals scored and priced (none left for the background pricing), the session left open.
    play_session(history, Preset.TAIWAN, 1, 2, reviews=2)
    history.close()
    env = {"CHINESE_POKER_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", RETURNING], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    first, after = report["first"], report["after"]
    # The first frame offers Continue, drawn without numpy or the table: the check waits for the frame.
    assert first["offered"] and [m for m in HEAVY if m in first["modules"]] == []
    # Then the session is rebuilt (which loads the table) and still offered, and the rating fills its line.
    assert after["offered"] and after["numpy"]
    assert first["rating"].strip() == "" and after["rating"].strip(), report
