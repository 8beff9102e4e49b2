"""The shape of the `ai` package: its public contract, an import graph without circles, and the rules'
key helpers it relies on instead of its own bit arithmetic."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import ai
import ai.contract
import ai.levels
from rules.cards import parse_cards
from rules.evaluate import KEY_LIMIT, Category, Wheel, base_key, category_of, key_categories, row_key, wheel_key
from tests import sources

AI_DIR = Path(ai.__file__).parent


def test_the_contract_lives_in_ai_contract_and_choose_in_ai_levels() -> None:
    core = {"PricedDecision", "Choice", "Distinct", "Fixed", "Level", "TableView"}
    assert core | {"choose"} <= set(ai.__all__)
    for name in core:
        assert getattr(ai, name) is getattr(ai.contract, name)
        assert getattr(ai, name).__module__ == "ai.contract"
    assert ai.choose is ai.levels.choose


def test_one_priced_decision_type() -> None:
    assert issubclass(ai.Choice, ai.PricedDecision) and issubclass(ai.PricedPlay, ai.PricedDecision)


def test_the_tools_load_on_first_use_only() -> None:
    import subprocess
    import sys

    code = "import ai, sys; print('ai.arena' in sys.modules); ai.run_arena; print('ai.arena' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """The `ai` modules a file imports at its top level, and the lines of any import of an `ai` module below the
    top level (one a function makes would hide an edge of the graph; the type checker's block is no import)."""
    tree = sources.tree(path)
    top = {id(node) for node in tree.body}
    checking = {
        id(inner)
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    deps: set[str] = set()
    nested: list[int] = []
    for node in sources.nodes(path):
        if not isinstance(node, ast.ImportFrom) or id(node) in checking:
            continue
        own = node.level == 1 or (node.module or "").startswith("ai.")
        if own and id(node) not in top:
            nested.append(node.lineno)
        if node.level == 1 and node.module:
            deps.add(node.module.split(".")[0])
        elif node.module and node.module.startswith("ai."):
            deps.add(node.module.split(".")[1])
    return deps, nested


def test_no_ai_module_imports_inside_a_function_and_the_graph_has_no_circle() -> None:
    graph: dict[str, set[str]] = {}
    for path in sorted(AI_DIR.glob("*.py")):
        deps, nested = _imports(path)
        assert nested == [], f"{path.name} imports below its top level at lines {nested}"
        graph[path.stem] = deps - {"__init__"}
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, "import circle: " + " -> ".join((*trail, module))
        if module in done:
            return
        for dep in graph.get(module, ()):
            visit(dep, (*trail, module))
        done.add(module)

    for module in graph:
        visit(module, ())


@pytest.mark.parametrize("wheel", list(Wheel))
def test_wheel_key_is_the_base_key_of_a2345(wheel: Wheel) -> None:
    assert wheel_key(Category.STRAIGHT, wheel) == row_key(parse_cards("Ah 2d 3c 4s 5h"), wheel)
    assert wheel_key(Category.STRAIGHT_FLUSH, wheel) == row_key(parse_cards("Ah 2h 3h 4h 5h"), wheel)
    with pytest.raises(ValueError):
        wheel_key(Category.FLUSH, wheel)


def test_key_helpers_work_on_arrays_as_on_single_keys() -> None:
    rows = ["Ah Ad Kc", "9s 9d 9h 2c 2d", "Ah 2h 3h 4h 5h", "7c 8d 9h Ts Jc"]
    keys = [row_key(parse_cards(r), suit_tiebreak=True) for r in rows]
    arr = np.array(keys, dtype=np.int64)
    assert base_key(arr).tolist() == [base_key(k) for k in keys]
    assert key_categories(arr).tolist() == [int(category_of(k)) for k in keys]


def test_every_key_is_below_key_limit() -> None:
    top = row_key(parse_cards("Ah Kh Qh Jh Th"), Wheel.LOW, suit_tiebreak=True)
    assert top < KEY_LIMIT and int(category_of(top)) == int(max(Category))
