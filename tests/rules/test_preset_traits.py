"""A preset's traits are properties of the preset (rules/presets.py), read by every floor: no other module of the
product spells out a family of presets as a chain (``preset in (Preset.TAIWAN, Preset.TOURNAMENT)``,
``preset.taiwan_family or preset is Preset.ARCADE``, ``a if preset is Preset.ARCADE else b if preset is …``),
nor decides a trait by one preset's name (``preset is Preset.ARCADE`` for the treasure) outside rules/, nor keeps a
dict of some presets read with a default (``{Preset.SHISANSHUI: 2.25}.get(preset, 1.0)``)."""

from __future__ import annotations

import ast
from pathlib import Path

from rules.presets import Preset
from rules.scoring import home_run_bonus, sweep_bonus
from tests import sources

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "rules" / "presets.py"


def _preset_members(node: ast.AST) -> int:
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else []
    return sum(isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "Preset" for e in items)


#: Preset's traits, whose names a chain may test beside its members.
TRAITS = {name for name, value in vars(Preset).items() if isinstance(value, property)} | {"doubling", "pays"}


def _tests_a_preset(node: ast.AST) -> bool:
    """Whether ``node`` asks something of a preset: compares with a member, or reads a trait."""
    if isinstance(node, ast.UnaryOp):
        return _tests_a_preset(node.operand)
    if isinstance(node, ast.Call):
        return _tests_a_preset(node.func)
    if isinstance(node, ast.Compare):
        return any(_preset_members(ast.Tuple(elts=[c])) for c in (node.left, *node.comparators))
    return isinstance(node, ast.Attribute) and node.attr in TRAITS


def test_no_chain_of_presets_outside_their_spec() -> None:
    chains = []
    for path in sorted(p for part in ("rules", "ai", "app") for p in (ROOT / part).rglob("*.py")):
        if path == SPEC:
            continue
        for node in sources.nodes(path):
            if isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops):
                if any(_preset_members(c) >= 2 for c in node.comparators):
                    chains.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif isinstance(node, ast.Assign) and _preset_members(node.value) >= 2:
                chains.append(f"{path.relative_to(ROOT)}:{node.lineno} (a named family)")
            elif isinstance(node, ast.BoolOp) and sum(map(_tests_a_preset, node.values)) >= 2:
                chains.append(f"{path.relative_to(ROOT)}:{node.lineno} (presets joined by and / or)")
            elif (
                isinstance(node, ast.IfExp)
                and isinstance(node.orelse, ast.IfExp)
                and _tests_a_preset(node.test)
                and _tests_a_preset(node.orelse.test)
            ):
                chains.append(f"{path.relative_to(ROOT)}:{node.lineno} (presets in a chain of if-else)")
    assert chains == []


#: Where a module outside rules/ may compare a preset with one member: the function is about that preset itself
#: (its own formula, table or words, one branch a preset), not a trait another preset could share.
ONE_PRESET_ALLOWED = {
    # Each preset's own estimate of a split's worth, one formula a preset, as rules/scoring.py's _SCORERS.
    ("ai/estimate.py", "expected_scores"): "each preset's own formula",
    ("ai/showdown.py", "decisions_rows"): "each preset's own worth function for a decided hand",
    ("ai/policy.py", "declaration_value"): "each preset's own table of declared hands' amounts",
    # The levels' note names backrow and its measured equality (assets/ai/README.md, "backrow").
    ("ai/arena.py", "equal_by_rule"): "backrow's note, about backrow itself",
    # The rules text writes each preset's own sections of RULES.md in words.
    ("app/view/rules_text.py", "_lines"): "each preset's own scoring section",
    ("app/view/rules_text.py", "_session"): "each preset's own session section",
    ("app/view/rules_text.py", "_taiwan"): "taiwan's and tournament's own words within their shared section",
    # The game's name as the preset's players call it (十三水), a name, not a rule.
    ("app/view/table_info.py", "info_text"): "shisanshui's own name for the game",
}


def _one_preset_comparisons(path: Path) -> list[tuple[str, int]]:
    """The (function, line) of each comparison in ``path`` with a single member of Preset (``is``, ``==``…)."""
    found: list[tuple[str, int]] = []

    def compares_one(node: ast.AST) -> bool:
        return isinstance(node, ast.Compare) and any(
            _preset_members(ast.Tuple(elts=[c])) for c in (node.left, *node.comparators)
        )

    def visit(node: ast.AST, func: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else func
            if compares_one(child):
                found.append((name, child.lineno))
            visit(child, name)

    # Most files compare no preset: a glance at their shared node list spares them the walk that names functions.
    if any(map(compares_one, sources.nodes(path))):
        visit(sources.tree(path), "")
    return found


def test_no_single_preset_decides_a_trait_outside_rules() -> None:
    # ``preset is Preset.ARCADE`` deciding the cut card, the doubles or the coins is a trait spelt out by name:
    # the next preset with treasure would silently lack it. Only the allowed functions name one preset.
    unexplained, used = [], set()
    for path in sorted(p for part in ("ai", "app") for p in (ROOT / part).rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for func, line in _one_preset_comparisons(path):
            if (rel, func) in ONE_PRESET_ALLOWED:
                used.add((rel, func))
            else:
                unexplained.append(f"{rel}:{line} ({func or 'module'})")
    assert unexplained == []
    assert used == set(ONE_PRESET_ALLOWED), "an allowed function no longer names a preset: drop it from the list"


def _by_preset(node: ast.AST | None) -> ast.Dict | None:
    """``node`` when it is a dict literal keyed by members of Preset."""
    if isinstance(node, ast.Dict) and node.keys and all(k and _preset_members(ast.Tuple(elts=[k])) for k in node.keys):
        return node
    return None


def test_no_partial_dict_of_presets_outside_rules() -> None:
    # A dict keyed by Preset that leaves a preset out, read with ``.get(preset, default)``, gives the next preset
    # the default without a word (and read with ``[preset]`` fails on it): every preset is named, or it is a trait.
    found = []
    for path in sorted(p for part in ("ai", "app") for p in (ROOT / part).rglob("*.py")):
        nodes = sources.nodes(path)
        named = {
            target.id
            for node in nodes
            if isinstance(node, ast.Assign | ast.AnnAssign) and _by_preset(node.value)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        for node in nodes:
            table = _by_preset(node)
            if table is not None and len(table.keys) != len(Preset):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} (names {len(table.keys)} presets)")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
                owner = node.func.value
                if _by_preset(owner) or (isinstance(owner, ast.Name) and owner.id in named):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} (read with .get)")
    assert found == []


def test_the_families() -> None:
    assert {p for p in Preset if p.taiwan_family} == {Preset.TAIWAN, Preset.TOURNAMENT}
    assert {p for p in Preset if p.bonuses} == {Preset.TAIWAN, Preset.TOURNAMENT, Preset.ARCADE, Preset.SHISANSHUI}
    assert all(p.arranged for p in Preset if p.bonuses)


def test_doubling_is_arcades_and_never_a_banker_games() -> None:
    # One reading of §7.5 and §16.1, which the table, its help, the record, the lobby and the AI all ask.
    assert [p for p in Preset if p.doubling(False)] == [Preset.ARCADE]
    assert [p for p in Preset if p.doubling(True)] == []


def test_rows_are_priced_one_by_one_everywhere_but_the_taiwanese_family() -> None:
    assert {p for p in Preset if p.rows_priced} == {p for p in Preset if p.arranged and not p.taiwan_family}
    assert not Preset.TAIWAN.rows_priced and Preset.WESTERN.rows_priced and not Preset.LADDER.rows_priced


def test_the_majority_is_westerns_and_the_treasure_arcades() -> None:
    assert [p for p in Preset if p.majority] == [Preset.WESTERN]
    assert [p for p in Preset if p.treasure] == [Preset.ARCADE]
    # §7.4, §7.5, §7.7: the +2 of the shapes, the 賭倍 picks a deal holds and the coins are arcade's too.
    assert [p for p in Preset if p.shape_bonus] == [Preset.ARCADE]
    assert [p for p in Preset if p.double_picks] == [Preset.ARCADE]
    assert [p for p in Preset if p.plays_for_coins] == [Preset.ARCADE]
    assert all(p.double_picks for p in Preset if p.doubling(False))


def test_only_the_tournament_sets_the_clock() -> None:
    # §6.1: choosing tournament at the host screen sets 60 seconds; every other preset keeps the host's.
    assert {p: p.default_time_limit for p in Preset if p.default_time_limit is not None} == {Preset.TOURNAMENT: 60}
    assert {p for p in Preset if p.doubling(False)} <= {p for p in Preset if p.treasure}  # 賭倍 and 寶牌: arcade's


def test_a_sweep_and_a_home_run_score_more_exactly_where_a_preset_has_bonuses() -> None:
    assert {p for p in Preset if sweep_bonus(p)} == {p for p in Preset if p.bonuses}
    assert {p for p in Preset if home_run_bonus(p)} == {p for p in Preset if p.bonuses}
    assert sweep_bonus(Preset.TOURNAMENT) == sweep_bonus(Preset.TAIWAN) == 6 and sweep_bonus(Preset.ARCADE) == 3
    assert home_run_bonus(Preset.SHISANSHUI) == 12 and home_run_bonus(Preset.WESTERN) == 0
