"""The widgets the menu-side forms share: a row of card tiles in the player's card look, and the one-line
"◀ value ▶" choice rows of the Settings and host-settings screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Label

from app.i18n import Translator
from app.settings import Settings
from app.view.cards import CardLook, tile
from app.view.cards import join as join_tiles
from app.widgets.chrome import find_settings, find_translator, translate_bindings
from rules.cards import Card, parse_cards

# ---------------------------------------------------------------- card tiles


class CardStrip(Widget):
    """A row of card tiles drawn exactly as at the table (``app.view.cards``), in the player's card look."""

    cards: reactive[tuple[Card, ...]] = reactive((), layout=True)

    def __init__(
        self,
        cards: str | Sequence[Card] = (),
        settings: Settings | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._settings = settings
        self.set_reactive(CardStrip.cards, parse_cards(cards) if isinstance(cards, str) else tuple(cards))

    @property
    def look(self) -> CardLook:
        """Deck colours and suit style from the settings (given, the screen's, or the App's)."""
        settings = self._settings
        if settings is None:
            screen = self.screen if self.is_attached else None
            own = getattr(screen, "settings", None)
            settings = own if isinstance(own, Settings) else find_settings(self)
        return CardLook(deck=settings.deck, suits=settings.suits)

    def set_look(self, settings: Settings) -> None:
        """Redraw with another deck or suit style (the Settings screen's live preview)."""
        self._settings = settings
        self.refresh(layout=True)

    def get_content_width(self, container: Any, viewport: Any) -> int:
        """Four cells a tile and one between tiles."""
        return max(0, 5 * len(self.cards) - 1)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """Always one line."""
        return 1

    def render(self) -> Text:
        """The tiles side by side."""
        look = self.look
        return join_tiles(tile(card, look) for card in self.cards)


# ---------------------------------------------------------------- one-line choice rows


class ChoiceRow(Horizontal, can_focus=True):
    """A setting on one line: a label and ``◀ value ▶``; ←/→ (or space, enter, a click) change it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "menu.key.change", show=False),
        # One Footer entry stands for both arrows.
        Binding("right", "step(1)", "menu.key.change", key_display="←→"),
        Binding("space,enter", "step(1)", "menu.key.change", show=False),
    ]

    index: reactive[int] = reactive(0, init=False)

    class Changed(Message):
        """The row's value changed (by the player or by :meth:`ChoiceRow.select`)."""

        def __init__(self, row: ChoiceRow, value: Any) -> None:
            super().__init__()
            self.row = row
            self.value = value

        @property
        def control(self) -> ChoiceRow:
            """The row, so ``@on(ChoiceRow.Changed, "#id")`` works."""
            return self.row

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[Any, str]],
        value: Any = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        self.set_reactive(ChoiceRow.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.choices[self.index][0]

    def on_mount(self) -> None:
        """Localise the Footer entry in the screen's language."""
        screen = self.screen
        own = getattr(screen, "t", None)
        translate_bindings(self, own if isinstance(own, Translator) else find_translator(self))

    def compose(self) -> ComposeResult:
        """Label on the left, the value between arrows on the right."""
        yield Label(self.label, classes="choice-label")
        yield Label("◀", classes="choice-arrow")
        yield Label(self._value_text(), classes="choice-value")
        yield Label("▶", classes="choice-arrow")

    def _value_text(self) -> str:
        # The value's cell has a fixed width in menu.tcss, so the arrows stay put as values change.
        return str(self.choices[self.index][1])

    def select(self, value: Any) -> None:
        """Show ``value`` (which must be one of the choices) without cycling through the others."""
        values = [v for v, _ in self.choices]
        if value in values:
            self.index = values.index(value)

    def set_choices(self, choices: Sequence[tuple[Any, str]], value: Any = None) -> None:
        """Offer ``choices`` instead (another setting changed what exists) and show ``value`` among them, or the
        first one if it is not offered; :class:`ChoiceRow.Changed` is posted whenever the value shown changes,
        so that the screen's settings follow the row."""
        before = self.value
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        index = values.index(value) if value in values else 0
        if index != self.index:
            self.index = index  # the watcher redraws and tells the screen
            return
        if self.is_mounted:
            self.query_one(".choice-value", Label).update(self._value_text())
        if self.value != before:
            self.post_message(self.Changed(self, self.value))

    def watch_index(self, index: int) -> None:
        """Redraw the value and tell the screen."""
        if self.is_mounted:
            self.query_one(".choice-value", Label).update(self._value_text())
        self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        """The previous (-1) or next (+1) choice, wrapping around."""
        self.index = (self.index + delta) % len(self.choices)

    def on_click(self, event: Any) -> None:
        """A click on the left arrow or the label's left half goes back; anywhere else goes forward."""
        widget = getattr(event, "widget", None)
        arrows = list(self.query(".choice-arrow"))
        self.action_step(-1 if arrows and widget is arrows[0] else 1)


__all__ = ["CardStrip", "ChoiceRow"]
