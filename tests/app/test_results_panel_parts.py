"""The results panel is drawn from one list of parts (app/view/results_panel.py's PANEL): each part has its own
id, draws without Textual, and the screen shows them all in that order."""

from __future__ import annotations

from rich.console import Console

from app.config import TableConfig
from app.game import Table
from app.i18n import Translator
from app.view.results_panel import PANEL, ResultsView
from rules.presets import Preset


def _scored_table() -> Table:
    table = Table(TableConfig(preset=Preset.TAIWAN, seed=11, time_limit=0, watch=True))
    from app.game.conduct import play_out

    play_out(table, table.deal())
    return table


def test_every_part_of_the_panel_draws_a_scored_deal_in_every_language() -> None:
    table = _scored_table()
    rec = table.current
    assert rec is not None and rec.result is not None
    assert len({part.id for part in PANEL}) == len(PANEL)
    for lang in ("en", "zh-TW", "zh-CN"):
        view = ResultsView(Translator(lang), table, rec)
        for part in PANEL:
            console = Console(width=80, record=True)
            console.print(part.draw(view))
            assert console.export_text().strip(), (lang, part.id)
