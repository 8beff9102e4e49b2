"""The settings file's warning at start-up (once, translated, plain text), the too-small screens that must not
let a hidden widget take keys, and `play`'s exit status after an unexpected exception."""

from __future__ import annotations

import argparse
import json
import os

import pytest
from textual.app import App
from textual.widgets import OptionList

from app.commands.play_cmds import cmd_play
from app.screens.menu import MainMenu
from app.tui import ChinesePokerApp
from app.widgets.textual_private import notifications
from tests.app.harness import Clock, make_app, settle


def _warnings(app: App) -> list[str]:
    return [n.message for n in notifications(app) if n.severity == "warning"]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
async def test_start_up_warning_names_each_ignored_field_once(home, lang):
    # A "[" in the file must not be read as markup (a MarkupError would stop the game).
    (home / "settings.json").write_text(json.dumps({"deck": "[/]", "suits": "letters"}), encoding="utf-8")
    app = ChinesePokerApp(menu=True, lang=lang, now=Clock())
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        (message,) = _warnings(app)
        assert 'deck = "[/]"' in message and "settings.json.bad-" in message
        assert ("部分設定未採用" if lang == "zh-TW" else "Some of your settings were not used") in message
        assert app.settings.suits == "letters"
    # Written back clean: the next start says nothing.
    again = ChinesePokerApp(menu=True, lang=lang, now=Clock())
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _warnings(again) == []


async def test_a_fifo_settings_file_does_not_hang_the_start(home):
    os.mkfifo(home / "settings.json")
    app = ChinesePokerApp(menu=True, lang="en", now=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (message,) = _warnings(app)
        assert "not a regular file" in message


# Too narrow and too short every day; the narrower and the shorter in the soak tier.
@pytest.mark.parametrize(
    "size",
    [
        (79, 24),
        pytest.param((60, 30), marks=pytest.mark.soak),
        (100, 23),
        pytest.param((100, 20), marks=pytest.mark.soak),
    ],
)
async def test_page_keys_after_saving_settings_in_a_small_terminal(home, size):
    # The menu is rebuilt (new language) while the too-small notice hides it: its new OptionList was never
    # laid out, and PageUp on it raised KeyError.
    app = make_app(menu=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        await pilot.press("pageup", "pagedown", "home", "end", "up", "down", "enter")
        await pilot.pause()
        assert app.return_code is None
        # Large enough again: the menu has its focus back and works.
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert isinstance(app.focused, OptionList)
        await pilot.press("pageup", "pagedown")
        await pilot.pause()
    assert app.return_code is None


def _play_args() -> argparse.Namespace:
    return argparse.Namespace(menu=True, lang="en")


def test_play_returns_non_zero_after_an_unexpected_exception(home, monkeypatch):
    def crash(self: ChinesePokerApp) -> None:
        raise RuntimeError("boom")

    def run_headless(self: ChinesePokerApp, **kwargs: object) -> None:
        App.run(self, headless=True, size=(80, 24))

    monkeypatch.setattr(ChinesePokerApp, "on_mount", crash)
    monkeypatch.setattr(ChinesePokerApp, "run", run_headless)
    assert cmd_play(_play_args()) == 1


def test_play_returns_zero_after_a_normal_exit(home, monkeypatch):
    def leave(self: ChinesePokerApp) -> None:
        self.exit()

    def run_headless(self: ChinesePokerApp, **kwargs: object) -> None:
        App.run(self, headless=True, size=(80, 24))

    monkeypatch.setattr(ChinesePokerApp, "on_mount", leave)
    monkeypatch.setattr(ChinesePokerApp, "run", run_headless)
    assert cmd_play(_play_args()) == 0
