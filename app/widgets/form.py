"""The widgets the menu-side forms share: a row of card tiles in the player's card look, and the one-line
"◀ value ▶" choice rows of the Settings and host-settings screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

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


class ChoiceRow(Widget, can_focus=True):
    """A setting on one line: a label and ``◀ value ▶``; ←/→ (or space, enter, a click) change it.

    One widget, drawn as one line (the label's, the arrows' and the value's colours and widths are its
    component classes' in the CSS): as five widgets a row, a host form's 25 rows were 130 widgets, walked by
    every restyle and layout, and opening the form took 0.44 s of CPU."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice-row--label", "choice-row--arrow", "choice-row--value"}
    LABEL = 28  # the label's cells where the CSS sets none (menu.tcss sets them, wider on a wide Settings)
    ARROW = 3  # an arrow's cells: a blank, the arrow, a blank (render draws them so; a click finds them)
    VALUE = 26  # the value's cells, so that the arrows stay put as the values change

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

    @property
    def shown(self) -> str:
        """The value as the row shows it."""
        return str(self.choices[self.index][1])

    @property
    def _label_width(self) -> int:
        width = self.get_component_styles("choice-row--label").width
        return int(width.value) if width is not None else self.LABEL

    def render(self) -> Content:
        """The label (its first line, as a label that long shows it), then ``◀ value ▶``. Only the words carry
        their part's style, not the blanks around them, as when each part was a widget of its own: a blank in a
        run of text is drawn as part of the text by an SVG of the screen (its snapshots), which some renderers
        then stretch."""
        label_width = self._label_width
        label = Content.from_markup(self.label).wrap(label_width)[0].rstrip().truncate(label_width)
        value = Content.from_markup(self.shown).wrap(self.VALUE)[0].rstrip().truncate(self.VALUE)
        left = (self.VALUE - value.cell_length) // 2  # centred as a Static centres its text
        arrow = self._style("choice-row--arrow")
        return Content.assemble(
            label.stylize(self._style("choice-row--label")),
            " " * (label_width - label.cell_length + 1),
            ("◀", arrow),
            " " * (left + 1),
            value.stylize(self._style("choice-row--value")),
            " " * (self.VALUE - value.cell_length - left + 1),
            ("▶", arrow),
            " ",
        )

    def _style(self, component: str) -> Style:
        return self.get_visual_style(component, partial=True)

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
        self.refresh()
        if self.value != before:
            self.post_message(self.Changed(self, self.value))

    def watch_index(self, index: int) -> None:
        """Redraw the value and tell the screen."""
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        """The previous (-1) or next (+1) choice, wrapping around."""
        self.index = (self.index + delta) % len(self.choices)

    def on_click(self, event: events.Click) -> None:
        """A click on the left arrow goes back; anywhere else on the row goes forward."""
        left = self._label_width
        self.action_step(-1 if left <= event.x < left + self.ARROW else 1)


__all__ = ["CardStrip", "ChoiceRow"]
