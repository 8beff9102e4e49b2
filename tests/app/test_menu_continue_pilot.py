"""The menu's Continue on a returning player's start: the first frame offers the latest open session without
rebuilding it (that loads the table), and the check that follows the frame takes back a session that does not
rebuild, giving way to an older one or to no Continue at all, before a key is handled."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Static

from app.config import TableConfig
from app.game import Table
from app.game.journal import Journal
from app.screens.menu import MainMenu
from app.screens.table import TableScreen
from app.settings import Settings
from app.store.database import History, open_history
from app.tui import ChinesePokerApp
from app.widgets.textual_private import notifications
from rules.presets import Preset
from tests.clock import Clock

from .harness import settle
from .history_helpers import play_random_deal


def _left_open(history: History, preset: Preset, seed: int) -> int:
    """A session of ``preset`` with one deal played, left for the menu to continue: its id."""
    config = TableConfig(preset=preset, options=preset.default_options, seed=seed, time_limit=60)
    table = Table(config, now=Clock(), journal=Journal(history))
    play_random_deal(table, random.Random(seed))
    table.progress.keep()
    session = table.journal.session  # type: ignore[union-attr]
    assert isinstance(session, int)
    return session


def _damage(history: History, session: int) -> None:
    """A state that reads but does not rebuild (a seat the table does not have)."""
    history.write(
        lambda db: db.execute(
            "UPDATE sessions SET state = json_set(state, '$.player_seat', 7) WHERE id = ?", (session,)
        )
    )


def _hint(menu: MainMenu) -> str:
    return str(menu.query_one("#menu-hint", Static).render())


@pytest.mark.parametrize("older", [True, False], ids=["an-older-session-takes-its-place", "none-left"])
async def test_a_session_that_does_not_rebuild_is_taken_back_once_the_menu_is_up(home: Path, older: bool) -> None:
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    if older:
        _left_open(history, Preset.TOURNAMENT, 1)
    _damage(history, _left_open(history, Preset.TAIWAN, 2))
    history.close()
    app = ChinesePokerApp(menu=True, settings=Settings(animation="off", coach="off"), now=Clock(), offer_guide=False)
    app.animation_level = "none"
    first: dict[str, object] = {}
    app.when_menu_drawn.append(lambda menu: first.update(offered=menu.offers_continue, hint=_hint(menu)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MainMenu)
        # The first frame offered the latest session, unchecked.
        assert first["offered"] is True and "your Taiwan session" in str(first["hint"]), first
        if older:
            assert menu.offers_continue and "your Tournament session" in _hint(menu)
        else:  # the first entry, Quick play, highlighted and described
            assert not menu.offers_continue and "session" not in _hint(menu)
            await pilot.press("c")  # Continue's key no longer acts
            await pilot.pause()
            assert app.screen is menu


@pytest.mark.parametrize("key", ["c", "p"], ids=["continue", "quick-play"])
async def test_a_choice_made_before_the_check_checks_first(home: Path, key: str) -> None:
    # A key can reach the menu before the check that follows its first frame: the menu as it stands then
    # (the latest session offered, unchecked) is put back after the check, and Continue or Quick play chosen.
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    session = _left_open(history, Preset.TAIWAN, 2)
    _damage(history, session)
    stale = history.resumable()  # what the unchecked first frame offered
    history.close()
    assert stale is not None and stale.id == session
    app = ChinesePokerApp(menu=True, settings=Settings(animation="off", coach="off"), now=Clock(), offer_guide=False)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MainMenu) and not menu.offers_continue
        menu._first_frame_out, menu._continue = False, stale  # the menu before its check
        await pilot.press(key)
        await settle(pilot)
        assert not menu.offers_continue and notifications(app) == []  # checked and taken back: no error shown
        if key == "c":
            assert app.screen is menu  # nothing to continue
        else:  # a new table at once, not "put the session aside?" for a session no longer offered
            assert isinstance(app.screen, TableScreen)
