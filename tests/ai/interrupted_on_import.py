"""A block's work whose module, imported by a worker, sends that worker a SIGINT: a Ctrl+C that reaches a
worker while it is still importing what it was sent, before its own code runs (tests/ai/test_workers.py)."""

from __future__ import annotations

import os
import signal

ON_IMPORT = "CHINESE_POKER_TEST_SIGINT_ON_IMPORT"

if os.environ.get(ON_IMPORT) == "1":  # set by the test for its workers, once it has imported this itself
    os.kill(os.getpid(), signal.SIGINT)


def doubled(block: list[int]) -> list[int]:
    """Each number of the block twice over."""
    return [2 * x for x in block]
