"""The history file: one SQLite database of sessions and deals, and how it is opened, written and read.

Opening never stops the game (:func:`open_history` returns an :class:`Opened` that says what happened):

- a file that is not a database, or whose schema cannot be read, is moved aside as
  ``history.sqlite3.corrupt-<time>`` and a fresh one started with every session and deal that could still be
  read of it (:mod:`.salvage`), with a notice to show;
- a folder the game may not write, a full disk, or a file from a newer version of the game turn the
  history off for this run (:class:`HistoryOff`), and the game goes on without it.

Every deal is written in one transaction together with its session's state (``BEGIN IMMEDIATE``: a second
copy of the game waits for the lock instead of interleaving), in WAL mode, so that a crash at any moment
leaves every committed deal readable and nothing half-written. A write that fails later (the disk fills up,
the file is removed) raises :class:`WriteFailed` for the caller to turn the history off.

Every row read back goes through the schema (a deal's record :mod:`.deal_format`, the rest :mod:`.validate`): one
that does not pass (someone edited the file: a :class:`~.validate.DamagedRow`) is skipped where it would be shown
and noted (:attr:`History.damaged`, :meth:`History.scan_damaged`).
A command that only reads opens the file read-only (``open_history(read_only=True)``), so that a full disk
or a file the player may not write does not stop it.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.paths import data_dir

from .daily import link_deal
from .damage import Damaged, DamageLog
from .deal_format import DEAL, REVIEW_COLUMNS, review_columns
from .failures import HistoryOff, WriteFailed
from .files import connect_reading, connect_writing, corrupt, disk_full, move_aside
from .holding import Holding
from .insert import insert_deal
from .mistakes import Mistakes
from .salvage import Salvaged, salvage
from .schema import UNDECIDED, NotOurs, SchemaTooNew, new_uid
from .validate import ANY_OBJECT, REVIEW, SESSION_COLUMNS, DamagedRow, Mode, Status, listing, stored

HISTORY_FILE = "history.sqlite3"


@dataclass(frozen=True)
class SessionRow:
    """A stored session: its settings and its state between deals, as the game wrote them."""

    id: int
    uid: str
    started: float
    updated: float
    preset: str
    mode: str
    status: Status
    config: dict[str, Any]
    state: dict[str, Any]
    deals: int = 0


@dataclass(frozen=True)
class DealRow:
    """A stored deal: the columns the screens list, and (when asked for) the record and the review."""

    id: int
    uid: str
    session: int | None
    number: int
    played: float
    preset: str
    mode: str
    human: int | None
    units: int | None
    rows_won: int | None
    sweeps_given: int | None
    sweeps_taken: int | None
    fouled: bool | None
    special: str | None
    seconds: float | None
    verdict: str | None
    loss: float | None
    retry_of: int | None
    players: int = 4  # the table's size (a record of a smaller table says so; one of four does not)
    decider: str | None = None  # who decided the player's hand (app.game.record.Decider's value; None: unknown)
    people: bool = False  # a seat was decided by another person: a deal at a lobby's table (History marks it)
    data: dict[str, Any] | None = None
    review: dict[str, Any] | None = None


# The table's size is read out of the record's JSON (its top-level "players", written only below four): a list
# reads one page of deals, so this costs nothing that a column and a migration would save.
# json_valid first: json_extract on a row whose data is not JSON fails the whole query, not just that row.
_LIST = (
    "id, uid, session, number, played, preset, mode, human, units, rows_won, sweeps_given, sweeps_taken, "
    "fouled, special, seconds, verdict, loss, retry_of, "
    "CASE WHEN json_valid(data) THEN coalesce(json_extract(data, '$.players'), 4) END, decider, "
    # Whether another person decided a seat (a lobby's table): the record's deciders, read out of its JSON as the
    # table's size is; '"person"' appears in decided_by's text only as that value (its keys are seat numbers).
    "CASE WHEN json_valid(data) THEN instr(coalesce(json_extract(data, '$.decided_by'), ''), '\"person\"') > 0 END"
)
PLAYER = "player"  # the decider column's value for the player's own decision (app.game.record.Decider.PLAYER)


def _deal_row(row: Sequence[Any], full: bool = False) -> DealRow:
    """A row of ``_LIST`` (with data and review when ``full``), checked; :class:`DamagedRow` names a bad column."""
    if row[18] is None:
        raise DamagedRow("data", "not JSON")
    listing(tuple(row[:21]))
    fouled = None if row[12] is None else bool(row[12])
    data = stored(row[21], DEAL, "data") if full else None
    review = stored(row[22], REVIEW, "review") if full and row[22] is not None else None
    return DealRow(*(*row[:12], fouled, *row[13:20], bool(row[20]), data, review))  # one star: no field twice


def _reason(exc: BaseException, path: Path | None = None) -> HistoryOff:
    text = str(exc).lower()
    if "full" in text or getattr(exc, "errno", None) == 28:
        return HistoryOff.FULL
    if path is not None and ("disk i/o" in text or "unable to open" in text) and disk_full(path.parent):
        return HistoryOff.FULL
    if "readonly" in text or "read-only" in text or "unable to open" in text or isinstance(exc, PermissionError):
        return HistoryOff.READ_ONLY
    return HistoryOff.UNAVAILABLE


class History:
    """An open history file. Methods are safe to call from any thread (one connection behind a lock).

    Damage that opening could not see (a garbled page deep in the file) shows when a query reaches it: the
    file is then moved aside like a corrupt one at start-up and a fresh one opened in its place
    (:meth:`_set_aside`) with what could be read of the old one carried over (:attr:`salvaged`), ``on_moved``
    is told where the old one went, a read answers from the fresh file and a write raises :class:`WriteFailed`."""

    def __init__(
        self, db: sqlite3.Connection, path: Path, *, clock: Callable[[], float] = time.time, read_only: bool = False
    ) -> None:
        self.db, self.path, self.clock, self.read_only = db, path, clock, read_only
        self._lock = threading.RLock()
        self.holding = Holding(self, path, self._lock)  # which copy of the game plays each session
        self.mistakes = Mistakes(self.read, self._write)  # the Arrange drill's kept hands
        self.on_moved: Callable[[Path], None] | None = None
        self.salvaged: Salvaged | None = None  # what the last setting aside carried over to the fresh file
        # A check of an export line (a plain dict) that raises DamagedRow, for the salvage: the opener gives the
        # game's (app.game.transfer.check_doc), since this floor cannot tell whether a record is one the table
        # could have made.
        self.check: Callable[[dict[str, Any], set[str]], None] | None = None
        self.damaged = DamageLog()  # the rows skipped where they would have been shown

    def _set_aside(self) -> None:
        """The open file is damaged: keep it aside, carry what can be read over to a fresh one, go on with it."""
        with contextlib.suppress(sqlite3.Error):
            self.db.close()
        moved = move_aside(self.path, self.clock())
        self.db, self.read_only = connect_writing(self.path), False
        self.salvaged = self._salvage(moved)
        self.damaged.clear()
        if self.on_moved is not None:
            self.on_moved(moved)

    def _salvage(self, source: Path) -> Salvaged:
        try:
            return salvage(source, self._write, self.check)
        except WriteFailed:  # the fresh file refuses the writes (a full disk): nothing carried over
            return Salvaged(0, 0)

    # ---- rows that cannot be read

    def scan_damaged(self, check: Callable[[DealRow], None] | None = None) -> list[Damaged]:
        """Every stored session and deal that does not read back (``check``: the game's own test of a deal
        that has the right shape, raising :class:`DamagedRow`), oldest first: what ``history --damaged`` lists."""
        found: list[Damaged] = []
        for (sid,) in self.iter_rows("SELECT id FROM sessions ORDER BY id"):
            if self.session(int(sid)) is None and (damaged := self.damaged.why("sessions", int(sid))) is not None:
                found.append(damaged)
        for row in self.iter_rows(f"SELECT {_LIST}, data, review FROM deals ORDER BY id"):
            try:
                deal = _deal_row(row, full=True)
                if check is not None:
                    check(deal)
            except DamagedRow as exc:
                found.append(Damaged("deals", row[0] if isinstance(row[0], int) else None, str(exc)))
        return found

    def _deal_rows(self, rows: Sequence[Sequence[Any]], full: bool) -> list[DealRow]:
        out = []
        for row in rows:
            try:
                out.append(_deal_row(row, full))
            except DamagedRow as exc:
                self.damaged.note("deals", row[0] if isinstance(row[0], int) else None, exc)
        return out

    def close(self) -> None:
        """Close the file (what is committed is already on disk) and let go of the sessions this copy held."""
        with self._lock:
            self.holding.claims.close()
            self.db.close()

    # ---- writing

    def _write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn`` in one IMMEDIATE transaction; :class:`WriteFailed` when the file refuses it."""
        with self._lock:
            if self.read_only:
                raise WriteFailed(HistoryOff.READ_ONLY, "the history was opened for reading only")
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    out = fn(self.db)
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    raise
            except (sqlite3.Error, OSError, OverflowError) as exc:
                if corrupt(exc):
                    self._set_aside()
                raise WriteFailed(_reason(exc, self.path), str(exc)) from exc
            return out

    def start_session(
        self,
        preset: str,
        mode: Mode,
        config: dict[str, Any],
        state: dict[str, Any],
        *,
        uid: str | None = None,
        owner: int | None = None,
    ) -> int:
        """A new session row, claimed by this copy of the game (see :mod:`.claims`); returns its id."""
        now = self.clock()
        uid = uid or new_uid()

        def add(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO sessions (uid, started, updated, preset, mode, status, config, state, owner) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (uid, now, now, preset, mode.value, Status.OPEN.value, json.dumps(config), json.dumps(state), owner),
            )
            return int(cur.lastrowid or 0)

        with self._lock:
            session = int(self._write(add))
            self.holding.claims.take(uid)
        return session

    def record_deal(
        self,
        session: int | None,
        record: dict[str, Any],
        mode: Mode,
        *,
        state: dict[str, Any] | None = None,
        retry_of: int | None = None,
        review: dict[str, Any] | None = None,
        uid: str | None = None,
        played: float | None = None,
        daily: tuple[str, str] | None = None,
    ) -> int:
        """Store one deal (``record``: a plain dict of :mod:`.deal_format`'s shape) and, in the same transaction,
        its session's new ``state`` and, for the deal of the day played for the record, its link to the day's
        claim (``daily``: the date and family, :mod:`.daily`); returns the deal's id."""
        now = self.clock() if played is None else played

        def add(db: sqlite3.Connection) -> int:
            deal_id = insert_deal(db, session, record, mode, now, retry_of, review, uid)
            if state is not None and session is not None:
                db.execute("UPDATE sessions SET state = ?, updated = ? WHERE id = ?", (json.dumps(state), now, session))
            if daily is not None:
                link_deal(db, *daily, session, deal_id)
            return deal_id

        return int(self._write(add))

    def set_review(self, deal_id: int, review: dict[str, Any], *, if_unpriced: bool = False) -> None:
        """The coach's verdict on a stored deal (it arrives after the deal is written); only on the player's own
        decision (never the pattern ladder's, where nothing is decided, nor a hand the computer decided).
        ``if_unpriced``: only where it has none yet (a late pricing never overwrites the table's own)."""
        unpriced = " AND verdict IS NULL" if if_unpriced else ""
        extra = review_columns(review)
        self._write(
            lambda db: db.execute(
                f"UPDATE deals SET verdict = ?, loss = ?, review = ?, {', '.join(f'{k} = ?' for k in REVIEW_COLUMNS)} "
                f"WHERE id = ? AND preset != '{UNDECIDED}' AND decider = '{PLAYER}'{unpriced}",
                (review.get("verdict"), review.get("loss"), json.dumps(review), *extra.values(), deal_id),
            )
        )

    def unpriced(self, limit: int) -> list[DealRow]:
        """The newest ``limit`` deals of the player's own decision at a table that have no verdict (the game
        ended before the coach's answer was written), with their records."""
        rows = self.read(
            f"SELECT {_LIST}, data, review FROM deals WHERE mode = ? AND decider = ? AND verdict IS NULL "
            f"AND preset != '{UNDECIDED}' ORDER BY id DESC LIMIT ?",
            (Mode.TABLE.value, PLAYER, limit),
        )
        return self._deal_rows(rows, full=True)

    def set_status(self, session: int, status: Status, state: dict[str, Any] | None = None) -> None:
        """Mark a session open (it can be continued) or over; ``state`` replaces its state when given."""
        now = self.clock()

        def put(db: sqlite3.Connection) -> None:
            db.execute("UPDATE sessions SET status = ?, updated = ? WHERE id = ?", (status.value, now, session))
            if state is not None:
                db.execute("UPDATE sessions SET state = ? WHERE id = ?", (json.dumps(state), session))

        self._write(put)

    def keep_state(self, session: int, state: dict[str, Any]) -> None:
        """Replace an open session's state (the deal in progress and its clock): one small UPDATE."""
        now = self.clock()
        self._write(
            lambda db: db.execute(
                "UPDATE sessions SET state = ?, updated = ? WHERE id = ?", (json.dumps(state), now, session)
            )
        )

    def record_drill(self, record: dict[str, Any], *, uid: str | None = None, finished: float | None = None) -> int:
        """Store one run of a drill (:meth:`app.game.drills.DrillRun.to_dict`); returns its id."""
        now = self.clock() if finished is None else finished

        def add(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO drills (uid, drill, preset, timed, finished, items, right, seconds, best_streak, loss, "
                "data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    uid or new_uid(),
                    record["drill"],
                    record["rules"],
                    int(bool(record["timed"])),
                    now,
                    record["items"],
                    record["right"],
                    record["seconds"],
                    record["best_streak"],
                    record.get("loss"),
                    json.dumps(record, ensure_ascii=False),
                ),
            )
            return int(cur.lastrowid or 0)

        return int(self._write(add))

    # ---- reading

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """The rows of one query (a query that meets damage sets the file aside first: see the class)."""
        with self._lock:
            try:
                return self.db.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as exc:
                if not corrupt(exc):
                    raise
                self._set_aside()
                return self.db.execute(sql, args).fetchall()

    def session(self, session: int) -> SessionRow | None:
        """One session, with the number of deals stored for it."""
        rows = self.read(
            "SELECT id, uid, started, updated, preset, mode, status, config, state, "
            "(SELECT count(*) FROM deals WHERE deals.session = sessions.id) FROM sessions WHERE id = ?",
            (session,),
        )
        if not rows:
            return None
        r = rows[0]
        try:
            SESSION_COLUMNS(
                dict(zip(("uid", "started", "updated", "preset", "mode", "status"), r[1:7], strict=True)), ""
            )
            config, state = stored(r[7], ANY_OBJECT, "config"), stored(r[8], ANY_OBJECT, "state")
        except DamagedRow as exc:
            self.damaged.note("sessions", session, exc)
            return None
        return SessionRow(r[0], r[1], r[2], r[3], r[4], r[5], Status(r[6]), config, state, r[9])

    def resumable(self, can_continue: Callable[[SessionRow], bool] | None = None) -> SessionRow | None:
        """The open session played most recently that no other live copy of the game is playing (the
        menu's Continue), or None. A session that ended (its summary shown) is over and never offered;
        ``can_continue`` (the game's own test: it can be rebuilt) passes over one that could not be continued."""
        rows = self.read(
            "SELECT id, uid FROM sessions WHERE status = ? ORDER BY updated DESC, id DESC LIMIT 20",
            (Status.OPEN.value,),
        )
        for session, uid in rows:
            if isinstance(uid, str) and self.holding.passed_over(int(session), uid):
                continue
            found = self.session(int(session))
            if (
                found is not None
                and (found.deals > 0 or isinstance(found.state.get("progress"), dict))
                and (can_continue is None or can_continue(found))
            ):
                return found  # a deal scored, or the first deal being played: something to continue
        return None

    def session_deals(self, session: int, modes: Sequence[Mode] = (Mode.TABLE, Mode.WATCH)) -> list[DealRow]:
        """A session's deals in the order played, with their records and reviews."""
        marks = ", ".join("?" * len(modes))
        rows = self.read(
            f"SELECT {_LIST}, data, review FROM deals WHERE session = ? AND mode IN ({marks}) ORDER BY number, id",
            (session, *(m.value for m in modes)),
        )
        return self._deal_rows(rows, full=True)

    def deals(
        self,
        *,
        preset: str | None = None,
        session: int | None = None,
        verdict: str | None = None,
        played_only: bool = False,
        own_only: bool = False,
        limit: int = 200,
        before: int | None = None,
    ) -> list[DealRow]:
        """Deals newest first (listing columns only), filtered; ``before`` pages on from a deal id; ``own_only``:
        the deals whose hand the player decided themselves."""
        where, args = self._filters(preset, session, verdict, played_only)
        if own_only:
            where.append("decider = ?")
            args.append(PLAYER)
        if before is not None:
            where.append("id < ?")
            args.append(before)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = self.read(f"SELECT {_LIST} FROM deals {clause} ORDER BY id DESC LIMIT ?", (*args, limit))
        return self._deal_rows(rows, full=False)

    @staticmethod
    def _filters(
        preset: str | None, session: int | None, verdict: str | None, played_only: bool
    ) -> tuple[list[str], list[Any]]:
        where: list[str] = []
        args: list[Any] = []
        for column, value in (("preset", preset), ("session", session), ("verdict", verdict)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        if played_only:
            where.append("human IS NOT NULL AND mode IN ('table', 'retry')")
        return where, args

    def deal(self, deal_id: int) -> DealRow | None:
        """One deal with its record and review, or None when there is no such deal."""
        rows = self.read(f"SELECT {_LIST}, data, review FROM deals WHERE id = ?", (deal_id,))
        found = self._deal_rows(rows, full=True)
        return found[0] if found else None

    def retries(self, deal_id: int) -> list[DealRow]:
        """The practice tries of a deal, oldest first."""
        rows = self.read(f"SELECT {_LIST}, data, review FROM deals WHERE retry_of = ? ORDER BY id", (deal_id,))
        return self._deal_rows(rows, full=True)

    def count(self, preset: str | None = None) -> int:
        """How many deals are stored (of ``preset``)."""
        if preset is None:
            return int(self.read("SELECT count(*) FROM deals")[0][0])
        return int(self.read("SELECT count(*) FROM deals WHERE preset = ?", (preset,))[0][0])

    def sessions_by_uid(self) -> dict[str, int]:
        """Every session's id by its uid (export and import)."""
        return {uid: sid for sid, uid in self.read("SELECT id, uid FROM sessions")}

    def iter_rows(self, sql: str, args: Sequence[Any] = (), batch: int = 2000) -> Iterator[Any]:
        """Rows of a query in batches, without holding them all (export). Damage met before the first row sets
        the file aside as :meth:`read` does; met later, it is raised (rows were already handed out)."""
        with self._lock:
            started = False
            try:
                cur = self.db.execute(sql, args)
                while rows := cur.fetchmany(batch):
                    started = True
                    yield from rows
                return
            except sqlite3.DatabaseError as exc:
                if started or not corrupt(exc):
                    raise
                self._set_aside()
            cur = self.db.execute(sql, args)
            while rows := cur.fetchmany(batch):
                yield from rows

    def write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn`` in one transaction (import: all of a file, or nothing)."""
        return self._write(fn)


@dataclass(frozen=True)
class Opened:
    """What opening the history did: the history (None when it is off), why it is off, and where a corrupt
    file was moved."""

    history: History | None
    off: HistoryOff | None = None
    moved_aside: Path | None = None
    detail: str = ""
    salvaged: Salvaged | None = None  # what was carried over from the file moved aside


def history_path() -> Path:
    """Where the history lives: ``history.sqlite3`` in the data folder."""
    return data_dir() / HISTORY_FILE


def open_history(
    path: Path | None = None,
    *,
    clock: Callable[[], float] = time.time,
    read_only: bool = False,
    check: Callable[[dict[str, Any], set[str]], None] | None = None,
) -> Opened:
    """Open (or create) the history; never raises for a bad file, a read-only folder or a full disk.

    ``read_only``: for a command that only reads, a connection that writes nothing, not even the WAL's
    index (a new, old or damaged file is opened as usual). ``check``: see :attr:`History.check`."""
    path = history_path() if path is None else path
    if read_only:
        try:
            db = connect_reading(path)
        except SchemaTooNew as exc:
            return Opened(None, HistoryOff.TOO_NEW, detail=str(exc))
        except NotOurs as exc:
            return Opened(None, HistoryOff.FOREIGN, detail=str(exc))
        except (sqlite3.Error, OSError) as exc:
            return Opened(None, _reason(exc, path), detail=str(exc))
        if db is not None:
            reading = History(db, path, clock=clock, read_only=True)
            reading.check = check
            return Opened(reading)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return Opened(None, _reason(exc, path), detail=str(exc))
    moved: Path | None = None
    for _attempt in range(2):
        try:
            history = History(connect_writing(path), path, clock=clock)
            history.check = check
        except SchemaTooNew as exc:
            return Opened(None, HistoryOff.TOO_NEW, detail=str(exc))
        except NotOurs as exc:
            return Opened(None, HistoryOff.FOREIGN, detail=str(exc))
        except (sqlite3.Error, OSError) as exc:
            if not corrupt(exc) or moved is not None:
                return Opened(None, _reason(exc, path), moved_aside=moved, detail=str(exc))
            try:
                moved = move_aside(path, clock())
            except OSError as err:
                return Opened(None, _reason(err, path), detail=str(err))
            continue
        if moved is None:
            return Opened(history)
        history.salvaged = history._salvage(moved)
        return Opened(history, moved_aside=moved, salvaged=history.salvaged)
    return Opened(None, HistoryOff.UNAVAILABLE, moved_aside=moved)
