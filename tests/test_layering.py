"""The house's floors, exactly as app/ARCHITECTURE.md's "How the house is built" table draws them.

:data:`FLOORS` is that table: each floor's modules and what it may import (floors of the product, and the
third-party packages this test watches: Textual, Rich, numpy). No module imports a floor its row does not list;
the app imports `ai` only through `ai/__init__`; importing `rules`, `ai`, `app.game` and `app.view` loads no
Textual (nor a screen). No import circle anywhere (an import inside a function counts like any other), no
module of the product over 600 lines but the short list :data:`LONGER`, and no mixins: a class has one base of
ours (beside ``Generic``), but for the screens' shared base (:data:`MIXED`).
"""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import rules
from tests import sources

ROOT = Path(rules.__file__).parent.parent
PRODUCT = ("rules", "ai", "app")
MAX_LINES = 600
# module: why it is one class that splitting would only scatter.
LONGER: dict[str, str] = {}
WATCHED = {"textual", "rich", "numpy"}
# class: why it has two bases. A screen's parts are composed (app/ARCHITECTURE.md).
MIXED: dict[str, str] = {
    "app.screens.base.BaseScreen": "Screen and ModalScreen have no common base of ours to carry the family's code",
    "app.screens.base.BaseModal": "the same, on ModalScreen",
}

# floor: (its modules, as paths from the repository's root; what it may import). app/ARCHITECTURE.md's table.
FLOORS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "app.commands": (
        (
            "app/__init__.py",
            "app/__main__.py",
            "app/cli.py",
            "app/commands/",
            "app/web.py",
            "app/web_input.py",
            "app/web_bench.py",
        ),
        frozenset(
            {"app.screens", "app.lobby", "app.view", "app.game", "app.store", "app.base", "app.paths", "ai", "rules"}
        ),
    ),
    "app.screens": (
        ("app/tui.py", "app/screens/", "app/forkserver.py"),
        frozenset(
            {
                "app.lobby",
                "app.widgets",
                "app.view",
                "app.game",
                "app.store",
                "app.base",
                "app.paths",
                "ai",
                "rules",
                "textual",
                "rich",
            }
        ),
    ),
    "app.lobby": (
        ("app/lobby/",),
        frozenset({"app.view", "app.game", "app.store", "app.base", "app.paths", "ai", "rules"}),
    ),
    "app.widgets": (("app/widgets/",), frozenset({"app.view", "app.base", "app.paths", "rules", "textual", "rich"})),
    "app.view": (("app/view/",), frozenset({"app.game", "app.base", "app.paths", "ai", "rules", "rich", "numpy"})),
    "app.game": (("app/game/",), frozenset({"app.store", "app.base", "app.paths", "ai", "rules", "numpy"})),
    "app.store": (("app/store/",), frozenset({"app.paths"})),
    "app.base": (("app/config.py", "app/i18n.py", "app/settings.py"), frozenset({"app.paths", "ai", "rules"})),
    "app.paths": (("app/paths.py", "app/exits.py", "app/ending.py", "app/heap.py"), frozenset()),
    "ai": (("ai/",), frozenset({"rules", "numpy"})),
    "rules": (("rules/",), frozenset({"numpy"})),
}


def floor_of_path(path: Path) -> str:
    """The floor a source file stands on (its row of :data:`FLOORS`)."""
    rel = path.relative_to(ROOT).as_posix()
    for floor, (places, _) in FLOORS.items():
        if any(rel == place or (place.endswith("/") and rel.startswith(place)) for place in places):
            return floor
    raise AssertionError(f"{rel} stands on no floor of the table")


def floor_of_module(name: str) -> str | None:
    """The floor of an imported module name, or its watched package, or None (the standard library, others)."""
    root = name.split(".")[0]
    if root in WATCHED:
        return root
    if root not in PRODUCT:
        return None
    return floor_of_path(_module_path(name))


def _module_path(name: str) -> Path:
    base = ROOT.joinpath(*name.split("."))
    if base.with_suffix(".py").exists():
        return base.with_suffix(".py")
    if (base / "__init__.py").exists():
        return base / "__init__.py"
    return _module_path(name.rsplit(".", 1)[0])  # `from app.game import Table`: the package


_IMPORT_ALL = """
import importlib, json, pkgutil, sys
imported = []
for name in ("rules", "ai", "app.game", "app.view"):
    package = importlib.import_module(name)
    imported.append(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] == "textual"
                or m.startswith(("app.screens", "app.widgets", "app.tui")))
print(json.dumps({"imported": imported, "loaded": loaded}))
"""


def test_importing_every_rules_ai_game_and_view_module_loads_no_textual_and_no_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL], capture_output=True, text=True, encoding="utf-8", timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert {"rules.cards", "rules.scoring", "ai.splits", "app.game", "app.view.presenter"} <= set(report["imported"])
    assert report["loaded"] == []


_KINDS = (ast.Import, ast.ImportFrom, ast.Call, ast.ClassDef)  # the nodes the checks below look at


@functools.cache
def _parsed(path: Path) -> tuple[tuple[ast.AST, ...], str | None]:
    """A product file's import, call and class nodes (in :func:`ast.walk`'s order) and its docstring, sifted once
    a process from the trees the other scanning tests share (tests/sources.py), as every check below reads every
    file."""
    tree = sources.tree(path)
    return tuple(node for node in sources.nodes(path) if isinstance(node, _KINDS)), ast.get_docstring(tree)


def _nodes(path: Path) -> tuple[ast.AST, ...]:
    return _parsed(path)[0]


def _imported_roots(nodes: Iterable[ast.AST]) -> set[str]:
    """Top-level package names a module imports: import statements and literal ``import_module`` calls."""
    roots: set[str] = set()
    for node in nodes:
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


def _imported_names(nodes: Iterable[ast.AST], name: str, is_package: bool) -> set[str]:
    """Full module names a module imports, relative imports resolved; ``from a import b`` counts as ``a``."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([node.module] if node.module else [])])
            found.add(base)
    return found


def test_every_floor_imports_only_what_its_row_of_the_table_lists() -> None:
    offenders: dict[str, list[str]] = {}
    for name, path in _product_modules().items():
        floor = floor_of_path(path)
        allowed = FLOORS[floor][1]
        names = _imported_names(_nodes(path), name, path.name == "__init__.py")
        bad = sorted({f for n in names if (f := floor_of_module(n)) not in (None, floor) and f not in allowed})
        if bad:
            offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def test_the_app_uses_ai_only_through_its_contract() -> None:
    import ai

    offenders: dict[str, list[str]] = {}
    for name, path in _product_modules().items():
        if not name.startswith("app"):
            continue
        deep = sorted(n for n in _imported_names(_nodes(path), name, path.name == "__init__.py") if n.startswith("ai."))
        if deep:
            offenders[str(path.relative_to(ROOT))] = deep
        for node in _nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module == "ai":
                missing = [a.name for a in node.names if a.name not in ai.__all__]
                assert not missing, f"{path}: {missing} are not in ai.__all__"
    assert offenders == {}
    assert all(hasattr(ai, name) for name in ai.__all__)
    assert set(ai._WHERE) == set(ai.__all__)  # a name in one and not the other would fail only when first used
    # A name that is also a submodule's would be shadowed by the module once anything imports that submodule.
    assert not {p.stem for p in (ROOT / "ai").glob("*.py")} & set(ai.__all__)


def test_the_game_package_names_each_thing_it_loads_on_first_use() -> None:
    """app.game loads its names as ai does: each has its module, and none is a submodule's name."""
    import app.game

    assert set(app.game._HOME) == set(app.game.__all__)
    assert not {p.stem for p in (ROOT / "app" / "game").glob("*.py")} & set(app.game.__all__)
    assert all(hasattr(app.game, name) for name in app.game.__all__)


def test_importing_ai_imports_none_of_it_yet() -> None:
    """The package's names load on first use: importing ``ai`` alone costs neither numpy nor a submodule."""
    code = "import sys, ai; print(sorted(m for m in sys.modules if m.startswith(('ai.', 'numpy'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_the_readme_table_is_this_table() -> None:
    readme = (ROOT / "app" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = readme.split("## How the house is built", 1)[1].split("```", 2)[1]
    rows = {}
    for line in block.splitlines():
        m = re.match(r"^(\S+)\s{2,}.*?\s{2,}may import: (.*)$", line)
        if m:
            rows[m.group(1)] = frozenset(x.strip() for x in m.group(2).split(",") if x.strip() and x.strip() != "-")
    assert rows == {floor: allowed for floor, (_, allowed) in FLOORS.items()}


def test_the_scanner_sees_every_kind_of_import() -> None:
    source = "import app.cli\nfrom ai import levels\nimport importlib\nimportlib.import_module('textual.app')\n"
    assert _imported_roots(ast.walk(ast.parse(source))) >= {"app", "ai", "textual", "importlib"}
    assert _imported_roots(ast.walk(ast.parse("from . import cards\nfrom .deal import Deal\n"))) == set()


# ------------------------------------------------------------------------------------------ import circles


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _product_modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PRODUCT for p in sorted((ROOT / pkg).rglob("*.py"))}


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Which product module imports which, counting every import statement wherever it stands (in a function,
    under ``TYPE_CHECKING``): ``from a.b import c`` is an edge to ``a.b.c`` when that is a module, else to ``a.b``."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        # The product's files parsed once a session; a test's own (written in tmp_path) read as they are now.
        nodes = _nodes(path) if path.is_relative_to(ROOT) else ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        for node in nodes:
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
    sizes = {name: len(sources.text(path).splitlines()) for name, path in _product_modules().items()}
    assert {name: n for name, n in sizes.items() if n > MAX_LINES and name not in LONGER} == {}
    assert [name for name in LONGER if sizes[name] <= MAX_LINES] == []  # an excuse no longer needed goes


def test_no_class_of_the_product_is_a_mixin_of_parts() -> None:
    mixed = set()
    for name, path in _product_modules().items():
        for node in _nodes(path):
            if isinstance(node, ast.ClassDef):
                bases = [b for b in node.bases if not ast.unparse(b).startswith(("Generic[", "Protocol"))]
                if len(bases) > 1:
                    mixed.add(f"{name}.{node.name}")
    assert mixed == set(MIXED)


def test_no_two_product_modules_share_a_file_name_unless_their_docstrings_say_so() -> None:
    by_name: dict[str, list[Path]] = {}
    for path in _product_modules().values():
        if path.name != "__init__.py":
            by_name.setdefault(path.name, []).append(path)
    unexplained = {}
    for file, paths in by_name.items():
        if len(paths) > 1:
            quiet = [str(p.relative_to(ROOT)) for p in paths if "same concept" not in (_parsed(p)[1] or "")]
            if quiet:
                unexplained[file] = quiet
    assert unexplained == {}
