"""ctrl+p opens Textual's command palette with the game's own commands (issue 40, item 15): the menu's entries
at the menu, each preset's rules anywhere, the keys at a table; Textual's theme, keys and screenshot beside them."""

from __future__ import annotations

from textual.command import CommandPalette

from app.screens.menu import ITEMS, MainMenu
from app.screens.rules_screen import RulesScreen
from app.screens.table import TableScreen
from rules.presets import Preset

from .harness import config, make_app, settle


async def test_the_palette_holds_the_menu_the_rules_and_textuals_own() -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MainMenu)
        titles = [c.title for c in app.get_system_commands(menu)]
        for item in (entry.id for entry in ITEMS):
            if item not in ("quit", "continue"):
                assert app.t(f"menu.{item}") in titles, item
        assert {"Theme", "Keys", "Screenshot", "Quit"} <= set(titles)
        assert sum(t.startswith("Rules: ") for t in titles) == len(Preset)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await settle(pilot)
        rules = next(c for c in app.get_system_commands(menu) if c.title == "Rules: Shisanshui")
        rules.callback()
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen) and app.screen.preset is Preset.SHISANSHUI


async def test_at_a_table_the_palette_has_its_keys_and_no_menu_entries() -> None:
    app = make_app(config(seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        titles = [c.title for c in app.get_system_commands(table)]
        assert app.t("table.key.help") in titles and app.t("menu.quick") not in titles
