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
and pricing (a table's peak 92 MB, and a served tab forked from the fork server some 35 MB instead of 40).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys

M_TRIM_THRESHOLD = -1  # mallopt's parameters (glibc's malloc.h)
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
MMAP_THRESHOLD = 1024 * 1024  # a numpy array this large or more is mapped, and unmapped when freed
ARENAS = 2  # heaps for the threads: the UI's and the AI's workers share them instead of one each


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
    ok &= mallopt(M_TRIM_THRESHOLD, 2 * MMAP_THRESHOLD) == 1
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


__all__ = ["give_back", "keep_heap_small"]
