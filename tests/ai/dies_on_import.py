"""A block's work whose module, imported by a worker, ends that worker at once: a worker gone before it
reads its first block (tests/ai/test_workers.py)."""

from __future__ import annotations

import os

ON_IMPORT = "CHINESE_POKER_TEST_DIE_ON_IMPORT"

if os.environ.get(ON_IMPORT) == "1":  # set by the test for its workers, once it has imported this itself
    os._exit(3)


def same(block: list[int]) -> list[int]:
    """The block as it came."""
    return block
