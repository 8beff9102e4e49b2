"""The C heap of the game's process: large blocks go straight back to the system when freed (issue 44).

A decision of the computer or the coach's pricing holds some 20-45 MB of numpy arrays for a moment. glibc's
malloc serves a block that large by mapping fresh pages, and gives them back when it is freed, until the first
such block is freed: then it raises its threshold (up to 32 MB) and serves the next ones from its heap, which
it seldom gives back, and keeps a heap of its own for each thread. A table's process grew to 165 MB that way
after five deals, where 85 MB was in use. Fixing the threshold (which also stops its raising) keeps every
array of a megabyte or more a mapping of its own, returned when it is freed. Not lower: at glibc's own starting
value (128 KB) every one of a decision's 72,072-split arrays (576 KB) was a fresh mapping and its page faults,
and the split search and `hard` took twice as long (`chinese-poker bench`); at 1 MB they reuse the heap, and a
table's peak stays at 96 MB (2 MB: 99 MB, 4 MB: 104 MB).

What is freed below the threshold stays resident in the heap; :func:`give_back` returns it after each decision
and pricing (a table's peak 92 MB, and a served tab forked from the fork server some 35 MB instead of 40): the
work the AI or the coach does in a thread is wrapped in :func:`giving_back`.

Between two such returns, the heap keeps what is freed at its top up to 32 MB (the trim threshold). At 2 MB, a
decision freed more than that at once, over and over (the estimate's arrays of each split: 2 MB of them), and
each time the pages went back, to be faulted in again by the next step: a third of `hard`'s time and of the
coach's pricing of a pass (`hard` 4.5 -> 3.7 ms, the pass 1.45 -> 1.17 s). And one heap for every thread: a
thread's own heap gives back its top only at that threshold, never through malloc_trim, so the pages it kept
stayed with the process (a served tab 41 MB with two heaps, 35 MB with one, the same speed).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

M_TRIM_THRESHOLD = -1  # mallopt's parameters (glibc's malloc.h)
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
MMAP_THRESHOLD = 1024 * 1024  # a numpy array this large or more is mapped, and unmapped when freed
TRIM_THRESHOLD = 32 * 1024 * 1024  # free heap kept at its top while the work runs; give_back() returns it
ARENAS = 1  # one heap for every thread: malloc_trim returns what a thread's own heap keeps at its top


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """glibc, once a process (None elsewhere)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None


def keep_heap_small() -> bool:
    """Set the C heap's thresholds for this process (glibc only; elsewhere nothing). True when they are set."""
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is None:  # not Linux, or not glibc (musl has no mallopt)
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    ok = mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
    ok &= mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
    ok &= mallopt(M_ARENA_MAX, ARENAS) == 1
    return bool(ok)


def give_back() -> None:
    """Return the C heap's free pages to the system (glibc's ``malloc_trim``). A decision's or a pricing's
    arrays below the mapping threshold are served from the heap, and their pages stay with the process once
    freed: some 6 MB a deal that a served tab, forked to share the rest (:mod:`app.forkserver`), would keep
    as its own. A millisecond or so; called after each such piece of work."""
    libc = _libc()
    trim = getattr(libc, "malloc_trim", None)
    if trim is not None:
        trim(0)


def giving_back(work: Callable[P, R]) -> Callable[P, R]:
    """``work`` (the AI's or the coach's, in a thread), the heap's free pages returned once it is done, whatever
    its end: a message it posts is on its way before the millisecond of the trim."""

    @functools.wraps(work)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return work(*args, **kwargs)
        finally:
            give_back()

    return run


__all__ = ["give_back", "giving_back", "keep_heap_small"]
