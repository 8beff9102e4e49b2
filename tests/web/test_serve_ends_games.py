"""A game ends with its server, however the server ended (issue 37, item 4): `kill -9` of `chinese-poker serve`
runs none of its code, yet every game it started must end within seconds (on Linux the kernel hangs them up, and
a game takes that as a closed terminal: its table's session is kept for Continue). A real server, a websocket from
aiohttp's client; no browser. The everyday test kills the server at the menu; the soak one kills it mid-deal and
finds the deal's session offered by Continue in a new server's game."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

from app.commands.serve_cmds import web_installed
from tests.web.served import Served, alive, need, need_aiohttp, serve, wait_until, websocket_url

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a killed server's games end on Linux")
aiohttp = need_aiohttp()

GAME_UP = 20.0  # seconds for a game process to draw (a loaded machine imports slowly)
ENDS_WITHIN = 10.0  # seconds from the server's kill to its games' end
ESCAPE = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])")


class Screen:
    """A game's output over its websocket, as text without the terminal's escapes (enough to find words)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.seen = ""

    async def wait_for(self, pattern: str) -> str:
        """Read frames until the text since the last wait matches ``pattern``; returns it."""
        deadline = time.monotonic() + GAME_UP
        text = ""
        for _ in range(100_000):  # frames; the deadline ends it first
            if re.search(pattern, text):
                self.seen = ""
                return text
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                message = await self.ws.receive(timeout=left)
            except TimeoutError:
                break
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
            if message.type == aiohttp.WSMsgType.BINARY:
                self.seen += message.data.decode("utf-8", "replace")
                text = ESCAPE.sub("", self.seen)
        pytest.fail(f"no {pattern!r} in {GAME_UP:g} s; the game drew: {text[-600:]!r}")


def kill_and_wait(served: Served) -> float:
    """SIGKILL the server; wait until every game it ran has ended; returns the seconds that took."""
    games = served.games_now()
    assert games, "no game process runs under the server"
    killed = time.monotonic()
    os.kill(served.process.pid, signal.SIGKILL)
    try:
        wait_until(lambda: not any(alive(pid) for pid in games), ENDS_WITHIN, "the killed server's games to end")
    finally:  # a game that outlived its server is an orphan nothing else would end
        for pid in games:
            with contextlib.suppress(ProcessLookupError):
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)
    return time.monotonic() - killed


async def test_a_killed_servers_game_ends(tmp_path: Path) -> None:
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with serve(tmp_path, "127.0.0.1", "--lang", "en") as served:
        async with aiohttp.ClientSession() as session, session.ws_connect(websocket_url(served)) as ws:
            first = await ws.receive(timeout=GAME_UP)
            assert first.type == aiohttp.WSMsgType.BINARY, first  # the game is up and draws
            took = kill_and_wait(served)
        print(f"the killed server's game ended in {took:.2f} s")


@pytest.mark.soak
async def test_a_server_killed_mid_deal_leaves_the_deal_for_continue(tmp_path: Path) -> None:
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with serve(tmp_path, "127.0.0.1", "--lang", "en") as served:
        async with aiohttp.ClientSession() as session, session.ws_connect(websocket_url(served)) as ws:
            screen = Screen(ws)
            await screen.wait_for(r"New to")  # a new data folder's first start offers the guided deal: declined
            await ws.send_json(["stdin", "n"])
            await ws.send_json(["stdin", "p"])  # Quick play
            await screen.wait_for(r"Arrange your 13 cards")
            kill_and_wait(served)
    with serve(tmp_path, "127.0.0.1", "--lang", "en") as again:
        async with aiohttp.ClientSession() as session, session.ws_connect(websocket_url(again)) as ws:
            await Screen(ws).wait_for(r"C\s*Continue")
