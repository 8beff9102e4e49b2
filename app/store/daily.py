"""The deal of the day's record (schema 7's ``daily`` table): which calendar dates the player has played for the
record, in which family (rules/RULES.md §23.7), and how each went.

A day is claimed when the player sits down to it for the record (:meth:`DailyBook.claim`), before a card is
shown: the claim is a row with the day and family as its key, so two copies of the game cannot both claim it,
and no later path (Continue, a retry, a kill and a restart) finds it unclaimed. The deal is linked to the row in
the transaction that writes it (:meth:`.database.History.record_deal`'s ``daily``), and the duplicate comparison
with the computer levels (plain JSON the game builds) is kept once worked out. Every row read back is checked; a
damaged one is skipped and noted like any other.

The same concept on another floor: the record behind :mod:`app.game.daily`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .damage import DamageLog
from .validate import ANY_OBJECT, DamagedRow, integer, nullable, number, stored, text


class Store(Protocol):
    """What the book uses of :class:`.database.History` (a protocol: the history imports this module)."""

    clock: Callable[[], float]

    def write(self, fn: Callable[[Any], Any]) -> Any: ...

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]: ...

    @property
    def damaged(self) -> DamageLog: ...


_DAY = text(10, pattern=r"\d{4}-\d{2}-\d{2}")
_NAME = text(24)
_TIME = number(0, 1e12)
_ID = nullable(integer(1, 2**63 - 1))


@dataclass(frozen=True)
class DailyRow:
    """A day played for the record: its date (``YYYY-MM-DD``), family, the preset it was played at, when the
    player sat down (seconds since the epoch), the session and deal once written, and the comparison (or None)."""

    day: str
    family: str
    preset: str
    started: float
    session: int | None
    deal: int | None
    comparison: dict[str, Any] | None


_COLUMNS = "day, family, preset, started, session, deal, comparison"


def _row(r: tuple[Any, ...]) -> DailyRow:
    checks = (("day", _DAY), ("family", _NAME), ("preset", _NAME), ("started", _TIME), ("session", _ID), ("deal", _ID))
    for (name, check), value in zip(checks, r[:6], strict=True):
        check(value, name)
    comparison = None if r[6] is None else stored(r[6], ANY_OBJECT, "comparison")
    return DailyRow(r[0], r[1], r[2], float(r[3]), r[4], r[5], comparison)


class DailyBook:
    """The ``daily`` table of one open history (see the module docstring)."""

    def __init__(self, history: Store) -> None:
        self.history = history

    def claim(self, day: str, family: str, preset: str) -> bool:
        """Claim ``day``'s deal of ``family`` for the record: True when this call claimed it, False when it was
        already claimed (played, or begun, before). Raises the history's ``WriteFailed`` when it cannot write."""
        now = self.history.clock()

        def add(db: Any) -> bool:
            cur = db.execute(
                "INSERT OR IGNORE INTO daily (day, family, preset, started) VALUES (?, ?, ?, ?)",
                (day, family, preset, now),
            )
            return bool(cur.rowcount)

        return bool(self.history.write(add))

    def row(self, day: str, family: str) -> DailyRow | None:
        """``day``'s record in ``family``, or None when it is not claimed (or its row does not read back)."""
        rows = self.history.read(f"SELECT {_COLUMNS} FROM daily WHERE day = ? AND family = ?", (day, family))
        found = self._rows(rows)
        return found[0] if found else None

    def between(self, first: str, last: str, family: str | None = None) -> list[DailyRow]:
        """The days claimed from ``first`` to ``last`` (``YYYY-MM-DD``, both included), of ``family`` or any,
        oldest first."""
        where, args = "day BETWEEN ? AND ?", [first, last]
        if family is not None:
            where += " AND family = ?"
            args.append(family)
        rows = self.history.read(f"SELECT {_COLUMNS} FROM daily WHERE {where} ORDER BY day, family", args)
        return self._rows(rows)

    def days(self) -> list[str]:
        """Every date with a deal played for the record (in any family), newest first: the streak counts them."""
        return [
            str(d)
            for (d,) in self.history.read("SELECT DISTINCT day FROM daily WHERE deal IS NOT NULL ORDER BY day DESC")
        ]

    def keep_comparison(self, day: str, family: str, comparison: dict[str, Any]) -> None:
        """Keep the comparison of ``day``'s deal with the computer levels (worked out once)."""
        self.history.write(
            lambda db: db.execute(
                "UPDATE daily SET comparison = ? WHERE day = ? AND family = ?", (json.dumps(comparison), day, family)
            )
        )

    def _rows(self, rows: list[Any]) -> list[DailyRow]:
        out = []
        for r in rows:
            try:
                out.append(_row(tuple(r)))
            except DamagedRow as exc:
                self.history.damaged.note("daily", None, exc)
        return out


def link_deal(db: Any, day: str, family: str, session: int | None, deal: int) -> None:
    """Link the deal just written to its day's claim (in the transaction that wrote it); a day claimed and not
    yet played only, so that the record is the first deal scored for it."""
    db.execute(
        "UPDATE daily SET session = ?, deal = ? WHERE day = ? AND family = ? AND deal IS NULL",
        (session, deal, day, family),
    )
