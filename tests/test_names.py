"""One name, one thing (app/ARCHITECTURE.md, "Names"): no two classes of the game share a name, except a part's
view of its owner (a Protocol named for what it stands for: a part's ``Table``) and a noun's class on two floors
named below."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from tests import sources

ROOT = Path(__file__).resolve().parents[1]

#: A noun with a class on two floors, each that floor's side of it (the by-floor naming of modules).
ON_TWO_FLOORS = {
    "Clock": {"app/game/clock.py", "app/screens/table/clock.py"},  # the deal's clock; the screen's countdown part
}


def _is_protocol(node: ast.ClassDef) -> bool:
    return any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases)


def test_no_two_classes_share_a_name() -> None:
    where: dict[str, set[str]] = defaultdict(set)
    for path in sorted(p for part in ("rules", "ai", "app") for p in (ROOT / part).rglob("*.py")):
        for node in sources.tree(path).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_") and not _is_protocol(node):
                where[node.name].add(str(path.relative_to(ROOT)))
    shared = {name: files for name, files in where.items() if len(files) > 1}
    assert shared == ON_TWO_FLOORS
