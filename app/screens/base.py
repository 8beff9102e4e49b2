"""The one family of screens: :class:`BaseScreen` and :class:`BaseModal` share a constructor (``t=``,
``settings=``), one binding translator, one too-small notice and one set of breakpoints.

Without a translator or settings a screen reads ``app.translator`` / ``app.settings`` when the running App has
them (English and the defaults otherwise), so the screens work inside any App: the game's own, or a bare test
App.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import ClassVar, Generic, TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer

from app.i18n import Translator
from app.paths import ASSETS
from app.settings import Settings
from app.widgets.chrome import (
    HORIZONTAL_BREAKPOINTS,
    VERTICAL_BREAKPOINTS,
    MenuFooter,
    TooSmall,
    find_settings,
    find_translator,
    translate_bindings,
)

ResultT = TypeVar("ResultT")

#: The style sheet of the menu-side screens; CSS_PATH is resolved against the module, so give it absolute.
MENU_CSS = str(ASSETS / "styles" / "menu.tcss")
#: The class that scopes assets/styles/game.tcss (the App's style sheet) to the game's screens.
GAME_SCREEN = "game-screen"


class Localized:
    """What both base classes add to Textual's screens (a mixin: Screen and ModalScreen have no common
    base of ours)."""

    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = VERTICAL_BREAKPOINTS
    SCREEN_CLASSES: ClassVar[str] = ""  # classes every instance carries (GAME_SCREEN for the game's)

    _translator: Translator | None
    _settings: Settings | None
    _focus_when_fits: Widget | None = None
    _dismissed: bool = False

    def __init__(
        self,
        *,
        t: Translator | None = None,
        settings: Settings | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        merged = " ".join(c for c in (self.SCREEN_CLASSES, classes) if c) or None
        super().__init__(name=name, id=id, classes=merged)  # type: ignore[call-arg]
        self._translator = t
        self._settings = settings
        if t is not None:
            # Before the first compose, so that the footer is drawn translated from the start.
            translate_bindings(self, t, self.key_bindings())  # type: ignore[arg-type]

    def key_bindings(self) -> Mapping[str, Sequence[Binding]] | None:
        """The screen's bindings by key when they are not its classes' own (the table's, with the player's keys);
        None: its classes'."""
        return None

    def dismiss(self, result: object = None) -> AwaitComplete:
        """Close with ``result``, once: a second key before the screen has gone (enter, then escape at once)
        is ignored, since answering twice would pop the screen below as well."""
        if self._dismissed:
            return AwaitComplete(asyncio.sleep(0))
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]

    @property
    def t(self) -> Translator:
        """The translator: the one given, else the App's."""
        return self._translator or find_translator(self)  # type: ignore[arg-type]

    @property
    def settings(self) -> Settings:
        """The player's settings: the ones given, else the App's, else the defaults."""
        return self._settings or find_settings(self)  # type: ignore[arg-type]

    async def set_translator(self, translator: Translator) -> None:
        """Switch language: re-translate the footer and rebuild the screen's widgets."""
        self._translator = translator
        translate_bindings(self, translator, self.key_bindings())  # type: ignore[arg-type]
        await self.recompose()  # type: ignore[attr-defined]
        self.after_compose()

    def after_compose(self) -> None:
        """Set focus and state once the widgets exist (on mount, and again after a rebuild)."""

    def too_small(self) -> TooSmall:
        """The notice the style sheets show instead of a clipped screen below 80×24."""
        return TooSmall(self.t)

    def footer(self) -> Footer:
        """A compact Footer without the palette key, so that every shortcut fits in 80 columns."""
        return MenuFooter()

    def on_mount(self) -> None:
        """Localise the footer once the screen knows its App, then :meth:`after_compose` (Textual runs this
        after a subclass's own ``on_mount``)."""
        translate_bindings(self, self.t, self.key_bindings())  # type: ignore[arg-type]
        self.after_compose()

    def on_resize(self, event: events.Resize) -> None:
        """Keep the too-small notice's size up to date; hold the focus while the notice is up."""
        for notice in self.query(TooSmall):  # type: ignore[attr-defined]
            notice.show_size(event.size.width, event.size.height)
        focused: Widget | None = self.focused  # type: ignore[attr-defined]
        if self.is_too_small():
            if focused is not None:
                self._focus_when_fits = focused
                self.set_focus(None)
        elif focused is None and self._focus_when_fits is not None:
            widget, self._focus_when_fits = self._focus_when_fits, None
            if widget.is_attached and widget.screen is self:
                self.set_focus(widget)

    def is_too_small(self) -> bool:
        """Whether the terminal is below 80×24, so that the style sheets show only the too-small notice."""
        return bool(self.has_class("-narrow") or self.has_class("-short"))  # type: ignore[attr-defined]

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        """Focus ``widget``, unless the too-small notice hides it: then it gets the focus once the terminal is
        large enough again.

        A hidden widget must not take keys: the style sheet hides the body below 80×24, and a widget rebuilt
        while hidden (the menu after a language change) was never laid out, so its own key handlers fail
        (OptionList's page keys raised KeyError on its empty line map).
        """
        if widget is not None and self.is_too_small():
            self._focus_when_fits = widget
            widget = None
        super().set_focus(widget, scroll_visible, from_app_focus)  # type: ignore[misc]


class BaseScreen(Localized, Screen[ResultT], Generic[ResultT]):
    """A full screen of the game or the menu."""

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


class BaseModal(Localized, ModalScreen[ResultT], Generic[ResultT]):
    """A dialog over another screen (the table's dialogs, results, summaries, help)."""

    SCREEN_CLASSES = GAME_SCREEN


__all__ = ["GAME_SCREEN", "MENU_CSS", "BaseModal", "BaseScreen", "find_settings", "find_translator"]
