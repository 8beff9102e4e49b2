"""Textual's private API is reached only through app/widgets/textual_private.py: no other module of the game or
its tests names one of the internals that adapter wraps (an upgrade that changes them then breaks one module)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "app" / "widgets" / "textual_private.py"
INTERNALS = {"_bindings", "_merge_bindings", "_parse_rules"}


def test_only_the_adapter_names_textuals_internals() -> None:
    offenders = []
    for path in sorted([*(ROOT / "app").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]):
        if path == ADAPTER:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in INTERNALS:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert offenders == []


def test_the_adapter_still_finds_them() -> None:
    """Each internal the adapter wraps is still there in the Textual installed (a rename fails here first)."""
    from textual.css.stylesheet import Stylesheet
    from textual.dom import DOMNode

    assert callable(getattr(DOMNode, "_merge_bindings", None)) and callable(getattr(Stylesheet, "_parse_rules", None))
    assert "_bindings" in DOMNode.__init__.__code__.co_names
