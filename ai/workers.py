"""Blocks of work shared by fresh worker processes (the arena's and the field's deals), that a Ctrl+C ends at once.

Each worker is a new interpreter with a socket of its own: it is sent one block at a time and sends back its
result. The workers are started in a process group of their own, so a terminal's Ctrl+C (sent to the foreground
group) reaches only the parent, which ends them; they also ignore SIGINT from their first instruction.

Why not ``multiprocessing``: a ``ProcessPoolExecutor`` ended mid-block could leave a half-written result in its
shared queue, and its manager thread, reading the rest, kept the parent from exiting; a spawned ``Process`` sits
in its parent's group and only ignores SIGINT once its imports are done, so a Ctrl+C as it started printed a
worker's traceback; and no signal mask or disposition the parent sets for the start can close that gap, since
another of its threads (numpy's) may take the signal meanwhile. POSIX only (``pass_fds``, process groups).
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, TypeVar

B = TypeVar("B")
R = TypeVar("R")

_STOP = None  # what a worker is sent when no block is left

# A worker's first instructions: Ctrl+C ignored before anything is imported, the parent's import path, then
# the blocks. The work function comes pickled by name, so unpickling it imports its module here. A parent gone
# before it sent the path (interrupted as it started this worker) ends the worker quietly.
_BOOT = (
    "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
    "import sys\n"
    "from multiprocessing.connection import Connection\n"
    "conn = Connection(int(sys.argv[1]))\n"
    "try:\n"
    "    sys.path[:] = conn.recv()\n"
    "except (EOFError, OSError):\n"
    "    sys.exit(0)\n"
    "from ai.workers import _serve\n"
    "_serve(conn)\n"
)


class WorkerLost(RuntimeError):
    """A worker process ended without sending back its block's result (killed, or out of memory)."""


def _serve(conn: Connection) -> None:
    """A worker's life after its boot: its work function, then blocks in and results out, until told to stop or
    the parent is gone."""
    try:
        work: Callable[[Any], Any] = conn.recv()
    except (EOFError, OSError):
        return
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
            payload = ForkingPickler.dumps(reply)  # what Connection.send writes
        except Exception as unsendable:  # an error that does not pickle: sent as words
            words = RuntimeError(f"{type(reply[2]).__name__}: {reply[2]} ({unsendable})")
            payload = ForkingPickler.dumps((index, False, words))
        try:
            conn.send_bytes(payload)
        except OSError:  # the parent is gone (it ended the workers, or was killed): nobody to tell
            return


class _Worker:
    """One worker process and the parent's end of its socket."""

    def __init__(self) -> None:
        mine, theirs = socket.socketpair()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _BOOT, str(theirs.fileno())],
                pass_fds=(theirs.fileno(),),
                process_group=0,  # set before exec: no moment where the terminal's Ctrl+C can reach it
            )
        finally:
            theirs.close()
        self.conn = Connection(mine.detach())

    def start(self, work: Callable[[Any], Any]) -> None:
        """Send the worker this process's import path and the work it is to do on each block."""
        try:
            self.conn.send(list(sys.path))
            self.conn.send(work)
        except OSError:  # gone at once (it could not start)
            raise self.lost() from None

    def lost(self) -> WorkerLost:
        """The error for a worker gone before sending back its block, with its exit code."""
        try:
            code: int | None = self.process.wait(1.0)
        except subprocess.TimeoutExpired:
            code = None
        return WorkerLost(f"a worker process ended before sending back its block (exit code {code})")

    def end(self) -> None:
        """Terminate the worker if it still runs, and close the socket."""
        if self.process.poll() is None:
            self.process.terminate()
        self.conn.close()

    def reap(self) -> None:
        """Wait a second for an ended worker, then kill it."""
        try:
            self.process.wait(1.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(1.0)


def _end(workers: list[_Worker]) -> None:
    """Stop the workers at once (terminate, then kill what is left after a second) and close their sockets."""
    for worker in workers:
        worker.end()
    for worker in workers:
        worker.reap()


def play_parallel(
    work: Callable[[B], R],
    blocks: list[B],
    jobs: int,
    total: int,
    progress: Callable[[int, int], None] | None,
    size: Callable[[B], int],
) -> list[R]:
    """``work`` done on each block, the results in block order, on ``jobs`` fresh processes (``work`` must be a
    module-level function, for the workers to import it by name). ``progress(done, total)`` hears as the blocks
    finish in order, each counted as ``size`` says."""
    workers: list[_Worker] = []
    try:
        for _ in range(min(jobs, len(blocks))):
            worker = _Worker()
            workers.append(worker)
            worker.start(work)
        results: list[R] = _share(blocks, workers, total, progress, size)
    except BaseException:  # Ctrl+C, SIGTERM (SystemExit), a worker's error: end every worker before going on
        _end(workers)
        raise
    _end(workers)  # idle now, each waiting on its socket or told to stop
    return results


def play_blocks(
    work: Callable[[B], R], blocks: list[B], jobs: int, progress: Callable[[int, int], None] | None = None
) -> list[R]:
    """``work`` on each block, the results in block order: here when ``jobs`` is 1 or there is one block, else on
    worker processes (:func:`play_parallel`). ``progress(done, total)`` counts the blocks done, in order."""
    if jobs <= 1 or len(blocks) <= 1:
        done: list[R] = []
        for block in blocks:
            done.append(work(block))
            if progress:
                progress(len(done), len(blocks))
        return done
    return play_parallel(work, blocks, jobs, len(blocks), progress, lambda _: 1)


def _share(
    blocks: list[B],
    workers: list[_Worker],
    total: int,
    progress: Callable[[int, int], None] | None,
    size: Callable[[B], int],
) -> list[R]:
    """Hand the blocks out one at a time to whichever worker is free, and gather the results. A worker is told
    to stop when no block is left for it; one that ends before it sends its block back raises WorkerLost (its
    socket reads as closed)."""
    results: dict[int, R] = {}
    waiting = iter(enumerate(blocks))
    busy: dict[Connection, _Worker] = {}
    free = list(workers)
    told = done = 0
    while len(results) < len(blocks):
        for worker in free:
            item = next(waiting, _STOP)
            try:
                worker.conn.send(item)
            except OSError:  # the worker is gone already
                if item is _STOP:
                    continue
                raise worker.lost() from None
            if item is not _STOP:
                busy[worker.conn] = worker
        free = []
        for conn in wait(list(busy)):
            assert isinstance(conn, Connection)
            worker = busy.pop(conn)
            try:
                index, ok, value = conn.recv()
            except (EOFError, OSError):
                raise worker.lost() from None
            if not ok:
                raise value
            results[index] = value
            free.append(worker)
        while told in results:
            done += size(blocks[told])
            told += 1
            if progress:
                progress(done, total)
    return [results[i] for i in range(len(blocks))]
