"""The option lists of the menu and the dialogs: Textual's OptionList, with page keys that wait for a layout."""

from __future__ import annotations

from textual.widgets import OptionList


class OptionMenu(OptionList):
    """An OptionList whose PageUp/PageDown do nothing until the list has been laid out.

    Before its first layout an OptionList has no line map, and Textual 8.2.8's page keys then raise KeyError:
    a key that reaches the menu right after it is rebuilt (a saved setting) finds it so. Once the list has a
    region it pages as usual.
    """

    def action_page_up(self) -> None:
        """Up a page, once the list has been laid out."""
        if self.scrollable_content_region:
            super().action_page_up()

    def action_page_down(self) -> None:
        """Down a page, once the list has been laid out."""
        if self.scrollable_content_region:
            super().action_page_down()
