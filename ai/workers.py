"""Blocks of work shared by fresh worker processes (the arena's and the field's deals), that a Ctrl+C ends at once.

Each worker is a spawned interpreter with a pipe of its own: it is sent one block at a time and sends back its
result. On an interrupt (or any error) the parent terminates the workers and goes on; nothing waits on them.
This replaced a ``ProcessPoolExecutor``: ended mid-block, its workers could leave a half-written result in the
pool's shared queue, and its manager thread, reading the rest of it, kept the parent from exiting (a Ctrl+C
under load that never ended the arena).
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

B = TypeVar("B")
R = TypeVar("R")

_STOP = None  # what a worker is sent when no block is left


class WorkerLost(RuntimeError):
    """A worker process ended without sending back its block's result (killed, or out of memory)."""


def _serve(conn: Connection, work: Callable[[Any], Any]) -> None:
    """A worker's life: blocks in, results out, until told to stop or the parent is gone. Ctrl+C is left to the
    parent (it reaches the whole foreground group), which ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held back by the parent while it started us: ignored from now on
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):
            return
        if item is _STOP:
            return
        index, block = item
        try:
            reply: tuple[int, bool, Any] = (index, True, work(block))
        except Exception as error:  # the parent raises it, as a pool's future would
            reply = (index, False, error)
        try:
            conn.send(reply)
        except Exception as unsendable:
            conn.send((index, False, RuntimeError(f"{type(reply[2]).__name__}: {reply[2]} ({unsendable})")))


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold SIGINT back while the workers are started. A spawned interpreter inherits the blocked signal from
    its first instruction, where its own handler is only set after its imports (a Ctrl+C in between printed a
    worker's traceback); here a Ctrl+C in the meantime is only delayed, raised as the block ends."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _end(processes: list[BaseProcess], conns: list[Connection]) -> None:
    """Stop the workers at once (terminate, then kill what is left after a second) and close their pipes."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(1.0)
        if process.is_alive():
            process.kill()
            process.join(1.0)
    for conn in conns:
        conn.close()


def play_parallel(
    work: Callable[[B], R],
    blocks: list[B],
    jobs: int,
    total: int,
    progress: Callable[[int, int], None] | None,
    size: Callable[[B], int],
) -> list[R]:
    """``work`` done on each block, the results in block order, on ``jobs`` fresh processes (``work`` must be a
    module-level function, for the spawned workers to find it). ``progress(done, total)`` hears as the blocks
    finish in order, each counted as ``size`` says."""
    context = multiprocessing.get_context("spawn")  # a fresh interpreter, whatever threads the caller runs
    workers: dict[Connection, BaseProcess] = {}
    try:
        with _interrupts_held():
            for _ in range(min(jobs, len(blocks))):
                mine, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs, work), daemon=True)
                process.start()
                theirs.close()
                workers[mine] = process
        results: list[R] = _share(blocks, workers, total, progress, size)
    except BaseException:  # Ctrl+C, SIGTERM (SystemExit), a worker's error: end every worker before going on
        _end(list(workers.values()), list(workers))
        raise
    _end(list(workers.values()), list(workers))  # idle now, each waiting on its pipe or told to stop
    return results


def _lost(process: BaseProcess) -> WorkerLost:
    process.join(1.0)  # ended (its sentinel said so): joined, it has its exit code
    return WorkerLost(f"a worker process ended mid-block (exit code {process.exitcode})")


def _share(
    blocks: list[B],
    workers: dict[Connection, BaseProcess],
    total: int,
    progress: Callable[[int, int], None] | None,
    size: Callable[[B], int],
) -> list[R]:
    """Hand the blocks out one at a time to whichever worker is free, and gather the results. A worker is told
    to stop when no block is left for it; one that ends before it sends its block back raises WorkerLost."""
    results: dict[int, R] = {}
    waiting = iter(enumerate(blocks))
    busy: dict[Connection, BaseProcess] = {}
    free = list(workers)
    told = done = 0
    while len(results) < len(blocks):
        for conn in free:
            item = next(waiting, _STOP)
            conn.send(item)
            if item is not _STOP:
                busy[conn] = workers[conn]
        free = []
        ready = wait([*busy, *(p.sentinel for p in busy.values())])
        for conn in [c for c in busy if c in ready]:
            try:
                index, ok, value = conn.recv()
            except EOFError:
                raise _lost(busy[conn]) from None
            if not ok:
                raise value
            results[index] = value
            del busy[conn]
            free.append(conn)
        ended = [p for p in busy.values() if p.sentinel in ready]
        if ended:
            raise _lost(ended[0])
        while told in results:
            done += size(blocks[told])
            told += 1
            if progress:
                progress(done, total)
    return [results[i] for i in range(len(blocks))]
