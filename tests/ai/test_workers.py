"""The worker processes the arena and the field share their blocks among (ai/workers.py): results in block order,
a worker's error raised in the parent, a worker killed mid-block named, and no worker left behind."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from ai.workers import WorkerLost, play_blocks, play_parallel


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
    """This process's live (not zombie) children, from /proc (Linux)."""
    found = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.add(int(name))
    return found


def test_results_come_back_in_block_order_and_progress_counts_the_blocks_in_order() -> None:
    blocks = [[i, i + 1] for i in range(0, 20, 2)]
    heard: list[tuple[int, int]] = []
    got = play_parallel(_square, blocks, 2, 20, lambda done, total: heard.append((done, total)), len)
    assert got == [_square(b) for b in blocks]
    assert heard == [(2 * (i + 1), 20) for i in range(10)]
    assert not _children()


def _group_and_pid(block: list[int]) -> tuple[int, int]:
    return os.getpgid(0), os.getpid()


def test_workers_sit_in_process_groups_of_their_own_that_a_terminals_ctrl_c_does_not_reach() -> None:
    got = play_parallel(_group_and_pid, [[1], [2], [3], [4]], 2, 4, None, len)
    assert all(group == pid for group, pid in got)  # each leads its own group
    assert not {group for group, _ in got} & {os.getpgid(0)}
    assert len({pid for _, pid in got}) == 2


def test_a_sigint_that_reaches_a_worker_in_its_imports_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ignored from the worker's first instruction: a multiprocessing worker, interrupted in its imports before
    # its own code set that, printed a traceback and died (a CI run's Ctrl+C test).
    from . import interrupted_on_import  # imported here before the variable is set: only the workers kill

    monkeypatch.setenv(interrupted_on_import.ON_IMPORT, "1")
    assert play_parallel(interrupted_on_import.doubled, [[1, 2], [3]], 2, 3, None, len) == [[2, 4], [6]]
    assert not _children()


def test_a_worker_gone_before_its_first_block_is_named_not_a_broken_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    from . import dies_on_import

    monkeypatch.setenv(dies_on_import.ON_IMPORT, "1")
    with pytest.raises(WorkerLost, match="exit code 3"):
        play_parallel(dies_on_import.same, [[1], [2], [3]], 2, 3, None, len)
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


def _pid(block: list[int]) -> int:
    return os.getpid()


def test_play_blocks_plays_here_with_one_job_and_on_workers_with_more_counting_blocks() -> None:
    heard: list[tuple[int, int]] = []
    assert play_blocks(_pid, [[1], [2], [3]], 1, lambda done, total: heard.append((done, total))) == [os.getpid()] * 3
    assert heard == [(1, 3), (2, 3), (3, 3)]
    assert play_blocks(_pid, [[1]], 4) == [os.getpid()]  # one block: no process to start for it
    heard.clear()
    pids = play_blocks(_pid, [[1], [2], [3], [4]], 2, lambda done, total: heard.append((done, total)))
    assert os.getpid() not in pids and len(set(pids)) == 2
    assert heard == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert not _children()


class _Unpicklable(Exception):
    def __init__(self) -> None:
        super().__init__("holds a lock")
        self.lock = threading.Lock()  # a lock does not pickle


def _raises_unpicklable(block: list[int]) -> list[int]:
    raise _Unpicklable()


def test_an_error_that_does_not_pickle_comes_back_as_words() -> None:
    with pytest.raises(RuntimeError, match="_Unpicklable: holds a lock"):
        play_parallel(_raises_unpicklable, [[1], [2]], 2, 2, None, len)
    assert not _children()
