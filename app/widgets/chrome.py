"""Small pieces every screen shares: translated key bindings, the "terminal too small" notice, the breakpoints
and the game's wrapping footer."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from app.i18n import DEFAULT, LANGUAGES, Translator
from app.settings import Settings
from app.widgets.textual_private import class_bindings, set_own_bindings

MIN_WIDTH = 80
MIN_HEIGHT = 24
# Breakpoint classes set on every screen (app.screens.base and the App): every screen needs 80×24 (below it
# shows only the too-small notice); at 110 columns or 34 lines and more it spreads out.
HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-normal-width"), (110, "-wide")]
VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-normal-height"), (34, "-tall")]


def translate_bindings(node: DOMNode, t: Translator, source: Mapping[str, Sequence[Binding]] | None = None) -> None:
    """Replace the binding descriptions of ``node`` (written as i18n keys, ``"table.key.ready"``) with their
    translation in ``t``.

    Bindings are class attributes, but each node holds its own copy (:mod:`.textual_private`), which the footers
    read: translating that copy gives a localised footer without one class per language. The copy is rebuilt
    from the classes' own bindings first (or from ``source``: the table's keys as the player set them), so
    this can run again after a language change.
    """
    keys: dict[str, list[Binding]] = {}
    for key, bindings in (class_bindings(node) if source is None else source).items():
        out = []
        for b in bindings:
            group = b.group
            if group is not None and group.description:
                group = replace(group, description=t(group.description))
            description = t(b.description) if b.description else ""
            out.append(
                replace(b, description=description, tooltip=t(b.tooltip) if b.tooltip else description, group=group)
            )
        keys[key] = out
    set_own_bindings(node, keys)


class TooSmall(Static):
    """Shown instead of a screen when the terminal is below 80×24 (the style sheets show it on -narrow /
    -short and hide the rest); it names the current size and the minimum."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        color: $warning;
        text-style: bold;
    }
    """

    def __init__(self, t: Translator) -> None:
        super().__init__("", id="too-small")
        self.t = t

    def show_size(self, width: int, height: int) -> None:
        """Name the current size and the minimum (called on every resize)."""
        self.update(self.t("common.too_small", cur_w=width, cur_h=height, width=MIN_WIDTH, height=MIN_HEIGHT))

    def on_mount(self) -> None:
        self.show_size(*self.app.size)


@dataclass(frozen=True)
class KeyEntry:
    """One footer entry: the keys as shown, what they do, whether they apply now, the key a click presses."""

    keys: str
    description: str
    enabled: bool
    key: str


class KeyBar(Static):
    """The footer's keys, packed greedily into as many lines as the width needs; greyed when disabled."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description", "keybar--disabled"}
    DEFAULT_CSS = """
    KeyBar { width: 100%; height: auto; background: $footer-background; color: $footer-foreground; }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    KeyBar > .keybar--description { color: $footer-description-foreground; }
    KeyBar > .keybar--disabled { color: $text-disabled; }
    """

    def __init__(self, entries: list[KeyEntry]) -> None:
        super().__init__()
        self.entries = entries
        self.lines = 0  # how many lines the footer last laid the bar out in
        self._spots: list[tuple[int, int, int, KeyEntry]] = []

    @staticmethod
    def pack(entries: list[KeyEntry], width: int) -> list[list[KeyEntry]]:
        """Entries in lines no wider than ``width`` (one space before each, two between)."""
        lines: list[list[KeyEntry]] = [[]]
        used = 0
        for e in entries:
            w = cell_len(e.keys) + 1 + cell_len(e.description) + 2
            if lines[-1] and used + w > width:
                lines.append([])
                used = 0
            lines[-1].append(e)
            used += w
        return lines

    def render(self) -> Text:
        width = max(20, self.size.width or self.app.size.width)
        key_style = self.get_component_rich_style("keybar--key")
        desc_style = self.get_component_rich_style("keybar--description")
        off_style = self.get_component_rich_style("keybar--disabled")
        out = []
        self._spots = []
        for y, line in enumerate(self.pack(self.entries, width)):
            text = Text(" ")
            for e in line:
                x0 = cell_len(text.plain)
                text.append(e.keys, style=key_style if e.enabled else off_style)
                text.append(" " + e.description, style=desc_style if e.enabled else off_style)
                self._spots.append((y, x0, cell_len(text.plain), e))
                text.append("  ")
            out.append(text)
        return Text("\n").join(out)

    def on_click(self, event: events.Click) -> None:
        for y, x0, x1, e in self._spots:
            if event.y == y and x0 <= event.x < x1 and e.enabled:
                self.app.simulate_key(e.key)
                return


class MenuFooter(Footer):
    """Textual's compact Footer, without the palette key, that recomposes only when what it shows changed.

    Textual's Footer mounts a widget a key again whenever the screen's bindings refresh, and they refresh on
    every focus move: on the menu-side screens each arrow key rebuilt the whole footer to draw the same keys.
    """

    _drawn: object = None  # what :meth:`shown` gave when the footer last drew
    _following = False  # a look at the bindings is due after the next refresh

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)

    def shown(self) -> object:
        """What the footer draws: each shown binding, whether it is enabled, and its tooltip."""
        return tuple(
            (binding, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen: Screen) -> None:
        """Look at the bindings once the screen has refreshed: however many times they changed until then."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self.follow()

    def follow(self) -> None:
        """Redraw after the next refresh if what the footer shows has changed by then (once, however often
        this is called before it)."""
        if not self._following:
            self._following = True
            self.call_after_refresh(self._follow)

    async def _follow(self) -> None:
        self._following = False
        if not self.is_attached or not self._bindings_ready:
            return
        shown = self.shown()
        if shown != self._drawn:
            await self.redraw(shown)

    async def redraw(self, shown: object) -> None:
        """Draw ``shown`` (what :meth:`shown` gives now): Textual's Footer composes a widget a key."""
        await self.recompose()

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._drawn = self.shown()
        yield from super().compose()


class GameFooter(MenuFooter):
    """Textual's Footer, drawn as one :class:`KeyBar` that wraps onto a second line when the keys need it.

    The table has more keys than one line of 80 columns holds and every key must stay visible (greyed when
    it does not apply), so the bindings are packed into lines. Arranging moves refresh the bindings and often
    grey or light a key: the bar takes its new entries and repaints where it stands, and the screen is laid
    out again only when the number of lines changes (a recompose laid out the whole screen on every change).
    """

    DEFAULT_CSS = "GameFooter { height: auto; layout: vertical; }"

    def entries(self) -> list[KeyEntry]:
        """The active bindings in order, one entry per action; a group's actions share one entry."""
        by_action: dict[str, list[tuple[Binding, bool]]] = defaultdict(list)
        for _, binding, enabled, _ in self.screen.active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled))
        out: list[KeyEntry] = []
        groups: dict[str, int] = {}
        for pairs in by_action.values():
            binding, enabled = pairs[0]
            enabled = any(e for _, e in pairs)
            keys = self.app.get_key_display(binding)
            group = binding.group
            if group is not None and group.description:
                if group.description in groups:
                    k = groups[group.description]
                    prev = out[k]
                    out[k] = KeyEntry(prev.keys + keys, prev.description, prev.enabled or enabled, prev.key)
                    continue
                groups[group.description] = len(out)
                out.append(KeyEntry(keys, group.description, enabled, binding.key))
                continue
            out.append(KeyEntry(keys, binding.description, enabled, binding.key))
        return out

    def shown(self) -> object:
        """The keys as drawn, and the width they are packed into: every arranging move refreshes the bindings,
        and most moves change none of them."""
        return tuple(self.entries()), self.app.size.width

    def compose(self) -> ComposeResult:
        yield KeyBar([])

    def on_mount(self) -> None:
        super().on_mount()
        if self._bindings_ready:
            self.follow()

    async def redraw(self, shown: object) -> None:
        """Give the bar the keys in ``shown``; lay the screen out again only if the footer's height changes."""
        bar = next(iter(self.query(KeyBar)), None)
        if bar is None:  # a screen being closed takes its widgets away before the footer's last resize
            return
        self._drawn = shown
        entries, width = cast(tuple[tuple[KeyEntry, ...], int], shown)
        lines = len(KeyBar.pack(list(entries), width))
        grew = lines != bar.lines
        bar.entries, bar.lines = list(entries), lines
        bar.refresh(layout=grew)
        self.styles.height = max(1, lines, self._lines_below())

    def _lines_below(self) -> int:
        """A dialog's footer covers the footer of the screen underneath (which shows through the dialog's
        translucent backdrop): as many lines as that one, so that no key of the table seems to apply."""
        screen = self.screen
        stack = self.app.screen_stack
        if not isinstance(screen, ModalScreen) or screen not in stack:
            return 0
        lines = 0
        # Every screen underneath shows through, down to the first full screen.
        for below in reversed(stack[: stack.index(screen)]):
            for footer in below.query(GameFooter):
                lines = max(lines, footer.outer_size.height)  # as drawn (its keys may have changed since)
            if not isinstance(below, ModalScreen):
                break
        return lines

    def on_resize(self) -> None:
        self.follow()  # the width the keys are packed into is part of what the footer shows


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
