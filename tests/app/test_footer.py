"""The table's footer (:class:`app.widgets.chrome.GameFooter`): one key bar, redrawn where it stands when a key
greys or lights, packed again into one or two lines when the width changes, and as tall as the table's footer
under a dialog."""

from __future__ import annotations

from app.widgets.chrome import GameFooter, KeyBar
from tests.app.harness import make_app, settle, table_screen


def _shown(bar: KeyBar) -> dict[str, bool]:
    return {e.description: e.enabled for e in bar.entries}


async def test_the_footer_redraws_its_one_bar_in_place_and_repacks_on_a_resize() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        footer = screen.query_one(GameFooter)
        bar = footer.query_one(KeyBar)
        assert not _shown(bar)["Clear"] and not _shown(bar)["Ready"]
        assert bar.lines == 2 and footer.outer_size.height == 2  # 80 columns hold the table's keys in two
        await pilot.press("space", "1")  # a card placed: Clear now applies
        await settle(pilot)
        assert footer.query_one(KeyBar) is bar  # the same bar, given its new keys (no recompose)
        assert _shown(bar)["Clear"] and not _shown(bar)["Ready"]
        assert "Clear" in str(bar.render())
        await pilot.press("a")  # arranged: Ready applies
        await settle(pilot)
        assert _shown(bar)["Ready"]
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        await pilot.pause()
        assert footer.query_one(KeyBar) is bar and bar.lines == 1 and footer.outer_size.height == 1
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert bar.lines == 2 and footer.outer_size.height == 2
        await pilot.press("escape")  # the leave dialog: its footer covers both lines of the table's
        await pilot.pause()
        await pilot.pause()
        dialog_footer = app.screen.query_one(GameFooter)
        assert dialog_footer is not footer
        assert dialog_footer.query_one(KeyBar).lines == 1 and dialog_footer.outer_size.height == 2


async def test_a_footer_whose_bar_is_gone_lets_a_late_resize_pass() -> None:
    # A dialog closed and the terminal resized at once (a random-key walk met it): the closing screen had taken
    # its footer's bar away before the footer's resize redraw ran.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        footer = app.screen.query_one(GameFooter)
        await footer.query_one(KeyBar).remove()
        footer._drawn = None  # as if the width had changed since it last drew
        await footer.redraw(footer.shown())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert footer._drawn is None  # nothing drawn, nothing raised
