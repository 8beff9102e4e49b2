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
