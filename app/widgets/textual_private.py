"""The one place the game reaches into Textual past its public API, so that a Textual upgrade that changes these
internals breaks here, in one small module its tests name, and nowhere else.

- A node's own copy of its key bindings (``DOMNode._bindings``, built by ``_merge_bindings``): the footers and
  the command palette read that copy, so translating it gives localised keys without a class per language,
  and the table reads it to tell a key it has from a stray one.
- The style-sheet parser (``Stylesheet._parse_rules``), which the test suite memoises: every test starts an App
  and each App parsed the same style sheets again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode


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


@contextmanager
def style_sheets_parsed_once() -> Iterator[None]:
    """Within it, each style sheet is parsed once for all the Apps started (a test suite's): the rules are kept by
    everything Textual's own per-App cache keys them by, and by the theme variables they were parsed with."""
    from textual.css.stylesheet import Stylesheet

    original: Callable[..., Any] = Stylesheet._parse_rules
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

    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]
    try:
        yield
    finally:
        Stylesheet._parse_rules = original  # type: ignore[method-assign]
