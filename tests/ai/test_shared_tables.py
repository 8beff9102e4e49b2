"""The computer's tables shipped uncompressed and memory-mapped (issue 44): what a process maps is exactly what
it would otherwise build or work out, and it is read-only (every process on a host shares the one copy)."""

from __future__ import annotations

import numpy as np
import pytest

from ai import splits
from ai.bank import BANK_PATH, SHARED_PATH, load_bank
from rules.evaluate import Wheel, build_tables, tables
from rules.presets import Preset


def test_the_mapped_split_tables_are_the_built_ones() -> None:
    built, shipped = splits._build(), splits._load()
    assert splits.SHARED_PATH.exists()
    for b, s in zip(built, shipped, strict=True):
        assert np.array_equal(b, s) and b.dtype == s.dtype and not s.flags.writeable


@pytest.mark.parametrize("wheel", list(Wheel))
def test_the_mapped_evaluation_tables_are_the_built_ones(wheel: Wheel) -> None:
    got, want = tables(wheel), build_tables(wheel)
    for name in ("key3", "lead3", "key5", "lead5"):
        a, b = getattr(got, name), getattr(want, name)
        assert np.array_equal(a, b) and a.dtype == b.dtype and not a.flags.writeable


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI])
def test_a_mapped_bank_reads_as_the_one_worked_out_from_the_npz(preset: Preset) -> None:
    mapped = load_bank(preset)
    worked = load_bank.__wrapped__(preset, BANK_PATH, None)
    assert mapped is not None and worked is not None and SHARED_PATH.exists()
    assert not mapped.cards.flags.writeable and not mapped.hand_masks.flags.writeable
    idx = np.random.default_rng(1).choice(len(worked), 500, replace=False)
    treasure = (0, 17, 51)
    a, b = mapped.rows(idx, treasure), worked.rows(idx, treasure)
    for name in ("keys", "worth", "bonus", "shape"):
        x, y = getattr(a, name), getattr(b, name)
        assert np.array_equal(x, y) and x.dtype == y.dtype
    assert np.array_equal(mapped.cards, worked.cards) and np.array_equal(mapped.hand_masks, worked.hand_masks)
