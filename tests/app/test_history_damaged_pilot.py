"""Issue 27, items 10 and 13: the game never crashes on a stored row, nor on a settings folder it may not read.

A deal whose stored data is not JSON (someone edited the file) is left out of History with one notice, and the
others are listed and open as usual; a session whose settings do not read back is not offered to continue."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.game.journal import Journal
from app.screens.history import HistoryScreen
from app.store.database import open_history
from app.tui import ChinesePokerApp
from app.widgets.textual_private import notifications
from rules.presets import Preset

from .harness import make_app, settle
from .history_helpers import play_session


def _three_deals(home: Path) -> None:
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    play_session(Preset.TAIWAN, 1, 3, Journal(history))
    history.close()
    with sqlite3.connect(home / "history.sqlite3") as db:
        db.execute("UPDATE deals SET data = 'not json' WHERE id = 2")
        db.execute("UPDATE deals SET verdict = 'no such verdict' WHERE id = 3")
        db.execute("UPDATE sessions SET state = '[' WHERE id = 1")


async def test_history_skips_a_deal_that_is_not_json_with_a_notice(home: Path) -> None:
    _three_deals(home)
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.resumable() is None  # its state does not read back: nothing to continue
        await pilot.press("y")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen) and [r.id for r in screen.rows] == [3, 1]
        shown = [n.message for n in notifications(app)]
        assert sum("could not be read are left out" in m and "--damaged" in m for m in shown) == 1
        await pilot.press("m")  # another page: no second notice for the same row
        await settle(pilot)
        assert sum("could not be read" in n.message for n in notifications(app)) == 1
        app.open_deal(2)  # the damaged one, asked for by id: a notice, not a crash
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert any("Deal 2 cannot be shown: data: not JSON" in n.message for n in notifications(app))


def test_a_settings_folder_that_refuses_does_not_stop_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mode 000 as a player other than root: ``exists()`` raises PermissionError. Root reads through any mode,
    so the refusal is made here by the path itself."""

    class Refused(type(Path())):  # type: ignore[misc]
        def exists(self, *args: object, **kwargs: object) -> bool:
            raise PermissionError(13, "Permission denied", str(self))

        def stat(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
            raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr("app.tui.settings_path", lambda: Refused("/nowhere/settings.toml"))
    app = ChinesePokerApp(menu=True)
    assert app.offer_guide is False  # a folder that refuses is not a first start
