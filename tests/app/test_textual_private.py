"""Textual's private API is reached only through app/widgets/textual_private.py: no other module of the game or
of its tests names one of the internals that adapter wraps, nor any other private name of Textual's (an upgrade
that changes them then breaks one module, whose tests say which)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import textual

from tests import sources

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "app" / "widgets" / "textual_private.py"
CHECKED = sorted(p for part in ("app", "tests") for p in (ROOT / part).rglob("*.py") if p != ADAPTER)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _adapter_internals() -> set[str]:
    """Every private name the adapter reads (all of them Textual's: it has none of its own)."""
    return {node.attr for node in sources.nodes(ADAPTER) if isinstance(node, ast.Attribute) and _private(node.attr)}


def _names(root: Path, own: bool) -> set[str]:
    """The private names the classes and modules under ``root`` define (``own``: also module-level ones)."""
    found: set[str] = set()
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"\bself\.(_[a-z]\w*)\s*(?::[^=\n]+)?=(?!=)", text))
        found |= set(re.findall(r"\bdef (_[a-z]\w*)\(", text))
        if own:
            found |= set(re.findall(r"^\s*(_[a-z]\w*)\s*[:=]", text, re.MULTILINE))
    return found


def test_only_the_adapter_names_the_internals_it_wraps() -> None:
    internals = _adapter_internals()
    assert {"_bindings", "_merge_bindings", "_parse_rules", "_notifications", "_driver"} <= internals
    named = re.compile(r"\.(" + "|".join(sorted(internals)) + r")\b")
    offenders = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1} .{m.group(1)}"
        for path in CHECKED
        for text in [sources.text(path)]
        for m in named.finditer(text)  # in the code and in code kept as text (a game a test starts on its own)
    ]
    assert offenders == []


def test_no_other_private_name_of_textuals_is_read_outside_the_adapter() -> None:
    """A private name of Textual's (one its classes set or define) that neither the game nor its tests define
    themselves is read nowhere but in the adapter: a new reach into Textual goes there, with the others."""
    own = _names(ROOT / "app", own=True) | _names(ROOT / "tests", own=True) | _names(ROOT / "ai", own=True)
    theirs = _names(Path(textual.__file__).parent, own=False) - own
    offenders = []
    for path in CHECKED:
        nodes = sources.nodes(path)
        modules = {alias.asname or alias.name for node in nodes if isinstance(node, ast.Import) for alias in node.names}
        for node in nodes:
            if isinstance(node, ast.Attribute) and node.attr in theirs:
                if isinstance(node.value, ast.Name) and node.value.id in modules:
                    continue  # a module's own name (os._exit), not an object of Textual's
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert offenders == []


def test_the_adapter_still_finds_them() -> None:
    """Each internal the adapter wraps is still there in the Textual installed (a rename fails here first)."""
    from textual.app import App
    from textual.css.stylesheet import Stylesheet
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.widget import Widget

    assert callable(getattr(DOMNode, "_merge_bindings", None)) and callable(getattr(Stylesheet, "_parse_rules", None))
    assert "_bindings" in DOMNode.__init__.__code__.co_names
    assert {"_notifications", "_driver"} <= set(App.__init__.__code__.co_names)
    screen_names = set(Screen.__init__.__code__.co_names) | set(DOMNode.__init__.__code__.co_names)
    screen_names |= set(Widget.__init__.__code__.co_names)
    assert {"_callbacks", "_dirty_widgets", "_layout_required", "_scroll_required", "_repaint_required"} <= screen_names


def test_a_style_sheet_is_parsed_once_a_process_for_every_stylesheet_and_theme(monkeypatch) -> None:
    """A screen's reparse (a fresh Stylesheet) and every further App read the rules parsed the first time; other
    theme variables parse anew (their values are in the rules)."""
    import textual.css.stylesheet as stylesheet

    from app.widgets.textual_private import parse_style_sheets_once

    parse_style_sheets_once()
    parse_style_sheets_once()  # idempotent: wrapped once
    calls: list[str] = []
    parse = stylesheet.parse
    monkeypatch.setattr(stylesheet, "parse", lambda *a, **kw: calls.append("parse") or parse(*a, **kw))
    css = "Static.parsed-once-probe { width: $probe-width; }"

    def rules(width: str) -> list:
        sheet = stylesheet.Stylesheet(variables={"probe-width": width})
        sheet.add_source(css, ("parsed-once-probe", ""))
        sheet.parse()
        return sheet.rules

    first, again = rules("3"), rules("3")
    assert calls == ["parse"] and again[0] is first[0]
    other = rules("5")
    assert calls == ["parse", "parse"] and other[0].styles.width != first[0].styles.width
