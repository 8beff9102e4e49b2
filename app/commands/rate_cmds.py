"""The `rate` subcommand: a computer level on the player's rating scale (rules/RULES.md §24)."""

from __future__ import annotations

import argparse
import json
import sys

from ai import Level
from app.commands.common import CommandParser, add_command, add_run_options, bounded, fail
from rules.presets import parse_preset

LEVELS = tuple(level.value for level in Level)


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add ``rate`` to the command line."""
    p = add_command(
        sub,
        "rate",
        cmd_rate,
        help="a computer level on the player's rating scale (rules/RULES.md §24), over random hands",
    )
    p.add_argument("--level", choices=LEVELS, required=True)
    p.add_argument("--rules", metavar="PRESET", default="taiwan", help="the preset (default taiwan)")
    p.add_argument(
        "--deals",
        type=bounded("--deals", 1, 1_000_000),
        default=500,
        metavar="N",
        help="hands rated (default 500: some two minutes a level on two idle cores)",
    )
    add_run_options(p, "processes sharing blocks of hands (default: every core); the report is the same for any number")


def cmd_rate(args: argparse.Namespace) -> int:
    """Rate a computer level as a player's decisions are rated (rules/RULES.md §24) and print it."""
    from ai import default_jobs, rate_level  # lazy, for start-up speed

    preset = parse_preset(args.rules)
    if not preset.arranged:
        return fail(f"{args.rules}: nobody arranges in this preset, so there is no play to rate")
    show = sys.stderr.isatty() and not args.json
    say = (lambda done, total: print(f"… {done}/{total} blocks", file=sys.stderr)) if show else None
    report = rate_level(
        Level(args.level), preset, args.deals, args.seed, jobs=args.jobs or default_jobs(), progress=say
    )
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    shown = "–" if report["rating"] is None else f"{report['rating']:.2f} ± {report['ci95']:.2f}"
    counted = f"{report['counted']} counted of {report['deals']} deals"
    print(f"{report['level']} at {report['rules']}: rating {shown} over {counted}; accuracy {report['accuracy']}%")
    return 0
    shown = "–" if report["rating"] is None else f"{report['rating']:.2f} ± {report['ci95']:.2f}"
    print(
        f"{report['level']} at {report['rules']}: rating {shown} over {report['counted']} counted of "
        f"{report['deals']} deals; accuracy {report['accuracy']}%"
    )
    return 0
