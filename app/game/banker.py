"""The banker game at the table (RULES.md §16.1): who holds the bank each deal, and the player's stake.

Plain functions over seat numbers, so that the table, a restored session and the tests agree on the
rotation without keeping any state of their own.

The same concept on another floor: the table's side of :mod:`rules.banker` (the scoring).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.config import STAKES, seated_banker

COMPUTER_STAKE = 1  # §16.1: the computer players stake 1


def first_banker(seats: Sequence[int], chosen: int = 1) -> int:
    """The first deal's banker: the host's ``chosen`` seat (East by default, so that the player learns the game
    as a 閒家 first and holds the bank in turn), or the next seat in play when that chair is empty."""
    return seated_banker(chosen, tuple(seats))  # the host form's own reading of an empty chair (app.config)


def next_banker(current: int | None, seats: Sequence[int], moves: bool = True, first: int = 1) -> int:
    """Who holds the bank for the next deal, among ``seats`` (the seats that play it, in seat order).

    The bank passes to the next seat in play after ``current`` (``moves``), or stays; a banker no longer in
    play passes it on either way, and a table without one starts with :func:`first_banker` (``first``)."""
    if current is None:
        return first_banker(seats, first)
    if current in seats and not moves:
        return current
    return _after(current, seats)


def _after(seat: int, seats: Sequence[int]) -> int:
    """The next of ``seats`` after ``seat`` (round the table)."""
    later = [s for s in seats if s > seat]
    return later[0] if later else seats[0]


def cycle_stake(stake: int) -> int:
    """The next stake in :data:`STAKES` after ``stake`` (round to the first)."""
    later = [s for s in STAKES if s > stake]
    return later[0] if later else STAKES[0]


def deal_stakes(seats: Sequence[int], banker: int, human: int | None, human_stake: int) -> tuple[int, ...]:
    """Each seat's stake for one deal, in deal order: the banker's 1, the player's own, the computers' 1."""
    return tuple(1 if s == banker else human_stake if s == human else COMPUTER_STAKE for s in seats)
