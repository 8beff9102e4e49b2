"""Empty chairs: a table of two or three players (rules/RULES.md §10.1) in the four seats' terms.

A table keeps its four seats (South 0, East 1, North 2, West 3) whatever its size, so that every seat
number, money tuple and stored record means what it means at a table of four; the seats it does not use are
**empty chairs**. The ledger (:mod:`rules.ledger`) is made for all four seats with nothing at an empty chair:
a seat with no tournament points or no coins is one the ledger deals nothing, lets score nothing, never makes
the dealer and does not count among the players left — which is everything an empty chair is. What the
ledger would call "out" the table calls empty for those chairs (:meth:`Seating.is_empty`): a
chair that was never in has not gone out, and the screens leave it out of standings and summaries.

:class:`Seating` is one part of :class:`app.game.table.Table`, which holds it as ``table.seating``: the chairs
in use, the computer's level at each, which of them still play, and the seat a watching player takes from the
next deal. The seat the player holds now is the table's own (its conducting turns on it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Protocol

from ai import Level
from app.config import TableConfig
from rules.ledger import ArcadeLedger, Ledger, TournamentLedger

from .arrange import ArrangeError
from .record import SEATS
from .why import Why


def _without(money: Sequence[int], seats: Iterable[int]) -> tuple[int, ...]:
    kept = set(seats)
    return tuple(m if s in kept else 0 for s, m in enumerate(money))


def seat_ledger(ledger: Ledger, seats: Sequence[int]) -> Ledger:
    """A fresh four-seat ``ledger`` with nothing at the chairs not in ``seats`` (see the module docstring).

    Units and practice ledgers start every seat at 0 and an empty chair never scores, so they stay as they are.
    """
    if len(seats) == ledger.players:
        return ledger
    if isinstance(ledger, TournamentLedger):
        return replace(ledger, points=_without(ledger.points, seats))
    if isinstance(ledger, ArcadeLedger):
        coins = _without(ledger.coins, seats)
        return replace(ledger, coins=coins, round_start_coins=coins)
    return ledger


def check_seated(ledger: Ledger, seats: Sequence[int]) -> None:
    """:class:`ValueError` unless every chair not in ``seats`` holds nothing (a stored session of a smaller
    table read back: its empty chairs must still be empty)."""
    for seat, money in enumerate(ledger.money):
        if seat not in seats and money != 0:
            raise ValueError(f"the empty chair {seat} holds {money}")


class Kept(Protocol):
    """What the seating reads of the table's totals (:class:`~.totals.Totals`, which builds its ledger here)."""

    @property
    def ledger(self) -> Ledger: ...


class Table(Protocol):
    """What the seating reads of its :class:`~app.game.table.Table` (a protocol: the table imports this module)."""

    config: TableConfig

    @property
    def watching(self) -> bool: ...

    @property
    def totals(self) -> Kept: ...


class Seating:
    """One table's chairs in use (:attr:`seats`), the computer level at each (:attr:`levels`) and the seat the
    watching player takes from the next deal (:attr:`pending_seat`)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        config = table.config
        self.seats = config.seats  # the chairs in use; the others stay empty all session
        self.levels: list[Level] = [config.watch_level, *config.levels]
        self.pending_seat: int | None = None  # watch mode: the seat the human takes from the next deal

    def is_empty(self, seat: int) -> bool:
        """True when ``seat`` is an empty chair: a table of two or three does not use it (never dealt, never
        scored, and never out, since it was never in)."""
        return seat not in self.seats

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` no longer plays (no points in a tournament, no coins in arcade)."""
        return not self.is_empty(seat) and self.table.totals.ledger.is_out(seat)

    def seats_in_play(self) -> tuple[int, ...]:
        """The seats that play the next deal, in seat order."""
        return tuple(s for s in self.table.totals.ledger.seats_in_play() if not self.is_empty(s))

    def level_of(self, seat: int) -> Level:
        """The computer level of ``seat``."""
        return self.levels[seat]

    def take_seat(self, seat: int) -> None:
        """接玩: while watching, take ``seat`` from the next deal on (the session goes on)."""
        if not self.table.watching:
            raise ArrangeError(Why.NOT_WATCHING)
        if not 0 <= seat < SEATS or self.is_empty(seat) or self.is_out(seat):
            raise ArrangeError(Why.BAD_SEAT, n=seat + 1)
        self.pending_seat = seat

    def sit_down(self) -> int | None:
        """A new deal: the seat the watching player takes now (:meth:`take_seat`), if any; it is no longer
        pending."""
        seat, self.pending_seat = self.pending_seat, None
        return seat
