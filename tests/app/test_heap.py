"""The C heap's settings and its trim (app/heap.py, issue 44): freed blocks in the middle of the heap stay resident
until :func:`app.heap.give_back` returns their pages. In a process of its own, so that the test's heap is its."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")

PROBE = """
import ctypes, os
from app.heap import give_back, keep_heap_small

def resident_mb():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

assert keep_heap_small()
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
blocks = [libc.malloc(100_000) for _ in range(400)]  # 40 MB below the mapping threshold: the heap's
for block in blocks:
    ctypes.memset(block, 1, 100_000)  # resident
for block in blocks[::2]:
    libc.free(block)  # 20 MB of holes between live blocks: nothing at the heap's top to trim by itself
before = resident_mb()
give_back()
print(before - resident_mb())
"""


def test_give_back_returns_the_freed_pages_in_the_middle_of_the_heap() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) > 10.0  # of the 20 MB freed; without the trim nothing comes back
