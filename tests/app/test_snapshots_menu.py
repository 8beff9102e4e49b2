"""Snapshots of the menu-side screens at 80×24 and 120×40, in English and 繁體中文.

The everyday tier takes one size and language a test (:mod:`tests.tiers`), the soak tier all.
Plain ``def`` tests (snap_compare runs its own event loop). The App is bare and deterministic: default
theme, no animations, default settings. Update with ``pytest --snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.screen import Screen

from app.config import TableConfig
from app.screens.host import HostScreen
from app.screens.menu import MainMenu
from app.screens.rankings import RankingsScreen
from app.screens.rules_screen import RulesScreen
from app.settings import Settings
from rules.presets import Preset
from tests.app.harness import LANGS, SIZES, ScreenApp
from tests.tiers import across, long


class ShotApp(ScreenApp):
    """The shared bare App in ``lang``, animations off (a subclass: the shots show the App's class name)."""

    def __init__(self, make_screen: Callable[[], Screen], lang: str) -> None:
        super().__init__(make_screen, lang, settings=Settings(), animate=False)


def LANG_FIRST(size: tuple[int, int], lang: str) -> str:
    """The stored snapshots' names here put the language first: ``en-80x24``."""
    return f"{lang}-{size[0]}x{size[1]}"


@across(SIZES, LANGS, turn=0, ids=LANG_FIRST)
def test_menu(snap_compare, lang, size):
    assert snap_compare(ShotApp(MainMenu, lang), terminal_size=size)


@across(SIZES, LANGS, turn=1, ids=LANG_FIRST)
def test_host_settings_arcade(snap_compare, lang, size):
    # Arcade shows every row (its own options too); one step down shows the focus on a row.
    app = ShotApp(lambda: HostScreen(TableConfig.quick(Preset.ARCADE)), lang)
    assert snap_compare(app, press=["down"], terminal_size=size)


@across(SIZES, LANGS, turn=2, ids=LANG_FIRST)
def test_rankings(snap_compare, lang, size):
    assert snap_compare(ShotApp(RankingsScreen, lang), terminal_size=size)


@across(SIZES, LANGS, turn=3, ids=LANG_FIRST)
def test_rules_taiwan(snap_compare, lang, size):
    # Scrolled to the scoring table: the part of the rules players look up most.
    assert snap_compare(ShotApp(RulesScreen, lang), press=["pagedown"], terminal_size=size)


def _rules_at(preset: Preset, pick: Callable[[list], object]):
    """A run_before that shows ``preset``'s rules scrolled to the section heading ``pick`` chooses."""

    async def scroll(pilot) -> None:
        screen = pilot.app.screen
        await screen.show_preset(preset)
        await pilot.pause()
        heading = pick(list(screen.query("#rules-text .section")))
        screen.query_one("#rules-body").scroll_to_widget(heading, top=True, animate=False)
        await pilot.pause()

    return scroll


# Another page of the rules screen, and another table's host form: every language in soak (the same screens'
# code is drawn every day by test_rules_taiwan and test_host_settings_arcade).
@long("tests/app/test_snapshots_menu.py::test_rules_taiwan")
@pytest.mark.parametrize("lang", LANGS)
def test_rules_shisanshui_specials(snap_compare, lang):
    to_specials = _rules_at(Preset.SHISANSHUI, lambda hs: next(h for h in hs if "報到" in str(h.render())))
    assert snap_compare(ShotApp(RulesScreen, lang), run_before=to_specials, terminal_size=(120, 40))


@long("tests/app/test_snapshots_menu.py::test_host_settings_arcade")
@pytest.mark.parametrize("lang", LANGS)
def test_host_settings_western(snap_compare, lang):
    # Western shows its own option, Royalties, and none of arcade's.
    app = ShotApp(lambda: HostScreen(TableConfig.quick(Preset.WESTERN)), lang)
    assert snap_compare(app, terminal_size=(120, 40))


@long("tests/app/test_snapshots_menu.py::test_rules_taiwan")
@pytest.mark.parametrize("lang", LANGS)
def test_rules_western_scoring(snap_compare, lang):
    to_scoring = _rules_at(Preset.WESTERN, lambda hs: hs[2])  # rows, foul, then the scoring
    assert snap_compare(ShotApp(RulesScreen, lang), run_before=to_scoring, terminal_size=(120, 40))


def _daily() -> Screen:
    import datetime as dt

    from app.screens.daily import DailyScreen

    return DailyScreen(None, Preset.TAIWAN, today=lambda: dt.date(2026, 12, 5), compare=False)


@across(SIZES, LANGS, turn=0, ids=LANG_FIRST)
def test_deal_of_the_day(snap_compare, lang, size):
    # No history (nothing kept): the month, the day's code and what ⏎ does; one day on, a day to come.
    assert snap_compare(ShotApp(_daily, lang), press=["right"], terminal_size=size)


@across(SIZES, LANGS, turn=1, ids=LANG_FIRST)
def test_a_mistyped_deal_code(snap_compare, lang, size):
    from app.screens.daily import CodeDialog

    assert snap_compare(ShotApp(CodeDialog, lang), press=[*"5F6C-AM7W-10BG", "enter"], terminal_size=size)
