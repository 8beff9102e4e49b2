"""The deal of the day from the menu, driven as a person would (issue 42): the calendar, ⏎ for the record once
and as practice after (also after the game is started again), the share line copied, and a deal code typed."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from app.screens.daily import CodeDialog, DailyScreen
from tests.app.harness import make_app, settle

NOON = dt.datetime(2026, 12, 5, 12, tzinfo=dt.UTC).timestamp()


async def test_the_day_is_played_for_the_record_once_then_as_practice(home: Path) -> None:
    app = make_app(menu=True)
    app.wall = lambda: NOON  # the calendar's clock: 2026-12-05, noon UTC
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DailyScreen) and screen.selected == dt.date(2026, 12, 5)
        assert "5F6C-AM7W-10BF" in str(screen.query_one("#daily-day").render())
        await pilot.press("enter")
        await settle(pilot)
        table = app.table_screen
        assert table is not None and table.table.config.daily_record
        await pilot.press("escape", "m")  # back to the menu at once: the day's one try is spent
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        again = app.table_screen
        assert again is not None and not again.table.config.scored and again.table.config.daily == "2026-12-05"


async def test_a_mistyped_code_says_what_is_wrong_and_a_good_one_deals_it(home: Path) -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, CodeDialog)
        await pilot.press(*"5F6C-AM7W-10BG", "enter")
        await settle(pilot)
        assert "mistyped" in str(app.screen.query_one("#code-error").render())
        await pilot.press("backspace", "F", "enter")
        await settle(pilot)
        table = app.table_screen
        assert table is not None and table.table.current is not None
        assert table.table.current.code is not None and table.table.current.code.text == "5F6C-AM7W-10BF"
