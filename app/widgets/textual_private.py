"""The one place the game reaches into Textual past its public API, so that a Textual upgrade that changes these
internals breaks here, in one small module its tests name, and nowhere else.

- A node's own copy of its key bindings (``DOMNode._bindings``, built by ``_merge_bindings``): the footers and
  the command palette read that copy, so translating it gives localised keys without a class per language,
  and the table reads it to tell a key it has from a stray one.
- The style-sheet parser (``Stylesheet._parse_rules``), memoised for the process: each screen with a style
  sheet of its own had every sheet parsed again, and each App (a test suite's) too.
- What the test suite reads of a running App that Textual keeps to itself: the notifications on show
  (``App._notifications``), whether a screen has anything left to draw or run after a refresh (its
  ``_callbacks``, ``_dirty_widgets``, ``_layout_required``, ``_scroll_required``, ``_repaint_required`` and
  ``_message_queue``) and a key sent as the terminal sends it (``App._driver``).

``tests/app/test_textual_private.py`` holds every other module of the game and of its tests to this one: no
private name this module reads, nor any other of Textual's, is named elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.events import Key
from textual.notifications import Notification
from textual.screen import Screen


def class_bindings(node: DOMNode) -> Mapping[str, Sequence[Binding]]:
    """The bindings ``node``'s classes declare, merged as Textual merges them, by key."""
    return node._merge_bindings().key_to_bindings


def own_bindings(node: object) -> Mapping[str, Sequence[Binding]]:
    """The bindings ``node`` (a DOM node, seen through a protocol) holds now (its classes' own, translated by
    :func:`set_own_bindings`), by key."""
    assert isinstance(node, DOMNode)
    return node._bindings.key_to_bindings


def set_own_bindings(node: DOMNode, keys: Mapping[str, list[Binding]]) -> None:
    """Give ``node`` these bindings in place of its copy of its classes' (the footers redraw from them)."""
    node._bindings = BindingsMap.from_keys(dict(keys))
    node.refresh_bindings()


def parse_style_sheets_once() -> None:
    """From now on in this process, each style sheet is parsed once. Textual parses every source again each time
    a screen brings a style sheet of its own (``Stylesheet.reparse`` starts from an empty cache: the menu's, then
    the table's), and once for each App (a test suite starts thousands). The rules are kept by everything
    Textual's own cache keys them by, and by the theme variables they were parsed with. Idempotent."""
    from textual.css.stylesheet import Stylesheet

    original: Callable[..., Any] = Stylesheet._parse_rules
    if getattr(original, "parsed_once", False):
        return
    parsed: dict[tuple[Any, ...], Any] = {}

    def parse_once(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = original(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    parse_once.parsed_once = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]


def notifications(app: App[Any]) -> list[Notification]:
    """The notifications ``app`` shows now (``notify``'s, until they time out), oldest first."""
    return list(app._notifications)


def drawn_and_idle(screen: Screen[Any]) -> bool:
    """Whether ``screen`` has nothing waiting: no callback for after the next refresh (``call_after_refresh``), no
    widget, layout, scroll or repaint left to draw, and no message in its queue."""
    return not (
        screen._callbacks
        or screen._dirty_widgets
        or screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or not screen._message_queue.empty()
    )


def send_key(app: App[Any], event: Key) -> None:
    """Hand ``event`` to ``app`` the way its terminal's driver does (a key from outside, not a Pilot's press,
    which waits for the App to take it)."""
    assert app._driver is not None, "the App is not running"
    app._driver.send_message(event)
