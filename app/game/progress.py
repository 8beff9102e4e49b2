"""The deal in progress, kept with its session: what Continue needs to deal it again with the time that was left.

A session is stored between deals (:meth:`app.game.table.Table.state`, written with every deal scored). A deal
being played is not in it: :class:`Progress`, which the table holds as ``table.progress``, adds it. It keeps the
session's state as it stood before the deal was dealt (the deal's number and arcade's treasure queue move on when
it is dealt) and the player's seconds left to arrange, and writes them through the table's journal:

- every quarter second the table screen calls :meth:`Progress.tick`: one small UPDATE at most once a second,
  and only when the whole seconds left changed (a clock held behind a dialog writes nothing), so a crash or a
  kill -9 loses at most about a second of the clock;
- :meth:`Progress.keep`: the player goes back to the menu (or quits, or the terminal closes): the same, at once,
  and the session stays open for Continue.

Continue (:mod:`.resume`) gives the saved :class:`InProgress` back (:meth:`Progress.resume`): the table deals the
same deal again (the same seed, so the same cards) and the countdown starts from the seconds that were left
(:meth:`Progress.time_for`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from .phase import Phase
from .record import DealRecord

PROGRESS = "progress"  # the key of the deal in progress in a stored session's state
SAVE_EVERY = 1.0  # seconds: the most often the clock is written


@dataclass(frozen=True)
class InProgress:
    """A deal being played when its session was saved: its number and the player's seconds left to arrange
    (None: no time limit, or the player had not started arranging)."""

    deal: int
    left: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """As the session's state keeps it."""
        return {"deal": self.deal, "left": None if self.left is None else round(self.left, 1)}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> InProgress | None:
        """The deal in progress a stored state holds, or None (none, or one that does not read)."""
        data = state.get(PROGRESS)
        if not isinstance(data, dict):
            return None
        deal, left = data.get("deal"), data.get("left")
        if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
            return None
        if left is not None and (not isinstance(left, int | float) or isinstance(left, bool)
                                 or not math.isfinite(left) or left < 0):
            left = None
        return cls(deal, None if left is None else float(left))


class Kept(Protocol):
    """What :class:`Progress` reads of its table (a protocol: the table imports this module)."""

    phase: Phase
    current: DealRecord | None
    journal: Any  # a :class:`app.game.journal.Journal` writes the session (its ``keep``); others do not


    def now(self) -> float: ...

    def state(self) -> dict[str, Any]: ...

    def time_left(self) -> float | None: ...


class Progress:
    """The table's deal in progress and its clock, kept with the session (see the module docstring)."""

    def __init__(self, table: Kept) -> None:
        self.table = table
        self.before: dict[str, Any] | None = None  # the session's state before the deal in progress was dealt
        self.left: float | None = None  # the player's seconds left, as last seen while arranging
        self.resumed: InProgress | None = None  # Continue: the deal to deal again and its time
        self._saved: tuple[int, int | None] | None = None  # what was last written: the deal, whole seconds left
        self._saved_at: float | None = None

    def dealt(self) -> None:
        """The table is about to deal (called before the deal's number moves on): its state now is the one to
        save while the deal is being played."""
        self.before = self.table.state()
        self.left = None

    def resume(self, deal: InProgress | None) -> None:
        """Continue: ``deal`` is the deal that was being played (its time left is given back when it is dealt
        again)."""
        self.resumed = deal

    def time_for(self, number: int, limit: float) -> float:
        """The seconds deal ``number`` has to arrange: what was left of it when it was saved (Continue), else
        ``limit``; the saved time is given once."""
        resumed, self.resumed = self.resumed, None
        if resumed is not None and resumed.deal == number and resumed.left is not None:
            return min(float(limit), resumed.left)
        return float(limit)

    @property
    def playing(self) -> DealRecord | None:
        """The deal being played (dealt through this table, not yet scored), or None."""
        rec = self.table.current
        if self.before is None or rec is None or rec.result is not None:
            return None
        if self.table.phase not in (Phase.EXCHANGING, Phase.ARRANGING):
            return None
        return rec

    def state(self) -> dict[str, Any]:
        """The session's state to save now: between deals, the table's; during a deal, the state before it was
        dealt with the deal in progress (its number and the seconds left)."""
        rec = self.playing
        if rec is None or self.before is None:
            return self.table.state()
        self._watch()
        return {**self.before, PROGRESS: InProgress(rec.number, self.left).to_dict()}

    def _watch(self) -> None:
        """Note the player's seconds left while they arrange (kept when the computer takes the seat over)."""
        if self.table.phase is Phase.ARRANGING:
            left = self.table.time_left()
            if left is not None:
                self.left = left

    def tick(self) -> None:
        """The table screen's quarter-second tick: write the deal in progress when a new deal is being played,
        or when a whole second of its clock has gone and a second has passed since the last write."""
        rec = self.playing
        if rec is None:
            return
        self._watch()
        key = (rec.number, None if self.left is None else math.ceil(self.left))
        if key == self._saved:
            return
        now = self.table.now()
        if self._saved is not None and self._saved[0] == rec.number and self._saved_at is not None \
                and now - self._saved_at < SAVE_EVERY:
            return
        self._write(key, now)

    def keep(self) -> None:
        """Back to the menu (or the game is closing): write the session as it stands, to be continued."""
        if self.table.phase is Phase.OVER or self.before is None:
            return  # ended (its summary was shown), or a table that deals its own way (a drill, a stored deal)
        rec = self.playing
        self._watch()
        key = (rec.number, None if self.left is None else math.ceil(self.left)) if rec is not None else None
        self._write(key, self.table.now())

    def _write(self, key: tuple[int, int | None] | None, now: float) -> None:
        journal = self.table.journal
        keep = getattr(journal, "keep", None)
        if not callable(keep):
            return
        keep(self.table, self.state())
        self._saved, self._saved_at = key, now
