"""What every `chinese-poker` subcommand shares: the usage error, the parser class, typed options.

Bad input anywhere on the command line becomes a :class:`UsageError`; ``app.cli.main`` prints it as one
``error: <message>`` line on stderr and exits with ``app.exits.EXIT_USAGE``. The command modules import from here
and never from ``app.cli``, which imports them.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import NoReturn

from app.i18n import plural_form
from rules.evaluate import Wheel

Handler = Callable[[argparse.Namespace], int]
"""A subcommand's body: the parsed arguments in, the exit status out."""


class UsageError(Exception):
    """Bad input from the user; printed as ``error: <message>`` with exit status 2."""


def counted(n: int, word: str, words: str | None = None) -> str:
    """``1 deal``, ``3 deals``: a count with its noun in the right English number (the commands speak
    English; ``words`` when the plural is not ``word`` + s). The number is the game's own rule,
    :func:`app.i18n.plural_form`, so the commands and the screens agree on it."""
    return f"{n:,} {word if plural_form('en', n) == 'one' else (words or word + 's')}"


def fail(message: str) -> NoReturn:
    """Stop a command with a usage error."""
    raise UsageError(message)


class CommandParser(argparse.ArgumentParser):
    """An argument parser that reports bad arguments as a :class:`UsageError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        """Raise the parse error with a pointer to the command's help."""
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_command(sub: argparse._SubParsersAction[CommandParser], name: str, func: Handler, help: str) -> CommandParser:
    """Add the subcommand ``name`` run by ``func``; returns its parser for the caller's options."""
    parser: CommandParser = sub.add_parser(name, help=help)
    parser.set_defaults(func=func)
    return parser


_PLAIN_INTEGER = re.compile(r"-?[0-9]+")


def whole_number(low: int, high: int | None, *, not_whole: str, out_of_range: str) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high`` (``None``: no upper bound).

    Only plain ASCII digits (and a leading ``-``) are a number, not all that ``int()`` reads (``1_000``, `` 7``,
    ``+7``, other scripts' digits). The messages are templates that may name ``{text}`` (what was typed),
    ``{value}``, ``{low}`` and ``{high}``.
    """

    def parse(text: str) -> int:
        try:
            if not _PLAIN_INTEGER.fullmatch(text):
                raise ValueError(text)
            value = int(text)
        except ValueError:  # not digits, or more of them than int() converts
            raise argparse.ArgumentTypeError(not_whole.format(text=text)) from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(out_of_range.format(value=value, low=low, high=high))
        return value

    return parse


def bounded(name: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a usage error naming the option."""
    return whole_number(
        low,
        high,
        not_whole=f"{name} must be a whole number, not {{text!r}}",
        out_of_range=f"{name} must be from {low} to {high:,}, not {{value}}",
    )


SEED = bounded("--seed", 0, 2**63 - 1)


def add_run_options(p: CommandParser, jobs_help: str) -> None:
    """The options every long measuring run takes last: ``--seed``, ``--jobs`` (processes; default every core)
    and ``--json``."""
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--jobs", type=bounded("--jobs", 1, 256), default=None, metavar="N", help=jobs_help)
    p.add_argument("--json", action="store_true")


"""The seed of one computation (solve, arena): it must fit the 64-bit generators the AI seeds."""

SESSION_SEED = whole_number(
    0,
    2**63 - 1,
    not_whole="invalid seed {text!r} (a whole number)",
    out_of_range="the seed must be from 0 to 9,223,372,036,854,775,807, not {value}",
)
"""The seed of a whole table session (play): a non-negative integer the history can store (a 64-bit one: a
larger one was accepted, and the session then could not be read back)."""


def add_wheel(parser: argparse.ArgumentParser) -> None:
    """The ``--wheel`` option: where A2345 ranks among the straights."""
    parser.add_argument(
        "--wheel", choices=[w.value for w in Wheel], default=Wheel.LOW.value, help="where A2345 ranks (default: low)"
    )
