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
(:meth:`Progress.time_for`). A deal left during 換三張 is passed again from its first round (the computers' passes
are seeded by the deal, so they pass the same cards), the first pass with the seconds that were left of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from rules.ledger import EndReason

from .phase import Phase
from .record import DealRecord

PROGRESS = "progress"  # the key of the deal in progress in a stored session's state
SAVE_EVERY = 1.0  # seconds: the most often the clock is written


@dataclass(frozen=True)
class InProgress:
    """A deal being played when its session was saved: its number, the player's seconds left to arrange (None:
    no time limit, or the player had not started arranging) and, during 換三張's first round, the seconds left
    to choose the pass."""

    deal: int
    left: float | None = None
    passing: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """As the session's state keeps it."""
        out: dict[str, Any] = {"deal": self.deal, "left": _tenths(self.left)}
        if self.passing is not None:
            out["passing"] = _tenths(self.passing)
        return out

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> InProgress | None:
        """The deal in progress a stored state holds, or None (none, or one that does not read)."""
        data = state.get(PROGRESS)
        if not isinstance(data, dict):
            return None
        deal = data.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
            return None
        return cls(deal, _seconds(data.get("left")), _seconds(data.get("passing")))


def _tenths(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 1)


def _seconds(value: object) -> float | None:
    """A stored number of seconds, or None when it does not read as one (the full time is given instead)."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value) or value < 0:
        return None
    return float(value)


class Kept(Protocol):
    """What :class:`Progress` reads of its table (a protocol: the table imports this module)."""

    phase: Phase
    current: DealRecord | None
    deadline: float | None
    exchange: Any  # :class:`app.game.exchange.Exchange`: ``can_pick`` while the player chooses a pass
    journal: Any  # a :class:`app.game.journal.Journal` writes the session (its ``keep``); others do not


    def now(self) -> float: ...

    def state(self) -> dict[str, Any]: ...

    def time_left(self) -> float | None: ...

    def session_end_reason(self) -> EndReason | None: ...

    def end(self, reason: EndReason) -> None: ...


class Progress:
    """The table's deal in progress and its clock, kept with the session (see the module docstring)."""

    def __init__(self, table: Kept) -> None:
        self.table = table
        self.before: dict[str, Any] | None = None  # the session's state before the deal in progress was dealt
        self.left: float | None = None  # the player's seconds left, as last seen while arranging
        self.passing: float | None = None  # 換三張: the seconds left to choose the first round's pass
        self.resumed: InProgress | None = None  # Continue: the deal to deal again and its time
        self._pass_resumed: InProgress | None = None  # Continue: the first pass's time, given at the first tick
        self._saved: tuple[int, int | None, int | None] | None = None  # what was last written (:meth:`_key`)
        self._saved_at: float | None = None

    def dealt(self) -> None:
        """The table is about to deal (called before the deal's number moves on): its state now is the one to
        save while the deal is being played."""
        self.before = self.table.state()
        self.left = self.passing = None

    def resume(self, deal: InProgress | None) -> None:
        """Continue: ``deal`` is the deal that was being played (its time left is given back when it is dealt
        again)."""
        self.resumed = self._pass_resumed = deal

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
        return {**self.before, PROGRESS: InProgress(rec.number, self.left, self.passing).to_dict()}

    def _watch(self) -> None:
        """Note the player's seconds left while they arrange, or choose 換三張's first pass (kept when the
        computer takes the seat over)."""
        table = self.table
        rec = table.current
        if table.phase is Phase.ARRANGING:
            left = table.time_left()
            if left is not None:
                self.left = left
        elif table.phase is Phase.EXCHANGING and table.exchange.can_pick and rec is not None and not rec.passes:
            left = table.time_left()
            if left is not None:
                self.passing = left

    def _give_pass_time(self, rec: DealRecord) -> None:
        """Continue during 換三張's first round: its pass has the seconds that were left (the exchange sets the
        full time when the deal is dealt again; this, the first tick after, sets it back)."""
        resumed, self._pass_resumed = self._pass_resumed, None
        table = self.table
        if resumed is None or resumed.passing is None or resumed.deal != rec.number or rec.passes \
                or table.phase is not Phase.EXCHANGING or table.deadline is None:
            return
        table.deadline = min(table.deadline, table.now() + resumed.passing)

    def _key(self, rec: DealRecord | None) -> tuple[int, int | None, int | None] | None:
        """What a write would say, to the whole second: the deal, the seconds left to arrange and to pass."""
        if rec is None:
            return None
        whole = (None if s is None else math.ceil(s) for s in (self.left, self.passing))
        return (rec.number, *whole)

    def tick(self) -> None:
        """The table screen's quarter-second tick: write the deal in progress when a new deal is being played,
        or when a whole second of its clock has gone and a second has passed since the last write."""
        rec = self.playing
        if rec is None:
            return
        if self._pass_resumed is not None:
            self._give_pass_time(rec)
        self._watch()
        key = self._key(rec)
        if key == self._saved:
            return
        now = self.table.now()
        if self._saved is not None and self._saved[0] == rec.number and self._saved_at is not None \
                and now - self._saved_at < SAVE_EVERY:
            return
        self._write(key, now)

    def keep(self) -> None:
        """Back to the menu (or the game is closing): write the session as it stands, to be continued."""
        table = self.table
        if table.phase is Phase.OVER or self.before is None:
            return  # ended (its summary was shown), or a table that deals its own way (a drill, a stored deal)
        reason = table.session_end_reason() if table.phase in (Phase.REVEALING, Phase.RESULTS) else None
        if reason is not None:  # the deal just played ended the session by the rules: nothing to continue
            table.end(reason)
            return
        self._watch()
        self._write(self._key(self.playing), self.table.now())

    def _write(self, key: tuple[int, int | None, int | None] | None, now: float) -> None:
        journal = self.table.journal
        keep = getattr(journal, "keep", None)
        if not callable(keep):
            return
        keep(self.table, self.state())
        self._saved, self._saved_at = key, now
