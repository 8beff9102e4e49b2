"""The option lists of the menu, the dialogs and the drills: Textual's OptionList, with page keys that wait for
a layout, and (:class:`ChoiceList`) arrow keys the Footer names."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from app.i18n import Translator
from app.widgets.chrome import find_translator, translate_bindings


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


class ChoiceList(OptionMenu):
    """A list of answers to choose from (the drills'): its ↑/↓ show in the Footer ("↑↓ Choose"), since some
    lists are longer than the number keys (shisanshui's specials)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor_down", "drills.key.choose", key_display="↑↓"),
        Binding("up", "cursor_up", "drills.key.choose", show=False),
    ]

    def on_mount(self) -> None:
        """Localise the Footer entry in the screen's language."""
        own = getattr(self.screen, "t", None)
        translate_bindings(self, own if isinstance(own, Translator) else find_translator(self))
