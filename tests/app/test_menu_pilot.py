"""Pilot tests of the menu-side screens: main menu, host settings, hand rankings and rules.

Each test runs a bare App that pushes one screen, the way the game's App does, and records the
messages the screens send it (``StartTable``, ``SettingsChanged``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import OptionList, Tabs

from ai import Level
from app.config import TableConfig
from app.screens.host import HostScreen
from app.screens.menu import ITEMS, MainMenu
from app.screens.rankings import RankingsScreen
from app.screens.rules_screen import RulesScreen, RulesView
from app.screens.settings import SettingsScreen
from app.settings import Settings
from app.widgets.form import ChoiceRow
from rules.evaluate import Wheel
from rules.presets import Preset
from tests.app.harness import SIZE
from tests.app.harness import ScreenApp as BareApp
from tests.tiers import long


def ScreenApp(make_screen: Callable[[], Screen], lang: str = "en", *, animate: bool = False) -> BareApp:
    """The shared bare App with the default settings, Textual's animations off (as the game's App is in the
    other Pilot tests: each animated frame is drawn again) but where a test looks at them."""
    return BareApp(make_screen, lang, settings=Settings(), animate=animate)


# ---------------------------------------------------------------- main menu


def test_the_menu_items_are_one_list_of_distinct_ids_and_keys() -> None:
    # ITEMS is the menu's one spec (its entries, keys and openers): an id or a key twice would shadow another.
    assert len({item.id for item in ITEMS}) == len({item.key for item in ITEMS}) == len(ITEMS)
    assert all(callable(item.open) for item in ITEMS)


async def test_menu_arrows_and_enter_start_quick_play():
    app = ScreenApp(MainMenu)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one("#menu-list", OptionList)
        assert menu.has_focus and menu.highlighted == 0
        await pilot.press("down", "down", "up")
        assert menu.highlighted == 1
        await pilot.press("up", "enter")
        await pilot.pause()
    assert app.started == [TableConfig.quick()]
    assert app.started[0].takeover is True


async def test_menu_letter_shortcuts_quick_and_watch():
    app = ScreenApp(MainMenu)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.press("w")
        await pilot.pause()
    quick, watch = app.started
    assert quick == TableConfig.quick()
    assert watch.watch is True
    assert replace(watch, watch=False) == TableConfig.quick()


async def test_menu_hint_follows_the_highlight():
    app = ScreenApp(MainMenu)
    async with app.run_test(size=SIZE) as pilot:
        hint = app.screen.query_one("#menu-hint")
        assert "60" in str(hint.render())
        await pilot.press("down")
        await pilot.pause()
        assert str(hint.render()) == app.translator("menu.new_hint")


@long("tests/app/test_snapshots_menu.py::test_menu")
async def test_menu_footer_shows_every_shortcut_at_80_columns():
    app = ScreenApp(MainMenu)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = {key for key, active in app.screen.active_bindings.items() if active.binding.show}
        assert {"p", "n", "w", "h", "r", "s", "q"} <= keys
        footer_keys = list(app.screen.query("FooterKey"))
        assert len(footer_keys) == 7
        assert all(key.region.area > 0 and key.region.right <= SIZE[0] for key in footer_keys)


@long("tests/app/test_settings.py::test_menu_redraws_in_the_saved_language")
async def test_menu_footer_is_translated():
    app = ScreenApp(MainMenu, lang="zh-TW")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert "馬上加入" in descriptions and "離開" in descriptions


async def test_host_back_starts_nothing_and_new_table_goes_through_host_settings_to_start_table():
    app = ScreenApp(MainMenu)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.started == []  # back from the host settings: nothing started
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HostScreen)
        await pilot.press("right")  # preset: taiwan -> tournament
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    (config,) = app.started
    assert config.preset is Preset.TOURNAMENT
    assert config.options == Preset.TOURNAMENT.default_options


# ---------------------------------------------------------------- host settings


def _row(app: App, row_id: str) -> ChoiceRow:
    return app.screen.query_one(f"#{row_id}", ChoiceRow)


async def test_host_preset_switch_resets_options():
    app = ScreenApp(HostScreen)
    async with app.run_test(size=SIZE) as pilot:
        host = app.screen
        assert isinstance(host, HostScreen)
        # Change taiwan's options, then move to arcade: arcade's defaults replace them.
        await pilot.press(*["down"] * 9)  # to the wheel row (past the players and banker rows)
        assert _row(app, "wheel").has_focus
        await pilot.press("right", "down", "right")  # wheel second, suit tie-break on
        await pilot.pause()
        assert host.config.options.wheel is Wheel.SECOND and host.config.options.suit_tiebreak
        _row(app, "preset").focus()
        await pilot.press("right", "right")  # tournament, then arcade
        await pilot.pause()
        assert host.config.preset is Preset.ARCADE
        assert host.config.options == Preset.ARCADE.default_options
        assert _row(app, "wheel").value is Wheel.SECOND
        assert _row(app, "suit_tiebreak").value is False
        assert _row(app, "three_flush_straight").value is True
        assert host.has_class("-arcade")
        assert _row(app, "stake").display and _row(app, "rake").display
        description = str(host.query_one("#preset-desc").render())
        assert "+3" in description  # arcade's 打槍, read from rules.arcade
        await pilot.press("right")  # shisanshui: arcade's rows go away
        await pilot.pause()
        assert host.config.preset is Preset.SHISANSHUI
        assert host.config.options == Preset.SHISANSHUI.default_options
        assert not host.has_class("-arcade")
        assert not _row(app, "stake").display


async def test_host_levels_per_seat_and_time_limit_cycle():
    app = ScreenApp(HostScreen)
    async with app.run_test(size=SIZE) as pilot:
        host = app.screen
        assert isinstance(host, HostScreen)
        _row(app, "time_limit").focus()
        seen = []
        for _ in range(5):
            await pilot.press("right")
            await pilot.pause()
            seen.append(host.config.time_limit)
        assert seen == [90, 120, 0, 30, 60]  # from the default 60, wrapping round
        await pilot.press("left")
        await pilot.pause()
        assert host.config.time_limit == 30
        _row(app, "level1").focus()
        await pilot.press("right")  # normal -> hard
        await pilot.press("down", "left")  # seat 2: normal -> easy
        await pilot.press("down", "right", "right")  # seat 3: normal -> expert
        await pilot.pause()
        assert host.config.levels == (Level.HARD, Level.EASY, Level.EXPERT)
        _row(app, "takeover").focus()
        await pilot.press("space")
        _row(app, "scored").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert host.config.takeover is False and host.config.scored is False


async def test_host_fits_80x24_with_arcade_rows_and_sets_stake_and_rake():
    app = ScreenApp(lambda: HostScreen(TableConfig.quick(Preset.ARCADE)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen.query_one("#start")
        assert start.region.bottom <= SIZE[1] - 1  # above the Footer, without scrolling
        host = app.screen
        assert isinstance(host, HostScreen)
        assert host.has_class("-arcade")
        _row(app, "stake").focus()
        await pilot.press("right")
        _row(app, "rake").focus()
        await pilot.press("right")
        _row(app, "three_flush_straight").focus()
        await pilot.press("right")
        await pilot.pause()
        assert host.config.stake == 20
        assert host.config.rake == pytest.approx(0.10)
        assert host.config.options.three_flush_straight is False


async def test_host_start_button_by_mouse():
    app = ScreenApp(HostScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#start")
        await pilot.pause()
    assert app.results == [TableConfig()]


# ---------------------------------------------------------------- rankings and rules


@long("tests/app/test_snapshots_menu.py::test_rankings")
async def test_menu_click_opens_rankings_and_they_scroll():
    app = ScreenApp(MainMenu, animate=True)  # the rankings scroll smoothly
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one("#menu-list", OptionList)
        # Hand rankings' line of the list (no Continue without a history), wherever the menu's entries put it.
        line = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "rankings")
        assert await pilot.click(menu, offset=(6, line))
        await pilot.pause()
        assert isinstance(app.screen, RankingsScreen)
        body = app.screen.query_one("#rankings-body")
        assert body.has_focus and body.scroll_y == 0
        assert body.max_scroll_y > 0
        await pilot.press("pagedown")  # scrolls smoothly: wait for the animation, not for a while
        await pilot.wait_for_scheduled_animations()
        assert body.scroll_y > 0
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()
        assert body.scroll_y == body.max_scroll_y
        names = [str(w.render()) for w in app.screen.query(".entry-name")]
        assert names[0].startswith("Straight flush") and names[8].startswith("High card")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_rules_show_the_table_options_switch_preset_and_scroll():
    config = TableConfig.quick(Preset.TAIWAN)
    options = replace(config.options, suit_tiebreak=True, wheel=Wheel.SECOND)
    app = ScreenApp(lambda: RulesScreen(Preset.TAIWAN, options=options))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        body = screen.query_one("#rules-body")
        assert "紅不讓" in screen.markdown_text
        assert "**on**" in screen.markdown_text and "second-highest straight" in screen.markdown_text
        await pilot.press("pagedown", "pagedown")
        await pilot.wait_for_scheduled_animations()  # the page scrolls smoothly
        assert body.scroll_y > 0
        await pilot.press("p")  # tournament
        await pilot.pause()
        assert screen.preset is Preset.TOURNAMENT
        assert "**off**" in screen.markdown_text  # another preset shows its own defaults
        assert body.scroll_y == 0
        assert "3,100" in screen.markdown_text
        await pilot.press("right", "right")  # arcade, shisanshui
        await pilot.pause()
        assert screen.preset is Preset.SHISANSHUI
        assert screen.query_one(Tabs).active == "tab-shisanshui"
        assert "至尊清龍" in screen.markdown_text
        await pilot.press("left")
        await pilot.pause()
        assert screen.preset is Preset.ARCADE
        await pilot.click("#tab-taiwan")
        await pilot.pause()
        assert screen.preset is Preset.TAIWAN
        view = screen.query_one("#rules-text", RulesView)
        assert view.source == screen.markdown_text
        assert "紅不讓" in " ".join(str(w.render()) for w in view.query(".section"))


async def test_wide_menu_shows_the_guide_and_too_small_a_one_the_notice():
    app = ScreenApp(MainMenu)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#menu-guide").region.area > 0
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert app.screen.query_one("#menu-guide").region.area == 0
        notice = app.screen.query_one("#too-small")
        assert not notice.display or notice.region.area == 0
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert notice.region.area > 0
        assert app.screen.query_one("#menu-box").region.area == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert notice.region.area == 0
        assert app.screen.query_one("#menu-box").region.area > 0


@long("tests/app/test_menu_pilot.py::test_rules_show_the_table_options_switch_preset_and_scroll")
async def test_menu_opens_rules_and_settings_and_quits_at_the_full_animation_level():
    # Tabs animate their underline; a broken animation can hide at level "none", so this walk runs at "full".
    app = ScreenApp(MainMenu, animate=True)
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.preset is Preset.TAIWAN
        await pilot.press("right", "right", "left")
        await pilot.wait_for_animation()
        assert isinstance(app.screen, RulesScreen) and app.screen.preset is Preset.TOURNAMENT
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.started == []  # neither the rules nor the settings start a table
        await pilot.press("p")
        await pilot.pause()
        assert app.started == [TableConfig.quick()]
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert app.started == [TableConfig.quick()]
