"""The entry point of `python -m app` and of the `chinese-poker` script (pyproject's ``app.__main__:main``).

:func:`main` imports the command line inside its ``try``: importing it (numpy, the rules tables) takes a tenth of a
second, and a Ctrl+C in that time must be one ``error: interrupted`` line like any other, not a traceback. Once
the command has returned, the process ends within seconds whatever threads are left (:mod:`app.ending`).
"""

from __future__ import annotations

from app.exits import EXIT_INTERRUPTED, report
from app.heap import keep_heap_small


def main() -> int:
    """Import and run the command line; returns the exit status."""
    keep_heap_small()  # before numpy allocates anything: a table's memory (app/heap.py)
    try:
        # Imported here, not at the top, so that the try covers the imports (see the module docstring).
        from app.cli import main as run_cli

        status = run_cli()
    except KeyboardInterrupt:
        status = report("interrupted", EXIT_INTERRUPTED)
    from app.ending import end_within

    end_within(status)  # a thread left behind (the game's, Textual's) must not keep the process alive
    return status


if __name__ == "__main__":
    raise SystemExit(main())
