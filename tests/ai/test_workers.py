"""The worker processes the arena and the field share their blocks among (ai/workers.py): results in block order,
a worker's error raised in the parent, a worker killed mid-block named, and no worker left behind."""

from __future__ import annotations

import os
import signal
from multiprocessing import resource_tracker

import pytest

from ai.workers import WorkerLost, play_parallel


def _square(block: list[int]) -> list[int]:
    return [x * x for x in block]


def _fails_on_seven(block: list[int]) -> list[int]:
    if 7 in block:
        raise ValueError("seven")
    return block


def _dies_on_seven(block: list[int]) -> list[int]:
    if 7 in block:
        os.kill(os.getpid(), signal.SIGKILL)
    return block


def _children() -> set[int]:
    """This process's live children, from /proc (Linux), but multiprocessing's resource tracker (started with the
    first spawned process, it lives as long as this one)."""
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    found = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z" and int(name) != tracker:
                found.add(int(name))
    return found


def test_results_come_back_in_block_order_and_progress_counts_the_blocks_in_order() -> None:
    blocks = [[i, i + 1] for i in range(0, 20, 2)]
    heard: list[tuple[int, int]] = []
    got = play_parallel(_square, blocks, 2, 20, lambda done, total: heard.append((done, total)), len)
    assert got == [_square(b) for b in blocks]
    assert heard == [(2 * (i + 1), 20) for i in range(10)]
    assert not _children()


def test_more_jobs_than_blocks_start_one_worker_a_block() -> None:
    assert play_parallel(_square, [[3]], 4, 1, None, len) == [[9]]


def test_a_workers_error_is_raised_here_and_every_worker_ends() -> None:
    with pytest.raises(ValueError, match="seven"):
        play_parallel(_fails_on_seven, [[i] for i in range(12)], 2, 12, None, len)
    assert not _children()


def test_a_worker_killed_mid_block_is_named_and_the_others_end() -> None:
    with pytest.raises(WorkerLost, match="exit code -9"):
        play_parallel(_dies_on_seven, [[i] for i in range(12)], 2, 12, None, len)
    assert not _children()
