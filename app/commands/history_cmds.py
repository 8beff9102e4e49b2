"""The history's subcommands: `history`, `stats`, `replay`, `export` and `import`.

They read the same file as the game (``history.sqlite3`` in the data folder, ``$CHINESE_POKER_HOME``
first). A corrupt file is moved aside with a warning on stderr and the command goes on with a fresh one;
a history that cannot be opened at all is an ``error:`` line and status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import time
from pathlib import Path

from app.commands.common import CommandParser, UsageError, add_command, whole_number
from app.exits import EXIT_FAILURE, report
from app.i18n import LANGUAGES
from app.paths import temp_path
from app.store.database import History, open_history
from app.store.stats import compute_stats
from rules.presets import Preset

LIMIT = whole_number(1, None, not_whole="invalid limit {text!r} (a number of deals)",
                     out_of_range="the limit is at least {low}, not {value}")
DEAL_ID = whole_number(1, None, not_whole="invalid deal id {text!r} (the number History lists)",
                       out_of_range="deal ids start at {low}, not {value}")


class HistoryUnavailable(Exception):
    """The history could not be opened at all."""


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add the history's subcommands to the command line."""
    presets = [p.value for p in Preset]
    p = add_command(sub, "history", cmd_history, help="list the deals you played, newest first")
    p.add_argument("--rules", choices=presets, help="only this preset")
    p.add_argument("--limit", type=LIMIT, default=20, metavar="N", help="at most N deals (default 20)")
    p.add_argument("--json", action="store_true", help="one JSON list")
    p = add_command(sub, "stats", cmd_stats, help="your statistics per preset")
    p.add_argument("--rules", choices=presets, help="only this preset")
    p.add_argument("--json", action="store_true", help="JSON")
    p = add_command(sub, "replay", cmd_replay, help="open the game on a stored deal's review")
    p.add_argument("deal", type=DEAL_ID, metavar="DEAL_ID", help="the deal's id (as `history` lists it)")
    p.add_argument("--lang", choices=list(LANGUAGES), help="language (default: the settings, then the locale)")
    p = add_command(sub, "export", cmd_export, help="write every stored deal to FILE, one JSON object a line")
    p.add_argument("file", metavar="FILE", help="the file to write ('-': standard output)")
    p = add_command(sub, "import", cmd_import, help="add the deals of an exported FILE to the history")
    p.add_argument("file", metavar="FILE", help="a file written by `export` ('-': standard input)")


def opened() -> History:
    """The history, after saying on stderr that a corrupt file was moved aside; :class:`HistoryUnavailable`."""
    result = open_history()
    if result.moved_aside is not None:
        print(f"warning: the history file could not be read; it was kept as {result.moved_aside} and a new "
              "history started", file=sys.stderr)
    if result.history is None:
        raise HistoryUnavailable(f"the history cannot be used ({result.off}): {result.detail}")
    return result.history


def _run(fn: object, args: argparse.Namespace) -> int:
    try:
        history = opened()
    except HistoryUnavailable as exc:
        return report(str(exc), EXIT_FAILURE)
    try:
        return int(fn(history, args))  # type: ignore[operator]
    except sqlite3.DatabaseError as exc:  # damage deep in the file, met by a query
        return report(f"the history file is damaged ({exc}); the game sets it aside when it next meets it",
                      EXIT_FAILURE)
    finally:
        history.close()


def cmd_history(args: argparse.Namespace) -> int:
    """``history``: the latest deals."""
    return _run(_history, args)


def _history(history: History, args: argparse.Namespace) -> int:
    rows = history.deals(preset=args.rules, limit=args.limit)
    if args.json:
        out = [{"id": r.id, "played": r.played, "rules": r.preset, "mode": r.mode, "session": r.session,
                "number": r.number, "units": r.units, "rows_won": r.rows_won, "sweeps_given": r.sweeps_given,
                "sweeps_taken": r.sweeps_taken, "fouled": r.fouled, "special": r.special, "seconds": r.seconds,
                "verdict": r.verdict, "loss": r.loss, "retry_of": r.retry_of, "players": r.players} for r in rows]
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if not rows:
        print("No deals yet.")
        return 0
    print(f"{'id':>6}  {'when':<16}  {'rules':<10}  {'deal':<14}  {'units':>5}  coach")
    for r in rows:
        deal = f"retry of {r.retry_of}" if r.retry_of else f"#{r.session} deal {r.number}" if r.session else "-"
        deal += f" ({r.players}p)" if r.players != 4 else ""  # a smaller table: fewer opponents to win rows from
        units = "" if r.units is None else f"{r.units:+d}"
        coach = "" if r.verdict is None else r.verdict + (f" -{r.loss:.2f}" if r.loss else "")
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.played))
        print(f"{r.id:>6}  {stamp:<16}  {r.preset:<10}  {deal:<14}  {units:>5}  {coach}".rstrip())
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """``stats``: one block per preset."""
    return _run(_stats, args)


def _stats(history: History, args: argparse.Namespace) -> int:
    presets = [args.rules] if args.rules else [p.value for p in Preset]
    stats = [compute_stats(history, p) for p in presets]
    if args.json:
        print(json.dumps([s.to_dict() for s in stats], ensure_ascii=False))
        return 0
    for s in stats:
        print(f"{s.preset}: {s.deals} deals")
        if not s.deals:
            continue
        print(f"  units a deal   {s.mean:+.2f} ± {s.ci95:.2f} (95%), {s.units:+d} in all")
        print(f"  rows           {s.rows_won} won, {s.rows_lost} lost")
        print(f"  打槍           {s.sweeps_given} given, {s.sweeps_taken} taken")
        print(f"  fouls          {s.fouls}    specials {s.specials}")
        if s.priced and s.mean_loss is not None and s.best_share is not None:
            print(f"  coach          {s.mean_loss:.2f} units lost a deal, {s.best_share:.0%} best ({s.priced} priced)")
        if s.median_seconds is not None:
            print(f"  arranging      {s.median_seconds:.1f} s (median)")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """``replay DEAL_ID``: the game, opened on that deal's review."""
    status = _run(lambda h, a: _check_deal(h, a.deal), args)
    if status:
        return status
    from app.tui import ChinesePokerApp  # lazy: Textual is needed by this command only

    app = ChinesePokerApp(replay=args.deal, lang=args.lang)
    app.run()
    return 1 if app.return_code else 0


def _check_deal(history: History, deal: int) -> int:
    row = history.deal(deal)
    if row is None:
        raise UsageError(f"there is no deal {deal} in the history (see 'chinese-poker history')")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """``export FILE``: the whole history, written atomically (a crash leaves the old file, or none)."""
    return _run(_export, args)


def _export(history: History, args: argparse.Namespace) -> int:
    from app.game.transfer import export_lines

    if args.file == "-":
        for line in export_lines(history):
            sys.stdout.write(line + "\n")
        return 0
    path = Path(args.file)
    if path.is_dir():
        raise UsageError(f"{args.file}: is a folder, not a file")
    tmp = temp_path(path)
    count = 0
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            for line in export_lines(history):
                fh.write(line + "\n")
                count += 1
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except FileNotFoundError:
        tmp.unlink(missing_ok=True)
        raise UsageError(f"{args.file}: no such folder") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    print(f"exported {count} deals to {path}", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """``import FILE``: every line checked first, then all of them in one transaction."""
    return _run(_import, args)


def _import(history: History, args: argparse.Namespace) -> int:
    from app.game.transfer import ImportFailed, import_lines

    try:
        if args.file == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(args.file, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        raise UsageError(f"{args.file}: {why}") from None
    try:
        result = import_lines(history, lines)
    except ImportFailed as exc:
        raise UsageError(f"{args.file}: {exc}; nothing was imported") from None
    print(f"imported {result.added} deals ({result.skipped} already in the history, {result.sessions} new "
          "sessions)", file=sys.stderr)
    return 0
