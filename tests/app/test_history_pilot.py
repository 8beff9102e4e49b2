"""The history in the game (Pilot): a session left and continued comes back whole; History lists the deals
and opens one's reveal and review; a retry ends with both tries side by side; Statistics shows the numbers."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from ai import Level
from ai.reviews import Review
from app.game.journal import Journal
from app.game.replay import OneDeal
from app.screens.history import HistoryScreen
from app.screens.menu import MainMenu
from app.screens.past_deal import TriesScreen
from app.screens.review import ReviewScreen
from app.screens.stats import StatsScreen
from app.screens.summary import SummaryScreen
from app.store.database import History, HistoryOff, WriteFailed, open_history
from app.store.stats import interval
from app.widgets.textual_private import notifications
from rules.presets import Preset
from tests.tiers import long

from .harness import coached_app, config, make_app, play_a_deal, settle, table_screen
from .history_helpers import play_session

# The computers at the easy level at the tables these tests play through the UI: what the history keeps is the
# point, not how well they play (a normal computer's thinking was much of each deal's CPU).
EASY = (Level.EASY,) * 3


async def _leave(pilot) -> None:
    """End the session and close its summary."""
    await pilot.press("escape")
    await pilot.pause()
    await pilot.press("e")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SummaryScreen)
    await pilot.press("enter")
    await settle(pilot)


# Every day the whole saved state of every preset comes back (the record test named) and Continue is walked by
# the leave and continue tests; here two arcade deals are played, left and continued through the screens.
@long("tests/app/test_record_roundtrip.py::test_a_stored_session_comes_back_as_the_same_table")
async def test_a_session_left_is_continued_with_everything_restored() -> None:
    deals = 2
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.start_table(config(Preset.ARCADE, seed=11, takeover=False, time_limit=0, levels=EASY))
        await play_a_deal(pilot)
        for _ in range(deals - 1):
            await pilot.press("n")
            await play_a_deal(pilot)
        before = table_screen(app).table
        totals, deals = before.totals, len(before.history)
        money, treasure, ledger = totals.money(), totals.treasure, totals.ledger
        await pilot.press("escape", "m")  # back to the menu: the session is kept
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MainMenu) and menu._continue is not None
        await pilot.press("c")
        await settle(pilot)
        after = table_screen(app).table
        assert after is not before
        assert after.totals.ledger == ledger and after.totals.treasure.cards[: len(treasure.cards)] == treasure.cards
        assert len(after.history) == deals and after.history[-1].to_dict() == before.history[-1].to_dict()
        assert after.number == deals + 1  # the next deal is dealt at once
        assert after.current is not None and after.human == 0
        shown = table_screen(app).query_one("#me-side").render()
        assert str(money[0]) in str(shown) or after.totals.money()[0] == money[0]


async def _one_deal_then_history(pilot, seed: int):
    """Play one taiwan deal at a fresh table, leave, and open History; the deal played."""
    await settle(pilot)
    pilot.app.start_table(config(Preset.TAIWAN, seed=seed, takeover=False, time_limit=0, levels=EASY))
    await play_a_deal(pilot)
    played = table_screen(pilot.app).table.history[0]
    await _leave(pilot)
    await pilot.press("y")
    await settle(pilot)
    return played


async def test_history_lists_a_deal_and_opens_its_reveal_and_review() -> None:
    app = coached_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        played = await _one_deal_then_history(pilot, 4)
        stored_review = app.history.deal(1).review if app.history else None
        assert stored_review is not None
        stored_review = Review.from_dict(stored_review)
        history = app.screen
        assert isinstance(history, HistoryScreen) and len(history.rows) == 1
        assert history.rows[0].units == played.units[0] and history.rows[0].verdict == stored_review.verdict.value
        await pilot.press("c")  # the review at once: the stored verdict, not priced again
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.table.coach.review_for(played.number, 0) == stored_review
        await pilot.press("escape")
        await settle(pilot)
        screen = table_screen(app)
        assert isinstance(screen.table, OneDeal) and screen.table.current.result == played.result
        await pilot.press("n")  # done with it: back to History
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")  # ⏎ shows the reveal again
        await settle(pilot)
        assert isinstance(table_screen(app).table, OneDeal)


# Soak: every day test_history_own_pilot's keeps-its-place test retries a stored deal through History the same
# way and checks the same (the opponents' decisions met again, the two tries side by side, the retry's row).
@pytest.mark.soak
async def test_a_retry_meets_the_same_decisions_and_ends_side_by_side(home) -> None:
    # The deal retried is stored through the journal, as a table stores it (the test before this one plays its
    # deal through the UI): random decisions, the opponents' as sure to be met again as a level's.
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    first = play_session(Preset.TAIWAN, 9, 1, Journal(history)).history[0]
    history.close()
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen) and [r.mode for r in app.screen.rows] == ["table"]
        await pilot.press("r")
        await settle(pilot)
        retry = table_screen(app).table
        assert isinstance(retry, OneDeal) and retry.retrying and retry.can_arrange
        await play_a_deal(pilot)
        rec = retry.current
        assert rec is not None and rec.result is not None
        for seat in (1, 2, 3):
            assert rec.decisions[seat] == first.decisions[seat]  # the opponents did not think again
        await pilot.press("n")
        await settle(pilot)
        tries = app.screen
        assert isinstance(tries, TriesScreen)
        assert tries.tries.units == (first.units[0], rec.units[0])
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert [r.mode for r in app.screen.rows] == ["retry", "table"]
        assert app.screen.rows[0].retry_of == app.screen.rows[1].id


async def test_statistics_show_the_numbers_of_a_seeded_history(home) -> None:
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    table = play_session(Preset.SHISANSHUI, 21, 12, Journal(history))
    units = [r.units[0] for r in table.history]
    history.close()
    app = make_app(menu=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.screen.last_config = config(Preset.SHISANSHUI)
        await pilot.press("t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen) and screen.preset == "shisanshui"
        stats = screen.stats
        mean, ci = interval(len(units), sum(units), sum(u * u for u in units))
        assert stats is not None and stats.deals == 12 and stats.units == sum(units)
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(screen.numbers(stats))
        text = console.export_text()
        assert f"{mean:+.2f} ± {ci:.2f}" in text and "12" in text
        await pilot.press("right")
        assert screen.preset == "western" and screen.stats is not None and screen.stats.deals == 0


async def test_a_corrupt_history_is_set_aside_with_a_notice_on_screen_and_a_failed_write_turns_it_off(
    home, monkeypatch
) -> None:
    def full(*_args, **_kw):
        raise WriteFailed(HistoryOff.FULL, "database or disk is full")

    (home / "history.sqlite3").write_bytes(b"\x00garbage" * 512)
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = [n.message for n in notifications(app)]
        aside = [p for p in home.iterdir() if ".corrupt-" in p.name]
        assert len(aside) == 1 and aside[0].read_bytes().startswith(b"\x00garbage")
        assert any(str(aside[0]) in m and "new history" in m for m in shown)
        assert app.history is not None  # a fresh history records from here on
        app.start_table(config(Preset.TAIWAN, seed=2, time_limit=0, levels=EASY))
        await play_a_deal(pilot)
        assert app.history.count() == 1
        # Then a failed write turns the history off and the game goes on (in the same App and table: an App of
        # its own, and its first deal, were most of that test's time).
        monkeypatch.setattr(History, "record_deal", full)
        await pilot.press("n")
        await play_a_deal(pilot)
        shown = [n.message for n in notifications(app)]
        assert sum("disk is full" in m for m in shown) == 1
        assert app.history is None and table_screen(app).table.journal.history is None
        await pilot.press("n")
        await play_a_deal(pilot)  # the next deal is played and scored as usual
        assert len(table_screen(app).table.history) == 3
        assert sum("disk is full" in m for m in [n.message for n in notifications(app)]) == 1  # said once


async def test_history_filters_by_rules_verdict_and_session(home) -> None:
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    play_session(Preset.TAIWAN, 1, 3, Journal(history))
    play_session(Preset.ARCADE, 2, 2, Journal(history))
    play_session(Preset.TAIWAN, 3, 2, Journal(history))
    history.set_review(2, {"verdict": "mistake", "loss": 1.5})
    history.close()
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen) and [r.id for r in screen.rows] == [7, 6, 5, 4, 3, 2, 1]
        await pilot.press("p")  # taiwan
        assert {r.preset for r in screen.rows} == {"taiwan"} and len(screen.rows) == 5
        await pilot.press("p")  # tournament: none
        assert screen.rows == []
        await pilot.press("p", "p", "p", "p", "p", "p", "p")  # arcade … hongkong, backrow, ladder, all
        assert screen.preset is None and len(screen.rows) == 7
        await pilot.press("v", "v", "v", "v")  # best, good, inaccuracy, mistake
        assert screen.verdict == "mistake" and [r.id for r in screen.rows] == [2]
        await pilot.press("v", "v")  # blunder, all
        await pilot.press("s")  # the highlighted deal's session (the newest: the third session)
        assert {r.session for r in screen.rows} == {3} and len(screen.rows) == 2
