"""The menu's and dialogs' option lists: page keys before the first layout never raise (the 20,000-key walk
found PageUp on the menu rebuilt after a save, at 250×70, raising KeyError inside Textual's OptionList)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from app.widgets.option_menu import OptionMenu


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
