"""The game's own commands in Textual's command palette (ctrl+p), beside Textual's (theme, keys, screenshot,
quit): at the menu, every entry of the menu (from its one list, :data:`app.screens.menu.ITEMS`); anywhere, each
preset's rules; at a table, its keys (the `?` help). Named in the player's language, the menu's Chinese name as
the help line, so a player finds 馬上加入 by typing either.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from app.i18n import Translator
from app.screens.menu import ITEMS, MainMenu
from app.view.formatting import preset_name
from rules.presets import Preset


def game_commands(app: App[Any], screen: Screen[Any], t: Translator) -> Iterator[SystemCommand]:
    """The game's commands for the palette opened over ``screen``."""
    from app.screens.rules_screen import RulesScreen  # here, not with the menu: its start-up (issue 44)
    from app.screens.table import TableScreen

    if isinstance(screen, MainMenu):
        for item in (entry.id for entry in ITEMS):
            if item == "quit" or (item == "continue" and screen.resumable() is None):
                continue  # Textual's own Quit is there; Continue only with something to continue

            def choose(item: str = item) -> None:
                screen.action_choose(item)

            yield SystemCommand(t(f"menu.{item}"), t(f"menu.{item}_alt"), choose)
    if isinstance(screen, TableScreen):
        yield SystemCommand(t("table.key.help"), t("table.help.title"), screen.keys.open_help)
    for preset in Preset:

        def rules(preset: Preset = preset) -> None:
            app.push_screen(RulesScreen(preset, t=t))

        yield SystemCommand(f"{t('menu.rules')}: {preset_name(t, preset.value)}", t("menu.rules_hint"), rules)
