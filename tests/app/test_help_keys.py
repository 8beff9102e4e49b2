"""The `?` screen lists the keys the table has: the watching keys only when watching, 賭倍 only at an arcade table
without a bank, the stake only in a banker game, the pass only with 換三張."""

from __future__ import annotations

import pytest

from app.i18n import Translator
from app.screens.help import HelpScreen
from rules.presets import Preset

T = Translator("en")


def listed(**kw: object) -> set[str]:
    return {text for _, text in HelpScreen(t=T, **kw).rows()}  # type: ignore[arg-type]


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
    from app.screens.table_keys import TABLE_BINDINGS, TABLE_KEYS, help_lines

    strings = load_strings("en")
    assert [k.binding().action for k in TABLE_KEYS] == [b.action for b in TABLE_BINDINGS[: len(TABLE_KEYS)]]
    helped = {k.help for k in TABLE_KEYS if k.help}
    assert [line[1] for line in help_lines()] == [
        *dict.fromkeys(k.help for k in TABLE_KEYS if k.help),
        "table.help.quit",
    ]
    assert all(key in strings for key in helped | {k.label for k in TABLE_KEYS})
