"""What a game forked by the fork server is given (tests/web/test_forkserver.py): run as ``__main__`` in the
child, it prints its arguments, one variable of its environment, its parent and a random number from the
generator a fork copies, then waits for its standard input to close."""

from __future__ import annotations

import json
import os
import random
import sys

if __name__ == "__main__":
    print(
        json.dumps(
            {
                "argv": sys.argv[1:],
                "probe": os.environ.get("PROBE"),
                "parent": os.getppid(),
                "random": random.random(),
            }
        ),
        flush=True,
    )
    if "now" not in sys.argv:
        sys.stdin.read()
    raise SystemExit(int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 0)
