"""The command line's exit statuses and its one-line ``error:`` reports.

It imports nothing heavy, so the entry point (``app.__main__``) can report a Ctrl+C that arrives while the rest
of the command line is still being imported. A report never echoes the user's input at length: each quoted echo
is cut to :data:`ECHO_LIMIT` characters and the whole line to :data:`LINE_LIMIT`, in its middle: the start names
where the problem is and the end what came of it ("nothing was imported"), so both stay.
"""

from __future__ import annotations

import re
import sys

EXIT_FAILURE = 1
"""The environment failed (the output could not be written): not the user's input."""
EXIT_USAGE = 2
"""Bad input from the user."""
EXIT_INTERRUPTED = 130
"""Ctrl+C, as a shell reports a process ended by SIGINT."""

ECHO_LIMIT = 60
LINE_LIMIT = 300
TAIL_KEPT = 80
"""Of a line cut to LINE_LIMIT, the characters kept from its end."""

# A quoted echo as repr() writes it: either quote, backslash escapes inside.
_QUOTED = re.compile(r"""'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*\"""", re.DOTALL)


def _cut_echo(match: re.Match[str]) -> str:
    text = match.group(0)
    if len(text) - 2 <= ECHO_LIMIT:
        return text
    return f"{text[0]}{text[1 : ECHO_LIMIT + 1]}…{text[-1]}"


def clip(message: str) -> str:
    """``message`` with every quoted echo of input cut to ECHO_LIMIT characters and ``…``, and at most LINE_LIMIT
    characters in all: a longer line (a long path with a long echo, or an unquoted echo such as argparse's list
    of unrecognized arguments) keeps its start and its last TAIL_KEPT characters, with ``…`` between."""
    clipped = _QUOTED.sub(_cut_echo, message)
    if len(clipped) <= LINE_LIMIT:
        return clipped
    return clipped[: LINE_LIMIT - TAIL_KEPT] + "…" + clipped[-TAIL_KEPT:]


def report(message: str, status: int) -> int:
    """Print ``error: <message>`` (clipped, on one line) on stderr and return ``status``."""
    print(f"error: {clip(message)}", file=sys.stderr)
    return status
