"""The game's process ends once its App has, whatever threads are left.

When the App returns, the interpreter still waits for every thread that is not a daemon before the process
ends. Textual's input thread is one: it stops only when the driver tells it to, and a driver whose last
writes fail (the terminal closing as Ctrl+Q or q arrives) may never tell it, so the process waited for ever
with nothing left to do. An AI worker still thinking is another, and a wait of seconds. :func:`end_within`
bounds that wait: everything the game keeps is written before the App returns (the history is closed in its
unmount, each write a committed transaction), so ending the process then loses nothing.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading

END_WITHIN = 3.0
"""Seconds the interpreter may wait for the threads left after the App has returned."""


def _end(status: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a terminal that is gone cannot be flushed to, and needs nothing
            stream.flush()
    os._exit(status)


def end_within(status: int, seconds: float = END_WITHIN) -> None:
    """End the process with ``status`` ``seconds`` from now unless it has ended by then (a daemon timer: it
    does not itself hold the process up, and a process that ends sooner takes it with it)."""
    timer = threading.Timer(seconds, _end, args=(status,))
    timer.daemon = True
    timer.name = "end-within"
    timer.start()
