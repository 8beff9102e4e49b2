"""The self-play training script, with tiny numbers: valid distributions, reproducible, and the file the levels load.

Nothing here reads the shipped assets/ai/row_tables.npz (it is being retrained separately).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import ai.opponents
from ai.opponents import OpponentModel, RowModel
from ai.train import main, train_preset
from rules.presets import Preset


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
def test_train_preset_returns_proper_distributions(preset: Preset) -> None:
    model = train_preset(preset, hands=40, rounds=1, seed=3, workers=1)
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
    a = train_preset(Preset.TOURNAMENT, hands=16, rounds=2, seed=11, workers=1)
    b = train_preset(Preset.TOURNAMENT, hands=16, rounds=2, seed=11, workers=1)
    c = train_preset(Preset.TOURNAMENT, hands=16, rounds=2, seed=12, workers=1)
    for ra, rb in zip(a.rows, b.rows, strict=True):
        assert (ra.keys == rb.keys).all() and (ra.prob == rb.prob).all()
    assert a.mean_bonus == b.mean_bonus
    assert any(len(ra.keys) != len(rc.keys) or (ra.keys != rc.keys).any() for ra, rc in zip(a.rows, c.rows,
                                                                                                strict=True))


def test_main_writes_the_tables_the_levels_load(tmp_path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    out = tmp_path / "tables" / "row_tables.npz"
    assert main(["--hands", "8", "--rounds", "1", "--workers", "1", "--seed", "5", "--out", str(out)]) == 0
    meta = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert meta["hands"] == 8 and meta["rounds"] == 1 and meta["seed"] == 5 and meta["seconds"] >= 0
    data = np.load(out)
    expected = {f"{p.value}_{r}_{k}" for p in Preset for r in ("front", "middle", "back") for k in ("keys", "prob")}
    expected |= {f"{p.value}_mean_bonus" for p in Preset} | {"meta"}
    assert set(data.files) == expected
    assert json.loads(str(data["meta"])) == meta
    for p in Preset:
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
