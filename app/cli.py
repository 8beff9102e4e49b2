"""The `chinese-poker` command line: argument parsing, error reporting and dispatch.

Every subcommand reports bad input as one line on stderr starting ``error:`` and exits with status 2;
no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from rules.cards import CardError
from rules.deal import DealError
from rules.presets import OptionError

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the user; printed as ``error: <message>`` with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _add_wheel(p: argparse.ArgumentParser) -> None:
    p.add_argument("--wheel", choices=["low", "second"], default="low", help="where A2345 ranks (default: low)")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser; subcommands register their handler as ``func``."""
    from app.commands import ai_cmds, play_cmds, rules_cmds

    parser = _Parser(prog="chinese-poker", description="Chinese Poker (十三張) in the terminal.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    p = sub.add_parser("rank", help="name the category of a 3- or 5-card row")
    p.add_argument("cards", nargs="+", metavar="CARDS", help='the row, e.g. "As Ks Qs" or As Ks Qs')
    _add_wheel(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=rules_cmds.cmd_rank)

    p = sub.add_parser("compare", help="compare two rows: prints >, < or =")
    p.add_argument("row_a", metavar="ROW_A")
    p.add_argument("row_b", metavar="ROW_B")
    _add_wheel(p)
    p.add_argument("--suit-tiebreak", action="store_true", help="break equal rows by suit (♠ > ♥ > ♣ > ♦)")
    p.set_defaults(func=rules_cmds.cmd_compare)

    p = sub.add_parser("check", help="check an arrangement for a foul")
    p.add_argument("front", metavar="FRONT")
    p.add_argument("middle", metavar="MIDDLE")
    p.add_argument("back", metavar="BACK")
    _add_wheel(p)
    p.set_defaults(func=rules_cmds.cmd_check)

    p = sub.add_parser("score", help="score a deal: JSON in (stdin or --input), JSON out")
    p.add_argument("--rules", metavar="PRESET", help="taiwan, tournament, arcade or shisanshui (overrides the input)")
    p.add_argument("--input", metavar="FILE", help="read the deal from FILE instead of stdin")
    p.set_defaults(func=rules_cmds.cmd_score)

    ai_cmds.register(sub)
    play_cmds.register(sub)
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


def fail(message: str) -> NoReturn:
    """Stop a command with a usage error."""
    raise UsageError(message)
