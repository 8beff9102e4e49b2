"""Session rules between deals (RULES.md §5–§7, §10): the building blocks the ledgers of :mod:`rules.ledger`
are made of — dealers, standings, coin settlements with rake and overdraft, rounds, and the treasure queue.

Everything is a frozen dataclass or a pure function. Decisions where the rule book is silent (**(decided)**
here, shown in the in-game rules screen):

- Tournament points may go below zero; a player at 0 points or fewer is out and stays out.
- Dealer: the previous deal's biggest winner among the players still in; on a tie, the tied seat that comes
  first going round the table from the seat after the current dealer (the current dealer last).
- Arcade rake: ``floor(coins received × rate)``, computed exactly on the decimal rate (the house never takes
  a fraction of a coin), on what the winner actually received, which overdraft may make less than its win.
- Arcade overdraft: all losers pay what they owe or all they have into one pot; the pot pays winners from
  the biggest win down, each in full before the next gets anything; winners with equal wins share what is
  left equally, the odd coins going one each in seat order.
- Treasure queue: a cut card already in the queue moves to the newest place (nothing is dropped).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from numbers import Integral
from typing import Any

from .cards import Card, CardError, parse_cards
from .presets import Preset

TOURNAMENT_START_POINTS = 3_100
TOURNAMENT_DEALS = 16
ROUND_DEALS = 6
DEFAULT_RAKE = 0.15
VIP_RAKE = 0.10
TREASURE_SIZE = 4


class SessionError(ValueError):
    """A session state or a deal result that the session rules cannot accept."""


def points_for(preset: Preset, units: int) -> int:
    """Points shown for ``units`` (賭/堵/墩) under ``preset``: taiwan 100 a unit, tournament 20 (§5, §6)."""
    return units * preset.points_per_unit


def is_int(value: Any) -> bool:
    """True for an integer that is not a bool (JSON data may hold either)."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def int_tuple(values: Any, what: str) -> tuple[int, ...]:
    """``values`` as a tuple of ints; :class:`SessionError` naming ``what`` when it is not a list of them."""
    if not isinstance(values, list | tuple) or not all(is_int(v) for v in values):
        raise SessionError(f"{what} must be a list of integers")
    return tuple(int(v) for v in values)


def check_players(n: int) -> None:
    """:class:`SessionError` unless a session of ``n`` players is possible (2 to 4)."""
    if not 2 <= n <= 4:
        raise SessionError(f"a session has 2 to 4 players, got {n}")


def check_totals(totals: Sequence[int], players: int) -> tuple[int, ...]:
    """A deal's unit totals, checked: one integer per seat, summing to zero."""
    out = int_tuple(list(totals), "a deal's totals")
    if len(out) != players:
        raise SessionError(f"a deal's totals need one entry per seat ({players}), got {len(out)}")
    if sum(out) != 0:
        raise SessionError(f"a deal's totals must sum to zero, got {sum(out)}")
    return out


def seat_totals(seats: Sequence[int], totals: Sequence[int], players: int) -> tuple[int, ...]:
    """Spread a deal's totals onto the table: ``totals[k]`` belongs to seat ``seats[k]``, other seats get 0.

    A deal is scored among the players still in (players out of the session do not play), so its totals are
    indexed by position among ``seats``; the session functions want one entry per table seat.
    """
    if len(seats) != len(totals):
        raise SessionError(f"{len(seats)} seats but {len(totals)} totals")
    out = [0] * players
    for seat, units in zip(seats, totals, strict=True):
        if not 0 <= seat < players:
            raise SessionError(f"seat {seat} is not at a table of {players}")
        out[seat] = units
    return tuple(out)


def next_dealer(dealer: int, totals: Sequence[int], eligible: Iterable[int]) -> int:
    """Who deals next: the biggest winner of ``totals`` among the ``eligible`` seats (§6, S4).

    Ties go to the tied seat first reached going round the table from the seat after ``dealer``, the current
    dealer counting last **(decided)**. With no eligible seat the dealer does not change.
    """
    n = len(totals)
    candidates = set(eligible)
    order = [(dealer + k) % n for k in range(1, n + 1)]
    best: int | None = None
    for seat in order:
        if seat in candidates and (best is None or totals[seat] > totals[best]):
            best = seat
    return dealer if best is None else best


def standings(points: Sequence[int]) -> tuple[int, ...]:
    """Seats from first to last place: most points first, equal points in seat order."""
    return tuple(sorted(range(len(points)), key=lambda s: (-points[s], s)))


# ---------------------------------------------------------------------------------------------- coins


def _rake_fraction(rate: float) -> Fraction:
    # The decimal the rate was written as (0.15 → 3/20), so that 0.29 × 100 is 29, not 28.999….
    return Fraction(str(float(rate)))


def rake_on(received: int, rate: float) -> int:
    """The rake on ``received`` coins: ``floor(received × rate)``, never more than ``received`` (decided)."""
    if received <= 0:
        return 0
    return floor(received * _rake_fraction(rate))


def check_rate(rate: Any) -> float:
    """The arcade rake, checked: a fraction from 0.0 to 1.0."""
    if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0.0 <= rate <= 1.0:
        raise SessionError(f"the rake is a fraction from 0.0 to 1.0, not {rate!r}")
    return float(rate)


def check_stake(stake: Any) -> int:
    """The arcade stake, checked: a whole number of coins, at least 1."""
    if not is_int(stake) or stake < 1:
        raise SessionError(f"the stake is a whole number of coins, at least 1, not {stake!r}")
    return int(stake)


@dataclass(frozen=True)
class SeatSettlement:
    """One seat's coins in a settled deal; ``due`` is units × stake (+ won, − lost) before any overdraft."""

    seat: int
    units: int
    due: int
    paid: int  # coins the seat paid (a loser); less than -due when it could not cover (透支)
    received: int  # coins the seat received (a winner) before the rake; less than due when losers ran short
    rake: int  # coins the house took from what the seat received
    coins_before: int
    coins_after: int

    @property
    def net(self) -> int:
        """The seat's change in coins: received − rake − paid."""
        return self.coins_after - self.coins_before

    @property
    def shortfall(self) -> int:
        """Coins the result called for that did not change hands (unpaid by a loser or unreceived by a winner)."""
        return abs(self.due) - (self.paid if self.due < 0 else self.received)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "units": self.units,
            "due": self.due,
            "paid": self.paid,
            "received": self.received,
            "rake": self.rake,
            "coins_before": self.coins_before,
            "coins_after": self.coins_after,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SeatSettlement:
        """Read :meth:`to_dict`'s output; raises :class:`SessionError` on anything else."""
        names = ("seat", "units", "due", "paid", "received", "rake", "coins_before", "coins_after")
        if not isinstance(data, dict) or not all(is_int(data.get(n)) for n in names):
            raise SessionError(f"a seat's settlement has integer {', '.join(names)}")
        return cls(*(int(data[n]) for n in names))


@dataclass(frozen=True)
class Settlement:
    """A deal settled in coins (§7): every seat itemised, in seat order."""

    stake: int
    rake_rate: float
    seats: tuple[SeatSettlement, ...]

    @property
    def total_rake(self) -> int:
        return sum(s.rake for s in self.seats)

    @property
    def coins_after(self) -> tuple[int, ...]:
        return tuple(s.coins_after for s in self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "stake": self.stake,
            "rake_rate": self.rake_rate,
            "total_rake": self.total_rake,
            "seats": [s.to_dict() for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Settlement:
        """Read :meth:`to_dict`'s output (``total_rake`` is derived, and checked when present)."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise SessionError("a settlement is an object with 'seats'")
        out = cls(
            check_stake(data.get("stake")),
            check_rate(data.get("rake_rate")),
            tuple(SeatSettlement.from_dict(s) for s in data["seats"]),
        )
        if "total_rake" in data and data["total_rake"] != out.total_rake:
            raise SessionError("a settlement's 'total_rake' is not the sum of its seats' rake")
        return out


def _pay_out(pot: int, wins: dict[int, int]) -> dict[int, int]:
    """Share ``pot`` among winners: biggest win first, equal wins share equally (odd coins in seat order)."""
    received = dict.fromkeys(wins, 0)
    for amount in sorted(set(wins.values()), reverse=True):
        group = sorted(s for s, w in wins.items() if w == amount)
        if pot >= amount * len(group):
            share, extra = amount, 0
        else:
            share, extra = divmod(pot, len(group))
        for k, seat in enumerate(group):
            received[seat] = share + (1 if k < extra else 0)
        pot -= sum(received[s] for s in group)
    return received


def settle_coins(coins: Sequence[int], units: Sequence[int], stake: int, rate: float = DEFAULT_RAKE) -> Settlement:
    """Settle one deal's unit totals in coins (§7): units × ``stake``, 透支 and the rake.

    Losers pay what they owe, or all their coins when they cannot cover. What comes in pays the winners
    from the biggest win down until it runs out (equal wins share). Each winner then pays the rake,
    ``floor(received × rate)``. Coins are only moved, never created: the table's total goes down by exactly
    the rake. Raises :class:`SessionError` for negative coins, a bad stake or rate, or totals that are not
    zero-sum with one entry per seat.
    """
    stake, rate = check_stake(stake), check_rate(rate)
    before = int_tuple(list(coins), "coins")
    if any(c < 0 for c in before):
        raise SessionError("coins cannot be negative")
    check_players(len(before))
    units_t = check_totals(units, len(before))
    due = [u * stake for u in units_t]
    paid = [min(-d, c) if d < 0 else 0 for d, c in zip(due, before, strict=True)]
    received = _pay_out(sum(paid), {s: d for s, d in enumerate(due) if d > 0})
    seats = []
    for s, (c, d, p) in enumerate(zip(before, due, paid, strict=True)):
        r = received.get(s, 0)
        rake = rake_on(r, rate)
        seats.append(SeatSettlement(s, units_t[s], d, p, r, rake, c, c - p + r - rake))
    return Settlement(stake, rate, tuple(seats))


def round_of(deal: int) -> int:
    """The 1-based round (一局, six deals) that 1-based deal number ``deal`` belongs to."""
    if deal < 1:
        raise SessionError("deals are numbered from 1")
    return (deal - 1) // ROUND_DEALS + 1


def deal_in_round(deal: int) -> int:
    """Where 1-based deal number ``deal`` falls in its round: 1 to 6."""
    if deal < 1:
        raise SessionError("deals are numbered from 1")
    return (deal - 1) % ROUND_DEALS + 1


def ends_round(deal: int) -> bool:
    """True when 1-based deal number ``deal`` is the last of its round (6, 12, …): show the round summary."""
    return deal_in_round(deal) == ROUND_DEALS


# -------------------------------------------------------------------------------------------------- treasure


def _card(value: Any) -> Card:
    if isinstance(value, str):
        try:
            parsed = parse_cards(value, 1)[0]
        except CardError as exc:
            raise SessionError(f"treasure card: {exc}") from None
        value = int(parsed)
    if not is_int(value):
        raise SessionError(f"a treasure card is a card, not {value!r}")
    try:
        card = Card(value)
    except CardError as exc:
        raise SessionError(str(exc)) from None
    if card.is_joker:  # 寶牌 are cut from the 52 natural cards (RULES.md §20.5)
        raise SessionError("the joker is never a treasure card")
    return card


@dataclass(frozen=True)
class TreasureQueue:
    """The arcade 寶牌 shown so far, oldest first: at most four distinct cards (§7, §13.10)."""

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > TREASURE_SIZE or len(set(self.cards)) != len(self.cards):
            raise SessionError(f"treasure cards are 0 to {TREASURE_SIZE} distinct cards")

    def to_dict(self) -> list[str]:
        """The cards as texts, oldest first (:meth:`from_dict` reads them back)."""
        return [str(c) for c in self.cards]

    @classmethod
    def from_dict(cls, data: Any) -> TreasureQueue:
        """Read a list of card texts (``["As", "Td"]``), oldest first."""
        if not isinstance(data, list):
            raise SessionError("treasure must be a list of cards")
        return cls(tuple(_card(c) for c in data))

    def add(self, card: int) -> TreasureQueue:
        """The queue after ``card`` is cut and shown: appended as the newest; a fifth card pushes out the
        oldest. A card already in the queue is not added twice: it moves to the newest place **(decided)**."""
        c = _card(card)
        kept = tuple(x for x in self.cards if x != c)
        return TreasureQueue((*kept, c)[-TREASURE_SIZE:])


def cut_card(seed: int) -> Card:
    """The card cut and shown before the deal with ``seed``: any of the 52, reproducible from the seed."""
    return Card(random.Random(f"treasure-cut:{seed}").randrange(52))
