"""The history's part of `chinese-poker bench` (app/store/bench.py): the report's figures and targets, the History
screen timed three times on a large file (the median reported) and once on a small one."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.store.bench import SCREEN_OPENINGS, SMALL, TARGETS, run_history_bench, screen_openings
from app.store.database import open_history

from .helpers import sample_records


@pytest.mark.parametrize("deals", [40, SMALL])
def test_the_screen_is_timed_once_on_a_small_file_and_three_times_on_a_large_one(deals: int) -> None:
    opened: list[int] = []
    timings = iter([0.3, 0.1, 0.2])

    def screen(path: Path) -> float:
        history = open_history(path).history
        assert history is not None
        opened.append(history.count())
        history.close()
        return next(timings)

    report = run_history_bench(sample_records(), deals, screen=screen)
    assert screen_openings(deals) == (1 if deals < SMALL else SCREEN_OPENINGS) and SCREEN_OPENINGS == 3
    assert opened == [deals + 200] * screen_openings(deals)  # the file, with the 200 deals the bench records
    assert report["history_open_s"] == (0.3 if deals < SMALL else 0.2)  # the median of the three
    assert report["deals"] == deals and set(report["targets"]) == set(TARGETS)
    for name, target in report["targets"].items():
        assert target["measured"] == report[name] and target["met"] == (target["measured"] <= target["limit"])
