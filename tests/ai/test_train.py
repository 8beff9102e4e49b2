"""The self-play training script, with tiny numbers: valid distributions, reproducible, and the file the levels load.

Nothing here reads the shipped assets/ai/row_tables.npz (it is being retrained separately).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import ai.opponents
from ai.opponents import OpponentModel, RowModel
from ai.train import JOINT_SIZE, ArrangedRound, fixed_point, main, next_model
from rules.presets import Preset
from tests.tiers import sized


def _check_model(model: OpponentModel) -> None:
    assert len(model.rows) == 3
    for row in model.rows:
        assert isinstance(row, RowModel)
        assert len(row.keys) == len(row.prob) > 0
        assert (np.diff(row.keys) > 0).all(), "keys sorted, no duplicates (searchsorted relies on it)"
        assert (row.keys & 3 == 0).all(), "base keys: no suit tie-break bits"
        assert (row.prob > 0).all()
        assert row.prob.sum() == pytest.approx(1.0)
    # The front holds only high card, pair or trips (categories 0, 1, 3).
    assert set(model.rows[0].categories.tolist()) <= {0, 1, 3}
    assert model.mean_bonus >= 0


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.SHISANSHUI])
def test_training_returns_proper_distributions(preset: Preset) -> None:
    model = fixed_point(preset, hands=40, rounds=1, seed=3, workers=1)[0]
    _check_model(model)
    assert model.name == f"trained:{preset.value}"
    # Forty arranged hands: at most 40 distinct rows per position, with probabilities in 1/40 steps.
    for row in model.rows:
        assert len(row.keys) <= 40
        assert np.allclose(row.prob * 40, np.round(row.prob * 40))
    # Arranged rows, not random ones: on average the back is stronger than the middle, the middle than the front.
    front, middle, back = (float(r.categories @ r.prob) for r in model.rows)
    assert back > middle > front


def test_training_is_reproducible_from_the_seed() -> None:
    a = fixed_point(Preset.TOURNAMENT, hands=16, rounds=2, seed=11, workers=1)[0]
    b = fixed_point(Preset.TOURNAMENT, hands=16, rounds=2, seed=11, workers=1)[0]
    c = fixed_point(Preset.TOURNAMENT, hands=16, rounds=2, seed=12, workers=1)[0]
    for ra, rb in zip(a.rows, b.rows, strict=True):
        assert (ra.keys == rb.keys).all() and (ra.prob == rb.prob).all()
    assert a.mean_bonus == b.mean_bonus
    assert any(
        len(ra.keys) != len(rc.keys) or (ra.keys != rc.keys).any() for ra, rc in zip(a.rows, c.rows, strict=True)
    )


def test_main_writes_the_tables_the_levels_load(tmp_path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    out = tmp_path / "tables" / "row_tables.npz"
    args = ["--hands", "8", "--rounds", "1", "--workers", "1", "--seed", "5", "--eval-deals", "2", "--out", str(out)]
    assert main(args) == 0
    meta = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert meta["hands"] == 8 and meta["rounds"] == 1 and meta["seed"] == 5 and meta["seconds"] >= 0
    data = np.load(out)
    arranged = [p for p in Preset if p.arranged]  # the pattern ladder has no tables
    expected = {f"{p.value}_{r}_{k}" for p in arranged for r in ("front", "middle", "back") for k in ("keys", "prob")}
    expected |= {f"{p.value}_{k}" for p in arranged for k in ("mean_bonus", "joint")} | {"meta"}
    assert set(data.files) == expected
    stored = json.loads(str(data["meta"]))
    assert {k: v for k, v in stored.items() if k not in ("history", "runs")} == meta
    assert stored["runs"] == {p.value: meta for p in arranged}  # which run made each preset's tables
    assert [step["round"] for step in stored["history"]["taiwan"]] == [1]
    assert data["taiwan_joint"].shape[1] == 3
    for p in arranged:
        for r in ("front", "middle", "back"):
            assert data[f"{p.value}_{r}_prob"].sum() == pytest.approx(1.0)
            assert (np.diff(data[f"{p.value}_{r}_keys"]) > 0).all()
    assert float(data["shisanshui_mean_bonus"]) == 0.0  # 加賭 exist only in taiwan and tournament
    # trained_model reads exactly this file (pointed at the temporary copy, never the shipped one).
    monkeypatch.setattr(ai.opponents, "TABLES_FILE", out)
    ai.opponents.trained_model.cache_clear()
    try:
        model = ai.opponents.trained_model(Preset.ARCADE)
        assert model.name == "trained:arcade"
        _check_model(model)
        assert (model.rows[2].keys == data["arcade_back_keys"]).all()
    finally:
        ai.opponents.trained_model.cache_clear()
    assert not list(out.parent.glob("*.tmp*")), "the temporary file is renamed into place"


def test_missing_tables_fall_back_to_the_analytic_model(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.opponents, "TABLES_FILE", tmp_path / "absent.npz")
    ai.opponents.trained_model.cache_clear()
    try:
        fallback = ai.opponents.analytic_model(Preset.TAIWAN.default_options.wheel)
        assert ai.opponents.trained_model(Preset.TAIWAN) is fallback
    finally:
        ai.opponents.trained_model.cache_clear()


@sized("hands", 200, 400)  # two hundred hands already settle (the back's distance 0.90, 0.21, 0.15)
def test_the_iteration_settles_mixes_and_records_its_convergence(hands: int) -> None:
    model, history = fixed_point(Preset.TAIWAN, hands=hands, rounds=3, seed=9, workers=1, eval_deals=3)
    _check_model(model)
    assert [h["round"] for h in history] == [1, 2, 3]
    assert "play" not in history[0] and "play" in history[1]
    for h in history:
        assert len(h["tables"]["ks"]) == 3 and all(0 <= x <= 1 for x in h["tables"]["ks"])
        assert set(h["strength"]) == {"vs_reference", "ci95"}
    # Round 1 replaces the random start outright; later rounds move less (damped by the mix).
    assert history[0]["tables"]["ks"][2] > history[2]["tables"]["ks"][2]
    assert model.joint is not None and model.joint.shape[1] == 3 and len(model.joint) <= JOINT_SIZE
    assert (model.joint & 3 == 0).all(), "whole arrangements kept as base keys"
    front, middle, back = model.joint.T
    assert (front[:, None] >= 0).all() and np.mean(back >= middle) > 0.99


def test_the_result_does_not_depend_on_the_number_of_workers() -> None:
    one = fixed_point(Preset.SHISANSHUI, hands=48, rounds=2, seed=4, workers=1)[0]
    two = fixed_point(Preset.SHISANSHUI, hands=48, rounds=2, seed=4, workers=2)[0]
    for a, b in zip(one.rows, two.rows, strict=True):
        assert np.array_equal(a.keys, b.keys) and np.array_equal(a.prob, b.prob)
    assert one.joint is not None and two.joint is not None and np.array_equal(one.joint, two.joint)


def test_mixing_keeps_half_of_the_previous_model() -> None:
    old = fixed_point(Preset.TOURNAMENT, hands=40, rounds=1, seed=1, workers=1)[0]
    assert old.joint is not None
    played = ArrangedRound(old.joint[[5, 7]], np.array([1.0, 3.0]))
    new = next_model(Preset.TOURNAMENT, old, played, 0.5, seed=1, round_no=2, first=False)
    assert new.mean_bonus == pytest.approx(0.5 * old.mean_bonus + 0.5 * 2.0)
    for rm in new.rows:
        assert rm.prob.sum() == pytest.approx(1.0)
    # Below the joint sample's size everything is kept: the two fresh arrangements first, then the old ones.
    assert new.joint is not None and len(new.joint) == len(old.joint) + 2
    assert np.array_equal(new.joint[:2], old.joint[[5, 7]])
