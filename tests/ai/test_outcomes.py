"""The rows' dependence in `hard`'s sweep pricing: the outcome algebra, the control-variate correction,
and the splits `hard` re-prices (:mod:`ai.outcomes`, :func:`ai.estimate.hard_scores`)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.contract import TableView
from ai.estimate import JOINT_TOP, expected_scores, hard_scores, joint_top, quick_decision, row_chances
from ai.features import split_features
from ai.opponents import OpponentModel, analytic_model
from ai.outcomes import _NAMES, JointSample, dependence, independent, with_joint
from rules.cards import deal
from rules.presets import Preset
from tests.tiers import examples


def _brute(win: np.ndarray, tie: np.ndarray) -> dict[str, float]:
    """The six outcome chances by enumerating the 27 win/tie/loss combinations of three unrelated rows."""
    out = dict.fromkeys(_NAMES, 0.0)
    probs = [(win[r], tie[r], 1 - win[r] - tie[r]) for r in range(3)]
    for combo in itertools.product(range(3), repeat=3):  # 0 win, 1 tie, 2 loss
        p = float(np.prod([probs[r][c] for r, c in enumerate(combo)]))
        nw, nl = combo.count(0), combo.count(2)
        out["all_win"] += p * (nw == 3)
        out["all_loss"] += p * (nl == 3)
        out["sweep"] += p * (nl == 0 and nw > 0)
        out["swept"] += p * (nw == 0 and nl > 0)
        out["two_one"] += p * (nw == 2 and nl == 1)
        out["one_two"] += p * (nl == 2 and nw == 1)
    return out


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=3, max_size=3))
def test_independent_outcomes_match_enumeration(rows: list[tuple[float, float]]) -> None:
    win = np.array([[a * (1 - b)] for a, b in rows]).reshape(3, 1)
    tie = np.array([[b * (1 - a * (1 - b)) * 0.5] for a, b in rows]).reshape(3, 1)
    got = independent(win, tie)
    want = _brute(win[:, 0], tie[:, 0])
    for name in _NAMES:
        assert float(getattr(got, name)[0]) == pytest.approx(want[name], abs=1e-12)


def test_dependence_is_zero_for_a_product_sample_and_exact_for_a_perfectly_linked_one() -> None:
    # Opponent rows that are all weak or all strong together: the strongest dependence there is.
    weak, strong = 10, 30
    joint = np.array([[weak] * 3, [strong] * 3] * 50)
    mine = np.array([[20], [20], [20]])  # beats every weak row, loses to every strong one
    d = dependence(mine, joint)
    # Jointly: a sweep half the time, swept half the time; as a product of halves: 1/8 each.
    assert d.all_win[0] == pytest.approx(0.5 - 0.125)
    assert d.all_loss[0] == pytest.approx(0.5 - 0.125)
    assert d.two_one[0] == pytest.approx(0 - 3 * 0.125)
    # Every combination of rows seen equally often: no dependence at all.
    grid = np.array(list(itertools.product([weak, strong], repeat=3)) * 10)
    flat = dependence(mine, grid)
    for name in _NAMES:
        assert abs(float(getattr(flat, name)[0])) < 1e-12


def test_with_joint_keeps_chances_in_range_and_leaves_a_model_without_samples_alone() -> None:
    keys = np.array([[20, 5], [20, 5], [20, 5]])
    base = independent(np.full((3, 2), 0.5), np.zeros((3, 2)))
    assert with_joint(base, keys, None) is base
    linked = with_joint(base, keys, np.array([[10] * 3, [30] * 3] * 10))
    for name in _NAMES:
        arr = getattr(linked, name)
        assert ((arr >= 0) & (arr <= 1)).all()


def _linked_model(preset: Preset) -> OpponentModel:
    """The analytic marginals with a joint sample whose rows go strongly together (sorted per row)."""
    model = analytic_model(preset.default_options.wheel)
    rng = np.random.default_rng(4)
    cols = []
    for rm in model.rows:
        cols.append(np.sort(rng.choice(rm.keys, 2000, p=rm.prob)))
    return replace(model, joint=np.column_stack(cols))


# Hongkong and backrow pay each row on its own: how an opponent's rows go together cannot move their price.
@pytest.mark.parametrize("preset", [p for p in Preset if p not in (Preset.HONGKONG, Preset.BACKROW)])
def test_hard_reprices_only_its_best_splits_and_the_correction_moves_them(preset: Preset) -> None:
    view = TableView(preset=preset)
    model = _linked_model(preset)
    hand = deal(12)[0]
    f = split_features(hand, view.rules_options)
    plain = expected_scores(f, model, preset, view.rules_options)
    priced = hard_scores(f, model, preset, view.rules_options)
    top = joint_top(plain)
    assert len(top) == min(JOINT_TOP, f.size)
    assert np.isfinite(priced[top]).all() and np.isinf(np.delete(priced, top)).all()
    assert not np.allclose(priced[top], plain[top]), "linked rows change what sweeps are worth"
    # Re-pricing a subset is exactly pricing those splits in place, whether the rows' chances are looked up
    # afresh or taken from the whole hand's (as `hard_scores` takes them), at a banker's table's sides too.
    options = view.rules_options
    assert np.array_equal(priced[top], expected_scores(f.take(top), model, preset, options, joint=True))
    for side in (None, True, False):
        afresh = expected_scores(f.take(top), model, preset, options, joint=True, side=side)
        taken = row_chances(f, model, options, side).take(top)
        assert np.array_equal(
            afresh, expected_scores(f.take(top), model, preset, options, joint=True, side=side, chances=taken)
        )
    # Without joint samples `hard` is the plain estimate.
    assert np.array_equal(hard_scores(f, replace(model, joint=None), preset, view.rules_options), plain)


def test_joint_top_breaks_ties_towards_the_lower_position() -> None:
    ev = np.array([1.0, 3.0, 3.0, 3.0, 0.0])
    assert joint_top(ev, 2).tolist() == [1, 2]


def test_quick_decision_on_a_linked_model_never_fouls() -> None:
    from rules.arrangement import foul_reason

    for preset in Preset:
        view = TableView(preset=preset)
        model = _linked_model(preset)
        for hand in deal(77):
            d = quick_decision(hand, view, model=model)
            if d.arrangement is not None:
                assert foul_reason(d.arrangement, view.rules_options.wheel) is None


def _dependence_by_comparison(keys: np.ndarray, joint: np.ndarray) -> dict[str, np.ndarray]:
    """The same measure the slow way: every split compared with every sample, as booleans."""
    opp, mine = joint.T[:, None, :], keys[:, :, None]
    won, lost = mine > opp, mine < opp
    nw, nl = won.sum(axis=0), lost.sum(axis=0)
    seen = {
        "all_win": nw == 3,
        "all_loss": nl == 3,
        "sweep": (nl == 0) & (nw > 0),
        "swept": (nw == 0) & (nl > 0),
        "two_one": (nw == 2) & (nl == 1),
        "one_two": (nl == 2) & (nw == 1),
    }
    win, tie = won.mean(axis=2), 1 - won.mean(axis=2) - lost.mean(axis=2)
    product = independent(win, tie)
    return {name: seen[name].mean(axis=1) - getattr(product, name) for name in _NAMES}


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 200), st.integers(0, 2**32 - 1))
def test_bit_set_counts_equal_plain_comparisons(n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    joint = rng.integers(0, 12, size=(n, 3)) * 4  # few distinct keys: many ties
    keys = rng.integers(0, 12, size=(3, 25)) * 4
    got = dependence(keys, JointSample.of(joint))
    want = _dependence_by_comparison(keys, joint)
    for name in _NAMES:
        assert np.allclose(getattr(got, name), want[name], atol=1e-12), name
