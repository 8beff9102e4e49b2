"""The `daily` subcommand: the deal of the day's code (rules/RULES.md §23.7), its hands, and the share line of a
day played for the record."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import time
from collections.abc import Callable

from app.commands.common import CommandParser, add_command, fail
from app.exits import EXIT_FAILURE, report
from rules.cards import format_cards
from rules.dealcode import DealCodeError, daily_code, daily_family, parse_day
from rules.dealing import deal_by_key
from rules.presets import Preset

CLOCK: Callable[[], float] = time.time
"""The clock that says what today is (UTC): tests put their own in its place."""


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add ``daily`` to the command line."""
    p = add_command(sub, "daily", cmd_daily, help="the deal of the day: its code, its hands, your share line")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="the day (UTC; default today), 2000-01-01 to 2100-12-31")
    p.add_argument("--rules", metavar="P", help="the preset (default: taiwan); taiwan and tournament share a deal")
    p.add_argument("--json", action="store_true", help="the code, the key and every seat's hand as JSON")
    p.add_argument("--share", action="store_true", help="the share line of the day played for the record")


def _day_and_preset(args: argparse.Namespace) -> tuple[dt.date, Preset]:
    from app.game.daily import utc_today

    try:
        day = utc_today(CLOCK) if args.date is None else parse_day(args.date)
        preset = Preset(args.rules) if args.rules is not None else Preset.TAIWAN
    except DealCodeError as exc:
        fail(str(exc))
    except ValueError:
        names = ", ".join(p.value for p in Preset)
        fail(f"no preset is called {str(args.rules)[:60]!r} (one of {names})")
    return day, preset


def cmd_daily(args: argparse.Namespace) -> int:
    """Print the day's code (``--json``: with its hands; ``--share``: the line of the day as played)."""
    day, preset = _day_and_preset(args)
    code = daily_code(day, preset)
    if args.share:
        return _share(day, preset)
    if args.json:
        dealt = deal_by_key(code.key, code.players)
        out = {
            "date": day.isoformat(),
            "rules": preset.value,
            "family": daily_family(preset),
            "code": code.text,
            "key": code.key,
            "players": code.players,
            "hands": {str(seat): format_cards(sorted(h, reverse=True)) for seat, h in enumerate(dealt.hands)},
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"{day.isoformat()} {preset.value}: {code.text}  (chinese-poker play --deal {code.text})")
    return 0


def _share(day: dt.date, preset: Preset) -> int:
    from app.commands.history_cmds import HistoryUnavailable, opened
    from app.game.daily import share_of

    try:
        history = opened(read_only=True)
    except HistoryUnavailable as exc:
        return report(str(exc), EXIT_FAILURE)
    try:
        line = share_of(history, day, preset)
    finally:
        history.close()
    if line is None:
        return report(
            f"the deal of {day.isoformat()} ({daily_family(preset)}) has not been played for the record", EXIT_FAILURE
        )
    print(line)
    return 0
