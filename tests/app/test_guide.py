"""The guided first game (Pilot): every step's tip in order on the fixed deal, the foul laid out on purpose,
the 打槍 it shows, the results panel, and back to the menu; offered once on the very first start."""

from __future__ import annotations

from app.game.guide import ORDER, Step
from app.screens.dialogs import ConfirmScreen
from app.screens.guide import GuideScreen, TipScreen
from app.screens.menu import MainMenu
from app.screens.results import ResultsScreen
from app.settings import settings_path
from app.tui import ChinesePokerApp

from .harness import make_app, settle


async def _tip(pilot, step: Step) -> None:
    """The tip of ``step`` is on show; read it and go on."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TipScreen) and screen.step is step, (screen, step)
    await pilot.press("enter")
    await settle(pilot)


async def test_the_guide_walks_a_whole_deal_step_by_step() -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")  # Learn to play
        await settle(pilot)
        guide = next(s for s in app.screen_stack if isinstance(s, GuideScreen))
        table = guide.table
        await _tip(pilot, Step.ROWS)
        await _tip(pilot, Step.FOUL)
        assert table.arrange is not None and table.arrange.complete  # the foul, laid out on the rows
        assert guide.view.message_line()[1] == "error"  # and its warning on the message line
        await pilot.press("x")
        await _tip(pilot, Step.KEYS)
        for key in ("space", "right", "space", "right", "space", "1"):
            await pilot.press(key)
        await _tip(pilot, Step.AUTO)
        assert not table.arrange.placed  # back in the hand, so that `a` arranges the whole of it
        await pilot.press("a")
        await _tip(pilot, Step.READY)
        await pilot.press("enter")
        await settle(pilot)
        while not isinstance(app.screen, TipScreen):
            guide.reveal.finish()
            await settle(pilot)
        await _tip(pilot, Step.REVEAL)
        rec = table.current
        assert rec is not None and any(it.kind == "sweep" and it.value > 0 for it in rec.pair_items(0, 1))
        await _tip(pilot, Step.SWEEP)  # auto-arrange on this deal sweeps East
        assert isinstance(app.screen, TipScreen) and app.screen.step is Step.RESULTS
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")  # the results panel
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("escape")
        await _tip(pilot, Step.WHERE)
        assert isinstance(app.screen, MainMenu)  # the guide is over
        assert guide.guide.step is Step.DONE and len(ORDER) == 10


async def test_escape_leaves_the_guide_at_once() -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        await pilot.press("escape")  # on the first tip
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)


async def test_the_guide_is_offered_on_the_very_first_start_only(home) -> None:
    app = ChinesePokerApp(menu=True)  # no settings file, no history: a first start
    assert app.offer_guide
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
    assert settings_path().exists()
    assert not ChinesePokerApp(menu=True).offer_guide
