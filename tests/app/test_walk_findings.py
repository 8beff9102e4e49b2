"""What the 20,000-key walk found: page keys on an option list before its first layout (the menu rebuilt after
a save, at 250×70) raised KeyError inside Textual's OptionList, and a dialog closed by two keys at once
answered twice."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from app.i18n import Translator
from app.screens.dialogs import ConfirmScreen
from app.widgets.option_menu import OptionMenu
from tests.app.harness import ScreenApp


class Hidden(App[None]):
    """A list that is never laid out (display: none), with an option highlighted."""

    CSS = "OptionList { display: none; }"

    def __init__(self, kind: type[OptionList]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind("one", "two", "three", id="list")

    def on_mount(self) -> None:
        self.query_one("#list", OptionList).highlighted = 1


async def test_textuals_list_raises_on_page_keys_before_a_layout() -> None:
    # The failure OptionMenu guards against: if Textual fixes it, this test says the guard can go.
    async with Hidden(OptionList).run_test() as pilot:
        await pilot.pause()
        with pytest.raises(KeyError):
            pilot.app.query_one("#list", OptionList).action_page_up()


async def test_option_menu_page_keys_wait_for_a_layout() -> None:
    async with Hidden(OptionMenu).run_test() as pilot:
        await pilot.pause()
        menu = pilot.app.query_one("#list", OptionMenu)
        menu.action_page_up()
        menu.action_page_down()
        assert menu.highlighted == 1


async def test_option_menu_pages_once_laid_out() -> None:
    class Shown(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionMenu(*(f"option {n}" for n in range(40)), id="list")

    async with Shown().run_test(size=(40, 10)) as pilot:
        menu = pilot.app.query_one("#list", OptionMenu)
        menu.focus()
        menu.highlighted = 0
        await pilot.press("pagedown")
        assert (menu.highlighted or 0) > 0


async def test_a_dialog_answers_once_when_two_keys_close_it_at_once() -> None:
    # The 20,000-key walk: enter picked a special and escape came before the dialog had gone; the second
    # dismiss raised InvalidStateError (and would have popped the screen below too).
    app = ScreenApp(lambda: ConfirmScreen("Leave?", t=Translator("en")))
    async with app.run_test() as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        dialog.dismiss(True)
        dialog.dismiss(False)
        await pilot.pause()
        assert app.results == [True]
        assert not isinstance(app.screen, ConfirmScreen) and len(app.screen_stack) == 1
