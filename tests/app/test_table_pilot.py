"""Pilot tests: full deals played by keys on the table screen (AI at a fast level, seeds fixed, no sleeping).

Animations are off (Textual's animation level "none" and the Settings speed "off") except where a test injects
a manual scheduler to step the reveal itself, or runs one reveal on real timers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.game import ArrangeState, Phase, run_ai
from app.screens.dialogs import SeatPickScreen, TimeoutScreen
from app.screens.leave import LeaveScreen
from app.screens.results import ResultsScreen
from app.screens.summary import SummaryScreen
from app.screens.table import TableScreen
from app.screens.table.help import HelpScreen
from app.settings import Settings
from app.tui import ChinesePokerApp
from app.view.cards import FOUR_COLOUR, CardLook
from app.widgets.chrome import TooSmall
from rules.arrangement import Row
from rules.presets import Preset
from tests.app.harness import Clock, Manual, config, make_app, settle, suggested, table_screen
from tests.tiers import long, sized


async def put(pilot, screen: TableScreen, card, row: Row) -> None:
    """Move the cursor to ``card`` with →, then press the row's key."""
    st = screen.table.arrange
    steps = (st.order.index(card) - st.cursor) % 13
    await pilot.press(*(["right"] * steps), str(int(row) + 1))


def best_arrangement(screen: TableScreen):
    req = screen.table.asking.suggest_request()
    return next(s.decision.arrangement for s in suggested(req) if s.decision.arrangement is not None)


@long("tests/app/test_table_state.py::test_last_row_fills_itself")  # the keys: test_select_several_and_return_them
async def test_arrange_manually_then_ready():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        target = best_arrangement(screen)
        for row in (Row.FRONT, Row.MIDDLE):
            for card in target.rows[row]:
                await put(pilot, screen, card, row)
        st = screen.table.arrange
        assert st.complete and st.legal, "the back row fills itself"
        assert screen.check_action("ready", ()) is True
        await pilot.press("enter")
        await settle(pilot)
        rec = screen.table.current
        assert rec.decisions[0].arrangement == target
        assert screen.table.phase is Phase.RESULTS
        assert sum(rec.units) == 0


async def test_select_several_and_return_them():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("space", "right", "space", "3")
        st = screen.table.arrange
        assert len(st.rows[Row.BACK]) == 2 and not st.selected
        await pilot.press("x")
        assert not screen.table.arrange.placed
        await pilot.press("1", "1", "1")
        assert screen.check_action("place", (0,)) is None  # the front is full: `1` is greyed
        await pilot.press("1")
        assert len(screen.table.arrange.rows[Row.FRONT]) == 3
        # the cursor walks into the rows: return one card from the front
        st = screen.table.arrange
        card = st.rows[Row.FRONT][0]
        steps = (st.order.index(card) - st.cursor) % 13
        await pilot.press(*(["right"] * steps), "0")
        assert len(screen.table.arrange.rows[Row.FRONT]) == 2
        await pilot.press("s")
        assert screen.table.arrange.sort == "suit"


@long(
    "tests/app/test_table_state.py::test_auto_arrange_asks_then_cycles_the_suggestions_and_completes_around_placed_cards"
)
async def test_auto_arrange_next_suggestion_and_complete_around_placed():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("a")
        await settle(pilot)
        first = screen.table.arrange.rows
        assert screen.table.arrange.complete
        await pilot.press("a")
        await settle(pilot)
        assert screen.table.arrange.rows != first and screen.table.arrange.suggestion == 1
        await pilot.press("x", "3")  # one card in the back, then complete around it
        placed = screen.table.arrange.rows[Row.BACK][0]
        await pilot.press("a")
        await settle(pilot)
        st = screen.table.arrange
        assert st.complete and placed in st.rows[Row.BACK]
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.table.phase is Phase.RESULTS


async def test_hint_names_a_row_and_ready_is_blocked_on_a_foul():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("h")
        await settle(pilot)
        hint = screen.view.hint
        assert hint is not None and hint.card == screen.table.arrange.cursor_card
        message = str(screen.query_one("#message").render())
        assert "Hint:" in message and screen.t(f"common.category.{hint.category.id}") in message
        assert all(screen.look.label(c) in message for c in hint.group)
        # The row's other cards light up with it, wherever they are.
        assert screen.view.hand_model().hint == frozenset(hint.group)
        # and READY is blocked on a foul
        st = screen.table.arrange
        # The three strongest cards in front, the weakest five at the back: front > back, a foul.
        ranked = sorted(st.hand, reverse=True)
        foul = ArrangeState.new(st.hand).with_arrangement(
            __import__("rules.arrangement", fromlist=["Arrangement"]).Arrangement.of(
                ranked[:3], ranked[3:8], ranked[8:]
            )
        )
        assert foul.fouls()
        screen.table.arrange = foul
        screen.redraw()
        await pilot.pause()
        assert screen.check_action("ready", ()) is None
        await pilot.press("enter")
        await pilot.pause()
        assert screen.table.phase is Phase.ARRANGING and not screen.table.human_ready
        message = str(screen.query_one("#message").render())
        assert "Foul" in message and "beats" in message


async def test_timeout_takeover_completes_around_placed_cards():
    clock = Clock()
    app = make_app(config(time_limit=30), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("3")
        placed = screen.table.arrange.rows[Row.BACK][0]
        clock.t += 20
        screen.clock.tick()
        assert screen.table.phase is Phase.ARRANGING
        assert "0:10" in str(screen.query_one("#countdown").render())
        assert screen.query_one("#countdown").has_class("-warning")
        clock.t += 10.5
        screen.clock.tick()
        await settle(pilot)
        rec = screen.table.current
        assert rec.computer_for_human and placed in rec.decisions[0].arrangement.back
        assert not rec.fouled(0)
        assert screen.table.phase is Phase.RESULTS


async def _time_out(pilot, clock: Clock, screen: TableScreen) -> None:
    """Run the injected clock past the limit and let the table notice (the timer's tick, called directly)."""
    clock.t += 31
    screen.clock.tick()
    await pilot.pause()


async def test_timeout_without_takeover_asks_the_host_and_stops_the_clock():
    clock = Clock()
    app = make_app(config(time_limit=30, takeover=False), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await _time_out(pilot, clock, screen)
        assert isinstance(app.screen, TimeoutScreen)
        assert screen.table.countdown.awaiting_host and screen.table.phase is Phase.ARRANGING
        assert screen.clock.paused
        assert "0:00" in str(screen.query_one("#countdown").render())
        # The countdown stays stopped while the dialog is open: more time and ticks change nothing.
        clock.t += 120
        screen.clock.tick()
        await pilot.pause()
        assert isinstance(app.screen, TimeoutScreen) and len(app.screen_stack) == 3
        assert screen.table.countdown.left() == 0.0 and screen.check_action("select", ()) is None
        # A suggestion the player asked for just before the time-out no longer moves the cards.
        before = screen.table.arrange
        request = screen.table.asking.suggest_request()
        screen.helping.accept(request, run_ai(request))
        assert screen.table.arrange is before
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Time is up" in text and "host" in text
        options = app.screen.query_one("#timeout-list")
        assert "Let the computer play your seat" in str(options.get_option_at_index(0).prompt)
        assert "End the table" in str(options.get_option_at_index(1).prompt)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.reason == "timeout"
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


async def test_timeout_without_takeover_the_computer_plays_the_seat():
    clock = Clock()
    app = make_app(config(time_limit=30, takeover=False), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("3")
        placed = screen.table.arrange.rows[Row.BACK][0]
        await _time_out(pilot, clock, screen)
        assert isinstance(app.screen, TimeoutScreen)
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is screen and not screen.clock.paused
        table = screen.table
        rec = table.current
        assert rec.computer_for_human and placed in rec.decisions[0].arrangement.back and not rec.fouled(0)
        assert table.phase is Phase.RESULTS and table.watching
        assert "The clock ran out: the computer finished your hand" in str(screen.query_one("#board").render())
        assert "t takes a seat" in screen.view.hand_model().note
        # The computer keeps playing the seat: the next deal is four computers, no countdown.
        await pilot.press("n")
        await settle(pilot)
        assert table.number == 2 and table.watching and table.phase is Phase.RESULTS
        assert table.current.decisions[0] is not None and table.countdown.left() is None
        assert app.screen is screen


async def test_timeout_dialog_by_arrows_enter_and_by_mouse():
    clock = Clock()
    app = make_app(config(time_limit=30, takeover=False), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await _time_out(pilot, clock, screen)
        await pilot.press("down", "up", "enter")  # the first choice: the computer plays
        await settle(pilot)
        assert screen.table.watching and screen.table.phase is Phase.RESULTS
    clock = Clock()
    app = make_app(config(time_limit=30, takeover=False), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await _time_out(pilot, clock, screen)
        await pilot.click("#timeout-list", offset=(6, 2))  # the second option: End the table
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.reason == "timeout"


async def test_timeout_dialog_in_zh_tw():
    clock = Clock()
    app = make_app(config(time_limit=30, takeover=False), lang="zh-TW", clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await _time_out(pilot, clock, screen)
        assert isinstance(app.screen, TimeoutScreen)
        options = app.screen.query_one("#timeout-list")
        assert "讓電腦接玩" in str(options.get_option_at_index(0).prompt)
        assert "結束本桌" in str(options.get_option_at_index(1).prompt)
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"電腦接玩", "結束本桌"} <= descriptions
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.reason == "timeout"


@long("tests/app/test_table_pilot.py::test_a_full_deal_by_keys_only")
async def test_reveal_steps_and_skip_with_a_manual_scheduler():
    manual = Manual()
    app = make_app(animation="normal", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        while manual.run_one():  # the computers' "thinking" delays
            pass
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.table.phase is Phase.REVEALING
        manual.run_one()  # the first row
        assert screen.view.revealed_rows() == 1
        assert "Fronts" in str(screen.query_one("#board").render())
        manual.run_one()
        assert screen.view.revealed_rows() == 2
        assert screen.check_action("next", ()) is None  # greyed during the reveal
        await pilot.press("space")  # skip to the end
        assert screen.table.phase is Phase.RESULTS and screen.view.revealed_rows() == 3
        manual.pending.clear()
        rec = screen.table.current
        assert rec.after == screen.table.totals.money()


@long("tests/app/test_presenter.py::test_reveal_player_steps_counts_and_finishes")
async def test_reveal_counts_totals_up_then_ends():
    manual = Manual()
    app = make_app(animation="fast", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        while manual.run_one():
            pass
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        seen = set()
        while screen.table.phase is Phase.REVEALING and manual.run_one():
            seen.add(screen.view.display_money(0))
        rec = screen.table.current
        assert screen.table.phase is Phase.RESULTS
        assert rec.after[0] in seen or rec.before[0] == rec.after[0]


async def test_reveal_on_real_timers():
    """One reveal at full animation level with Textual's own timers (fast speed)."""
    app = ChinesePokerApp(config(), lang="en", settings=Settings(animation="fast", coach="off"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        for _ in range(40):
            await pilot.pause(0.1)
            if screen.table.status(1).value == "ready" and screen.table.status(3).value == "ready":
                break
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(80):
            if screen.table.phase is Phase.RESULTS:
                break
            await pilot.pause(0.1)
        assert screen.table.phase is Phase.RESULTS


# The panel's own `n` (the second deal here) runs every day in test_a_full_deal_by_keys_only; here, in soak.
@sized("deals", 1, 2)
async def test_help_lists_keys_then_results_panel_and_next_deal(deals: int):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("n")
        await settle(pilot)
        assert screen.table.number == 2 and screen.table.phase is Phase.ARRANGING
        if deals == 1:
            return
        # and again, leaving through the panel's `n`
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter", "n")
        await settle(pilot)
        assert screen.table.number == 3


async def test_tournament_elimination_ends_the_session():
    app = make_app(config(Preset.TOURNAMENT, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        table = screen.table
        assert "Deal 1/16" in str(screen.query_one("#info").render())
        assert "Dealer" in str(screen.query_one("#info").render())
        table.totals.ledger = replace(table.totals.ledger, points=(1, 3100, 3100, 3099))
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert table.totals.money()[0] <= 0
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.reason == "eliminated"
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


# Every day one deal through the UI (the first, doubled, made the round's last: the ledger skips the five
# after it); the soak tier plays all six of the round.
@sized("played", 1, 6)
async def test_arcade_round_summary_then_continue(played: int):
    app = make_app(config(Preset.ARCADE, seed=2, coins=100000))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        for deal in range(1, played + 1):
            assert screen.table.number == deal
            if deal == played and played < 6:  # skip to the round's last deal
                screen.table.totals.ledger = replace(screen.table.totals.ledger, deals_played=5)
            if deal == 1:
                await pilot.press("d")
                assert screen.table.wagers.double == 1
            if screen.table.arrange.declared is None:
                await pilot.press("a")
                await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            assert screen.table.phase is Phase.RESULTS
            assert "Treasure" in str(screen.query_one("#board").render())
            await pilot.press("n")
            await settle(pilot)
        assert isinstance(app.screen, SummaryScreen) and app.screen.is_round
        assert app.screen.summary.round == 1
        await pilot.press("c")
        await settle(pilot)
        assert screen.table.number == played + 1 and screen.table.phase is Phase.ARRANGING


async def test_arcade_round_summary_leave_ends_the_session():
    app = make_app(config(Preset.ARCADE, seed=2, coins=100000))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        totals = screen.table.totals
        totals.ledger = replace(totals.ledger, deals_played=5)  # skip to the round's last deal
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.is_round
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and not app.screen.is_round
        assert app.screen.summary.reason == "left"


async def test_watch_mode_then_take_a_seat():
    app = make_app(config(watch=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        table = screen.table
        assert table.watching and table.phase is Phase.RESULTS  # four computers, revealed at once
        assert screen.check_action("select", ()) is False
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, SeatPickScreen)
        await pilot.press("3")
        await pilot.pause()
        assert table.seating.pending_seat == 2 and table.watching
        await pilot.press("n")
        await settle(pilot)
        assert table.human == 2 and table.viewer == 2 and table.number == 2
        assert screen.view.positions()["bottom"] == 2 and table.arrange is not None
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert table.current.decisions[2] is not None and table.phase is Phase.RESULTS


async def test_watch_mode_hides_cards_before_the_reveal():
    manual = Manual()
    app = make_app(config(watch=True), animation="normal", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        assert screen.table.phase is Phase.ARRANGING
        rows = screen.view.rows_model().rows
        assert all(line.cards is None for line in rows)
        for where in ("left", "top", "right"):
            assert all(line.cards is None for line in screen.view.seat_model(screen.view.positions()[where]).rows)


@long("tests/app/test_table_state.py::test_leave_without_takeover_ends_the_session")
async def test_leave_without_takeover_ends_the_session():
    app = make_app(config(takeover=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape", "e")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.reason == "left"


async def test_resize_too_small_and_back():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        notice = screen.query_one(TooSmall)
        assert not notice.display or notice.region.height == 0
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.pause()
        assert screen.has_class("-narrow") and screen.has_class("-short")
        assert notice.region.height > 0 and screen.query_one("#game").region.height == 0
        assert "70×20" in str(notice.render())
        # Keys wait while the table cannot be seen (issue 37, item 11: `p`, `a`, `enter` played a deal unseen).
        before = screen.table.arrange
        await pilot.press("a", "space", "1", "enter")
        await settle(pilot)
        assert screen.table.arrange == before and not screen.table.human_ready
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert screen.has_class("-wide") and screen.has_class("-tall")
        await pilot.press("a")  # once it can be seen, they act
        await settle(pilot)
        assert screen.table.arrange.suggestions
        assert notice.region.height == 0 and screen.query_one("#game").region.height > 0
        assert screen.query_one("#hand").big
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not screen.query_one("#hand").big


async def test_mouse_click_card_then_row():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        first = screen.table.arrange.loose[0]
        await pilot.click("#hand", offset=(1, 1))
        assert first in screen.table.arrange.selected
        # The rows have a line between them (80×24 has room): the back row is the fifth line.
        await pilot.click("#rows", offset=(40, 4))
        assert screen.table.arrange.where(first) is Row.BACK
        second = screen.table.arrange.loose[0]
        await pilot.click("#hand", offset=(1, 1))
        await pilot.click("#rows", offset=(40, 2))
        assert screen.table.arrange.where(second) is Row.MIDDLE


@long("tests/app/test_snapshots_table.py::test_table_reveal_end")
async def test_zh_tw_plays_a_deal():
    app = make_app(lang="zh-TW")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        assert "十三張" in str(screen.query_one("#info").render())
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "本局" in str(screen.query_one("#board").render())


@long("tests/app/test_table_state.py::test_practice_keeps_no_score")
async def test_practice_keeps_no_score():
    app = make_app(config(scored=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.table.totals.money() == (0, 0, 0, 0)
        assert "practice" in str(screen.query_one("#info").render())


async def test_declare_a_special_hand_in_shisanshui():
    app = make_app(config(Preset.SHISANSHUI, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        assert screen.check_action("declare", ()) is True
        assert "six pairs" in str(screen.query_one("#board").render()).lower()
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")  # the first choice: the special itself
        await pilot.pause()
        st = screen.table.arrange
        assert st.declared is not None and st.declared.value == "six_pairs"
        assert screen.check_action("place", (0,)) is None
        await pilot.press("x")  # withdraw, then declare again
        assert screen.table.arrange.declared is None
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter", "enter")
        await settle(pilot)
        rec = screen.table.current
        assert rec.decisions[0].declare is not None and screen.table.phase is Phase.RESULTS


@long("tests/app/test_table_pilot.py::test_the_countdown_waits_while_the_board_is_hidden")
async def test_time_does_not_run_out_under_a_dialog_but_does_once_it_is_closed():
    # The countdown waits while a dialog hides the board (issue 10 #7), then runs out as usual.
    clock = Clock()
    app = make_app(config(time_limit=30, takeover=False), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        await _time_out(pilot, clock, screen)
        assert isinstance(app.screen, HelpScreen) and not screen.table.countdown.timed_out()
        await pilot.press("escape")
        await pilot.pause()
        await _time_out(pilot, clock, screen)
        assert isinstance(app.screen, TimeoutScreen) and len(app.screen_stack) == 3
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


async def test_letter_suits_and_four_colour_deck():
    app = ChinesePokerApp(
        config(),
        lang="en",
        settings=Settings(animation="off", suits="letters", deck="four_colour", coach="off"),
        now=Clock(),
    )
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        hand = screen.query_one("#hand").render().plain
        assert "♠" not in hand and "♥" not in hand
        first = screen.table.arrange.loose[0]
        assert CardLook("four_colour", "letters").label(first) in hand
        assert CardLook("four_colour").colour(first) == FOUR_COLOUR[first.suit]


# ------------------------------------------------------------ a whole deal by keys only, for every preset


async def _deal_by_keys(pilot, screen: TableScreen, manual: Manual) -> None:
    """a (auto), enter (ready), space (skip the reveal), enter (results panel): the reveal is animated (a manual
    scheduler holds its steps), so space really skips it."""
    table = screen.table
    while manual.run_one():  # the computers' "thinking" delays
        pass
    if not table.preset.arranged:  # the pattern ladder: no key to press, the hands are compared as dealt
        await settle(pilot)
        assert table.phase in (Phase.REVEALING, Phase.RESULTS) and table.human_ready
        if table.phase is Phase.REVEALING:
            await pilot.press("space")
    else:
        assert table.phase is Phase.ARRANGING and table.arrange.declared is None
        await pilot.press("a")
        await settle(pilot)
        # auto-arrange's first suggestion is the best play: a legal arrangement, or the declaration of a special
        # the cards make (the second deal of shisanshui's and hongkong's seed holds six pairs)
        assert table.arrange.declared is not None or (table.arrange.complete and table.arrange.legal)
        await pilot.press("enter")
        await settle(pilot)
        assert table.phase is Phase.REVEALING and screen.view.revealed_rows() == 0
        await pilot.press("space")
    assert table.phase is Phase.RESULTS and screen.view.revealed_rows() == 3
    board = str(screen.query_one("#board").render())
    assert screen.t("table.board.next_keys") in board  # the hint: enter for the results, n for the next deal
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ResultsScreen)


# Every preset deals by the same keys; the everyday tier plays one arranged table, one of rounds and the
# ladder (which arranges nothing), one deal each, the soak tier every preset and a second deal (`n` on the
# table itself, the panel closed with escape: every day in test_help_lists_keys_then_results_panel_and_next_deal).
_EVERYDAY_PRESETS = (Preset.TAIWAN, Preset.ARCADE, Preset.LADDER)


def _full_deal_cases():
    for p in Preset:
        if p in _EVERYDAY_PRESETS:
            yield pytest.param(p, 1, id=p.value)
            yield pytest.param(p, 2, id=f"{p.value}-two-deals", marks=pytest.mark.soak)
        else:
            yield pytest.param(p, 2, id=p.value, marks=pytest.mark.soak)


@pytest.mark.parametrize(("preset", "deals"), list(_full_deal_cases()))
async def test_a_full_deal_by_keys_only(preset, deals):
    manual = Manual()
    app = make_app(config(preset, seed=1), animation="normal", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        await _deal_by_keys(pilot, screen, manual)
        await pilot.press("n")  # from the results panel: the next deal
        await settle(pilot)
        assert app.screen is screen and screen.table.number == 2 and screen.table.phase is Phase.ARRANGING
        if deals == 1:
            return
        # and once more, with `n` on the table itself (the panel closed with escape)
        await _deal_by_keys(pilot, screen, manual)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("n")
        await settle(pilot)
        assert screen.table.number == 3 and screen.table.phase is Phase.ARRANGING


async def test_tournament_summary_after_deal_16_straight_from_the_results_panel():
    manual = Manual()
    app = make_app(config(Preset.TOURNAMENT, seed=1), animation="normal", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        screen.table.totals.ledger = replace(screen.table.totals.ledger, deals_played=15)  # this is the 16th deal
        await _deal_by_keys(pilot, screen, manual)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and not app.screen.is_round
        assert app.screen.summary.reason == "finished"
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


# The panel's `n` is the table's `n` (TableScreen.action_next): every day the panel's `n` reaches the session's
# summary in test_tournament_summary_after_deal_16_straight_from_the_results_panel, and the elimination's in
# test_tournament_elimination_ends_the_session (the table's `n`); the soak tier, this pairing too.
@pytest.mark.soak
async def test_tournament_elimination_summary_straight_from_the_results_panel():
    manual = Manual()
    app = make_app(config(Preset.TOURNAMENT, seed=1), animation="normal", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        screen.table.totals.ledger = replace(screen.table.totals.ledger, points=(1, 3100, 3100, 3099))
        await _deal_by_keys(pilot, screen, manual)
        assert screen.table.totals.money()[0] <= 0
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.reason == "eliminated"


# As above: every day the panel's `n` in the tournament's test, the round's summary by the table's `n` (and
# continue) in test_arcade_round_summary_then_continue; the soak tier, this pairing too.
@pytest.mark.soak
async def test_arcade_round_summary_straight_from_the_results_panel():
    manual = Manual()
    app = make_app(config(Preset.ARCADE, seed=1, coins=100000), animation="normal", scheduler=manual)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        totals = screen.table.totals
        totals.ledger = replace(totals.ledger, deals_played=5)  # this deal ends the round of 6
        await _deal_by_keys(pilot, screen, manual)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.is_round
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is screen and screen.table.phase is Phase.ARRANGING and screen.table.number == 2


async def test_the_countdown_waits_while_the_board_is_hidden():
    # Issue 10 #7: the clock ran on behind the keys screen and the too-small notice.
    clock = Clock()
    app = make_app(config(time_limit=30), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        clock.t += 5
        screen.clock.tick()
        assert screen.table.countdown.left() == pytest.approx(25)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        clock.t += 60  # far past the limit, behind the dialog
        screen.clock.tick()
        assert screen.table.countdown.left() == pytest.approx(25) and not screen.table.countdown.timed_out()
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        clock.t += 2
        screen.clock.tick()
        assert screen.table.countdown.left() == pytest.approx(23)
        # A terminal too small to show the board stops it as well, and a larger one starts it again.
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        screen.clock.tick()
        clock.t += 10
        screen.clock.tick()
        assert screen.table.countdown.left() == pytest.approx(23)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        screen.clock.tick()
        clock.t += 3
        assert screen.table.countdown.left() == pytest.approx(20)
        assert screen.table.phase is Phase.ARRANGING


async def test_leave_with_takeover_then_the_session_summary_still_calls_the_player_you_and_has_no_repeated_column():
    # Issue 10 #8: after leaving, the summary named the player "South", and "Change" repeated "Total".
    from rich.console import Console

    from app.i18n import Translator

    en = Translator("en")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        for key in ("c", "e"):  # the computer plays on, then end the session
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LeaveScreen)
            await pilot.press(key)
            await settle(pilot)
            if key == "c":  # leaving with takeover lets the computer play (the deal to its end)
                assert screen.table.watching and screen.table.phase is Phase.RESULTS
        assert isinstance(app.screen, SummaryScreen) and not app.screen.is_round
        console = Console(width=80, record=True)
        console.print(app.screen.standings())
        text = console.export_text()
        assert en("common.seat.you") in text and en("common.seat.south") not in text
        assert en("results.col.total") in text and en("results.col.change") not in text
        assert screen.table.player_seat == 0


async def test_the_declare_dialog_says_what_each_special_is_worth_here_and_doubling_says_what_it_does():
    from app.screens.dialogs import DeclareScreen
    from app.widgets.option_menu import OptionMenu

    app = make_app(config(Preset.SHISANSHUI, seed=163, time_limit=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, DeclareScreen)
        menu = app.screen.query_one(OptionMenu)
        first = str(menu.get_option_at_index(0).prompt)
        assert "Three flushes" in first and "+9 units from the table" in first
        await pilot.press("escape")
        await settle(pilot)
    app = make_app(config(Preset.ARCADE, seed=2, coins=100000))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert "counts twice" in str(screen.query_one("#message").render())


@pytest.mark.parametrize("bell", ["on", "off"])
async def test_the_optional_bell_rings_once_a_second_in_the_last_ten_and_for_a_sweep(bell: str, monkeypatch):
    clock = Clock()
    app = ChinesePokerApp(
        config(time_limit=30, seed=152),
        lang="en",
        settings=Settings(animation="off", bell=bell, coach="off"),
        now=clock,
    )
    app.animation_level = "none"
    rings: list[float] = []
    monkeypatch.setattr(app, "bell", lambda: rings.append(clock.t))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        clock.t += 15
        screen.clock.tick()
        assert rings == []  # fifteen seconds left: quiet
        clock.t += 6
        screen.clock.tick()
        screen.clock.tick()  # the same second again
        clock.t += 1
        screen.clock.tick()
        assert len(rings) == (2 if bell == "on" else 0)
        # Seed 152's reveal has 打槍 in it: the bell rings for it (once, however often the board is drawn).
        await pilot.press("a")
        await settle(pilot)
        before = len(rings)
        await pilot.press("enter")
        await settle(pilot)
        screen.redraw()
        assert screen.table.phase is Phase.RESULTS
        assert len(rings) - before == (1 if bell == "on" else 0)


async def test_watching_moves_on_by_itself_and_p_pauses_it():
    # Issue 10: watch mode moves on after the Settings pause; a key pauses it.
    manual = Manual()
    app = ChinesePokerApp(
        config(watch=True),
        lang="en",
        settings=Settings(animation="off", watch_pause="3"),
        now=Clock(),
        scheduler=manual,
    )
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        assert screen.table.phase is Phase.RESULTS and screen.table.number == 1
        assert manual.pending, "the next deal is on its way"
        while manual.run_one():
            pass
        await settle(pilot)
        assert screen.table.number == 2
        await pilot.press("p")
        await settle(pilot)
        assert screen.pacing.paused and "Paused" in str(screen.query_one("#message").render())
        while manual.run_one():
            pass
        await settle(pilot)
        assert screen.table.number == 2, "paused: it waits"
        await pilot.press("n")
        await settle(pilot)
        assert screen.table.number == 3, "n still deals"
