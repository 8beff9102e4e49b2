"""The Practice list shows all eight drills without scrolling, from 80×24 up (issue 30 item 6), with the
tallest record under it (Arrange's two lines and a trend) still above the Footer."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.widgets import Footer, OptionList, Sparkline, Static

from app.paths import asset
from app.screens.practice import ENTRIES, PracticeScreen
from app.settings import Settings
from tests.app.harness import ScreenApp


class PracticeApp(ScreenApp):
    """The bare App with the game's style sheet and no history."""

    CSS_PATH: ClassVar[list[str]] = [str(asset("styles", "game.tcss"))]

    def __init__(self, lang: str) -> None:
        super().__init__(lambda: PracticeScreen(None), lang, settings=Settings(), animate=False)
        self.history = None


SIZES = [(80, 24), (120, 40), (200, 50)]
# Every day both languages at 80×24 (the tightest), then one language a size; the rest in the soak tier.
DAILY = {("en", 0), ("zh-TW", 0), ("zh-TW", 1), ("en", 2)}


@pytest.mark.parametrize(
    ("size", "lang"),
    [
        pytest.param(size, lang, id=f"{lang}-size{i}", marks=() if (lang, i) in DAILY else pytest.mark.soak)
        for lang in ("en", "zh-TW")
        for i, size in enumerate(SIZES)
    ],
)
async def test_every_drill_is_in_view_without_a_scrollbar(size: tuple[int, int], lang: str) -> None:
    app = PracticeApp(lang)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        menu = screen.query_one("#practice-list", OptionList)
        menu.highlighted = len(ENTRIES) - 1  # Arrange: the longest record
        await pilot.pause()
        # The tallest record a player can have: two lines of figures and the trend of the last runs.
        screen.query_one("#practice-stats", Static).update("0.42 units a hand over 30 hands\n3 mistakes due")
        screen.query_one("#practice-trend", Sparkline).data = [0.5, 0.7, 0.6, 0.9]
        for selector in ("#practice-trend", "#practice-trend-label"):
            screen.query_one(selector).display = True
        await pilot.pause()
        assert menu.option_count == len(ENTRIES) == 8
        assert menu.region.height == 8 and menu.max_scroll_y == 0 and not menu.show_vertical_scrollbar
        footer = screen.query_one(Footer)
        trend = screen.query_one("#practice-trend", Sparkline)
        assert trend.region.bottom <= footer.region.y  # nothing under the Footer


async def test_a_drill_s_number_starts_it() -> None:
    from app.screens.drill import DrillScreen

    app = PracticeApp("en")
    async with app.run_test(size=(80, 24)) as pilot:
        practice = app.screen
        assert isinstance(practice, PracticeScreen)
        shown = {b.binding.action: b.binding.description for b in practice.active_bindings.values() if b.binding.show}
        assert shown.get("cursor_down") == "Choose"  # ↑↓ in the Footer
        await pilot.press("5")  # Score it, as the list numbers it
        await pilot.pause()
        drill = app.screen
        assert isinstance(drill, DrillScreen) and drill.run.drill.value == ENTRIES[4] == "score"
