"""How long a served tab takes to show its menu (`chinese-poker bench`, issue 44: the menu in 1.0 s in a browser
tab): from the tab asking for a game to the game's first frame, for tabs forked from the fork server as `serve`
forks them after the first, and for a game started on its own as the first tab's is. The page's own loading
(its scripts and fonts, from the same server) is the browser's and not counted. Needs the [web] extra.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from app.forkserver import ForkServer
from app.web import game_command, game_environment

TAB_TARGETS = {"tab_menu_s": 1.0}  # a forked tab's game, from asking to its menu's first frame
PRELUDE = b"__GANGLION__\n"  # what textual-serve waits for before a game's packets
FIRST_FRAME_WITHIN = 60.0
MENU_ITEM = b"Quick"  # the English menu's first item, "Quick play" (its words come between colour codes)


async def _menu_drawn(stdout: asyncio.StreamReader) -> None:
    """Read a game's output until its menu is on the screen: its screen data (``D`` packets after the prelude)
    hold the menu's first item."""
    while (line := await stdout.readline()) != PRELUDE:
        if not line:
            raise RuntimeError("the game ended before it drew anything")
    drawn = b""
    while MENU_ITEM not in drawn:
        kind = await stdout.readexactly(1)
        size = int.from_bytes(await stdout.readexactly(4), "big")
        payload = await stdout.readexactly(size)
        if kind == b"D":
            drawn = drawn[-len(MENU_ITEM) :] + payload


async def _time_tabs(home: Path, tabs: int) -> dict[str, Any]:
    argv = game_command("en")
    env = {**game_environment(argv, 120, 40), "CHINESE_POKER_HOME": str(home)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a player's game keeps its bytecode (app.screens.app_bench)
    alone: list[float] = []
    for _ in range(2):  # the first compiles what it must; the second is the first tab of a warm machine
        started = time.perf_counter()
        pipe = asyncio.subprocess.PIPE
        process = await asyncio.create_subprocess_exec(*argv, stdin=pipe, stdout=pipe, stderr=pipe, env=env)
        assert process.stdout is not None
        await asyncio.wait_for(_menu_drawn(process.stdout), FIRST_FRAME_WITHIN)
        alone.append(time.perf_counter() - started)
        process.kill()  # measured: nothing of it is kept (its data folder goes with the bench's)
        await process.wait()
    server = await ForkServer.start(env)
    forked: list[float] = []
    try:
        for _ in range(tabs):
            started = time.perf_counter()
            game = await server.spawn(argv[2], argv[3:], env)
            await asyncio.wait_for(_menu_drawn(game.stdout), FIRST_FRAME_WITHIN)
            forked.append(time.perf_counter() - started)
            game.kill()
            await game.wait()
    finally:
        await server.close()
    return {"tab_menu_s": round(statistics.median(forked), 3), "tab_alone_menu_s": round(alone[-1], 3), "tabs": tabs}


def time_tab_starts(tabs: int = 3) -> dict[str, Any]:
    """The median seconds from asking for a forked tab's game to its menu's first frame over ``tabs`` tabs, and
    the same for a game started on its own (warm)."""
    if not hasattr(os, "fork") or sys.platform == "win32":
        raise RuntimeError("served tabs are forked only where the system forks")
    with tempfile.TemporaryDirectory(prefix="cp-bench-") as tmp:
        return asyncio.run(_time_tabs(Path(tmp), tabs))
