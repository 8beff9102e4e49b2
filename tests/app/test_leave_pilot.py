"""Every way of leaving (Pilot): the one leave dialog at a table mid-deal, at the results, during the exchange,
at a watched table, in each drill, and Ctrl+Q; after each, what the history holds (the deals, who decided them,
the session's status) and what the menu's Continue offers.

Who decided is read from the stored deals' ``decided_by`` (``player``, ``takeover``, a computer level), and
the Statistics figures are checked to count the player's own decisions only."""

from __future__ import annotations

import pytest

from ai import Level
from app.game import Phase
from app.game.drills import Drill
from app.game.drills.arrange_drill import ArrangeTable
from app.game.leaving import Leave
from app.game.progress import InProgress
from app.screens.dialogs import ConfirmScreen
from app.screens.drill import DrillScreen
from app.screens.leave import LeaveScreen
from app.screens.menu import MainMenu
from app.screens.practice import ArrangeResultScreen, PracticeScreen
from app.screens.summary import SummaryScreen
from app.screens.table import TableScreen
from app.store.database import History
from app.store.stats import compute_stats, drill_stats
from tests.tiers import long

from .harness import Clock, config, make_app, play_a_deal, settle, table_screen

# The computers at the easy level where they play whole deals: the leave paths are the point, not their play
# (a normal computer's thinking, and its 換三張 passes, were most of these tests' CPU).
EASY = {"levels": (Level.EASY,) * 3, "watch_level": Level.EASY}


def deciders(history: History) -> list[tuple[str, int | None, str | None]]:
    """Every stored deal, oldest first: its mode, the player's seat and who decided that seat."""
    out = []
    for (deal_id,) in history.read("SELECT id FROM deals ORDER BY id"):
        row = history.deal(deal_id)
        assert row is not None and row.data is not None
        seat = row.human if row.human is not None else 0
        out.append((row.mode, row.human, row.data["decided_by"].get(str(seat))))
    return out


def statuses(history: History) -> list[str]:
    return [s for (s,) in history.read("SELECT status FROM sessions ORDER BY id")]


async def leave(pilot, key: str) -> LeaveScreen:
    """esc, check the dialog, then ``key``; returns the dialog (its choices)."""
    await pilot.press("escape")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, LeaveScreen)
    await pilot.press(key)
    await settle(pilot)
    return dialog


async def to_menu(pilot) -> MainMenu:
    """Close a summary (if one is shown) and land on the menu, its Continue worked out again."""
    if isinstance(pilot.app.screen, SummaryScreen):
        await pilot.press("enter")
        await settle(pilot)
    menu = pilot.app.screen
    assert isinstance(menu, MainMenu)
    return menu


async def test_back_to_the_menu_mid_deal_keeps_the_deal_then_the_computer_plays_on_then_end_the_session() -> None:
    # Two tests before, each playing a deal to the results first in an App of its own (most of their time): back
    # to the menu mid-deal and Continue; then, at the table continued, the computer plays on and the session ends.
    clock = Clock()
    app = make_app(config(seed=5, time_limit=60, **EASY), menu=True, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_a_deal(pilot)
        await pilot.press("n")
        await settle(pilot)
        table = table_screen(app).table
        hands, number = dict(table.current.hands), table.number
        clock.t += 21  # 39 seconds left
        dialog = await leave(pilot, "m")
        assert dialog.choices == (Leave.MENU, Leave.COMPUTER, Leave.END, Leave.STAY)
        menu = await to_menu(pilot)
        assert deciders(app.history) == [("table", 0, "player")]  # the deal left half-played is not stored
        assert compute_stats(app.history, "taiwan").deals == 1
        assert statuses(app.history) == ["open"]
        row = menu._continue
        assert row is not None and InProgress.from_state(row.state) == InProgress(number, 39.0)
        hint = menu.continue_hint()
        assert "1 deal played" in hint and f"deal {number} in progress (0:39 left)" in hint
        await pilot.press("c")
        await settle(pilot)
        again = table_screen(app).table
        assert again is not table and again.number == number and again.current.hands == hands
        assert again.phase is Phase.ARRANGING and again.countdown.left() == pytest.approx(39.0)
        # The reported bug: esc → the computer plays → esc → end: "the session is over", yet Continue offered it.
        screen = table_screen(app)
        await leave(pilot, "c")  # mid-deal: the computer finishes this hand and plays the seat on
        assert screen.table.watching
        dialog = await leave(pilot, "e")
        assert dialog.choices == (Leave.MENU, Leave.TAKE, Leave.END, Leave.STAY) and dialog.watching
        assert isinstance(app.screen, SummaryScreen)
        menu = await to_menu(pilot)
        stored = deciders(app.history)
        assert stored[:2] == [("table", 0, "player"), ("table", 0, "takeover")]
        assert all(mode == "watch" and human is None for mode, human, _ in stored[2:])
        assert statuses(app.history) == ["over"] and menu._continue is None
        assert "continue" not in [item for item, _ in menu.items()]
        # Statistics count the one deal the player decided; the hand the computer finished is the seat's only.
        stats = compute_stats(app.history, "taiwan")
        assert (stats.deals, stats.seat_deals, stats.computer_deals, stats.timeouts) == (1, 2, 1, 0)


@long("tests/app/test_progress.py::test_a_session_ended_by_the_player_is_over")
async def test_end_the_session_at_the_results() -> None:
    app = make_app(config(seed=7, takeover=False, **EASY), menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_a_deal(pilot)
        assert table_screen(app).table.phase is Phase.RESULTS
        dialog = await leave(pilot, "e")
        assert dialog.choices == (Leave.MENU, Leave.END, Leave.STAY)  # takeover off: no computer in your place
        assert isinstance(app.screen, SummaryScreen)
        menu = await to_menu(pilot)
        assert deciders(app.history) == [("table", 0, "player")]
        assert statuses(app.history) == ["over"] and menu._continue is None


async def test_keep_going_changes_nothing_and_a_second_esc_is_back_to_the_menu_even_at_a_table_started_at() -> None:
    # `chinese-poker play`: straight at a table, no menu underneath; back to the menu still shows the menu (this
    # was a test of its own, an App of its own most of its time).
    app = make_app(config(seed=8))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await leave(pilot, "k")
        assert app.screen is screen and screen.table.human == 0 and screen.table.phase is Phase.ARRANGING
        await pilot.press("escape", "escape")  # the default: back to the menu, everything kept
        await settle(pilot)
        menu = await to_menu(pilot)
        assert app.is_running and deciders(app.history) == [] and statuses(app.history) == ["open"]
        assert menu._continue is not None and "no deal played yet" in menu.continue_hint()


@long("tests/app/test_exchange_table.py::test_leaving_during_the_exchange_hands_the_pass_to_the_computer")
async def test_during_the_exchange_back_to_the_menu_then_the_computer_plays_on() -> None:
    clock = Clock()
    app = make_app(config(seed=3, exchange=1, time_limit=60, **EASY), menu=True, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app).table
        assert table.phase is Phase.EXCHANGING and table.countdown.left() == pytest.approx(30.0)
        dealt = dict(table.current.hands)
        clock.t += 10
        await leave(pilot, "m")
        menu = await to_menu(pilot)
        assert deciders(app.history) == [] and menu._continue is not None
        await pilot.press("c")
        await settle(pilot)
        again = table_screen(app).table
        assert again.phase is Phase.EXCHANGING and again.current.hands == dealt  # the same cards, passed again
        table_screen(app).clock.tick()
        assert again.countdown.left() == pytest.approx(20.0)  # the pass's time where it stood
        await leave(pilot, "c")  # the computer passes for the player, then plays the hand
        assert again.watching and again.history and again.history[0].passes
        await leave(pilot, "e")
        menu = await to_menu(pilot)
        assert deciders(app.history)[0] == ("table", 0, "takeover")
        assert statuses(app.history) == ["over"] and menu._continue is None


@long(
    "tests/app/test_leave_pilot.py::test_back_to_the_menu_mid_deal_keeps_the_deal_then_the_computer_plays_on_then_end_the_session"
)
async def test_a_watched_table_back_to_the_menu_and_continued() -> None:
    app = make_app(config(seed=9, watch=True), menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        dialog = await leave(pilot, "m")
        assert dialog.choices == (Leave.MENU, Leave.TAKE, Leave.END, Leave.STAY)
        menu = await to_menu(pilot)
        assert all(mode == "watch" and human is None for mode, human, _ in deciders(app.history))
        assert statuses(app.history) == ["open"] and menu._continue is not None
        await pilot.press("c")
        await settle(pilot)
        assert table_screen(app).table.watching
        await leave(pilot, "e")
        menu = await to_menu(pilot)
        assert statuses(app.history) == ["over"] and menu._continue is None


async def test_ctrl_q_mid_deal_is_back_to_the_menu() -> None:
    clock = Clock()
    app = make_app(config(seed=10, time_limit=60), menu=True, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app).table
        hands = dict(table.current.hands)
        clock.t += 15
        await pilot.press("ctrl+q")
        await pilot.pause()
    again = make_app(menu=True, clock=Clock())
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = again.screen
        assert isinstance(menu, MainMenu) and menu._continue is not None
        assert statuses(again.history) == ["open"] and deciders(again.history) == []
        assert "deal 1 in progress (0:45 left)" in menu.continue_hint()
        await pilot.press("c")
        await settle(pilot)
        table = table_screen(again).table
        assert table.current.hands == hands and table.countdown.left() == pytest.approx(45.0)


# ------------------------------------------------------------------ the drills


async def open_practice(pilot) -> PracticeScreen:
    await settle(pilot)
    await pilot.press("d")
    await settle(pilot)
    practice = pilot.app.screen
    assert isinstance(practice, PracticeScreen)
    practice.seed = 5
    return practice


@long("tests/app/test_leave_pilot.py::test_a_quiz_drill_ends_with_its_summary_of_the_questions_answered")
async def test_the_arrange_drill_offers_keep_going_and_end_never_the_computer() -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        practice = await open_practice(pilot)
        practice.items = 5
        for _ in range(len(Drill)):  # Arrange is listed after the quiz drills
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and isinstance(screen.table, ArrangeTable)
        table = screen.table
        from app.game import run_ai

        table.apply(table.arrange.with_arrangement(run_ai(table.asking.takeover_request()).decision.arrangement))
        await pilot.press("enter")  # the first hand, the player's own
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        dialog = await leave(pilot, "k")
        assert dialog.choices == (Leave.STAY, Leave.END) and dialog.drill
        assert app.screen is screen and table.human == 0 and table.phase is Phase.ARRANGING
        await leave(pilot, "c")  # not offered: nothing happens
        assert isinstance(app.screen, LeaveScreen)
        await pilot.press("e")  # end the drill: its result, of the hand played
        await settle(pilot)
        assert isinstance(app.screen, ArrangeResultScreen) and len(table.reviews()) == 1
        assert deciders(app.history) == [("drill", 0, "player")]  # the second hand was not played by anyone
        assert drill_stats(app.history, "arrange", "taiwan").questions == 1
        assert app.history.read("SELECT count(*) FROM sessions")[0][0] == 0
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is practice


QUIZ = [pytest.param(d, marks=() if d is Drill.COMPARE else pytest.mark.soak) for d in Drill]


@pytest.mark.parametrize("drill", QUIZ)
async def test_a_quiz_drill_ends_with_its_summary_of_the_questions_answered(drill: Drill) -> None:
    # First a run ended before any answer keeps nothing (in the same App: an App of its own was most of its time).
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        practice = await open_practice(pilot)
        for _ in range(list(Drill).index(drill)):
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DrillScreen) and app.screen.run.drill is drill
        await leave(pilot, "e")
        assert app.screen is practice and drill_stats(app.history, drill.value, "taiwan").runs == 0
        await pilot.press("enter")  # the cursor is still on the drill: a run of it again
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.run.drill is drill
        dialog = await leave(pilot, "k")
        assert dialog.choices == (Leave.STAY, Leave.END) and app.screen is screen and not screen.finished
        await pilot.press("1")  # one question answered
        await pilot.pause()
        assert screen.answered
        await leave(pilot, "e")
        assert app.screen is screen and screen.finished and screen.recorded is not None
        stats = drill_stats(app.history, drill.value, "taiwan")
        assert stats.runs == 1 and stats.questions == 1
        assert app.history.count() == 0 and app.history.read("SELECT count(*) FROM sessions")[0][0] == 0
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is practice


async def test_quick_play_with_a_session_to_continue_asks_first() -> None:
    """Continue offers the latest session only: `p` with one to continue asks before putting it aside (issue 40,
    item 3); `n` keeps the menu and Continue as they were, `y` starts the table."""
    app = make_app(config(seed=8))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("escape", "escape")  # back to the menu, the session kept
        await settle(pilot)
        menu = await to_menu(pilot)
        kept = menu._continue
        assert kept is not None
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Continue offers your latest session only" in str(
            app.screen.text
        )
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is menu and menu._continue == kept and statuses(app.history) == ["open"]
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.table.config.seed != 8
