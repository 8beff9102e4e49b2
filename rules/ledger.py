"""Session money (RULES.md §5–§7): one ledger per kind of session, behind one interface.

A :class:`Ledger` knows each seat's money, who is out, how a deal's unit totals settle, why the session ends
and how its money reads (:class:`MoneyStyle`). The kinds:

- :class:`UnitsLedger`: taiwan and shisanshui count units (taiwan also shows them as points, 100 a unit);
- :class:`TournamentLedger`: 一將, points from 3,100, 16 deals, out at 0 or less, the biggest winner deals;
- :class:`ArcadeLedger`: coins at a stake, the rake, overdraft (透支), rounds of six deals;
- :class:`PracticeLedger`: 本局計分 off, nothing is counted.

Every ledger is a frozen dataclass: :meth:`Ledger.settle` returns a new one (in a :class:`Settled`, with what
changed). The tournament and arcade ledgers convert to and from JSON-ready dicts so that a session can be
saved and resumed. The treasure queue is not money: it is :class:`rules.session.TreasureQueue`, beside these.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Generic, Self, TypeVar

from .presets import Preset
from .session import (
    DEFAULT_RAKE,
    ROUND_DEALS,
    TOURNAMENT_DEALS,
    TOURNAMENT_START_POINTS,
    SessionError,
    Settlement,
    check_players,
    check_rate,
    check_stake,
    check_totals,
    ends_round,
    int_tuple,
    is_int,
    next_dealer,
    round_of,
    settle_coins,
    standings,
)


class Currency(StrEnum):
    """How a session counts its money."""

    UNITS = "units"  # taiwan, shisanshui
    POINTS = "points"  # tournament
    COINS = "coins"  # arcade
    NONE = "none"  # practice: nothing is counted


class EndReason(StrEnum):
    """Why a summary is shown: the session ended (every member but ROUND), or an arcade round is over."""

    ROUND = "round"  # not an end: the arcade round summary after six deals (continue or leave)
    FINISHED = "finished"  # the tournament's last deal was played
    PLAYERS = "players"  # fewer than two players are left
    ELIMINATED = "eliminated"  # the human is out of the tournament
    BROKE = "broke"  # the human has no coins left
    LEFT = "left"  # the human left (or chose to stop after a round)
    TIMEOUT = "timeout"  # the host ended the table at a time-out


@dataclass(frozen=True)
class MoneyStyle:
    """How a session's money reads, for the one formatter the screens share.

    ``currency`` is what the running totals count in. ``unit_worth`` is what one unit of a deal is worth in
    ``worth_in`` (taiwan 100 points, tournament 20 points, arcade the stake in coins), or None when units are
    shown alone (shisanshui). A units total with a worth (taiwan) shows its points beside it.
    """

    currency: Currency
    unit_worth: int | None = None
    worth_in: Currency = Currency.POINTS

    @property
    def counted(self) -> bool:
        """False in practice: the totals are not shown."""
        return self.currency is not Currency.NONE

    def points_of(self, units: int) -> int | None:
        """``units`` in :attr:`worth_in` (points or coins), or None when units are shown alone."""
        return None if self.unit_worth is None else units * self.unit_worth


L = TypeVar("L", bound="Ledger")


@dataclass(frozen=True)
class Settled(Generic[L]):
    """What settling one deal did: the ledger before and after, the units, and the coins itemised (arcade)."""

    before: L
    after: L
    units: tuple[int, ...]
    settlement: Settlement | None = None

    @property
    def changes(self) -> tuple[int, ...]:
        """Each seat's change in money (points, coins or units)."""
        return tuple(a - b for a, b in zip(self.after.money, self.before.money, strict=True))

    @property
    def eliminated(self) -> tuple[int, ...]:
        """The seats this deal put out of the session."""
        return tuple(s for s in range(self.after.players) if self.after.is_out(s) and not self.before.is_out(s))


class Ledger(ABC):
    """The interface every session's money keeps (the subclasses are frozen dataclasses)."""

    @property
    @abstractmethod
    def money(self) -> tuple[int, ...]:
        """Each seat's standing, in :attr:`currency`."""

    @property
    @abstractmethod
    def style(self) -> MoneyStyle:
        """How the money reads (currency, what a unit is worth)."""

    @abstractmethod
    def settle(self, units: Sequence[int]) -> Settled[Self]:
        """Apply one deal's unit totals (one per table seat, zero-sum, 0 for seats that are out)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; the class's ``from_dict`` reads it back."""

    @property
    def currency(self) -> Currency:
        """What the money counts in."""
        return self.style.currency

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.money)

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` no longer plays (no points in a tournament, no coins in arcade)."""
        return False

    def seats_in_play(self) -> tuple[int, ...]:
        """The seats that play the next deal, in seat order."""
        return tuple(s for s in range(self.players) if not self.is_out(s))

    def end_reason(self, human: int | None) -> EndReason | None:
        """Why the session ends now (``human``: the seat a person plays, if any), or None when it goes on."""
        return None

    def standings(self) -> tuple[int, ...]:
        """Seats from first to last place: most money first, equal money in seat order."""
        return standings(self.money)

    @property
    def dealer(self) -> int | None:
        """Who deals the next deal, when the session keeps a dealer (tournaments)."""
        return None

    @property
    def deals_limit(self) -> int | None:
        """The session's number of deals, or None when it is open-ended."""
        return None

    @property
    def round_over(self) -> bool:
        """True after the last deal of a round (arcade): time for the round summary."""
        return False

    @property
    def round(self) -> int | None:
        """The 1-based round of the next deal (the one just finished when :attr:`round_over`); arcade only."""
        return None

    def round_change(self) -> tuple[int, ...] | None:
        """Each seat's money won (+) or lost (−) since the current round began; None without rounds."""
        return None

    def _checked(self, units: Sequence[int]) -> tuple[int, ...]:
        totals = check_totals(units, self.players)
        for seat in range(self.players):
            if self.is_out(seat) and totals[seat] != 0:
                raise SessionError(f"seat {seat} is out of the session and cannot score")
        return totals


# ----------------------------------------------------------------------------------------------- units


@dataclass(frozen=True)
class UnitsLedger(Ledger):
    """Taiwan and shisanshui: each seat's units, added up deal by deal; nobody goes out."""

    units: tuple[int, ...]
    points_per_unit: int | None = None  # taiwan: shown beside the units (100)

    def __post_init__(self) -> None:
        check_players(len(self.units))

    @classmethod
    def new(cls, players: int, points_per_unit: int | None = None) -> UnitsLedger:
        """Everyone on 0 units."""
        return cls((0,) * players, points_per_unit)

    @property
    def money(self) -> tuple[int, ...]:
        return self.units

    @property
    def style(self) -> MoneyStyle:
        return MoneyStyle(Currency.UNITS, self.points_per_unit)

    def settle(self, units: Sequence[int]) -> Settled[Self]:
        totals = self._checked(units)
        after = replace(self, units=tuple(a + u for a, u in zip(self.units, totals, strict=True)))
        return Settled(self, after, totals)

    def to_dict(self) -> dict[str, Any]:
        return {"units": list(self.units), "points_per_unit": self.points_per_unit}

    @classmethod
    def from_dict(cls, data: Any) -> UnitsLedger:
        """Read :meth:`to_dict`'s output; raises :class:`SessionError` on anything else."""
        if not isinstance(data, dict):
            raise SessionError("a units state must be an object")
        ppu = data.get("points_per_unit")
        if ppu is not None and not is_int(ppu):
            raise SessionError("'points_per_unit' must be an integer or null")
        return cls(int_tuple(data.get("units"), "'units'"), ppu)


@dataclass(frozen=True)
class PracticeLedger(Ledger):
    """本局計分 off: every seat stays on 0 and plays on; ``counted_as`` is how a deal's units still read."""

    seats: int
    counted_as: MoneyStyle = MoneyStyle(Currency.UNITS)

    def __post_init__(self) -> None:
        check_players(self.seats)

    @property
    def money(self) -> tuple[int, ...]:
        return (0,) * self.seats

    @property
    def style(self) -> MoneyStyle:
        return replace(self.counted_as, currency=Currency.NONE)

    def settle(self, units: Sequence[int]) -> Settled[Self]:
        return Settled(self, self, check_totals(units, self.seats))

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats}


# ------------------------------------------------------------------------------------------ tournament


@dataclass(frozen=True)
class TournamentLedger(Ledger):
    """A tournament (一將, §6): points per seat, deals played, and who deals the next deal."""

    points: tuple[int, ...]
    dealer_seat: int = 0
    deals_played: int = 0
    deals: int = TOURNAMENT_DEALS
    points_per_unit: int = Preset.TOURNAMENT.points_per_unit

    def __post_init__(self) -> None:
        check_players(len(self.points))
        if not 0 <= self.dealer_seat < len(self.points):
            raise SessionError(f"dealer {self.dealer_seat} is not a seat")
        if not 0 <= self.deals_played <= self.deals or self.deals < 1:
            raise SessionError(f"{self.deals_played} deals played of {self.deals}")
        if self.points_per_unit < 1:
            raise SessionError("points per unit must be positive")

    @classmethod
    def new(
        cls, players: int = 4, start: int = TOURNAMENT_START_POINTS, deals: int = TOURNAMENT_DEALS
    ) -> TournamentLedger:
        """Every seat on ``start`` points (3,100); seat 0 deals the first of ``deals`` (16)."""
        check_players(players)
        if start < 1:
            raise SessionError("players must start with some points")
        return cls((start,) * players, deals=deals)

    @property
    def money(self) -> tuple[int, ...]:
        return self.points

    @property
    def style(self) -> MoneyStyle:
        return MoneyStyle(Currency.POINTS, self.points_per_unit)

    @property
    def dealer(self) -> int:
        return self.dealer_seat

    @property
    def deals_limit(self) -> int:
        return self.deals

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` has no points left (≤ 0): out, and it stays out (§6)."""
        return self.points[seat] <= 0

    @property
    def over(self) -> bool:
        """True after the last deal, or when fewer than two players remain."""
        return self.deals_played >= self.deals or len(self.seats_in_play()) < 2

    def end_reason(self, human: int | None) -> EndReason | None:
        if human is not None and self.is_out(human):
            return EndReason.ELIMINATED
        if self.over:
            return EndReason.FINISHED if len(self.seats_in_play()) >= 2 else EndReason.PLAYERS
        return None

    def settle(self, units: Sequence[int]) -> Settled[Self]:
        """Points change by units × 20; seats that reach 0 or less go out; the biggest winner still in deals
        next. :class:`SessionError` when the tournament is over or the totals do not fit it."""
        if self.over:
            raise SessionError("the tournament is over")
        totals = self._checked(units)
        points = tuple(p + u * self.points_per_unit for p, u in zip(self.points, totals, strict=True))
        still_in = [s for s in range(self.players) if points[s] > 0]
        dealer = next_dealer(self.dealer_seat, totals, still_in)
        after = replace(self, points=points, dealer_seat=dealer, deals_played=self.deals_played + 1)
        return Settled(self, after, totals)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (:meth:`from_dict` reads it back)."""
        return {
            "points": list(self.points),
            "dealer": self.dealer_seat,
            "deals_played": self.deals_played,
            "deals": self.deals,
            "points_per_unit": self.points_per_unit,
        }

    @classmethod
    def from_dict(cls, data: Any) -> TournamentLedger:
        """Read :meth:`to_dict`'s output; raises :class:`SessionError` on anything else."""
        if not isinstance(data, dict):
            raise SessionError("a tournament state must be an object")
        values = {k: data[k] for k in ("dealer", "deals_played", "deals", "points_per_unit") if k in data}
        for k, v in values.items():
            if not is_int(v):
                raise SessionError(f"{k!r} must be an integer")
        if "dealer" in values:
            values["dealer_seat"] = values.pop("dealer")
        return cls(int_tuple(data.get("points"), "'points'"), **values)


# ---------------------------------------------------------------------------------------------- arcade


@dataclass(frozen=True)
class ArcadeLedger(Ledger):
    """An arcade table (§7): coins per seat, the stake (coins a 墩), the rake, and rounds of six deals."""

    coins: tuple[int, ...]
    stake: int = 1
    rake: float = DEFAULT_RAKE
    deals_played: int = 0
    round_start_coins: tuple[int, ...] = ()  # coins when the current round began (empty: same as coins)

    def __post_init__(self) -> None:
        check_players(len(self.coins))
        if any(c < 0 for c in self.coins):
            raise SessionError("coins cannot be negative")
        check_stake(self.stake)
        check_rate(self.rake)
        if self.deals_played < 0:
            raise SessionError("deals played cannot be negative")
        if not self.round_start_coins:
            object.__setattr__(self, "round_start_coins", self.coins)
        if len(self.round_start_coins) != len(self.coins):
            raise SessionError("round_start_coins needs one entry per seat")

    @classmethod
    def new(cls, coins: int | Sequence[int], players: int = 4, stake: int = 1, rake: float = DEFAULT_RAKE) -> Self:
        """``coins`` for every seat (or one entry per seat), no deals yet."""
        start = int_tuple(list(coins), "coins") if isinstance(coins, Sequence) else (int(coins),) * players
        return cls(start, stake=stake, rake=rake)

    @property
    def money(self) -> tuple[int, ...]:
        return self.coins

    @property
    def style(self) -> MoneyStyle:
        return MoneyStyle(Currency.COINS, self.stake, Currency.COINS)

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` has no coins left and so cannot continue (§7)."""
        return self.coins[seat] == 0

    def end_reason(self, human: int | None) -> EndReason | None:
        if human is not None and self.is_out(human):
            return EndReason.BROKE
        if len(self.seats_in_play()) < 2:
            return EndReason.PLAYERS
        return None

    @property
    def round_over(self) -> bool:
        return self.deals_played > 0 and ends_round(self.deals_played)

    @property
    def round(self) -> int:
        return round_of(self.deals_played) if self.round_over else round_of(self.deals_played + 1)

    def round_change(self) -> tuple[int, ...]:
        return tuple(c - s for c, s in zip(self.coins, self.round_start_coins, strict=True))

    def settle(self, units: Sequence[int]) -> Settled[Self]:
        """Settle at the table's stake and rake (:func:`rules.session.settle_coins`). A seat without coins
        cannot play, so its units must be 0. The first deal of a round records the coins it began with."""
        totals = self._checked(units)
        settlement = settle_coins(self.coins, totals, self.stake, self.rake)
        round_start = self.coins if self.deals_played % ROUND_DEALS == 0 else self.round_start_coins
        after = replace(
            self, coins=settlement.coins_after, deals_played=self.deals_played + 1, round_start_coins=round_start
        )
        return Settled(self, after, totals, settlement)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (:meth:`from_dict` reads it back)."""
        return {
            "coins": list(self.coins),
            "stake": self.stake,
            "rake": self.rake,
            "deals_played": self.deals_played,
            "round_start_coins": list(self.round_start_coins),
        }

    @classmethod
    def from_dict(cls, data: Any) -> ArcadeLedger:
        """Read :meth:`to_dict`'s output; raises :class:`SessionError` on anything else."""
        if not isinstance(data, dict):
            raise SessionError("an arcade state must be an object")
        deals_played = data.get("deals_played", 0)
        if not is_int(deals_played):
            raise SessionError("'deals_played' must be an integer")
        return cls(
            coins=int_tuple(data.get("coins"), "'coins'"),
            stake=check_stake(data.get("stake", 1)),
            rake=check_rate(data.get("rake", DEFAULT_RAKE)),
            deals_played=deals_played,
            round_start_coins=int_tuple(data.get("round_start_coins", []), "'round_start_coins'"),
        )


def new_ledger(
    preset: Preset,
    players: int = 4,
    *,
    scored: bool = True,
    coins: int = 1000,
    stake: int = 1,
    rake: float = DEFAULT_RAKE,
) -> Ledger:
    """The ledger a fresh session of ``preset`` keeps (``coins``, ``stake`` and ``rake`` are arcade's)."""
    ledger: Ledger
    if preset is Preset.TOURNAMENT:
        ledger = TournamentLedger.new(players)
    elif preset is Preset.ARCADE:
        ledger = ArcadeLedger.new(coins, players, stake=stake, rake=rake)
    else:
        ledger = UnitsLedger.new(players, preset.points_per_unit if preset is Preset.TAIWAN else None)
    return ledger if scored else PracticeLedger(players, ledger.style)


def ledger_from_dict(preset: Preset, data: Any) -> Ledger:
    """Read back what ``to_dict`` wrote for a scored session of ``preset`` (a practice ledger holds nothing
    to read: make it with :func:`new_ledger`); :class:`rules.session.SessionError` on anything else."""
    if preset is Preset.TOURNAMENT:
        return TournamentLedger.from_dict(data)
    if preset is Preset.ARCADE:
        return ArcadeLedger.from_dict(data)
    return UnitsLedger.from_dict(data)
