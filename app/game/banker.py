"""The banker game at the table (RULES.md §16.1): who holds the bank each deal, and every seat's stake.

Plain functions over seat numbers and the deal's record, so that the table, a restored session and the tests
agree on the rotation and the stakes without keeping any state of their own.

The same concept on another floor: the table's side of :mod:`rules.banker` (the scoring).
"""

from __future__ import annotations

from collections.abc import Sequence

from ai import Level, TableView, choose_stake
from app.config import STAKES, seated_banker

from .record import DealRecord


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


def deal_stakes(rec: DealRecord, levels: Sequence[Level], human_stake: int) -> dict[int, int]:
    """Each seat's stake for the deal ``rec`` (its bank set, its cards not yet looked at), by table seat: the
    banker's 1, the player's own ``human_stake``, and each computer's chosen by its level (``levels``, by table
    seat) against the banker's, on the deal's seed and the seat (:func:`ai.choose_stake`), so that a restored
    session stakes as the first table did and a replay reads the stakes recorded."""
    assert rec.banker is not None
    public = tuple(None if s == rec.human else levels[s].value for s in rec.seats)
    out: dict[int, int] = {}
    for s in rec.seats:
        if s == rec.banker:
            out[s] = 1
        elif s == rec.human:
            out[s] = human_stake
        else:
            view = TableView(
                preset=rec.preset,
                options=rec.options,
                players=len(rec.seats),
                seat=rec.position(s),
                levels=public,
                banker=rec.position(rec.banker),
            )
            # The seat's own seed, as its play's (app.game.asking); the stake draws on a stream of its own.
            out[s] = choose_stake(view, levels[s], STAKES, seed=rec.seed * 8 + s)
    return out
