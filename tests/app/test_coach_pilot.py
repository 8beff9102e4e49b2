"""The coach at the table (issue 11), through Textual's Pilot: its line after a deal, the review screen with
both plays for any seat, the session's running measure, and a reveal that never waits for the coach."""

from __future__ import annotations

import io
import re
import threading

from rich.console import Console

import app.screens.table.coaching as table_screen_module
from ai.coach import Verdict
from app.game import run_coach
from app.screens.results import ResultsScreen
from app.screens.review import ReviewScreen
from app.screens.summary import SummaryScreen
from tests.app.harness import coached_app, config, play_a_deal, settle, table_screen
from tests.tiers import long


def shown(widget) -> str:
    """What a Static shows, as plain text (a Rich group rendered at the widget's width)."""
    console = Console(width=max(40, widget.size.width), record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


@long("tests/app/test_snapshots_table.py::test_results_panel")
async def test_the_coach_line_appears_after_a_deal_and_in_the_results_panel():
    app = coached_app(config(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_a_deal(pilot)
        screen = table_screen(app)
        rec = screen.table.current
        review = screen.table.coach.review_for(rec.number, rec.human)
        assert review is not None, "the player's decision was priced"
        board = screen.view.board.text().plain
        assert "Coach: " in board and Verdict(review.verdict).value in board
        await pilot.press("enter")  # the results panel
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        coach = shown(app.screen.query_one("#coach"))
        assert "Coach: " in coach and "This session, deals priced 1:" in coach


async def test_the_review_screen_shows_both_plays_turns_to_another_seat_and_closes():
    app = coached_app(config(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_a_deal(pilot)
        screen = table_screen(app)
        rec = screen.table.current
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        body = shown(app.screen.query_one("#review-body"))
        assert "Played" in body and "Best" in body and "Front" in body and "%" in body
        assert "Review: You" in shown(app.screen.query_one("#review-title"))
        await pilot.press("right")  # East: a computer seat, priced on demand
        await settle(pilot)
        await pilot.pause()
        assert "Review: East" in shown(app.screen.query_one("#review-title"))
        assert screen.table.coach.review_for(rec.number, 1) is not None
        assert "Played" in shown(app.screen.query_one("#review-body"))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_reveal_never_waits_for_the_coach(monkeypatch):
    release = threading.Event()

    def slow(request):
        release.wait(10)
        return run_coach(request)

    monkeypatch.setattr(table_screen_module, "run_coach", slow)
    app = coached_app(config(seed=5))  # animations off: the reveal ends at once
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        rec = screen.table.current
        assert rec.result is not None and screen.table.phase.value == "results"
        assert screen.table.coach.is_pending(rec.number, rec.human)
        assert "pricing your play" in screen.view.board.text().plain
        release.set()
        await settle(pilot)
        assert screen.table.coach.review_for(rec.number, rec.human) is not None


async def test_the_session_summary_carries_the_running_measure():
    """And the deal's accuracy on the board, the session's accuracy and its result told apart on the summary, the
    parts adding up to the result as shown (issue 41)."""
    app = coached_app(config(seed=3, takeover=False))  # leaving ends the session
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_deal(pilot)
        screen = table_screen(app)
        assert re.search(r"accuracy \d+%", screen.view.board.text().plain)
        await pilot.press("escape", "e")  # end the session: its summary
        await settle(pilot)
        assert isinstance(app.screen, SummaryScreen)
        skill = shown(app.screen.query_one("#skill"))
        assert "units lost a deal" in skill and "deals priced 1:" in skill
        luck = " ".join(shown(app.screen.query_one("#luck")).split())
        assert re.search(r"Your 1 priced deal: accuracy \d+%", luck)
        found = re.search(r"Cards (\S+) · your play (\S+) · the rest (\S+) = (\S+)", luck)
        assert found is not None
        cards, play, rest, result = (float(x) for x in found.groups())
        assert round(cards + play + rest, 1) == result == screen.table.history[0].units[0]  # type: ignore[index]
