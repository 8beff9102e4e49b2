"""The rules document switched in place (app.screens.rules_screen.RulesView.show): after any switch it draws
exactly what a freshly built document of the new rules draws, and keeps the widgets whose kind lines up."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from app.i18n import Translator
from app.screens.rules_screen import RulesView
from app.view import rules_variants
from app.view.rules_text import RulesText
from app.widgets.markdown import BulletList, block_widget, markdown_blocks
from rules.presets import Preset
from tests.tiers import long

EN = Translator("en")


def _markdown(preset: Preset) -> str:
    return RulesText(EN, preset, preset.default_options, None, rules_variants.NO_EXCHANGE).markdown()


def _text(static: Static) -> str:
    """What a Static shows, as text (a Rich table drawn at a fixed width)."""
    content = static.content
    if isinstance(content, Text):
        return content.markup
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


def _shown(widget: Widget) -> tuple[str, ...]:
    """A block's widget as drawn: its classes and its text (a bullet list's items)."""
    texts = [i.markup for i in widget.items] if isinstance(widget, BulletList) else [_text(widget)]  # type: ignore[arg-type]
    return (" ".join(sorted(widget.classes)), *texts)


def _drawn(view: Widget) -> list[tuple[str, ...]]:
    """Each block as drawn."""
    return [_shown(child) for child in view.children]


class _Doc(App[None]):
    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        yield RulesView(self.markdown, id="doc")


def _fresh(markdown: str) -> list[tuple[str, ...]]:
    """What a document built afresh draws: the widgets :func:`block_widget` makes of each block."""
    return [_shown(block_widget(block)) for block in markdown_blocks(markdown)]


@long("tests/app/test_menu_pilot.py::test_rules_show_the_table_options_switch_preset_and_scroll")
async def test_each_switch_draws_what_a_fresh_document_draws_and_keeps_most_widgets() -> None:
    order = [Preset.TAIWAN, Preset.TOURNAMENT, Preset.LADDER, Preset.SHISANSHUI, Preset.TAIWAN]
    app = _Doc(_markdown(order[0]))
    async with app.run_test(size=(100, 40)) as pilot:
        view = app.query_one(RulesView)
        for preset in order[1:]:
            before = set(map(id, view.children))
            await view.show(_markdown(preset))
            await pilot.pause()
            assert _drawn(view) == _fresh(_markdown(preset)), preset
            assert len(view.children) == len(view.blocks)
            if preset is Preset.TAIWAN:  # back from shisanshui: rules of much the same shape
                kept = sum(id(child) in before for child in view.children)
                assert kept >= len(view.children) // 2, (kept, len(view.children))
