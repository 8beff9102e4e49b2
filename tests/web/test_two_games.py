"""Two games on one data folder at once, as two browser tabs are: two processes, each the game's own App driven
headlessly (Pilot) at a table of its own, started together and playing their deals at the same time. Every
deal of both is in the history afterwards, in its own session, and neither game met "database is locked" (a
failed write would have turned its history off). Needs no browser and no web extra."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.web.served import ROOT

DEALS = 4  # each game's; both write a deal every fraction of a second

GAME = textwrap.dedent(
    """
    import asyncio, sys
    from app.widgets.textual_private import notifications
    from tests.app.harness import config, make_app, play_a_deal

    async def main(seed: int, deals: int) -> None:
        app = make_app(config(seed=seed))
        print("ready", flush=True)
        sys.stdin.readline()  # both start at once
        async with app.run_test(size=(120, 40)) as pilot:
            for number in range(deals):
                if number:
                    await pilot.press("n")  # the next deal
                await play_a_deal(pilot)
            told = " ".join(str(n.message) for n in notifications(app))
            print("history", "on" if app.history is not None else "off", "|", told, flush=True)

    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
    """
)


# Two whole games of four deals each, some 12 s of CPU: in the soak tier. Every day, the browser test of two tabs
# playing a deal each at once over one data folder (tests/web/test_browser.py) checks the same: both deals stored,
# "database is locked" nowhere.
@pytest.mark.soak
def test_two_games_play_at_once_and_lose_no_deal(tmp_path: Path) -> None:
    env = {**os.environ, "CHINESE_POKER_HOME": str(tmp_path)}
    games = [
        subprocess.Popen(
            [sys.executable, "-c", GAME, str(seed), str(DEALS)],
            cwd=ROOT,
            env=env,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for seed in (1, 2)
    ]
    for game in games:
        assert game.stdout is not None and game.stdout.readline().strip() == "ready"
    for game in games:
        assert game.stdin is not None
        game.stdin.write("go\n")
        game.stdin.flush()
    for game in games:
        out, err = game.communicate(timeout=120)
        assert game.returncode == 0, err
        assert "history on" in out and "locked" not in out + err, out + err
    listed = subprocess.run(
        [sys.executable, "-m", "app", "history", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    deals = json.loads(listed.stdout)
    sessions: dict[int, list[dict]] = {}
    for deal in deals:
        sessions.setdefault(deal["session"], []).append(deal)
    numbers = sorted(sorted(d["number"] for d in played) for played in sessions.values())
    assert numbers == [list(range(1, DEALS + 1))] * 2, deals
    first, second = ([d["played"] for d in played] for played in sessions.values())
    assert max(min(first), min(second)) < min(max(first), max(second)), "the two games did not play at once"
