"""A preset's traits are properties of the preset (rules/presets.py), read by every floor: no other module of the
product spells out a family of presets as a chain (``preset in (Preset.TAIWAN, Preset.TOURNAMENT)``,
``preset.taiwan_family or preset is Preset.ARCADE``, ``a if preset is Preset.ARCADE else b if preset is …``)."""

from __future__ import annotations

import ast
from pathlib import Path

from rules.presets import Preset
from rules.scoring import home_run_bonus, sweep_bonus

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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
    assert {p for p in Preset if p.doubling(False)} <= {p for p in Preset if p.treasure}  # 賭倍 and 寶牌: arcade's


def test_a_sweep_and_a_home_run_score_more_exactly_where_a_preset_has_bonuses() -> None:
    assert {p for p in Preset if sweep_bonus(p)} == {p for p in Preset if p.bonuses}
    assert {p for p in Preset if home_run_bonus(p)} == {p for p in Preset if p.bonuses}
    assert sweep_bonus(Preset.TOURNAMENT) == sweep_bonus(Preset.TAIWAN) == 6 and sweep_bonus(Preset.ARCADE) == 3
    assert home_run_bonus(Preset.SHISANSHUI) == 12 and home_run_bonus(Preset.WESTERN) == 0
