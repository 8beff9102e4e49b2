"""The public protocol between the computer players and the rest of the project.

What a caller hands to :func:`ai.choose` (a :class:`Level`, a :class:`TableView` of public information,
the :class:`Fixed` cards already placed) and what it gets back (a :class:`Choice` with its
:class:`Alternative` plays). Plain frozen data: it can cross to a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.cards import Card
from rules.deal import Decision
from rules.presets import Options, Preset


class Level(StrEnum):
    """Computer strength, weakest first."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


class Distinct(StrEnum):
    """How different the alternatives a choice lists must be from each other and from the choice."""

    ROWS = "rows"  # any difference in the rows' strength (a kicker swapped counts)
    STRUCTURE = "structure"  # a different category or made hand in some row (what a player calls another play)


@dataclass(frozen=True)
class TableView:
    """What a seat may know when it decides: rules, seats, and public information only."""

    preset: Preset = Preset.TAIWAN
    options: Options | None = None  # None: the preset's defaults
    players: int = 4
    seat: int = 0
    treasure: tuple[Card, ...] = ()  # arcade 寶牌 on show
    totals: tuple[int, ...] = ()  # public running totals per seat
    levels: tuple[str | None, ...] = ()  # public level of each seat (None for a person)

    @property
    def rules_options(self) -> Options:
        """The options in force: the view's own, or the preset's defaults."""
        return self.options or self.preset.default_options


@dataclass(frozen=True)
class Fixed:
    """Cards already placed by the player, which every candidate split must keep where they are."""

    front: tuple[int, ...] = ()
    middle: tuple[int, ...] = ()
    back: tuple[int, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether no card is placed at all."""
        return not (self.front or self.middle or self.back)


@dataclass(frozen=True)
class Alternative:
    """Another way to play the hand, with its expected units against the table."""

    decision: Decision
    ev: float


@dataclass(frozen=True)
class Choice:
    """A level's decision, its expected units against the table, and the next best alternatives."""

    decision: Decision
    ev: float
    double: int | None = None  # arcade 賭倍 target seat
    alternatives: tuple[Alternative, ...] = field(default=())
    kept_fixed: bool = True  # False when no legal completion kept the cards already placed
