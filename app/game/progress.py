"""The deal in progress, kept with its session: what Continue needs to go on with it exactly where it stood.

A session is stored between deals (:meth:`app.game.saving.Saving.state`, written with every deal scored). A deal
being played is not in it: :class:`Progress`, which the table holds as ``table.progress``, adds it. It keeps the
session's state as it stood before the deal was dealt (the deal's number and arcade's treasure queue move on when
it is dealt), the clock of the phase under way (the pass's or the arrangement's: they are distinct clocks) and
what the player had decided so far (:class:`Made`), and writes them through the table's journal:

- every quarter second the table screen calls :meth:`Progress.tick`: a change in what the player decided (a pass,
  a card placed, a declaration, a 賭倍, READY) is written at once; the clock at most once a second, and only when
  its whole seconds changed (a clock held behind a dialog writes nothing), so a crash or a kill -9 loses at most
  about a second of the clock and no decision;
- a pass and READY are written the moment they are made (:meth:`Progress.decided`);
- :meth:`Progress.keep`: the player goes back to the menu (or quits, or the terminal closes): the same, at once,
  and the session stays open for Continue.

Continue (:mod:`.resume`) gives the saved :class:`InProgress` back (:meth:`Progress.resume`): the table deals the
same deal again (the same seed, so the same cards), replays every finished round of 換三張 as it was passed (the
player's pass of the round under way too), so that a pass made is never offered again, puts the placed cards back
in their rows, and starts the phase's clock from the seconds that were left (:meth:`Progress.time_for`,
:meth:`Progress.pass_time_for`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from rules.cards import Card, CardError, format_cards, parse_cards
from rules.deal import DealError, Decision

from .clock import Clock
from .countdown import Countdown
from .outcome import SessionOutcome
from .phase import Phase
from .playing import PROGRESS, Playing, seconds_or_none
from .record import DealRecord, Decider
from .saving import Saving
from .wagers import Wagers

SAVE_EVERY = 1.0  # seconds: the most often the clock alone is written

Rows = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
NO_ROWS: Rows = ((), (), ())


@dataclass(frozen=True)
class Made:
    """What the player had decided in the deal in progress, in the order the deal asks for it: every finished
    round of 換三張 (all seats' passes, as they moved), the player's pass of the round under way, the rows placed
    so far, a declaration, arcade's 賭倍, the decision itself once READY (or the time-out's) while the others still
    think, and the banker game's stake for the deals after this one. Empty until the player decides anything."""

    rounds: tuple[dict[int, tuple[Card, ...]], ...] = ()
    given: tuple[Card, ...] | None = None  # the player's pass of the round under way
    taken: tuple[int, ...] = ()  # rounds whose pass the computer chose for the player (the pass clock ran out)
    left: tuple[int, ...] = ()  # rounds whose pass it chose after the player left the seat to it
    placed: Rows = NO_ROWS
    declared: str | None = None  # a special's id
    double: int | None = None  # arcade's 賭倍: the table seat doubled against
    decision: Decision | None = None
    decider: Decider | None = None
    seconds: float | None = None
    stake: int | None = None  # the banker game: the player's stake from the next deal on, when changed
    pass_seconds: tuple[float | None, ...] = ()  # by round: the seconds the player took over their own pass

    def to_dict(self) -> dict[str, Any]:
        """As the deal in progress keeps it: only what was decided."""
        out: dict[str, Any] = {}
        if self.rounds:
            out["rounds"] = [{str(s): format_cards(p) for s, p in r.items()} for r in self.rounds]
        if self.given is not None:
            out["given"] = format_cards(self.given)
        if self.taken:
            out["taken"] = list(self.taken)
        if self.left:
            out["left"] = list(self.left)
        if any(self.placed):
            out["placed"] = [format_cards(r) for r in self.placed]
        if self.declared is not None:
            out["declared"] = self.declared
        if self.double is not None:
            out["double"] = self.double
        if self.decision is not None and self.decider is not None:
            out["decision"] = self.decision.to_dict()
            out["decider"] = self.decider.value
            if self.seconds is not None:
                out["seconds"] = round(self.seconds, 3)
        if self.stake is not None:
            out["stake"] = self.stake
        if any(t is not None for t in self.pass_seconds):
            out["pass_seconds"] = [None if t is None else round(t, 3) for t in self.pass_seconds]
        return out

    @classmethod
    def from_dict(cls, data: object) -> Made:
        """Read :meth:`to_dict`'s output; a part that does not read is left out (what it would have restored is
        then decided again, never something the player did not decide), the rest kept."""
        if not isinstance(data, dict):
            return cls()
        made = cls()
        for key, read in _READERS.items():
            if key in data:
                try:
                    made = replace(made, **read(data[key]))
                except (CardError, DealError, KeyError, TypeError, ValueError):
                    continue
        if made.decision is None or made.decider is None:
            made = replace(made, decision=None, decider=None, seconds=None)
        return made


def _seat_cards(data: object) -> dict[int, tuple[Card, ...]]:
    if not isinstance(data, dict):
        raise TypeError("a round is an object keyed by seat")
    return {int(s): parse_cards(str(p), 3) for s, p in data.items() if str(s) in ("0", "1", "2", "3")}


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"not a whole number: {value!r}")
    return value


def _round(value: object) -> int:
    k = _whole(value)
    if not 0 <= k < 8:
        raise ValueError(f"not a round of the exchange: {k}")
    return k


def _rows(data: object) -> dict[str, Rows]:
    if not isinstance(data, list) or len(data) != 3:
        raise TypeError("placed rows are three lists")
    rows = tuple(parse_cards(str(r)) if r else () for r in data)
    if len(rows[0]) > 3 or len(rows[1]) > 5 or len(rows[2]) > 5:
        raise ValueError("a placed row holds more cards than the row has room for")
    return {"placed": rows}  # type: ignore[dict-item]


_READERS: dict[str, Any] = {
    "rounds": lambda v: {"rounds": tuple(_seat_cards(r) for r in v)},
    "given": lambda v: {"given": parse_cards(str(v), 3)},
    "taken": lambda v: {"taken": tuple(_round(k) for k in v)},
    "left": lambda v: {"left": tuple(_round(k) for k in v)},
    "placed": _rows,
    "declared": lambda v: {"declared": v if isinstance(v, str) else None},
    "double": lambda v: {"double": _whole(v)},
    "decision": lambda v: {"decision": Decision.from_dict(v)},
    "decider": lambda v: {"decider": Decider(v)},
    "seconds": lambda v: {"seconds": seconds_or_none(v)},
    "stake": lambda v: {"stake": _whole(v)},
    "pass_seconds": lambda v: {"pass_seconds": tuple(None if t is None else _number(t) for t in v)},
}


def _number(value: object) -> float:
    seconds = seconds_or_none(value)
    if seconds is None:
        raise ValueError(f"not a number of seconds: {value!r}")
    return seconds


@dataclass(frozen=True)
class InProgress:
    """A deal being played when its session was saved: its number, the player's seconds left to arrange (None:
    no time limit, or the player had not started arranging), the seconds left to choose the pass of 換三張's
    round under way, and what the player had decided (:class:`Made`)."""

    deal: int
    left: float | None = None
    passing: float | None = None
    made: Made = field(default_factory=Made)

    def to_dict(self) -> dict[str, Any]:
        """As the session's state keeps it."""
        out: dict[str, Any] = {"deal": self.deal, "left": _tenths(self.left)}
        if self.passing is not None:
            out["passing"] = _tenths(self.passing)
        made = self.made.to_dict()
        if made:
            out["made"] = made
        return out

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> InProgress | None:
        """The deal in progress a stored state holds, or None (none, or one that does not read)."""
        playing = Playing.from_state(state)
        if playing is None:
            return None
        return cls(playing.deal, playing.left, playing.passing, Made.from_dict(state[PROGRESS].get("made")))


def _tenths(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 1)


class Kept(Protocol):
    """What :class:`Progress` reads of its table (a protocol: the table imports this module)."""

    phase: Phase
    current: DealRecord | None
    clock: Clock
    countdown: Countdown
    arrange: Any  # :class:`app.game.arrange.ArrangeState` while the player arranges or picks a pass
    wagers: Wagers
    exchange: Any  # :class:`app.game.exchange.Exchange`: its ``passes`` of the round under way, ``can_pick``
    journal: Any  # a :class:`app.game.journal.Journal` writes the session (its ``keep``); others do not
    outcome: SessionOutcome
    saving: Saving

    def now(self) -> float: ...


class Progress:
    """The table's deal in progress, its clock and what the player decided in it, kept with the session (see the
    module docstring)."""

    def __init__(self, table: Kept) -> None:
        self.table = table
        self.before: dict[str, Any] | None = None  # the session's state before the deal in progress was dealt
        self.left: float | None = None  # the player's seconds left to arrange, as last seen while arranging
        self.passing: float | None = None  # 換三張: the seconds left to choose the pass of the round under way
        self.resumed: InProgress | None = None  # Continue: the deal to go on with, its clocks and what was decided
        self._clock_given = False  # the resumed arranging time has been given (it is given once)
        self._saved: tuple[Any, ...] | None = None  # what was last written (:meth:`_key`)
        self._saved_at: float | None = None

    def dealt(self) -> None:
        """The table is about to deal (called before the deal's number moves on): its state now is the one to
        save while the deal is being played."""
        self.before = self.table.saving.state()
        self.left = self.passing = None

    def resume(self, deal: InProgress | None) -> None:
        """Continue: ``deal`` is the deal that was being played (its time left and what the player decided are
        given back when it is dealt again)."""
        self.resumed, self._clock_given = deal, False

    def made_for(self, number: int) -> Made | None:
        """What the player had decided in deal ``number`` when it was saved (Continue), or None."""
        resumed = self.resumed
        return resumed.made if resumed is not None and resumed.deal == number else None

    def time_for(self, number: int, limit: float) -> float:
        """The seconds deal ``number`` has to arrange: what was left of it when it was saved (Continue), else
        ``limit``; the saved time is given once."""
        resumed = self.resumed
        if resumed is not None and resumed.deal == number and resumed.left is not None and not self._clock_given:
            self._clock_given = True
            return min(float(limit), resumed.left)
        return float(limit)

    def pass_time_for(self, number: int, round_no: int, limit: float) -> float:
        """The seconds to choose the pass of round ``round_no`` (0-based) of deal ``number``: what was left of it
        when it was saved (Continue), else ``limit``."""
        resumed = self.resumed
        if resumed is None or resumed.deal != number or resumed.passing is None or round_no != len(resumed.made.rounds):
            return float(limit)
        return min(float(limit), resumed.passing)

    @property
    def playing(self) -> DealRecord | None:
        """The deal being played (dealt through this table, not yet scored), or None."""
        rec = self.table.current
        if self.before is None or rec is None or rec.result is not None:
            return None
        if self.table.phase not in (Phase.EXCHANGING, Phase.ARRANGING):
            return None
        return rec

    def made(self) -> Made:
        """What the player has decided so far in the deal being played (read from the table as it stands)."""
        table, rec = self.table, self.playing
        stake = (
            table.wagers.stake if self.before is not None and table.wagers.stake != self.before.get("stake") else None
        )
        if rec is None or rec.human is None:
            return Made(stake=stake)
        human = rec.human
        rounds = tuple(dict(r) for r in rec.passes)
        given = table.exchange.passes.get(human) if table.phase is Phase.EXCHANGING else None
        taken, left = tuple(rec.passed_for_human), tuple(rec.passed_after_leaving)
        seconds = tuple(rec.pass_seconds)
        if table.phase is not Phase.ARRANGING:
            return Made(rounds, given, taken, left=left, stake=stake, pass_seconds=seconds)
        decision, decider = rec.decisions.get(human), rec.decided_by.get(human)
        st = table.arrange
        placed: Rows = NO_ROWS
        declared = None
        double = table.wagers.double
        if decision is not None:  # the 賭倍 that went in with it (the computer's own, when it finished the hand)
            double = rec.doubles.get(human)
        elif st is not None:
            placed = st.rows
            declared = None if st.declared is None else st.declared.id
        return Made(
            rounds,
            None,
            taken,
            left,
            placed,
            declared,
            double,
            decision,
            decider if decision is not None else None,
            rec.seconds if decision is not None else None,
            stake,
            seconds,
        )

    def state(self) -> dict[str, Any]:
        """The session's state to save now: between deals, the table's; during a deal, the state before it was
        dealt with the deal in progress (its number, its clocks and what the player decided)."""
        rec = self.playing
        if rec is None or self.before is None:
            return self.table.saving.state()
        self._watch()
        return {**self.before, PROGRESS: InProgress(rec.number, self.left, self.passing, self.made()).to_dict()}

    def _watch(self) -> None:
        """Note the player's seconds left while they arrange, or choose a pass of 換三張 (kept when the computer
        takes the seat over)."""
        table = self.table
        if table.phase is Phase.ARRANGING:
            self.passing = None  # the exchange is over: only the arrangement's clock runs
            left = table.countdown.left()
            if left is not None:
                self.left = left
        elif table.phase is Phase.EXCHANGING and table.exchange.taken:
            self.passing = 0.0  # the pass clock ran out and the helper is choosing: Continue has it choose again
        elif table.phase is Phase.EXCHANGING and table.exchange.can_pick:
            self.passing = table.countdown.left()
        elif table.phase is Phase.EXCHANGING:
            self.passing = None  # the pass is made: no pass clock runs until the next round's

    def _key(self, rec: DealRecord | None) -> tuple[Any, ...] | None:
        """What a write would say: the deal, what the player decided, and the clocks to the whole second."""
        if rec is None:
            return None
        whole = (None if s is None else math.ceil(s) for s in (self.left, self.passing))
        return (rec.number, repr(self.made().to_dict()), *whole)

    def tick(self) -> None:
        """The table screen's quarter-second tick: write the deal in progress when a new deal is being played or
        the player decided something, or when a whole second of its clock has gone and a second has passed since
        the last write."""
        rec = self.playing
        if rec is None:
            return
        self._watch()
        key = self._key(rec)
        if key == self._saved:
            return
        now = self.table.now()
        saved = self._saved
        if (
            saved is not None
            and key is not None
            and saved[:2] == key[:2]
            and self._saved_at is not None
            and now - self._saved_at < SAVE_EVERY
        ):
            return  # only the clock moved, and it was written less than a second ago
        self._write(key, now)

    def decided(self) -> None:
        """A decision was just made (a pass, READY): write it now, so that no crash can offer it again."""
        if self.playing is not None:
            self.tick()

    def keep(self) -> None:
        """Back to the menu (or the game is closing): write the session as it stands, to be continued."""
        table = self.table
        if table.phase is Phase.OVER or self.before is None:
            return  # ended (its summary was shown), or a table that deals its own way (a drill, a stored deal)
        reason = table.outcome.reason() if table.phase in (Phase.REVEALING, Phase.RESULTS) else None
        if reason is not None:  # the deal just played ended the session by the rules: nothing to continue
            table.outcome.end(reason)
            return
        self._watch()
        self._write(self._key(self.playing), self.table.now())

    def _write(self, key: tuple[Any, ...] | None, now: float) -> None:
        journal = self.table.journal
        keep = getattr(journal, "keep", None)
        if not callable(keep):
            return
        keep(self.table, self.state())
        self._saved, self._saved_at = key, now


def restore_made(table: Any, record: DealRecord, human: int, made: Made) -> None:
    """Continue while arranging (:meth:`app.game.table.Table.begin_arranging` calls this): what the player had
    decided goes back as it was: a decision already made stands (READY is never asked again), else the placed
    cards go back in their rows with the declaration and the 賭倍. A part that does not fit the hand (an edited
    file) is left out."""
    st = table.arrange
    decision = made.decision
    if (
        decision is not None
        and made.decider is not None
        and human not in record.decisions
        and sorted(decision.cards) == sorted(record.hands[human])
    ):
        record.decisions[human] = decision
        record.decided_by[human] = made.decider
        record.seconds = made.seconds
        if st is not None:
            st = (
                st.with_arrangement(decision.arrangement)
                if decision.arrangement is not None
                else replace(st, declared=decision.declare)
            )
        if record.preset.doubling(record.banker is not None):  # the 賭倍 that went in with it, or none
            record.doubles[human] = made.double if made.double in table.wagers.double_options() else None
        table.replace_arrange(st)
        table.clock.limit(None)
        return
    if st is None:
        return
    placed = [c for row in made.placed for c in row]
    if placed and len(set(placed)) == len(placed) and set(placed) <= set(st.hand):
        st = replace(st, rows=made.placed, selected=frozenset(), suggestion=-1)
    special = next((s for s in st.specials if s.id == made.declared), None)
    if special is not None:
        st = st.declare(special)
    table.replace_arrange(st)
    table.wagers.restore_double(made.double)
