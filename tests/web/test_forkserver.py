"""The fork server (app/forkserver.py, issue 44): games forked from one process that has loaded the game share
its memory. Each forked game runs the module it is asked to, with its arguments, environment and streams, draws
its own random numbers (a fork copies the generators: two tabs must not deal alike), is told apart by its own
pid and exit status, and ends with the fork server; a tab `chinese-poker serve` opens is such a game. Linux only
(its parent's death signal), on loopback only."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

import pytest
import pytest_asyncio

from app.commands.serve_cmds import web_installed
from app.forkserver import ForkServer, ForkServerError
from tests.tiers import long
from tests.web.served import ROOT, alive, games_of, need, serve, websocket_url

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork server is for Linux here")

WITHIN = 30.0  # seconds for any one step (a loaded machine loads the game slowly)


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "CHINESE_POKER_HOME": str(home), "PYTHONPATH": str(ROOT), **extra}


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def server(tmp_path_factory: pytest.TempPathFactory):
    """One fork server for the tests that fork from a live one (a start loads the game and plays a deal unseen,
    some 1 s of CPU); the tests that end theirs start their own."""
    server = await ForkServer.start(_env(tmp_path_factory.mktemp("server")))
    try:
        yield server
    finally:
        await server.close()


@pytest.mark.asyncio(loop_scope="module")
async def test_forked_games_take_their_arguments_and_draw_their_own_random_numbers(
    server: ForkServer, tmp_path: Path
) -> None:
    games = [
        await server.spawn("tests.web.fork_probe", [str(code)], _env(tmp_path / str(code), PROBE=f"tab {code}"))
        for code in (3, 4)
    ]
    said = [json.loads(await asyncio.wait_for(game.stdout.readline(), WITHIN)) for game in games]
    assert [s["argv"] for s in said] == [["3"], ["4"]]
    assert [s["probe"] for s in said] == ["tab 3", "tab 4"]
    assert {s["parent"] for s in said} == {server.pid}  # forked, not started on their own
    assert said[0]["random"] != said[1]["random"]
    assert games[0].returncode is None
    for game in games:
        game.stdin.close()
    assert [await asyncio.wait_for(game.wait(), WITHIN) for game in games] == [3, 4]
    assert [game.returncode for game in games] == [3, 4]


@pytest.mark.asyncio(loop_scope="module")
async def test_a_game_that_ends_at_once_is_told_apart_as_ended(server: ForkServer, tmp_path: Path) -> None:
    # Its end may be read before its pid is handed over: wait() must still see it, and each game its own.
    games = [await server.spawn("tests.web.fork_probe", [str(code), "now"], _env(tmp_path)) for code in (5, 6, 7)]
    assert [await asyncio.wait_for(game.wait(), WITHIN) for game in games] == [5, 6, 7]


@pytest.mark.asyncio(loop_scope="module")
async def test_a_request_it_cannot_serve_is_refused_alone(server: ForkServer, tmp_path: Path) -> None:
    # A malformed request (or a fork the system refuses) must not end the fork server: every tab's game with it.
    running = await server.spawn("tests.web.fork_probe", [], _env(tmp_path / "a"))
    await asyncio.wait_for(running.stdout.readline(), WITHIN)
    pipes = [os.pipe() for _ in range(3)]
    socket.send_fds(server.channel, [b"not a request"], [r for r, _w in pipes])
    with pytest.raises(ForkServerError, match="malformed"):
        await server.spawn(123, [], _env(tmp_path))  # type: ignore[arg-type]  # no module name: refused
    for r, w in pipes:
        os.close(r)
        os.close(w)
    later = await server.spawn("tests.web.fork_probe", ["2"], _env(tmp_path / "b"))
    assert json.loads(await asyncio.wait_for(later.stdout.readline(), WITHIN))["argv"] == ["2"]
    assert server.alive and running.returncode is None
    for game in (running, later):
        game.stdin.close()
    assert [await asyncio.wait_for(g.wait(), WITHIN) for g in (running, later)] == [0, 2]


async def test_a_forked_game_ends_with_its_fork_server(tmp_path: Path) -> None:
    server = await ForkServer.start(_env(tmp_path / "server"))
    try:
        game = await server.spawn("tests.web.fork_probe", [], _env(tmp_path / "game"))
        await asyncio.wait_for(game.stdout.readline(), WITHIN)
        os.kill(server.pid, signal.SIGKILL)  # no code of the fork server runs: the kernel hangs its game up
        assert await asyncio.wait_for(game.wait(), WITHIN) == -signal.SIGHUP
        deadline = time.monotonic() + WITHIN
        while alive(game.pid) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not alive(game.pid)
        assert not server.alive
    finally:
        await server.close()
    with pytest.raises(ForkServerError):  # a fork server closed forks nothing more
        await server.spawn("tests.web.fork_probe", [], _env(tmp_path))


@pytest.mark.asyncio(loop_scope="module")
async def test_the_unseen_deals_folder_goes_with_the_fork_server_even_one_ended_as_it_loads(
    server: ForkServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The unseen deal's data folder is removed once the deal is played, and by the parent when a fork server is
    ended while it loads (`serve` stopped at once), whose own process never gets to remove it; a start removes
    what a `serve` killed outright left behind, and leaves a running one's."""
    assert server.home is not None and not Path(server.home).exists()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    left = tmp_path / "cp-fork-999999999-left"  # beyond any pid: its serve has ended
    running = tmp_path / f"cp-fork-{os.getpid()}-running"
    for folder in (left, running):
        folder.mkdir()
        (folder / "history.sqlite3").write_bytes(b"")
    try:  # cut short while it loads (the load is a second of CPU), which closes it
        started = await asyncio.wait_for(ForkServer.start(_env(tmp_path / "home")), 0.2)
    except TimeoutError:
        pass
    else:  # a start that quick still ends here
        await started.close()
    assert list(tmp_path.glob("cp-fork-*")) == [running]


@long("tests/web/test_forkserver.py::test_forked_games_take_their_arguments_and_draw_their_own_random_numbers")
def test_a_served_tab_is_forked_from_the_fork_server(tmp_path: Path) -> None:
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    import aiohttp

    async def a_tabs_games(url: str, server: int) -> set[int]:
        """Open a tab (a websocket), wait until its game runs, and return the games running then."""
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.receive(timeout=WITHIN)  # the game's first frame: it is up
            return games_of(server)[0]

    with serve(tmp_path, "127.0.0.1", "--lang", "en") as served:
        server = served.process.pid
        first = asyncio.run(a_tabs_games(websocket_url(served), server))
        assert {_parent(pid) for pid in first} == {server}  # the first tab's game starts on its own
        forked = False
        for _ in range(60):  # bounded: a tab opened while the fork server still loads starts its game alone too
            time.sleep(0.5)
            games = asyncio.run(a_tabs_games(websocket_url(served), server))
            forks = games_of(server)[1]
            forked = len(forks) == 1 and bool(games) and {_parent(pid) for pid in games} == forks
            if forked:
                break
        assert forked, "no later tab's game was forked from the fork server"


def _parent(pid: int) -> int:
    """A live process's parent (from /proc), 0 once it has ended."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0
