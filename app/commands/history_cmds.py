"""The history's subcommands: `history`, `stats`, `replay`, `export` and `import`.

They read the same file as the game (``history.sqlite3`` in the data folder, ``$CHINESE_POKER_HOME``
first); those that only read open it so that nothing is written (a full disk does not stop them). A corrupt
file is moved aside with a warning on stderr, what can still be read of it carried over, and the command goes
on with the fresh one; a stored row that does not read back is skipped with a warning (``history --damaged``
lists them); a history that cannot be opened or written at all is an ``error:`` line and status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import stat
import sys
import time
from pathlib import Path

from app.commands.common import CommandParser, UsageError, add_command, counted, whole_number
from app.exits import EXIT_FAILURE, report
from app.game.rating import Standing, standing
from app.i18n import LANGUAGES, Translator
from app.paths import temp_path
from app.store.database import DealRow, History, HistoryOff, WriteFailed, open_history
from app.store.stats import compute_stats
from app.store.validate import MAX_INT, DamagedRow
from rules.dealcode import daily_family
from rules.presets import Preset

LIMIT = whole_number(
    1,
    1_000_000,
    not_whole="invalid limit {text!r} (a number of deals)",
    out_of_range="the limit is at least {low} and at most {high:,}, not {value}",
)
DEAL_ID = whole_number(
    1,
    MAX_INT,
    not_whole="invalid deal id {text!r} (the number History lists)",
    out_of_range="deal ids are from {low} to {high}, not {value}",
)

OFF_WORDS = {
    HistoryOff.FULL: "the disk is full",
    HistoryOff.READ_ONLY: "the file or its folder may not be written",
    HistoryOff.TOO_NEW: "it was written by a newer version of the game",
    HistoryOff.FOREIGN: "it is not this game's history",
    HistoryOff.UNAVAILABLE: "it cannot be opened",
}


class HistoryUnavailable(Exception):
    """The history could not be opened at all."""


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add the history's subcommands to the command line."""
    presets = [p.value for p in Preset]
    p = add_command(sub, "history", cmd_history, help="list the deals you played, newest first")
    p.add_argument("--rules", choices=presets, help="only this preset")
    p.add_argument("--limit", type=LIMIT, default=20, metavar="N", help="at most N deals (default 20)")
    p.add_argument("--json", action="store_true", help="one JSON list")
    p.add_argument(
        "--damaged",
        action="store_true",
        help="list the stored rows that do not read back (skipped elsewhere), instead of the deals",
    )
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


def _check() -> object:
    from app.game.transfer import check_doc  # lazy: the record's check needs the rules' scoring

    return check_doc


def _warn_moved(moved: object, history: History) -> None:
    salvaged = history.salvaged
    kept = (
        ""
        if salvaged is None
        else (f" with the {counted(salvaged.recovered, 'deal')} that could be read ({salvaged.lost} lost)")
    )
    print(
        f"warning: the history file could not be read; it was kept as {moved} and a new history started{kept}",
        file=sys.stderr,
    )


def opened(read_only: bool = False) -> History:
    """The history, after saying on stderr that a corrupt file was moved aside; :class:`HistoryUnavailable`."""
    result = open_history(read_only=read_only, check=_check())  # type: ignore[arg-type]
    if result.history is None:
        why = OFF_WORDS.get(result.off, "it cannot be opened") if result.off is not None else "it cannot be opened"
        raise HistoryUnavailable(f"the history cannot be used: {why} ({result.detail})")
    if result.moved_aside is not None:
        result.history.salvaged = result.salvaged
        _warn_moved(result.moved_aside, result.history)
    result.history.on_moved = lambda path: _warn_moved(path, result.history)  # type: ignore[arg-type]
    return result.history


def _run(fn: object, args: argparse.Namespace, *, read_only: bool = True) -> int:
    try:
        history = opened(read_only)
    except HistoryUnavailable as exc:
        return report(str(exc), EXIT_FAILURE)
    try:
        status = int(fn(history, args))  # type: ignore[operator]
        skipped = history.damaged.take()
        if skipped:
            rows = "1 stored row does" if skipped == 1 else f"{skipped} stored rows do"
            print(
                f"warning: {rows} not read back and {'was' if skipped == 1 else 'were'} skipped "
                "(see 'chinese-poker history --damaged')",
                file=sys.stderr,
            )
        return status
    except WriteFailed as exc:
        return report(f"the history cannot be written: {OFF_WORDS[exc.why]} ({exc}); nothing was changed", EXIT_FAILURE)
    except sqlite3.DatabaseError as exc:  # damage deep in the file the salvage could not get past
        return report(f"the history file cannot be read ({exc})", EXIT_FAILURE)
    finally:
        history.close()


def cmd_history(args: argparse.Namespace) -> int:
    """``history``: the latest deals."""
    return _run(_history, args)


def _history(history: History, args: argparse.Namespace) -> int:
    if args.damaged:
        return _damaged(history, args)
    rows = history.deals(preset=args.rules, limit=args.limit)
    if args.json:
        out = [
            {
                "id": r.id,
                "played": r.played,
                "rules": r.preset,
                "mode": r.mode,
                "session": r.session,
                "number": r.number,
                "units": r.units,
                "rows_won": r.rows_won,
                "sweeps_given": r.sweeps_given,
                "sweeps_taken": r.sweeps_taken,
                "fouled": r.fouled,
                "special": r.special,
                "seconds": r.seconds,
                "verdict": r.verdict,
                "loss": r.loss,
                "retry_of": r.retry_of,
                "players": r.players,
                "people": r.people,
                "code": _code(history, r),
            }
            for r in rows
        ]
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if not rows:
        print("No deals yet.")
        return 0
    from app.view.formatting import unit_word  # the game's floor, only for this text

    print(f"{'id':>6}  {'when':<16}  {'rules':<10}  {'deal':<14}  {unit_word(Translator('en')):>5}  coach")
    for r in rows:
        deal = f"retry of {r.retry_of}" if r.retry_of else f"#{r.session} deal {r.number}" if r.session else "-"
        deal += f" ({r.players}p)" if r.players != 4 else ""  # a smaller table: fewer opponents to win rows from
        units = "" if r.units is None else f"{r.units:+d}"
        coach = "" if r.verdict is None else r.verdict + (f" -{r.loss:.2f}" if r.loss else "")
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.played))
        print(f"{r.id:>6}  {stamp:<16}  {r.preset:<10}  {deal:<14}  {units:>5}  {coach}".rstrip())
    return 0


def _code(history: History, row: DealRow) -> str | None:
    """The code of a listed deal (rules/RULES.md §23.6), read from its stored record; None for a deal dealt by
    its seed, and for one whose record does not read back (``history --damaged`` names it)."""
    from app.game.record import stored_code

    full = history.deal(row.id)
    try:
        code = None if full is None or full.data is None else stored_code(full.data)
    except DamagedRow:
        return None
    return None if code is None else code.text


def _readable(row: DealRow) -> None:
    """A stored deal of the right shape that the game can also show (its record and review read back);
    :class:`DamagedRow` otherwise."""
    from app.game.record import read_stored

    read_stored(row.data, row.review)


def _damaged(history: History, args: argparse.Namespace) -> int:
    found = history.scan_damaged(_readable)
    history.damaged.take()  # listed here: no warning about them besides
    if args.json:
        print(json.dumps([{"table": d.table, "id": d.id, "why": d.why} for d in found], ensure_ascii=False))
        return 0
    if not found:
        print("No damaged rows.")
        return 0
    for d in found:
        print(f"{d.table[:-1]} {d.id}: {d.why}")
    print(
        f"{len(found)} stored {'row does' if len(found) == 1 else 'rows do'} not read back: the game skips "
        "them; export leaves them out"
    )
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """``stats``: one block per preset."""
    return _run(_stats, args)


def _stats(history: History, args: argparse.Namespace) -> int:
    presets = [args.rules] if args.rules else [p.value for p in Preset]
    stats = [compute_stats(history, p) for p in presets]
    families: dict[str, Standing] = {}
    for p in presets:  # one standing a family (taiwan and tournament are rated together: RULES.md §24)
        if daily_family(p) not in families:
            families[daily_family(p)] = standing(history, p)
    stood = {p: families[daily_family(p)] for p in presets}
    if args.json:
        print(json.dumps([{**s.to_dict(), **stood[s.preset].to_dict()} for s in stats], ensure_ascii=False))
        return 0
    from app.view.formatting import unit_word, units_text  # the game's floor, only for this text

    en = Translator("en")  # the commands' text output is English
    for s in stats:
        print(
            f"{s.preset}: {counted(s.deals, 'deal')}"
            + (
                ""
                if not s.computer_deals
                else f" of your own decisions (of {s.seat_deals} at your seat; the computer decided "
                f"{s.computer_deals}, {s.timeouts} at the time-out: not counted here)"
            )
        )
        if not s.deals:
            continue
        print(f"  {unit_word(en) + ' a deal':<15}{s.mean:+.2f} ± {s.ci95:.2f} (95%), {units_text(en, s.units)} in all")
        print(f"  rows           {s.rows_won} won, {s.rows_lost} lost")
        print(f"  打槍           {s.sweeps_given} given, {s.sweeps_taken} taken")
        print(f"  fouls          {s.fouls}    specials {s.specials}")
        if s.priced and s.mean_loss is not None and s.best_share is not None:
            lost = units_text(en, s.mean_loss, places=2, sign=False)
            print(f"  coach          {lost} lost a deal, {s.best_share:.0%} best ({s.priced} priced)")
        if s.median_seconds is not None:
            print(f"  arranging      {s.median_seconds:.1f} s (median)")
        f = stood[s.preset]
        if f.rating.value is not None:
            print(
                f"  rating         {f.rating.value:.1f} ± {f.rating.ci95:.1f} over {counted(f.rating.deals, 'deal')} "
                f"({f.family} family; lower is better, rules/RULES.md §24)"
            )
        if f.priced and f.accuracy is not None:
            luck = f.luck.to_dict()
            print(f"  accuracy       {f.accuracy:.0f}% over {counted(f.priced, 'priced deal')}")
            print(
                f"  luck           cards {luck['cards']:+.1f} · your play {luck['play']:+.1f} · "
                f"the rest {luck['rest']:+.1f} = {luck['result']:+.0f}"
            )
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
        damage = history.damaged.why("deals", deal)
        history.damaged.take()
        if damage is not None:
            raise UsageError(f"deal {deal} cannot be shown: it does not read back ({damage.why})")
        raise UsageError(f"there is no deal {deal} in the history (see 'chinese-poker history')")
    try:
        _readable(row)
    except DamagedRow as exc:
        raise UsageError(f"deal {deal} cannot be shown: it does not read back ({exc})") from None
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """``export FILE``: the whole history, written atomically (a crash leaves the old file, or none)."""
    return _run(_export, args)


def _skipped(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


_NOT_A_FILE = (
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISFIFO, "a pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def export_target(name: str) -> Path:
    """The file ``export NAME`` writes: the path itself, or where it leads when it is a symlink (the link is
    followed and kept, never replaced by a file). :class:`UsageError` when what is there is not a regular file
    (a folder, a device, a pipe, a socket): the export is written beside it and renamed over it, which would
    replace a device or a pipe with a file (``-`` writes to standard output)."""
    path = Path(name)
    target = path.resolve() if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target  # nothing there yet (or a link to nothing yet): the export makes the file
    except OSError as exc:
        raise UsageError(f"{name}: {exc.strerror or exc}") from None
    for test, kind in _NOT_A_FILE:
        if test(mode):
            raise UsageError(f"{name}: is {kind}, not a file (export writes a file; '-' writes to standard output)")
    return target


def _export(history: History, args: argparse.Namespace) -> int:
    from app.game.transfer import export_lines

    history.damaged.take()
    if args.file == "-":
        for line in export_lines(history, _skipped):
            sys.stdout.write(line + "\n")
        history.damaged.take()  # each was named as it was met
        return 0
    path = export_target(args.file)
    tmp = temp_path(path)
    count = 0
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            for line in export_lines(history, _skipped):
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
    history.damaged.take()
    print(f"exported {counted(count, 'deal')} to {path}", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """``import FILE``: every line checked first, then all of them in one transaction."""
    return _run(_import, args, read_only=False)


# Errors of the import file that are the user's to fix (status 2); any other OSError is the machine's (1).
_USER_FILE = (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError)


def _import(history: History, args: argparse.Namespace) -> int:
    from app.game.transfer import FileRefused, ImportFailed, import_lines, read_file

    name = "standard input" if args.file == "-" else args.file
    try:
        result = import_lines(history, read_file(args.file, sys.stdin.buffer if args.file == "-" else None))
    except ImportFailed as exc:
        raise UsageError(f"{name}: {exc}; nothing was imported") from None
    except FileRefused as exc:
        raise UsageError(f"{exc}; nothing was imported") from None
    except _USER_FILE as exc:
        raise UsageError(f"{name}: {exc.strerror or exc}") from None
    except OSError as exc:
        return report(f"{name}: {exc.strerror or exc}; nothing was imported", EXIT_FAILURE)
    print(
        f"imported {counted(result.added, 'deal')} ({result.skipped} already in the history, "
        f"{counted(result.sessions, 'new session')})",
        file=sys.stderr,
    )
    return 0
