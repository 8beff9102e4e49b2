"""The `chinese-poker` command line: argument parsing, error reporting and dispatch.

Every subcommand reports bad input as one line on stderr starting ``error:`` and exits with status 2;
no traceback reaches the user. Output that cannot be written (a full disk under stdout) is one ``error:`` line
and status 1; a closed pipe ends quietly. The subcommands live in ``app.commands`` (one module per family, each
with a ``register``); what they share is in ``app.commands.common``. The `chinese-poker` script enters through
``app.__main__``, which also covers a Ctrl+C during this module's imports.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from app.commands import (
    about_cmds,
    ai_cmds,
    bench_cmds,
    coach_cmds,
    daily_cmds,
    history_cmds,
    lobby_cmds,
    play_cmds,
    rate_cmds,
    rules_cmds,
    serve_cmds,
)
from app.commands.common import CommandParser, UsageError
from app.exits import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, report
from rules.cards import CardError
from rules.deal import DealError
from rules.presets import OptionError

# In the order `chinese-poker --help` lists them.
COMMAND_FAMILIES = (
    rules_cmds,
    ai_cmds,
    bench_cmds,
    rate_cmds,
    coach_cmds,
    play_cmds,
    daily_cmds,
    serve_cmds,
    lobby_cmds,
    history_cmds,
    about_cmds,
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser; subcommands register their handler as ``func``."""
    parser = CommandParser(prog="chinese-poker", description="Chinese Poker (十三張) in the terminal.")
    # A flag of our own rather than argparse's "version" action, which exits the interpreter from inside parsing.
    parser.add_argument("--version", action="store_true", help="print the game's version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=CommandParser, metavar="COMMAND")
    for family in COMMAND_FAMILIES:
        family.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if args.version:
            print(about_cmds.version_text())
            return 0
        if not getattr(args, "func", None):
            if args_list:
                parser.print_help()
                return 0
            args = parser.parse_args(["play", "--menu"])  # no arguments at all: the game's main menu
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # here, inside the try, rather than at exit where a failed write is a traceback
        return status
    except (UsageError, CardError, DealError, OptionError) as exc:
        return report(str(exc), EXIT_USAGE)
    except KeyboardInterrupt:
        return report("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:  # the reader left (`| head`): nothing more to say
        _discard_stdout()
        return 0
    except OSError as exc:  # the environment refused (most often stdout: a full disk); bad input files are usage errors
        _discard_stdout()
        where = exc.filename if exc.filename is not None else "cannot write the output"
        return report(f"{where}: {exc.strerror or exc}", EXIT_FAILURE)


def _discard_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is still buffered cannot fail
    again (and print "Exception ignored") after the failure has been reported."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream (tests): nothing reaches a descriptor
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
