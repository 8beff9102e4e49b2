"""The `chinese-poker` command line: argument parsing, error reporting and dispatch.

Every subcommand reports bad input as one line on stderr starting ``error:`` and exits with status 2;
no traceback reaches the user. The subcommands live in ``app.commands`` (one module per family, each with
a ``register``); what they share is in ``app.commands.common``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from app.commands import ai_cmds, play_cmds, rules_cmds
from app.commands.common import EXIT_USAGE, CommandParser, UsageError
from rules.cards import CardError
from rules.deal import DealError
from rules.presets import OptionError

# In the order `chinese-poker --help` lists them.
COMMAND_FAMILIES = (rules_cmds, ai_cmds, play_cmds)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser; subcommands register their handler as ``func``."""
    parser = CommandParser(prog="chinese-poker", description="Chinese Poker (十三張) in the terminal.")
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
        if not getattr(args, "func", None):
            if args_list:
                parser.print_help()
                return 0
            args = parser.parse_args(["play", "--menu"])  # no arguments at all: the game's main menu
        return int(args.func(args) or 0)
    except (UsageError, CardError, DealError, OptionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
