"""The reveal of a scored deal: its steps (fronts, middles, backs, 打槍, 全壘打, bonuses, totals), the running
tallies, each row's best hand, the count-up of the totals, how far the reveal has got (:class:`RevealProgress`),
and the table's reveal of its current deal (:class:`Revealing`, held as ``table.reveal``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from rules.arrangement import Row

from .phase import Phase
from .record import SEATS, DealRecord
from .totals import Totals

# Frames of the totals' count-up (the money counting from its value before the deal to after it).
COUNT_FRAMES = 12


class StepKind(StrEnum):
    """What one beat of the reveal shows."""

    ROW = "row"  # one row of every seat (``RevealStep.row``)
    MAJORITY = "majority"  # western: the point for winning more rows
    SWEEPS = "sweeps"  # 打槍 (and shisanshui's crush)
    HOME_RUNS = "home_runs"  # 紅不讓 / 全壘打
    BONUSES = "bonuses"  # everything else: specials, bonus hands, treasure on its own
    LADDER = "ladder"  # the pattern ladder: every hand shown and compared at once (no rows)
    TOTALS = "totals"  # the deal's totals, counted up


@dataclass(frozen=True)
class ItemLine:
    """One scored item between two table seats, from the receiving seat's side (``value`` > 0)."""

    winner: int
    loser: int
    kind: str
    value: int


@dataclass(frozen=True)
class RevealStep:
    """One beat of the reveal: a row (``row`` set) or a group of items, and what it adds to each seat."""

    kind: StepKind
    row: Row | None = None
    lines: tuple[ItemLine, ...] = ()
    delta: tuple[int, ...] = (0, 0, 0, 0)  # units added to each table seat's deal tally by this step


ROW_KINDS = {"front": Row.FRONT, "middle": Row.MIDDLE, "back": Row.BACK}
SWEEP_KINDS = frozenset({"sweep", "crush"})


def _lines_of(rec: DealRecord, kinds: Callable[[str], bool]) -> list[ItemLine]:
    assert rec.result is not None
    lines = []
    for pair in rec.result.pairs:
        i, j = rec.seats[pair.i], rec.seats[pair.j]
        for item in pair.items:
            if kinds(item.kind) and item.value:
                w, lo = (i, j) if item.value > 0 else (j, i)
                lines.append(ItemLine(w, lo, item.kind, abs(item.value)))
    return lines


def _row_lines(rec: DealRecord) -> dict[Row, list[ItemLine]]:
    # A treasure item belongs to the row item just before it (arcade lists them in that order).
    assert rec.result is not None
    out: dict[Row, list[ItemLine]] = {r: [] for r in Row}
    for pair in rec.result.pairs:
        i, j = rec.seats[pair.i], rec.seats[pair.j]
        last: Row | None = None
        for item in pair.items:
            row = ROW_KINDS.get(item.kind)
            if row is not None:
                last = row
            elif not (item.kind == "treasure" and last is not None):
                continue
            if item.value:
                w, lo = (i, j) if item.value > 0 else (j, i)
                out[last].append(ItemLine(w, lo, item.kind, abs(item.value)))  # type: ignore[index]
    return out


def _delta(lines: Sequence[ItemLine]) -> tuple[int, ...]:
    d = [0] * SEATS
    for ln in lines:
        d[ln.winner] += ln.value
        d[ln.loser] -= ln.value
    return tuple(d)


def reveal_steps(rec: DealRecord) -> tuple[RevealStep, ...]:
    """The reveal, in order: fronts, middles, backs (with what each row scores), western's majority point,
    打槍, 紅不讓/全壘打, bonuses and specials, then the totals. The deltas add up to the deal's units."""
    assert rec.result is not None
    if not rec.preset.arranged:  # the pattern ladder (RULES.md §19): one beat, every hand at once
        ladder = _lines_of(rec, lambda k: k == "ladder")
        return (
            RevealStep(StepKind.LADDER, None, tuple(ladder), _delta(ladder)),
            RevealStep(StepKind.TOTALS, None, (), (0,) * SEATS),
        )
    rows = _row_lines(rec)
    # taiwan/tournament score rows as one ±1 per pair, known once the backs are shown.
    base = _lines_of(rec, lambda k: k == "rows")
    steps = [
        RevealStep(StepKind.ROW, Row.FRONT, tuple(rows[Row.FRONT]), _delta(rows[Row.FRONT])),
        RevealStep(StepKind.ROW, Row.MIDDLE, tuple(rows[Row.MIDDLE]), _delta(rows[Row.MIDDLE])),
        RevealStep(StepKind.ROW, Row.BACK, tuple(rows[Row.BACK] + base), _delta(rows[Row.BACK] + base)),
    ]
    majority = _lines_of(rec, lambda k: k == "majority")
    if majority:
        steps.append(RevealStep(StepKind.MAJORITY, None, tuple(majority), _delta(majority)))
    sweeps = _lines_of(rec, lambda k: k in SWEEP_KINDS)
    if sweeps:
        steps.append(RevealStep(StepKind.SWEEPS, None, tuple(sweeps), _delta(sweeps)))
    homes = _lines_of(rec, lambda k: k == "home_run")
    if homes:
        steps.append(RevealStep(StepKind.HOME_RUNS, None, tuple(homes), _delta(homes)))
    done = {"rows", "majority", "treasure", "home_run", *SWEEP_KINDS, *ROW_KINDS}
    others = _lines_of(rec, lambda k: k not in done)
    if others:
        steps.append(RevealStep(StepKind.BONUSES, None, tuple(others), _delta(others)))
    steps.append(RevealStep(StepKind.TOTALS, None, (), (0,) * SEATS))
    return tuple(steps)


def tally_after(steps: Sequence[RevealStep], shown: int) -> tuple[int, ...]:
    """Each seat's deal tally once the first ``shown`` steps are shown."""
    out = [0] * SEATS
    for step in steps[:shown]:
        for s, d in enumerate(step.delta):
            out[s] += d
    return tuple(out)


def count_frames(start: int, end: int, frames: int) -> list[int]:
    """Values a number passes through counting from ``start`` to ``end`` in ``frames`` frames (ends exact)."""
    if frames <= 1 or start == end:
        return [end]
    return [round(start + (end - start) * k / frames) for k in range(1, frames + 1)]


def row_winners(rec: DealRecord, row: Row) -> set[int]:
    """The seats whose ``row`` is the best hand at the table in that row (the ★): the strongest of the rows laid
    down, by the table's own ranking (its wheel and suit rule), when it beats at least one of them. Every seat's
    row counts, compared or not: at a banker table two players never meet, yet one player's king-high flush is
    still a better row than another's queen-high. A fouled hand and a declared special lay no row down."""
    keys = {}
    for s in rec.seats:
        decision = rec.decisions.get(s)
        if decision is None or decision.arrangement is None or rec.fouled(s):
            continue
        keys[s] = decision.arrangement.values(rec.options.wheel)[row].key(rec.options.suit_tiebreak)
    if len(set(keys.values())) < 2:
        return set()  # one row, or all alike: nothing stands out
    best = max(keys.values())
    return {s for s, key in keys.items() if key == best}


@dataclass(frozen=True)
class RevealProgress:
    """How far the reveal of a deal has got: the steps on show, and the frame of the totals' count-up.

    ``frame`` is None until the totals step is shown, then counts 0 → ``frames``; :meth:`finish` jumps to
    the end. Every method returns a new progress.
    """

    steps: tuple[RevealStep, ...] = ()
    shown: int = 0
    frame: int | None = None
    frames: int = COUNT_FRAMES

    def advance(self) -> RevealProgress:
        """One more step on show; the totals step starts the count-up."""
        shown = min(len(self.steps), self.shown + 1)
        counting = shown > 0 and self.steps[shown - 1].kind is StepKind.TOTALS
        return replace(self, shown=shown, frame=0 if counting else self.frame)

    @property
    def counting(self) -> bool:
        """True while the totals count up (after the totals step is shown, before :meth:`finish`)."""
        return self.frame is not None

    def count(self) -> RevealProgress:
        """One frame of the count-up (no change unless :attr:`counting`)."""
        return self if self.frame is None else replace(self, frame=self.frame + 1)

    @property
    def counted(self) -> bool:
        """True once the count-up has run all its frames: time to finish the reveal."""
        return self.frame is not None and self.frame >= self.frames

    def finish(self) -> RevealProgress:
        """Every step on show, the count-up done."""
        return replace(self, shown=len(self.steps), frame=None)

    @property
    def tallies(self) -> tuple[int, ...]:
        """Each seat's deal tally from the steps on show."""
        return tally_after(self.steps, self.shown)

    @property
    def rows_shown(self) -> int:
        """How many row steps are on show (0 to 3); the pattern ladder's one step shows all three at once."""
        if any(s.kind is StepKind.LADDER for s in self.steps[: self.shown]):
            return 3
        return sum(1 for s in self.steps[: self.shown] if s.kind is StepKind.ROW)

    @property
    def finished(self) -> bool:
        """True once every step is on show and the count-up is over (or skipped)."""
        return bool(self.steps) and self.shown == len(self.steps) and self.frame is None

    def money(self, before: int, after: int) -> int:
        """A seat's money as the reveal shows it: ``before`` until the totals step, then counting up (or
        down) to ``after``, and ``after`` once the reveal is finished."""
        if self.finished:
            return after
        if self.frame is None:
            return before
        frames = count_frames(before, after, self.frames)
        return frames[min(self.frame, len(frames) - 1)]


class Shown(Protocol):
    """What the reveal reads and sets of its :class:`~app.game.table.Table` (a protocol: the table imports this
    module)."""

    @property
    def phase(self) -> Phase: ...

    current: DealRecord | None
    totals: Totals

    def enter(self, phase: Phase) -> None: ...


class Revealing:
    """The reveal of a table's current deal: how far it has got (:attr:`progress`, a new
    :class:`RevealProgress` at each move) and the table's move to the results once it has all been shown."""

    def __init__(self, table: Shown) -> None:
        self.table = table
        self.progress = RevealProgress()  # no steps until the deal is scored

    def show(self, progress: RevealProgress) -> None:
        """Start over at ``progress``: none of a new deal's steps, or all of a deal just scored, none shown yet."""
        self.progress = progress

    @property
    def steps(self) -> tuple[RevealStep, ...]:
        """The reveal of the current deal (empty until it is scored)."""
        return self.progress.steps

    def advance(self) -> RevealProgress:
        """One more step on show (the totals step starts the count-up)."""
        if self.table.phase is Phase.REVEALING:
            self.progress = self.progress.advance()
        return self.progress

    def count(self) -> RevealProgress:
        """One frame of the totals' count-up; once :attr:`RevealProgress.counted`, call :meth:`finish`."""
        if self.table.phase is Phase.REVEALING:
            self.progress = self.progress.count()
        return self.progress

    def finish(self) -> None:
        """The reveal has been shown (or skipped): the results."""
        self.progress = self.progress.finish()
        if self.table.phase is Phase.REVEALING:
            self.table.enter(Phase.RESULTS)

    def money(self, seat: int) -> int:
        """``seat``'s money as the reveal shows it: before the deal until the totals step, then counting."""
        rec = self.table.current
        if rec is None or rec.result is None or not rec.before:
            return self.table.totals.money()[seat]
        return self.progress.money(rec.before[seat], rec.after[seat])
