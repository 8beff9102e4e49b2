"""The guided first game ("Learn to play"): one scripted deal at a real table, a tip at each step.

The deal is fixed (:data:`GUIDE_SEED`, taiwan, `normal` opponents, no clock, not scored) so that every
step shows what it explains: the hand holds a pair to foul with on purpose, and `a` (auto-arrange) finds a
play that wins all three rows against East, a 打槍. :class:`Guide` is the script: which step is on, and
when the table's state has done what the step asks (placing cards, auto-arrange, READY, the reveal, the
results panel), so that the next tip follows. Plain Python; the screen shows the tips.

Every tip appears with what it talks about already on screen (the foul is laid out before the FOUL tip, the
placed cards go back before the AUTO tip, the reveal waits for the REVEAL tip), and :data:`REFERS` names the
parts of the table each tip talks about, which the screen keeps its box off (:mod:`app.view.tip_place`).

The same concept on another floor: the script that :mod:`app.screens.guide` shows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from ai import Level
from app.config import TableConfig
from rules.arrangement import Arrangement
from rules.cards import Card
from rules.evaluate import Category
from rules.presets import Preset

from .arrange import ArrangeState
from .phase import Phase
from .table import Table

GUIDE_SEED = 2  # its first deal: a hand with pairs, and auto-arrange sweeps East (tests/app/test_guide.py)


class Step(StrEnum):
    """The guide's steps, in order; the value ends the tip's i18n key (``guide.step.<value>``)."""

    ROWS = "rows"  # the three rows and their sizes
    FOUL = "foul"  # the order rule, and a foul laid out on purpose (x takes the cards back)
    KEYS = "keys"  # placing cards by keys: three cards placed
    AUTO = "auto"  # auto-arrange and hints: all thirteen placed
    READY = "ready"  # READY
    REVEAL = "reveal"  # everyone is ready: the reveal to come, row by row (its tip before it plays)
    SWEEP = "sweep"  # the 打槍 it showed
    RESULTS = "results"  # the results panel (enter)
    WHERE = "where"  # where the rules and rankings are
    DONE = "done"


ORDER = tuple(Step)
#: The steps a tip ends by itself (the player reads it and goes on); the others wait for the table.
READ_ONLY = frozenset({Step.ROWS, Step.SWEEP, Step.WHERE})


class Spot(StrEnum):
    """A part of the table a tip talks about (the screen keeps the tip off it)."""

    SEATS = "seats"  # the opponents' panels
    BOARD = "board"  # the board: the instructions, then the reveal's story and the deal's totals
    ROWS = "rows"  # the player's three rows (with their win/loss marks after the reveal)
    HAND = "hand"  # the player's loose cards
    MESSAGE = "message"  # the message line (the foul warning, the suggestion)


#: What each step's tip talks about, so that its box hides none of it. REVEAL is shown before the reveal
#: plays (everyone is ready, the seats still face down) and talks about the seats and rows it will turn over.
REFERS: dict[Step, frozenset[Spot]] = {
    Step.ROWS: frozenset({Spot.ROWS, Spot.HAND}),
    Step.FOUL: frozenset({Spot.ROWS, Spot.MESSAGE}),
    Step.KEYS: frozenset({Spot.ROWS, Spot.HAND}),
    Step.AUTO: frozenset({Spot.ROWS, Spot.HAND, Spot.MESSAGE}),
    Step.READY: frozenset({Spot.ROWS, Spot.MESSAGE}),
    Step.REVEAL: frozenset({Spot.SEATS, Spot.ROWS}),
    Step.SWEEP: frozenset({Spot.BOARD, Spot.ROWS}),
    Step.RESULTS: frozenset({Spot.BOARD}),
    Step.WHERE: frozenset(),
    Step.DONE: frozenset(),
}


def guide_config() -> TableConfig:
    """The guide's table: taiwan, `normal` opponents, no clock, not scored, the fixed seed."""
    return TableConfig(
        preset=Preset.TAIWAN,
        options=Preset.TAIWAN.default_options,
        scored=False,
        time_limit=0,
        takeover=True,
        levels=(Level.NORMAL,) * 3,
        seed=GUIDE_SEED,
    )


def foul_on_purpose(hand: tuple[Card, ...]) -> Arrangement:
    """A foul of ``hand`` to show: a pair in the front over a middle that has none."""
    rng = random.Random(GUIDE_SEED)
    cards = list(hand)
    for _ in range(5000):
        rng.shuffle(cards)
        arr = Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
        front, middle, back = arr.values()
        if front.category is Category.PAIR and middle.category is Category.HIGH_CARD and back.base >= middle.base:
            return arr
    raise ValueError("this hand cannot show a front-over-middle foul")  # pragma: no cover


@dataclass
class Guide:
    """Where the guided deal stands (see the module docstring)."""

    step: Step = Step.ROWS
    saw_results: bool = False  # the results panel was opened
    swept: bool = False  # the reveal held a 打槍
    laid: bool = False  # the foul has been laid out on the rows
    watching: bool = False  # the REVEAL tip was read: the reveal may play

    def go_on(self) -> Step:
        """The step after this one (the tip was read, or the table did what it asked)."""
        self.step = ORDER[min(ORDER.index(self.step) + 1, len(ORDER) - 1)]
        if self.step is Step.SWEEP and not self.swept:
            self.step = Step.RESULTS  # no 打槍 this time (the player arranged their own way): nothing to show
        return self.step

    def done_by(self, table: Table) -> bool:
        """Whether the table's state has done what the current step asks."""
        st, step = table.arrange, self.step
        if step is Step.FOUL:
            return st is not None and not st.placed and self.laid
        if step is Step.KEYS:
            return st is not None and len(st.placed) >= 3
        if step is Step.AUTO:
            return st is not None and st.complete
        if step is Step.READY:  # everyone is ready and the deal scored: the REVEAL tip comes before the reveal
            return table.human_ready and table.phase in (Phase.REVEALING, Phase.RESULTS)
        if step is Step.RESULTS:
            return self.saw_results
        return False

    def holds_reveal(self) -> bool:
        """Whether the reveal waits for the REVEAL tip to be read (it plays once the tip is closed)."""
        return self.step in (Step.READY, Step.REVEAL) and not self.watching

    def lay_foul(self, table: Table) -> ArrangeState | None:
        """The foul to show with the FOUL tip, laid out before its text appears (the screen applies it)."""
        if table.arrange is None:
            return None
        self.laid = True
        return table.arrange.with_arrangement(foul_on_purpose(table.arrange.hand))

    def reveal_over(self, table: Table) -> bool:
        """Whether the reveal is over (the REVEAL tip follows), noting whether it held a 打槍."""
        rec = table.current
        if not self.watching or table.phase is not Phase.RESULTS or rec is None or rec.result is None:
            return False
        if rec.human is None:
            return False
        self.swept = any(
            it.kind == "sweep"
            for i, p in enumerate(rec.seats)
            for q in rec.seats[i + 1 :]
            for it in rec.pair_items(p, q)
        )
        return True
