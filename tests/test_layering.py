"""The house's floors, as the README's "How the house is built" section draws them.

`rules` imports neither `ai` nor `app`; `ai` never imports `app`; neither of them, nor the game's state machine
`app.game`, pulls in Textual. No import circle anywhere (an import inside a function counts like any other), and
no module of the product over 600 lines.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import rules

# Top-level packages each floor must never import.
FORBIDDEN = {"rules": {"ai", "app", "textual"}, "ai": {"app", "textual"}, "app.game": {"textual", "rich"}}
ROOT = Path(rules.__file__).parent.parent
PACKAGE_DIRS = {"rules": ROOT / "rules", "ai": ROOT / "ai", "app.game": ROOT / "app" / "game"}
PRODUCT = ("rules", "ai", "app")
MAX_LINES = 600

_IMPORT_ALL = """
import importlib, json, pkgutil, sys
imported = []
for name in ("rules", "ai", "app.game"):
    package = importlib.import_module(name)
    imported.append(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich")
                or m.startswith(("app.screens", "app.widgets", "app.tui")))
print(json.dumps({"imported": imported, "loaded": loaded}))
"""


def test_importing_every_rules_ai_and_game_module_loads_no_textual_and_no_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL], capture_output=True, text=True, encoding="utf-8", timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert {"rules.cards", "rules.scoring", "ai.splits", "app.game"} <= set(report["imported"])
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
            offenders[str(path.relative_to(ROOT))] = sorted(bad)
    assert offenders == {}


def test_the_scanner_sees_every_kind_of_import() -> None:
    source = "import app.cli\nfrom ai import levels\nimport importlib\nimportlib.import_module('textual.app')\n"
    assert _imported_roots(ast.parse(source)) >= {"app", "ai", "textual", "importlib"}
    assert _imported_roots(ast.parse("from . import cards\nfrom .deal import Deal\n")) == set()


# ------------------------------------------------------------------------------------------ import circles


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _product_modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PRODUCT for p in sorted((ROOT / pkg).rglob("*.py"))}


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Which product module imports which, counting every import statement wherever it stands (in a function,
    under ``TYPE_CHECKING``): ``from a.b import c`` is an edge to ``a.b.c`` when that is a module, else to ``a.b``."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package[: len(package) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.append(full if full in modules else base)
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_anywhere() -> None:
    modules = _product_modules()
    assert {"rules.cards", "ai", "app.game", "app.cli"} <= set(modules)
    assert import_cycles(import_graph(modules)) == []


def test_the_circle_finder_sees_a_circle_through_a_function_level_import(tmp_path: Path) -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [["a", "b", "c"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []
    modules = {"app.x": tmp_path / "x.py", "app.y": tmp_path / "y.py"}
    modules["app.x"].write_text("def late():\n    from app.y import thing\n")
    modules["app.y"].write_text("from app import x\n")
    graph = import_graph(modules)
    assert graph == {"app.x": {"app.y"}, "app.y": {"app.x"}}


def test_no_module_of_the_product_is_over_600_lines() -> None:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _product_modules().items()}
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}
