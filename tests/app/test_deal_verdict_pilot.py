"""The deal's verdict is the whole decision's (issue 36), through Pilot: a blunder of a 換三張 pass makes the deal a
blunder on the board, in the results panel, in History (and its verdict filter) and in Statistics, with the parts
named; and where the player decided nothing (比牌型) there is no verdict anywhere and the review says so."""

from __future__ import annotations

import pytest

import app.screens.table.coaching as table_coach
from ai import Level, PassReview, Verdict
from app.game import Phase
from app.screens.results import ResultsScreen
from app.screens.review import ReviewScreen
from app.store.stats import compute_stats
from rules.presets import Preset
from tests.tiers import long

from .harness import coached_app, config, play_a_deal, settle, table_screen
from .test_coach_pilot import shown

EASY = {"levels": (Level.EASY,) * 3, "watch_level": Level.EASY}


@long("tests/ai/test_passing.py::test_the_coach_calls_its_own_best_pass_best_and_a_broken_four_a_blunder")
@pytest.mark.pilot
async def test_a_blunder_of_a_pass_is_the_deals_blunder_everywhere(monkeypatch) -> None:
    def priced(request):  # the pass pricing is ai's tests' concern: here, a pass that lost 8 units
        return PassReview(request.played, -3.0, tuple(sorted(request.hand)[:3]), 5.02, 8.02, 2.7, Verdict.BLUNDER, 48)

    monkeypatch.setattr(table_coach, "run_pass_coach", priced)
    app = coached_app(config(seed=5, exchange=1, **EASY))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        for key in ("space", "right", "space", "right", "space", "enter"):
            await pilot.press(key)
        await settle(pilot)
        assert screen.table.phase is Phase.ARRANGING
        await play_a_deal(pilot)
        rec = screen.table.current
        review = screen.table.coach.review_for(rec.number, 0)
        assert review is not None and review.verdict is Verdict.BLUNDER
        assert review.loss == pytest.approx(8.02 + review.rows_part.loss)
        assert review.worst is not None and review.worst.loss == pytest.approx(8.02)
        board = screen.view.board.text().plain
        assert "Coach: blunder" in board and "the pass lost 8.02" in board
        stored = app.history.deals(verdict="blunder")
        assert [d.number for d in stored] == [rec.number]
        stats = compute_stats(app.history, "taiwan")
        assert stats.priced == 1 and stats.best_share == 0 and stats.mean_loss >= 8.0
        await pilot.press("enter")  # the results panel
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        coach = shown(app.screen.query_one("#coach"))
        assert "blunder" in coach and "0% best plays" in coach


@pytest.mark.pilot
async def test_a_ladder_deal_has_no_verdict_anywhere_and_the_review_says_nothing_was_decided() -> None:
    app = coached_app(config(Preset.LADDER, seed=3, **EASY))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        table = screen.table
        assert table.history, "the ladder compares the hands as soon as they are dealt"
        rec = table.history[-1]
        assert table.coach.review_for(rec.number, 0) is None and not table.coach.is_pending(rec.number, 0)
        assert "Coach" not in screen.view.board.text().plain
        assert [d.verdict for d in app.history.deals()] == [None]
        stats = compute_stats(app.history, "ladder")
        assert stats.deals == 1 and stats.priced == 0 and stats.best_share is None
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        body = shown(app.screen.query_one("#review-body"))
        assert "Nothing to decide" in body and "Played" not in body and "You:" in body
        assert table.coach.review_for(rec.number, 0) is None and not table.coach.pending
