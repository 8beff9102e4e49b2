"""The house's floors (ARCHITECTURE.md): `rules` imports neither `ai` nor `app`, `ai` never imports `app`,
and neither pulls in Textual."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import ai
import rules

# Top-level packages each floor must never import.
FORBIDDEN = {"rules": {"ai", "app", "textual"}, "ai": {"app", "textual"}}
PACKAGE_DIRS = {"rules": Path(rules.__file__).parent, "ai": Path(ai.__file__).parent}

_IMPORT_ALL = """
import importlib, json, pkgutil, sys
imported = []
for name in ("rules", "ai"):
    package = importlib.import_module(name)
    imported.append(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "app"))
print(json.dumps({"imported": imported, "loaded": loaded}))
"""


def test_importing_every_rules_and_ai_module_loads_neither_textual_nor_app() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL], capture_output=True, text=True, encoding="utf-8", timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert {"rules.cards", "rules.scoring", "rules.session", "ai.splits"} <= set(report["imported"])
    assert report["loaded"] == []


def _imported_roots(tree: ast.AST) -> set[str]:
    """Top-level package names a module imports: import statements and literal ``import_module`` calls."""
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in {"import_module", "__import__"} and isinstance(node.args[0].value, str):
                roots.add(node.args[0].value.split(".")[0])
    return roots


def _sources(package: str) -> list[Path]:
    return sorted(PACKAGE_DIRS[package].rglob("*.py"))


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_module_imports_a_floor_above_it(package: str) -> None:
    sources = _sources(package)
    assert sources, f"no sources found for {package}"
    offenders = {}
    for path in sources:
        bad = _imported_roots(ast.parse(path.read_text(encoding="utf-8"), str(path))) & FORBIDDEN[package]
        if bad:
            offenders[str(path.relative_to(PACKAGE_DIRS[package].parent))] = sorted(bad)
    assert offenders == {}


def test_the_scanner_sees_every_kind_of_import() -> None:
    source = "import app.cli\nfrom ai import levels\nimport importlib\nimportlib.import_module('textual.app')\n"
    assert _imported_roots(ast.parse(source)) >= {"app", "ai", "textual", "importlib"}
    assert _imported_roots(ast.parse("from . import cards\nfrom .deal import Deal\n")) == set()
