"""The public protocol between the computer players and the rest of the project.

What a caller hands to :func:`ai.choose` (a :class:`Level`, a :class:`TableView` of public information,
the :class:`Fixed` cards already placed) and what it gets back (a :class:`Choice` with its
:class:`PricedDecision` plays). Plain frozen data: it can cross to a worker thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from rules.cards import JOKER_ID, Card
from rules.presets import Options, Preset, TieRule

if TYPE_CHECKING:  # numpy and the rows load with the search, not with a level's name (the menu's start-up: issue 44)
    import numpy as np

    from rules.deal import Decision


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
    banker: int | None = None  # the banker game (莊家): the seat every other seat compares with
    stakes: tuple[int, ...] = ()  # banker game: each seat's stake (1 when empty)
    turned: Card | None = None  # the joker game (RULES.md §20): the card turned up for the joker, out of play
    # 換三張 (RULES.md §21): cards this seat knows another seat holds, (seat, cards) pairs: what it passed
    # (rules.exchange.known_holdings). Empty when nothing was passed.
    held: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    @property
    def rules_options(self) -> Options:
        """The options in force: the view's own, or the preset's defaults."""
        return self.options or self.preset.default_options

    @property
    def weight(self) -> int:
        """How many pairs' worth this seat's play is priced at: the banker meets every player for its stake,
        a player the banker for its own; outside a banker game every opponent counts once (see `players`)."""
        if self.banker is None:
            return 1
        stake = [self.stakes[s] if self.stakes else 1 for s in range(self.players)]
        if self.seat == self.banker:
            return sum(stake[s] for s in range(self.players) if s != self.banker)
        return stake[self.seat]

    @property
    def tie_side(self) -> bool | None:
        """In a banker game whose tie rule gives equal rows to the banker: True for the banker, False for a
        player; None otherwise (equal rows tie)."""
        if self.banker is None or self.rules_options.ties is TieRule.TIE:
            return None
        return self.seat == self.banker

    def unseen(self, cards: Sequence[int]) -> np.ndarray:
        """The cards the other seats may hold, given ours: not ours, not the card turned up for the joker, and
        the joker itself when it is played and we do not hold it (RULES.md §20.6)."""
        known = {int(c) for c in cards}
        if self.turned is not None:
            known.add(int(self.turned))
        pool = [c for c in range(52) if c not in known]
        if self.rules_options.joker and JOKER_ID not in known:
            pool.append(JOKER_ID)
        import numpy as np

        return np.array(pool, dtype=np.int64)

    def held_by(self, seat: int) -> tuple[Card, ...]:
        """The cards this seat knows ``seat`` holds (see :attr:`held`)."""
        return next((cards for s, cards in self.held if s == seat), ())

    def known_naturals(self, cards: Sequence[int]) -> tuple[int, ...]:
        """Our natural cards and the turned-up card: what no opponent drawn from the natural bank may hold."""
        out = tuple(int(c) for c in cards if c != JOKER_ID)
        return out + ((int(self.turned),) if self.turned is not None else ())

    def heads_up(self) -> TableView:
        """A banker game as the computer prices it: the seat against one opponent (the banker, or one of the
        players), seat 0 against seat 1. Every pair of a banker game is scored alone and each player's hand
        is dealt from the same unseen cards, so the best play against one is the best against all, and
        :attr:`weight` scales its value back. What the seat passed (:attr:`held`) is not used there: the one
        opponent stands for every seat alike."""
        if self.banker is None:
            return self
        we_bank = self.seat == self.banker
        return replace(self, players=2, seat=0, banker=0 if we_bank else 1, stakes=(), totals=(), levels=(), held=())


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
class PricedDecision:
    """A way to play the hand with its expected units against the table: the one priced-decision type (a
    level's alternatives, auto-arrange's suggestions, and the coach's :class:`ai.reviews.PricedPlay` are it)."""

    decision: Decision
    ev: float


@dataclass(frozen=True)
class Choice(PricedDecision):
    """A level's decision, its expected units against the table, and the next best alternatives."""

    double: int | None = None  # arcade 賭倍 target seat
    alternatives: tuple[PricedDecision, ...] = field(default=())
    kept_fixed: bool = True  # False when no legal completion kept the cards already placed
