"""The game's App between its screens: menu → table → menu keeps the last host settings, and a bad settings
file is reported exactly once wherever the app starts (menu or straight at a table)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ai import Level
from app.config import TableConfig
from app.screens.host import HostScreen
from app.screens.menu import MainMenu
from app.screens.rules_screen import RulesScreen
from app.screens.summary import SummaryScreen
from app.screens.table import TableScreen
from app.settings import Settings
from app.tui import ChinesePokerApp
from app.widgets.textual_private import notifications
from rules.presets import Preset
from tests.app.harness import Clock, make_app, settle
from tests.tiers import long


def menu_app() -> ChinesePokerApp:
    return make_app(menu=True)


async def leave_table(pilot) -> None:
    """End the session mid-deal and close the summary: back to the menu. (Leaving for the computer to play on
    first is test_leave_pilot's; what the menu is pre-filled with comes from the table sat at, either way.)"""
    app = pilot.app
    assert isinstance(app.screen, TableScreen)
    await pilot.press("escape", "e")
    await pilot.pause()
    assert isinstance(app.screen, SummaryScreen)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, MainMenu)


# ------------------------------------------------------------------ the menu remembers the last table


@long("tests/app/test_app_flow.py::test_a_table_started_with_menu_returns_to_a_prefilled_menu")
async def test_new_table_is_prefilled_with_the_last_tables_settings(home):
    app = menu_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MainMenu) and menu.last_config is None
        await pilot.press("n")
        await pilot.pause()
        host = app.screen
        assert isinstance(host, HostScreen) and host.config.preset is Preset.TAIWAN
        await pilot.press("right", "right")  # taiwan -> tournament -> arcade
        await pilot.pause()
        host.config = replace(host.config, time_limit=30, levels=(Level.HARD, Level.NORMAL, Level.NORMAL))
        assert host.config.preset is Preset.ARCADE
        await pilot.press("s")
        await settle(pilot)
        table = app.table_screen
        assert isinstance(app.screen, TableScreen) and table.table.preset is Preset.ARCADE
        chosen = table.table.config
        await leave_table(pilot)
        assert app.screen is menu
        await pilot.press("n")
        await pilot.pause()
        host = app.screen
        assert isinstance(host, HostScreen)
        assert host.config == chosen
        assert host.query_one("#preset").value is Preset.ARCADE and host.has_class("-arcade")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")  # Rules show the last table's preset
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.preset is Preset.ARCADE


async def test_a_table_started_with_menu_returns_to_a_prefilled_menu(home):
    cfg = replace(TableConfig.quick(Preset.SHISANSHUI), seed=3, time_limit=90)
    app = ChinesePokerApp(cfg, menu=True, lang="en", settings=Settings(animation="off", coach="off"), now=Clock())
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await leave_table(pilot)
        menu = app.screen
        assert menu.last_config == replace(cfg, seed=None)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.config.preset is Preset.SHISANSHUI and app.screen.config.time_limit == 90


# ------------------------------------------------------------------ the settings file's warning, once


def _warnings(app: ChinesePokerApp) -> list[str]:
    return [n.message for n in notifications(app) if n.severity == "warning"]


async def test_bad_settings_warning_once_at_the_menu_and_quick_play_then_new_table_starts_from_that_table(home):
    # One walk for both: a table from the menu and back, then New table.
    (home / "settings.json").write_text("{ not json", encoding="utf-8")
    app = ChinesePokerApp(menu=True, lang="en", now=Clock())
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        (message,) = _warnings(app)
        assert "settings file was not used" in message and "not valid JSON" in message
        # A table (watch: a quick table of four computers) and back to the menu: no second notice.
        await pilot.press("w")
        await settle(pilot)
        assert app.table_screen.table.watching
        await pilot.press("escape", "e")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert len(_warnings(app)) == 1
        # The menu's New table gets the table's settings, but for a seat at the table and fresh cards.
        assert app.screen.last_config == replace(TableConfig.quick(), watch=False, seed=None)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HostScreen) and not app.screen.config.watch


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
async def test_bad_settings_warning_once_straight_at_a_table(home, lang):
    (home / "settings.json").write_text("[1, 2", encoding="utf-8")
    app = ChinesePokerApp(TableConfig.quick(), lang=lang, now=Clock())
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        (message,) = _warnings(app)
        assert ("未採用設定檔" if lang == "zh-TW" else "settings file was not used") in message
        assert app.settings_warning is None


async def test_no_warning_for_a_good_or_missing_settings_file(home):
    app = ChinesePokerApp(menu=True, lang="en", now=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _warnings(app) == []
