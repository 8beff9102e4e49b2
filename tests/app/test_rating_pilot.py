"""Where the player stands, where it is drawn (issue 41), through Textual's Pilot: Statistics' rating with its band
and accuracy by week, the menu's line and the background pricing's bar. (The deal's accuracy on the board and the
session's luck on its summary: tests/app/test_coach_pilot.py, in the deal it plays.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from app.game.backlog import PricingProgress
from app.paths import asset
from app.screens.menu import MainMenu
from app.screens.stats import StatsScreen
from app.settings import Settings
from app.store.database import History, open_history
from tests.app.harness import ScreenApp
from tests.app.rating_helpers import fill_priced
from tests.app.test_coach_pilot import shown
from tests.tiers import long


class StandingApp(ScreenApp):
    """The bare App with the game's style sheet and a history (and the background pricing's progress)."""

    CSS_PATH: ClassVar[list[str]] = [str(asset("styles", "game.tcss"))]

    def __init__(self, screen, history: History, progress: PricingProgress | None = None) -> None:
        super().__init__(screen, "en", settings=Settings(), animate=False)
        self.history = history
        self.backlog_progress = progress

    def resumable(self, *, checked: bool = True):
        return None


def priced(tmp_path: Path, deals: int = 60) -> History:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    fill_priced(history, deals)
    return history


@long("tests/app/test_snapshots_history.py::test_statistics_rating")
async def test_statistics_draw_the_rating_with_its_band_and_the_accuracy_by_week(tmp_path: Path) -> None:
    history = priced(tmp_path)
    app = StandingApp(lambda: StatsScreen(history, "taiwan"), history)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        line = shown(screen.query_one("#stats-rating"))
        assert re.search(r"Your rating at Taiwan: \d+\.\d ± \d+\.\d over \d+ counted deals", line)
        chart = screen.query_one("#stats-rating-chart")
        assert chart.display and "●" in shown(chart) and "░" in shown(chart) and "rating" in shown(chart)
        weeks = screen.query_one("#stats-weeks")
        assert weeks.display and "accuracy %" in shown(weeks) and "weeks played since" in shown(weeks)
        assert "Cards" in shown(screen.query_one("#stats-standing"))
    history.close()


async def test_the_menu_shows_the_rating_and_the_pricing_bar(tmp_path: Path) -> None:
    history = priced(tmp_path)
    app = StandingApp(MainMenu, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#menu-rating")
        assert re.search(r"Your rating at Taiwan: \d+\.\d ± \d+\.\d", shown(line))
        app.backlog_progress = PricingProgress(3, 12, 1)
        app.screen.watch_pricing()
        await pilot.pause()
        assert "Pricing your past deals ▰▰▰▰▱▱▱▱▱▱▱▱ 4/12 (1 could not be priced)" in " ".join(shown(line).split())
    history.close()


def test_the_menus_look_before_its_first_frame_finds_what_the_rating_counts(tmp_path: Path) -> None:
    # has_rating_rows (one row looked for, before the menu's first frame) agrees with rating_rows, by family.
    from app.store.stats import has_rating_rows, rating_rows

    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    families = [("taiwan",), ("shisanshui",), ("taiwan", "tournament", "arcade")]
    assert [has_rating_rows(history, f) for f in families] == [False] * 3
    fill_priced(history, 3)  # Taiwan deals, priced
    assert [has_rating_rows(history, f) for f in families] == [bool(rating_rows(history, f)) for f in families]
    assert [has_rating_rows(history, f) for f in families] == [True, False, True]
