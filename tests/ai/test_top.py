"""The k best of an array with equal values to the lower position (ai/top.py): the positions a stable sort gives,
which no processor's choice of sorting algorithm can change; and nothing in ai/ cuts a ranking another way."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from ai.top import top_columns, top_positions
from tests import sources

AI = Path(__file__).resolve().parents[2] / "ai"

# Few distinct values, so that ties are the rule; -inf as the illegal splits are priced.
_VALUE = st.sampled_from([-np.inf, -1.5, 0.0, 0.25, 2.0, 7.0])


def _stable_top(values: np.ndarray, k: int) -> list[int]:
    """The reference: a stable sort by value, descending, cut at k, in position order."""
    return sorted(np.argsort(-values, kind="stable")[:k].tolist())


@given(arrays(np.float64, st.integers(1, 40), elements=_VALUE), st.integers(0, 45))
def test_top_positions_are_a_stable_sorts_cut(values: np.ndarray, k: int) -> None:
    assert top_positions(values, k).tolist() == _stable_top(values, k)


@given(arrays(np.float32, st.tuples(st.integers(1, 6), st.integers(1, 30)), elements=_VALUE), st.integers(1, 30))
def test_top_columns_are_each_rows_stable_sorts_cut(values: np.ndarray, k: int) -> None:
    got = top_columns(values, k)
    assert got.shape == (len(values), min(k, values.shape[1]))
    assert [row.tolist() for row in got] == [_stable_top(row, k) for row in values]


def test_equal_values_go_to_the_lower_positions() -> None:
    ev = np.array([1.0, 3.0, 3.0, 3.0, 0.0, 3.0])
    assert top_positions(ev, 2).tolist() == [1, 2]
    assert top_columns(np.stack([ev, ev[::-1]]), 2).tolist() == [[1, 2], [0, 2]]


def test_no_ranking_in_ai_is_cut_by_an_unstable_sort() -> None:
    """argpartition, and argsort without kind="stable", order equal values as the processor's sort decides (the
    computer's play and the coach's best changed between machines): ai/ ranks with ai/top.py instead."""
    found = []
    for path in sorted(AI.glob("*.py")):
        for node in sources.nodes(path):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            name = node.func.attr
            stable = any(
                kw.arg == "kind" and isinstance(kw.value, ast.Constant) and kw.value.value == "stable"
                for kw in node.keywords
            )
            if name == "argpartition" or (name == "argsort" and not stable and path.name not in _VALUES_ONLY):
                found.append(f"{path.name}:{node.lineno} {name}")
    assert not found, found


# Files whose unstable argsort sorts values that are never equal (the bank's card permutations).
_VALUES_ONLY = {"bank.py"}
