"""The C heap's settings and its trim (app/heap.py, issue 44): freed blocks in the middle of the heap stay resident
until :func:`app.heap.give_back` returns their pages. In a process of its own, so that the test's heap is its."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests import sources

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")

SET_UP = """
import ctypes, os
from app.heap import give_back, keep_heap_small

def resident_mb():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

assert keep_heap_small()
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
"""

MEASURED = """
before = resident_mb()
give_back()
print(before - resident_mb())
"""


def _given_back_mb(work: str) -> float:
    """The resident megabytes ``give_back`` returns after ``work`` (a script's lines after :data:`SET_UP`), in a
    fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", SET_UP + work + MEASURED], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return float(done.stdout)


def test_give_back_returns_the_freed_pages_in_the_middle_of_the_heap() -> None:
    given = _given_back_mb(
        """
blocks = [libc.malloc(100_000) for _ in range(400)]  # 40 MB below the mapping threshold: the heap's
for block in blocks:
    ctypes.memset(block, 1, 100_000)  # resident
for block in blocks[::2]:
    libc.free(block)  # 20 MB of holes between live blocks: nothing at the heap's top to trim by itself
"""
    )
    assert given > 10.0  # of the 20 MB freed; without the trim nothing comes back


def test_what_a_thread_frees_at_the_top_of_the_heap_waits_for_give_back_and_then_comes_back() -> None:
    # Below the trim threshold the freed top stays (no page faults for the next step of the work); give_back
    # returns it, which it could not from a heap of the thread's own (malloc_trim leaves such a heap's top).
    given = _given_back_mb(
        """
import threading

def work():  # as a decision in a thread worker: 20 MB of blocks below the mapping threshold, all freed
    blocks = [libc.malloc(100_000) for _ in range(200)]
    for block in blocks:
        ctypes.memset(block, 1, 100_000)
    for block in reversed(blocks):
        libc.free(block)

thread = threading.Thread(target=work)
thread.start()
thread.join()
"""
    )
    assert given > 15.0  # of the 20 MB freed


def test_giving_back_gives_back_after_the_work_whatever_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.heap

    calls: list[str] = []
    monkeypatch.setattr(app.heap, "give_back", lambda: calls.append("back"))

    @app.heap.giving_back
    def work(fail: bool) -> int:
        calls.append("work")
        if fail:
            raise ValueError("no")
        return 7

    assert work(False) == 7 and calls == ["work", "back"]
    with pytest.raises(ValueError):
        work(True)
    assert calls == ["work", "back", "work", "back"]
    assert work.__name__ == "work"


def _decorated(node: ast.FunctionDef, name: str) -> bool:
    return any(
        (isinstance(d, ast.Name) and d.id == name) or (isinstance(d, ast.Attribute) and d.attr == name)
        for d in node.decorator_list
    )


def _threaded(keywords: list[ast.keyword]) -> bool:
    return any(k.arg == "thread" and getattr(k.value, "value", False) is True for k in keywords)


def _thread_workers(nodes: tuple[ast.AST, ...]) -> list[tuple[str, ast.FunctionDef | None]]:
    """Each function the module of ``nodes`` (all of its tree's) runs in a thread worker (``@work(thread=True)``, or
    handed to ``run_worker(..., thread=True)`` by name or through ``partial``), with its definition."""
    defs = {n.name: n for n in nodes if isinstance(n, ast.FunctionDef)}
    found: list[tuple[str, ast.FunctionDef | None]] = []
    for node in nodes:
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and getattr(d.func, "id", None) == "work" and _threaded(d.keywords):
                    found.append((node.name, node))
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "run_worker" and _threaded(node.keywords):
            target = node.args[0]
            if isinstance(target, ast.Call) and getattr(target.func, "id", None) == "partial":
                target = target.args[0]
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "?")
            found.append((name, defs.get(name)))
    return found


def test_every_thread_worker_of_the_app_gives_the_heap_back() -> None:
    # The heap keeps up to TRIM_THRESHOLD of freed pages between give_backs: a worker without one would leave a
    # decision's arrays resident for as long as the game runs (a served tab's share of memory, issue 44).
    root = Path(__file__).resolve().parents[2] / "app"
    workers = []
    for path in sorted(root.rglob("*.py")):
        for name, node in _thread_workers(sources.nodes(path)):
            workers.append(f"{path.relative_to(root)}:{name}")
            assert node is not None, f"{path.relative_to(root)}: the thread worker {name} is not defined there"
            assert _decorated(node, "giving_back"), (
                f"{path.relative_to(root)}: {name} runs in a thread without @giving_back"
            )
    assert len(workers) >= 9, workers  # the table's four, the backlog, the daily comparison, the lobby's two, drills
