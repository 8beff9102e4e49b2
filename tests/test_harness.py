"""The suite's own settings: the everyday tier runs with the collected suite frozen out of the cyclic
collector's walk and at its raised thresholds; the soak tier keeps Python's collector as the game runs it."""

from __future__ import annotations

import gc

import pytest

from tests.conftest import EVERYDAY_GC_THRESHOLDS

PYTHON_DEFAULT_GC_THRESHOLDS = (700, 10, 10)


def test_the_everyday_tier_freezes_the_collected_suite_and_raises_the_thresholds() -> None:
    assert gc.get_threshold() == EVERYDAY_GC_THRESHOLDS
    assert gc.get_freeze_count() > 10_000  # the imported product, Textual and every collected test


@pytest.mark.soak
def test_the_soak_tier_keeps_pythons_collector() -> None:
    assert gc.get_threshold() == PYTHON_DEFAULT_GC_THRESHOLDS
    assert gc.get_freeze_count() == 0
