"""No part of the game floor writes another's state (app/ARCHITECTURE.md: a part sees its table through a protocol
and the table holds the parts): a module of app/game/ assigns only its own object's attributes (``self.x = …``)
or a deal's record's (``rec.seconds``, plain data), never ``table.x`` / ``t.x`` / ``self.table.x`` outside
app/game/table.py, ``self.<part>.x`` (a part changes its state through its own methods) or another object's."""

from __future__ import annotations

import ast
from pathlib import Path

from tests import sources

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "app" / "game"
TABLE = GAME / "table.py"
TABLE_NAMES = {"t", "table"}  # how a part names the table it was given
RECORDS = {"rec", "record"}  # a deal's record: plain data, filled in by whoever plays its deal


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        else:
            flat.append(target)
    return flat


def _someone_elses(target: ast.expr, in_table: bool) -> bool:
    """Whether ``target`` is an attribute of an object the module does not own: the table's (outside its own
    module), one of ``self``'s attributes' (``self.table.x``, a part's ``self.reveal.x``), or any other object's
    but a deal's record."""
    if not isinstance(target, ast.Attribute):
        return False
    owner = target.value
    if isinstance(owner, ast.Name):
        return owner.id not in {"self", *RECORDS} and not (in_table and owner.id in TABLE_NAMES)
    while isinstance(owner, ast.Attribute | ast.Subscript) and not isinstance(owner.value, ast.Name):
        owner = owner.value
    root = owner.value if isinstance(owner, ast.Attribute | ast.Subscript) else owner
    if not isinstance(root, ast.Name):
        return False
    return root.id not in RECORDS and not (in_table and root.id in TABLE_NAMES)


def test_no_game_module_writes_another_objects_attributes() -> None:
    writes = []
    for path in sorted(GAME.rglob("*.py")):
        for node in sources.nodes(path):
            for target in _targets(node):
                if _someone_elses(target, path == TABLE):
                    writes.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(target)}")
    assert writes == []
