"""The evaluation tables shipped in assets/tables are exactly what the plain classifier builds."""

import numpy as np
import pytest

from rules.evaluate import Wheel, build_tables, tables


@pytest.mark.parametrize("wheel", list(Wheel))
def test_shipped_tables_equal_built_tables(wheel: Wheel) -> None:
    shipped, built = tables(wheel), build_tables(wheel)
    for name in ("key3", "lead3", "key5", "lead5"):
        assert np.array_equal(getattr(shipped, name), getattr(built, name)), name


def test_missing_shipped_tables_fall_back_to_building(tmp_path, monkeypatch) -> None:
    import rules.evaluate as ev

    monkeypatch.setattr(ev, "SHIPPED_TABLES", tmp_path)
    ev.tables.cache_clear()
    try:
        assert np.array_equal(ev.tables(Wheel.LOW).key5, build_tables(Wheel.LOW).key5)
    finally:
        ev.tables.cache_clear()
