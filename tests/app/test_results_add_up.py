"""Every row of the results panel adds up to its units, in every preset, over many seeded deals.

Issue 10 #4: an arcade row read `0-0-3 | Sweep -3 | Units -7` because the rows' value and the 寶牌 item were
not shown. Here the panel is rendered (its Rich table, without a running App) and each row's numbers are
read back as a player would add them: the rows' units, 打槍, then every listed item.
"""

from __future__ import annotations

import re

import pytest

from ai import Level
from app.game import Phase, Table
from app.i18n import Translator
from app.screens.results import ResultsScreen
from rules.presets import Preset
from tests.app.harness import Clock, config
from tests.tiers import sized

NUMBER = re.compile(r"[+-]?\d[\d,]*")


def _value(text: str) -> int:
    return int(text.replace(",", "")) if text else 0


def _panel_rows(table: Table) -> list[list[str]]:
    grid = ResultsScreen(table, table.current, t=Translator("en")).pairs_table()
    cols = [[str(c) for c in col._cells] for col in grid.columns]
    return [list(r) for r in zip(*cols, strict=True)]


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(Preset))
@sized("deals", 30, 500)
def test_every_results_row_adds_up_to_its_units(preset: Preset, deals: int) -> None:
    levels = (Level.EASY,) * 3
    checked = 0
    for seed in range(deals):
        table = Table(config(preset, seed=seed, levels=levels, watch=True, watch_level=Level.EASY), now=Clock())
        table.start_deal()
        table.decide_computers()  # watching: all four seats are computers
        assert table.phase is Phase.REVEALING  # scored by the last decision
        for pair, rows, sweep, items, units, *_worth in _panel_rows(table):
            rows_units = rows.split(" ", 1)[1] if " " in rows else ""
            listed = sum(_value(m.group()) for m in (NUMBER.search(part.rsplit(" ", 1)[-1]) for part in
                                                   items.split("\n") if part) if m)
            assert _value(rows_units) + _value(sweep) + listed == _value(units), (seed, pair, rows, sweep, items)
            checked += 1
    assert checked >= deals * 6


def test_an_item_keeps_its_amount_on_its_line_at_80_columns():
    # Issue 10 #5: `back quads 後墩鐵 …` with its `-4` wrapped to the next line.
    from rich.console import Console

    for seed in range(400):
        table = Table(config(Preset.TAIWAN, seed=seed, watch=True, levels=(Level.EASY,) * 3), now=Clock())
        table.start_deal()
        table.decide_computers()
        assert table.phase is Phase.REVEALING  # scored by the last decision
        rows = _panel_rows(table)
        if any(len(r[3].split("\n")) >= 2 for r in rows):
            break
    else:
        pytest.fail("no deal with two bonus items in 400 seeds")
    grid = ResultsScreen(table, table.current, t=Translator("en")).pairs_table()
    console = Console(width=72, record=True)  # the panel's inside at 80 columns
    console.print(grid)
    lines = console.export_text().splitlines()
    for r in rows:
        for part in filter(None, r[3].split("\n")):
            assert any(part in line for line in lines), part
