"""The menu's "Host a lobby" and "Join a lobby" (Pilot): the game's own App, a lobby on 127.0.0.1, scripted people.

The everyday tier joins a lobby from the menu (a mistyped address told, then the lobby's tables) and hosts one
(the address shown, a person joining it); the soak tier plays a whole deal with a person at a table the menu
hosts: the reveal, the deal in History marked as played with people, and the coach's verdict on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Static

import app.screens.lobby as lobby
from app.screens.history import HistoryScreen
from app.screens.lobby import JoinDialog, LobbyScreen
from app.screens.menu import MainMenu
from tests.app.harness import SIZE, make_app
from tests.lobby.players import Player

WAIT = 10.0  # seconds any one thing the screen waits for may take (a lobby's answer is a few milliseconds)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The game's data folder (its history and its lobby tokens) in the test's own folder."""
    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))
    return tmp_path


async def until(pilot: Any, check: Callable[[], bool], what: str) -> None:
    """Until ``check()`` (what the lobby's messages make of the screen), at most :data:`WAIT` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while not check():
        if loop.time() > end:
            raise AssertionError(f"never: {what}")
        await pilot.pause(0.02)


def text(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def hosted(pilot: Any, monkeypatch: pytest.MonkeyPatch) -> LobbyScreen:
    """The menu's "Host a lobby" (o) on any free port of 127.0.0.1: the lobby screen, its address shown."""
    monkeypatch.setattr(lobby, "LOBBY_PORT", 0)  # never a port another test (or a lobby of the machine's) holds
    await until(pilot, lambda: isinstance(pilot.app.screen, MainMenu), "the menu")
    await pilot.press("o")
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen), "the lobby screen")
    screen = pilot.app.screen
    assert isinstance(screen, LobbyScreen)
    await until(pilot, lambda: screen.link.client is not None and screen.link.client.me is not None, "joined")
    assert screen.link.server is not None and screen.link.server.address in text(screen, "#lobby-address")
    return screen


async def test_the_menu_hosts_a_lobby_and_joins_one(serve: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # One App for both entries (starting the game is most of a Pilot test's time).
    game = make_app(menu=True)
    async with game.run_test(size=SIZE) as pilot:
        # Host a lobby (o): the address shown, a table opened, a person joining it.
        lobby = await hosted(pilot, monkeypatch)
        await pilot.press("o")  # 開闢新局: this game's player hosts table 1
        await until(pilot, lambda: lobby.link.client.table is not None, "at the new table")
        bob = Player(lobby.link.server, "bob")
        await bob.connect()
        await bob.send("sit", table=1, seat=1)
        await bob.kind("seated")
        await until(pilot, lambda: "bob" in text(lobby, "#lobby-main"), "bob at the host's table")
        await pilot.press("escape")  # the host leaves: the table ends for everyone
        assert (await bob.kind("over"))["reason"] == "host_left"
        await pilot.press("escape")  # and the lobby: it stops
        await until(pilot, lambda: isinstance(game.screen, MainMenu), "back at the menu")
        await bob.close()

        # Join a lobby (j): a mistyped address is told, then the lobby's tables, a seat at ann's.
        async with serve() as server:
            ann = Player(server, "ann")
            await ann.connect()
            await ann.send("open", settings={"time_limit": 0}, config={"players": 3})
            await ann.kind("seated")
            await pilot.press("j")
            await until(pilot, lambda: isinstance(game.screen, JoinDialog), "the join dialog")
            field = game.screen.query_one("#join-input", Input)
            field.value = "127.0.0.1:1"  # no token: said, and the dialog stays
            await pilot.press("enter")
            assert isinstance(game.screen, JoinDialog) and "token" in text(game.screen, "#join-error")
            field.value = server.address
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(game.screen, LobbyScreen), "the lobby screen")
            joined = game.screen
            assert isinstance(joined, LobbyScreen)
            await until(pilot, lambda: "ann" in text(joined, "#lobby-main"), "ann's table listed")
            await pilot.press("j")  # 加入本桌: the chosen table's first free seat
            await until(pilot, lambda: joined.link.client.table is not None, "seated at ann's table")
            assert server.lobby is not None and len(server.lobby.rooms[1].people) == 2
            await pilot.press("escape")  # leave the table, then the lobby: back at the menu
            await until(pilot, lambda: joined.link.client.table is None, "back in the lobby")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(game.screen, MainMenu), "back at the menu")
            await ann.close()


@pytest.mark.soak
async def test_a_deal_with_a_person_at_a_table_the_menu_hosts(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_app(menu=True, coach="quick")
    async with game.run_test(size=SIZE) as pilot:
        lobby = await hosted(pilot, monkeypatch)
        await pilot.press("o")
        await until(pilot, lambda: lobby.link.client.table is not None, "at the new table")
        bob = Player(lobby.link.server, "bob")
        await bob.connect()
        await bob.send("sit", table=1, seat=1)
        await bob.kind("seated")
        await pilot.press("f", "s")  # 電腦接玩 for the empty seats, then deal
        await until(pilot, lambda: lobby.hand is not None and lobby.hand["ask"] == "arrange", "asked to arrange")
        bobs = asyncio.create_task(bob.play_deal(next_too=False))
        await pilot.press("a")  # the computer's arrangement for the hand, then READY
        await until(pilot, lambda: lobby.state is not None and lobby.state.legal, "arranged")
        await pilot.press("enter")
        await asyncio.wait_for(bobs, WAIT)
        history = game.history
        assert history is not None
        await until(pilot, lambda: history.count() == 1, "the deal kept")
        (row,) = history.deals()
        assert row.people and row.decider == "player" and row.human == 0
        await until(pilot, lambda: (history.deal(row.id) or row).verdict is not None, "the coach's verdict")
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(game.screen, MainMenu), "back at the menu")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(game.screen, HistoryScreen), "History")
        cells = game.screen.query_one("#history-table", DataTable).get_row_at(0)
        assert "with people" in str(cells[3])
        await bob.close()
