"""Shared test settings: hypothesis profiles (CI runs the same examples every time)."""

import inspect
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark Pilot and snapshot tests by what they use, so ``-m "not pilot"`` and the like select them."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "snap_compare" in fixtures:
            item.add_marker(pytest.mark.snapshot)
        elif "tests/app/" in item.nodeid and inspect.iscoroutinefunction(getattr(item, "function", None)):
            item.add_marker(pytest.mark.pilot)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers a core for ``-n auto``: the Pilot tests wait on Textual's event loop about half the time, so
    one worker a core leaves the cores idle (measured: 98 s with 2 workers, 77 s with 4 on 2 cores)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores
