"""The Settings screen, and the small pieces the menu-side screens share.

The shared pieces live here because they all follow the player's settings: the language (a
:class:`Translator`), the card look (deck colours, suit symbols or letters) and the one-line "◀ value ▶"
choice rows used by this screen and the host-settings screen.

Every screen accepts a :class:`Translator` and a :class:`Settings` in its constructor; without them it
reads ``app.translator`` / ``app.settings`` when the running App has them, so the screens work inside any
App (the game's own, or a bare test App).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.dom import DOMNode
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Label, Static

from rules.cards import Card, parse_cards

from ..i18n import DEFAULT, LANGUAGES, Translator, resolve_language
from ..paths import ASSETS
from ..settings import ANIMATION_SPEEDS, DECKS, SORTS, SUIT_STYLES, Settings, load_settings, save_settings
from ..widgets.cards import CardLook, tile
from ..widgets.cards import join as join_tiles

#: The style sheet of the menu-side screens; CSS_PATH is resolved against the module, so give it absolute.
MENU_CSS = str(ASSETS / "styles" / "menu.tcss")

ResultT = TypeVar("ResultT")

# ---------------------------------------------------------------- translator and settings lookup


def find_translator(node: DOMNode | None) -> Translator:
    """The translator of the running App, defensively: ``app.translator``, then ``app.lang``, then settings.

    Falls back to English rather than the locale so that a bare App (as in tests) is deterministic.
    """
    app = getattr(node, "app", None) if node is not None else None
    found = getattr(app, "translator", None)
    if isinstance(found, Translator):
        return found
    for attr in ("lang", "language"):
        lang = getattr(app, attr, None)
        if lang in LANGUAGES:
            return Translator(lang)
    settings = getattr(app, "settings", None)
    if isinstance(settings, Settings) and settings.language in LANGUAGES:
        return Translator(settings.language)
    return Translator(DEFAULT)


def find_settings(node: DOMNode | None) -> Settings:
    """The running App's ``settings`` if it has a :class:`Settings`, else the defaults."""
    app = getattr(node, "app", None) if node is not None else None
    found = getattr(app, "settings", None)
    return found if isinstance(found, Settings) else Settings()


def translate_bindings(node: DOMNode, t: Translator) -> None:
    """Replace binding descriptions that are i18n keys (``"menu.key.quit"``) with their translation.

    Textual builds a node's bindings once from the class's ``BINDINGS``; the Footer reads the
    descriptions from ``node._bindings``, so translating them in place is the only way to get a
    localised Footer without one class per language. Descriptions are looked up from the class's
    original bindings, so this can run again after a language change.
    """
    originals = {b.key: b for b in Binding.make_bindings(type(node).BINDINGS)}  # type: ignore[attr-defined]
    for key, bindings in node._bindings.key_to_bindings.items():
        new = []
        for binding in bindings:
            source = originals.get(binding.key, binding)
            desc = source.description
            if desc and "." in desc and " " not in desc:
                binding = replace(binding, description=t(desc), tooltip=t(desc))
            new.append(binding)
        node._bindings.key_to_bindings[key] = new
    node.refresh_bindings()


class LocalizedScreen(Screen[ResultT], Generic[ResultT]):
    """A screen whose text comes from a translator and whose cards follow the settings.

    Breakpoint classes let the style sheet show a "terminal too small" notice below 80×24 and use the
    extra room from about 110×34.
    """

    CSS_PATH: ClassVar[str] = MENU_CSS
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-narrow"), (80, "-fits"), (110, "-wide")]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-short"), (24, "-fits-v"), (34, "-tall")]

    def __init__(
        self,
        translator: Translator | None = None,
        settings: Settings | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._translator = translator
        self._settings = settings

    @property
    def t(self) -> Translator:
        """The translator: the one given, else the App's."""
        return self._translator or find_translator(self)

    @property
    def prefs(self) -> Settings:
        """The card-look settings: the ones given, else the App's, else the defaults."""
        return self._settings or find_settings(self)

    SCROLL_BODY: ClassVar[str | None] = None  # id of the VerticalScroll that `page` scrolls

    def action_page(self, direction: int) -> None:
        """Scroll the screen's body a page up (-1) or down (1)."""
        if self.SCROLL_BODY is None:
            return
        body = self.query_one(f"#{self.SCROLL_BODY}", VerticalScroll)
        if direction > 0:
            body.scroll_page_down()
        else:
            body.scroll_page_up()

    async def set_translator(self, translator: Translator) -> None:
        """Switch language: re-translate the Footer and rebuild the screen's widgets."""
        self._translator = translator
        translate_bindings(self, translator)
        await self.recompose()
        self.after_compose()

    def after_compose(self) -> None:
        """Set focus and state once the widgets exist (on mount, and again after a rebuild)."""

    def too_small(self) -> Static:
        """A notice the style sheet shows instead of a clipped screen below 80×24."""
        return Static(self.t("menu.too_small"), id="too-small")

    def footer(self) -> Footer:
        """A compact Footer without the palette key, so that every shortcut fits in 80 columns."""
        return Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """Localise the Footer once the screen knows its App."""
        translate_bindings(self, self.t)


# ---------------------------------------------------------------- card tiles


class CardStrip(Widget):
    """A row of card tiles drawn exactly as at the table (``app.widgets.cards``), in the player's card look."""

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
            settings = screen.prefs if isinstance(screen, LocalizedScreen) else find_settings(self)
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
        translate_bindings(self, screen.t if isinstance(screen, LocalizedScreen) else find_translator(self))

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

    def set_choices(self, choices: Sequence[tuple[Any, str]], value: Any) -> None:
        """Replace the choices (e.g. after a language change) and select ``value``."""
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        self.set_reactive(ChoiceRow.index, values.index(value) if value in values else 0)
        if self.is_mounted:
            self.query_one(".choice-value", Label).update(self._value_text())

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


# ---------------------------------------------------------------- the Settings screen


class SettingsChanged(Message):
    """The player saved new settings (already written to disk); the App applies them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


# Themes offered, in this order, when the App has them; the App's current theme is always offered too.
THEMES = (
    "textual-dark",
    "textual-light",
    "nord",
    "gruvbox",
    "dracula",
    "tokyo-night",
    "monokai",
    "catppuccin-mocha",
    "catppuccin-latte",
    "solarized-light",
)

PREVIEW_CARDS = "As Kh Qd Jc Ts"


class SettingsScreen(LocalizedScreen[Settings | None]):
    """Edit the player's settings; save writes them atomically and posts :class:`SettingsChanged`.

    Without ``settings`` the screen loads them from disk; a warning from a bad file is shown as a
    notification (the file is left alone until the player saves). It dismisses with the saved
    :class:`Settings`, or ``None`` when the player goes back without saving.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "menu.key.back"),
        Binding("s,ctrl+s", "save", "menu.key.save", key_display="s"),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        translator: Translator | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        self._load_warning: str | None = None
        if settings is None:
            settings, self._load_warning = load_settings()
        super().__init__(translator, settings, name=name, id=id, classes=classes)
        self.original = settings
        self.edited = settings
        self._theme_before: str | None = None

    def compose(self) -> ComposeResult:
        """A title, one row a setting, a live card preview, Save and Back."""
        t = self.t
        s = self.edited
        yield Static(t("settings.title"), classes="screen-title")
        with VerticalScroll(id="settings-body", classes="form"):
            yield ChoiceRow(
                t("settings.language"),
                # Each language is named in itself, so a player can find theirs whatever is showing.
                [
                    (None, t("settings.language_locale")),
                    ("en", t("settings.language_en")),
                    ("zh-TW", t("settings.language_zh")),
                ],
                s.language,
                id="language",
            )
            yield ChoiceRow(t("settings.deck"), [(d, t(f"settings.deck_{d}")) for d in DECKS], s.deck, id="deck")
            yield ChoiceRow(
                t("settings.suits"), [(v, t(f"settings.suits_{v}")) for v in SUIT_STYLES], s.suits, id="suits"
            )
            yield ChoiceRow(
                t("settings.animation"),
                [(v, t(f"settings.animation_{v}")) for v in ANIMATION_SPEEDS],
                s.animation,
                id="animation",
            )
            yield ChoiceRow(t("settings.sort"), [(v, t(f"settings.sort_{v}")) for v in SORTS], s.sort, id="sort")
            yield ChoiceRow(t("settings.theme"), [(v, v) for v in self._themes()], s.theme, id="theme")
            with Horizontal(classes="preview"):
                yield Label(t("settings.preview"), classes="choice-label")
                yield CardStrip(PREVIEW_CARDS, s, id="preview")
            yield Static(t("settings.hint"), classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(t("settings.save"), id="save", variant="primary", compact=True)
                yield Button(t("settings.back"), id="back", compact=True)
        yield self.too_small()
        yield self.footer()

    def _themes(self) -> list[str]:
        available = set(getattr(self.app, "available_themes", {}) or ())
        themes = [name for name in THEMES if not available or name in available]
        current = self.edited.theme
        if current not in themes and (not available or current in available):
            themes.insert(0, current)
        return themes

    def on_mount(self) -> None:
        """Show a bad settings file's warning; remember the theme for a cancelled preview."""
        self._theme_before = getattr(self.app, "theme", None)
        if self._load_warning:
            self.notify(self.t("settings.load_warning", detail=self._load_warning), severity="warning", timeout=8)
        self.query_one("#language").focus()

    @on(ChoiceRow.Changed)
    def _changed(self, event: ChoiceRow.Changed) -> None:
        field = event.row.id
        if field is None or not hasattr(self.edited, field):
            return
        self.edited = replace(self.edited, **{field: event.value})
        if field in ("deck", "suits"):
            self.query_one("#preview", CardStrip).set_look(self.edited)
        elif field == "theme":
            self._preview_theme(event.value)

    def _preview_theme(self, theme: str) -> None:
        # Seeing a theme beats reading its name; Back restores the one the player had.
        if theme in (getattr(self.app, "available_themes", {}) or {}):
            self.app.theme = theme

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_save(self) -> None:
        """Write the settings atomically, tell the App, and close."""
        try:
            save_settings(self.edited)
        except OSError as exc:
            self.notify(self.t("settings.save_failed", detail=str(exc)), severity="error", timeout=8)
            return
        # Posted to the App itself: this screen is about to be removed, and a message still queued
        # on it would be lost.
        self.app.post_message(SettingsChanged(self.edited))
        self.notify(self.t("settings.saved"), timeout=2)
        self.dismiss(self.edited)

    def action_back(self) -> None:
        """Close without saving (and undo a theme preview)."""
        if self._theme_before is not None and getattr(self.app, "theme", None) != self._theme_before:
            self.app.theme = self._theme_before
        self.dismiss(None)


def language_of(settings: Settings, cli: str | None = None) -> Translator:
    """The translator the settings ask for (``--lang`` first, then the setting, then the locale)."""
    return Translator(resolve_language(cli, settings.language))


__all__ = [
    "MENU_CSS",
    "CardStrip",
    "ChoiceRow",
    "LocalizedScreen",
    "SettingsChanged",
    "SettingsScreen",
    "find_settings",
    "find_translator",
    "language_of",
    "translate_bindings",
]
