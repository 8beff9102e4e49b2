"""The `?` screen lists the keys the table has: the watching keys only when watching, 賭倍 only at an arcade table
without a bank, the stake only in a banker game, the pass only with 換三張."""

from __future__ import annotations

import pytest

from app.i18n import Translator
from app.screens.table.help import HelpScreen
from app.screens.table.keys import help_lines
from rules.presets import Preset

T = Translator("en")


def listed(**kw: object) -> set[str]:
    return {text for _, text in HelpScreen(lines=help_lines(), t=T, **kw).rows()}  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.ARCADE])
def test_the_watching_keys_only_when_watching(preset: Preset) -> None:
    take, pause = T("table.help.take"), T("table.help.pause")
    assert not {take, pause} & listed(preset=preset)
    assert {take, pause} <= listed(preset=preset, watching=True)


def test_each_tables_own_keys() -> None:
    double, stake, passing = T("table.help.double"), T("table.help.stake"), T("table.help.pass_cards")
    assert double in listed(preset=Preset.ARCADE) and double not in listed(preset=Preset.TAIWAN)
    assert double not in listed(preset=Preset.ARCADE, banker=True)  # no 賭倍 in a banker game
    assert stake in listed(banker=True) and stake not in listed()
    assert passing in listed(exchange=True) and passing not in listed()


def test_the_help_and_the_footer_read_one_list() -> None:
    """Every help line is a binding of the table's (no key listed twice, no table key without its binding), and
    every binding the Footer shows has its words."""
    from app.i18n import load_strings
    from app.screens.table.keys import TABLE_BINDINGS, TABLE_KEYS, help_lines

    strings = load_strings("en")
    assert [k.binding().action for k in TABLE_KEYS] == [b.action for b in TABLE_BINDINGS[: len(TABLE_KEYS)]]
    helped = {k.help for k in TABLE_KEYS if k.help}
    assert [line[1] for line in help_lines()] == [
        *dict.fromkeys(k.help for k in TABLE_KEYS if k.help),
        "table.help.palette",
        "table.help.quit",
    ]
    assert all(key in strings for key in helped | {k.label for k in TABLE_KEYS})


def test_every_key_names_what_does_its_work() -> None:
    """Each action of the table's keys has one route (keys sharing an action agree), to a method that exists on
    the screen or its part, and the screen has the action Textual looks up: a key added to TABLE_KEYS with a
    mistyped or missing part fails here, not in play."""
    from textual.actions import parse as parse_action

    from app.config import TableConfig
    from app.screens.table import TableScreen
    from app.screens.table.keys import TABLE_KEYS, key_routes

    routes: dict[str, set[str]] = {}
    for key in TABLE_KEYS:
        routes.setdefault(parse_action(key.action)[1], set()).add(key.does)
    assert all(len(does) == 1 for does in routes.values()), routes
    screen = TableScreen(TableConfig(seed=1))
    for action, route in key_routes().items():
        part, _, method = route.rpartition(".")
        assert callable(getattr(getattr(screen, part) if part else screen, method)), route
        assert callable(getattr(screen, f"action_{action}")), action
