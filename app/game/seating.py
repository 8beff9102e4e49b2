"""Empty chairs: a table of two or three players (rules/RULES.md §10.1) in the four seats' terms.

A table keeps its four seats (South 0, East 1, North 2, West 3) whatever its size, so that every seat
number, money tuple and stored record means what it means at a table of four; the seats it does not use are
**empty chairs**. The ledger (:mod:`rules.ledger`) is made for all four seats with nothing at an empty chair:
a seat with no tournament points or no coins is one the ledger deals nothing, lets score nothing, never makes
the dealer and does not count among the players left — which is everything an empty chair is. What the
ledger would call "out" the table calls empty for those chairs (:meth:`app.game.table.Table.is_empty`): a
chair that was never in has not gone out, and the screens leave it out of standings and summaries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from rules.ledger import ArcadeLedger, Ledger, TournamentLedger


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
