"""Leave → Continue at each phase of a deal, as a player does it (Pilot, issue 36): choosing the 換三張 pass, after
the pass with cards placed, and a banker deal after its stake changed. After Continue the hand, the passes, the
placed cards, the phase and the clock are the ones the player left; the pass step never comes back once made."""

from __future__ import annotations

import pytest

from ai import Level
from app.game import Phase
from app.screens.menu import MainMenu
from app.screens.table import TableScreen
from tests.tiers import long

from .harness import Clock, config, make_app, settle, table_screen

EASY = {"levels": (Level.EASY,) * 3, "watch_level": Level.EASY}


async def back_and_continue(pilot, hint: str = "") -> TableScreen:
    """esc → m (back to the menu, everything kept; its Continue says ``hint``), then the menu's Continue."""
    await pilot.press("escape")
    await pilot.pause()
    await pilot.press("m")
    await settle(pilot)
    menu = pilot.app.screen
    assert isinstance(menu, MainMenu) and hint in menu.continue_hint()
    await pilot.press("c")
    await settle(pilot)
    return table_screen(pilot.app)


async def select_three(pilot) -> None:
    for key in ("space", "right", "space", "right", "space"):
        await pilot.press(key)


@pytest.mark.pilot
async def test_a_pass_made_then_a_card_placed_survives_leave_and_continue() -> None:
    # The report: pass three cards, place one, esc → m, Continue: the pass step came back with the old hand.
    clock = Clock()
    app = make_app(config(seed=5, exchange=1, time_limit=120, **EASY), menu=True, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app).table
        assert table.exchange.can_pick
        await select_three(pilot)
        await pilot.press("enter")  # pass
        await settle(pilot)
        assert table.phase is Phase.ARRANGING
        hands, passes = dict(table.current.hands), list(table.current.passes)
        clock.t += 20.5
        await pilot.press("space", "3")  # one card into the back row
        await pilot.pause()
        placed = table.arrange.rows
        assert sum(map(len, placed)) == 1
        again = (await back_and_continue(pilot, "deal 1 in progress (1:40 left)")).table
        assert again is not table and again.phase is Phase.ARRANGING and not again.exchange.can_pick
        assert again.current.hands == hands and again.current.passes == passes
        assert again.arrange.rows == placed
        assert again.countdown.left() == pytest.approx(100.0, abs=1.0)


@pytest.mark.pilot
@pytest.mark.soak  # headless every day: tests/app/test_continue_made.py
async def test_leaving_while_choosing_the_pass_resumes_the_pass_with_its_clock() -> None:
    clock = Clock()
    app = make_app(config(seed=5, exchange=1, time_limit=120, **EASY), menu=True, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app).table
        dealt = dict(table.current.hands)
        clock.t += 14
        again = (await back_and_continue(pilot, "deal 1: choosing the pass (0:46 left)")).table
        assert again.phase is Phase.EXCHANGING and again.exchange.can_pick and not again.current.passes
        assert again.current.hands == dealt and again.countdown.left() == pytest.approx(46.0, abs=1.0)


@pytest.mark.pilot
@pytest.mark.soak  # headless every day: tests/app/test_continue_made.py
async def test_a_banker_deal_keeps_its_stakes_the_stake_chosen_and_the_placed_card() -> None:
    clock = Clock()
    app = make_app(config(seed=8, banker=True, time_limit=90, **EASY), menu=True, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app).table
        stakes = dict(table.current.stakes)
        await pilot.press("w")  # stake 2 from the next deal on
        await pilot.press("space", "1")
        await pilot.pause()
        placed = table.arrange.rows
        clock.t += 30
        again = (await back_and_continue(pilot)).table
        assert again.phase is Phase.ARRANGING and again.current.stakes == stakes and again.wagers.stake == 2
        assert again.arrange.rows == placed and again.countdown.left() == pytest.approx(60.0, abs=1.0)


@long("tests/app/test_continue_made.py::test_a_pass_made_while_the_others_choose_is_never_offered_again")
@pytest.mark.pilot
async def test_the_passes_made_before_continue_are_priced_into_the_deals_verdict(monkeypatch) -> None:
    import app.screens.table.coaching as table_coach
    from ai import PassReview, Verdict

    from .harness import coached_app, play_a_deal

    def priced(request):  # a pass that lost 8 units (the pass pricing is ai's tests' concern)
        return PassReview(request.played, -3.0, tuple(sorted(request.hand)[:3]), 5.0, 8.0, 2.5, Verdict.BLUNDER, 48)

    monkeypatch.setattr(table_coach, "run_pass_coach", priced)
    app = coached_app(config(seed=5, exchange=1, time_limit=120, **EASY), menu=True, clock=Clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await select_three(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = await back_and_continue(pilot)
        await play_a_deal(pilot)
        rec = screen.table.current
        review = screen.table.coach.review_for(rec.number, 0)
        assert review is not None and review.verdict is Verdict.BLUNDER and review.passes_loss == 8.0
