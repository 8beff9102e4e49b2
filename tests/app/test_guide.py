"""The guided first game (Pilot): every step's tip in order on the fixed deal, each with what it talks about
on screen when it appears (the foul laid out on purpose and its warning, the cards back in the hand, the reveal
held until its tip is read, the 打槍 on the board), no tip covering what it talks about at 80×24, 120×40 and
200×50, the results panel, and back to the menu; offered once on the very first start. Snapshots of the steps:
tests/app/test_snapshots_guide.py."""

from __future__ import annotations

import pytest

from app.game import Phase, Table
from app.game.guide import ORDER, REFERS, Step, guide_config
from app.i18n import Translator
from app.screens.dialogs import ConfirmScreen
from app.screens.guide import PART_WIDGETS, GuideScreen, TipScreen
from app.screens.menu import MainMenu
from app.screens.results import ResultsScreen
from app.settings import settings_path
from app.tui import ChinesePokerApp
from app.view.presenter import TablePresenter
from app.view.tip_place import Box, place_tip
from tests.tiers import long

from .harness import make_app, settle

# What the player does after each tip (the tips that wait for the table); the others are read and gone.
DO: dict[Step, tuple[str, ...]] = {
    Step.FOUL: ("x",),
    Step.KEYS: ("space", "right", "space", "right", "space", "1"),
    Step.AUTO: ("a",),
    Step.READY: ("enter",),
    Step.RESULTS: ("enter", "escape"),  # the results panel, and back
}
SIZES3 = [(80, 24), (120, 40), (200, 50)]


async def open_guide(pilot) -> GuideScreen:
    """The menu's Learn to play (its first tip on show)."""
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    return next(s for s in pilot.app.screen_stack if isinstance(s, GuideScreen))


async def next_tip(pilot) -> TipScreen:
    """Wait for the next tip (the reveal, when it plays, run to its end)."""
    guide = next(s for s in pilot.app.screen_stack if isinstance(s, GuideScreen))
    for _ in range(20):
        await settle(pilot)
        if isinstance(pilot.app.screen, TipScreen):
            return pilot.app.screen
        guide.reveal.finish()
    raise AssertionError(f"no tip: {pilot.app.screen}")


async def walk_to(pilot, step: Step) -> tuple[GuideScreen, TipScreen]:
    """Open the guide and follow it until the tip of ``step`` is on show."""
    guide = await open_guide(pilot)
    while True:
        tip = await next_tip(pilot)
        if tip.step is step:
            return guide, tip
        await pilot.press("enter")
        await settle(pilot)
        for key in DO.get(tip.step, ()):
            await pilot.press(key)
            await settle(pilot)


def covered(guide: GuideScreen, tip: TipScreen) -> list[str]:
    """What of the parts the tip talks about its box covers (should be nothing)."""
    region = tip.query_one("#tip").region
    box = Box(region.x, region.y, region.width, region.height)
    return [
        f"{part}: {sel}"
        for part in REFERS[tip.step]
        for sel in PART_WIDGETS[part]
        if box.overlaps(Box(*(r := guide.query_one(sel).region)[:2], r.width, r.height))
    ]


@long("tests/app/test_snapshots_guide.py::test_guide_tip")
async def test_the_guide_walks_a_whole_deal_step_by_step() -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        guide = await open_guide(pilot)
        table = guide.table
        seen = []
        while True:
            tip = await next_tip(pilot)
            seen.append(tip.step)
            assert covered(guide, tip) == [], tip.step  # 80×24 here; every size in the soak tier
            # Each step's condition is on screen when its text appears (the tip is open now).
            st = table.arrange
            if tip.step is Step.FOUL:  # the foul is laid out, its warning on the message line
                assert st is not None and st.complete and not st.legal
                assert guide.view.message_line()[1] == "error" and "Foul" in guide.view.message_line()[0]
            if tip.step is Step.KEYS:
                assert st is not None and not st.placed
            if tip.step is Step.AUTO:  # "your three cards are back in your hand"
                assert st is not None and not st.placed and len(st.loose) == 13
            if tip.step is Step.READY:
                assert st is not None and st.complete and st.legal
            if tip.step is Step.REVEAL:  # everyone is ready, the reveal waits for the tip: all face down
                assert (
                    table.phase is Phase.REVEALING
                    and table.reveal.progress.shown == 0
                    and guide.view.revealed_rows() == 0
                )
            if tip.step is Step.SWEEP:  # the board names the 打槍
                rec = table.current
                assert rec is not None and any(it.kind == "sweep" and it.value > 0 for it in rec.pair_items(0, 1))
                assert "Sweep" in guide.view.board.text().plain
            if tip.step is Step.RESULTS:
                assert table.phase is Phase.RESULTS
            await pilot.press("enter")
            await settle(pilot)
            if tip.step is Step.WHERE:
                break
            for key in DO.get(tip.step, ()):
                await pilot.press(key)
                await settle(pilot)
                if tip.step is Step.RESULTS and key == "enter":
                    assert isinstance(app.screen, ResultsScreen)
        assert seen == list(ORDER[:-1]) and guide.guide.saw_results
        assert isinstance(app.screen, MainMenu)  # the guide is over
        assert guide.guide.step is Step.DONE and len(ORDER) == 10


@pytest.mark.soak  # the everyday walk checks 80×24; the snapshots show the other sizes every day
@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
@pytest.mark.parametrize("size", SIZES3, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_no_tip_hides_what_it_talks_about_and_every_tip_shows_all_its_text(size, lang) -> None:
    app = make_app(menu=True, lang=lang)
    async with app.run_test(size=size) as pilot:
        guide = await open_guide(pilot)
        while True:
            tip = await next_tip(pilot)
            assert covered(guide, tip) == [], (size, tip.step)
            region, box = tip.query_one("#tip").region, tip.box
            assert box is not None and (region.x, region.y, region.width, region.height) == (
                box.x,
                box.y,
                box.width,
                box.height,
            )
            assert box.height >= tip.text_height(box.width)  # the whole text, no line cut off
            assert box.bottom <= size[1] - 1 and box.right <= size[0]  # on screen, above the Footer
            await pilot.press("enter")
            await settle(pilot)
            if tip.step is Step.WHERE:
                break
            for key in DO.get(tip.step, ()):
                await pilot.press(key)
                await settle(pilot)


# The foul's tip (the second) every day; the sweep's, most of a deal's walk away, in the soak tier. Then escape
# on that tip leaves the guide at once (it was a test of its own on the first tip, an App of its own most of its
# time; every tip is the same TipScreen with the same esc).
@pytest.mark.parametrize("step", [Step.FOUL, pytest.param(Step.SWEEP, marks=pytest.mark.soak)], ids=str)
async def test_a_tip_moves_when_the_terminal_is_resized_and_escape_leaves_the_guide_at_once(step: Step) -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(120, 40)) as pilot:
        guide, tip = await walk_to(pilot, step)
        assert tip.box is not None and tip.box.right > 80  # placed for 120 columns: it has to move
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.pause()
        assert covered(guide, tip) == [] and tip.box is not None and tip.box.right <= 80
        await pilot.press("escape")  # mid-deal, on the tip
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)


def test_place_tip_keeps_clear_and_falls_back_to_the_top() -> None:
    screen = Box(0, 0, 80, 23)
    rows = Box(0, 11, 80, 10)
    got = place_tip(screen, [rows], lambda w: 6)
    assert not got.overlaps(rows) and got.y == 0 and got.width == 76
    # Only a narrow column is free beside the parts: the widest box that fits there.
    left, right = Box(0, 0, 30, 23), Box(70, 0, 10, 23)
    got = place_tip(screen, [left, right], lambda w: 8)
    assert not got.overlaps(left) and not got.overlaps(right) and got.width == 40
    # Nothing fits: the top of the screen (the tests above see it).
    assert place_tip(screen, [Box(0, 0, 80, 23)], lambda w: 5) == Box(2, 0, 76, 5)


def test_the_practice_tables_side_panel_says_it_keeps_no_totals() -> None:
    table = Table(guide_config())
    table.start_deal()
    text = TablePresenter(table, Translator("en")).sidebar_text().plain
    assert "Practice: no totals kept" in text and "You practice" not in text and "Totals" not in text


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


async def test_the_foul_tips_x_closes_it_and_takes_the_cards_back_at_once() -> None:
    """The FOUL tip says "press x": x over the tip closes it and clears the laid-out foul (it used to do nothing
    until enter had closed the tip); another step's tip takes no x."""
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        guide, tip = await walk_to(pilot, Step.FOUL)
        st = guide.table.arrange
        assert st is not None and st.placed
        await pilot.press("x")
        await settle(pilot)
        st = guide.table.arrange
        assert st is not None and not st.placed  # the cards are back: the guide goes on to the next step
        tip = await next_tip(pilot)
        assert tip.step is Step.KEYS
        await pilot.press("x")
        await settle(pilot)
        assert app.screen is tip  # no x over the KEYS tip
