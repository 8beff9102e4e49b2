"""Session-level rules between deals (RULES.md §5–§7, §10): points, elimination, dealers, coins, treasure.

Everything is a frozen dataclass or a pure function: the game app keeps the current state, passes it in
with a deal's unit totals (``DealResult.totals``) and gets a new state back, plus an itemised record of
what changed so the UI can show it. Every state converts to and from JSON-ready dicts so that a session
can be saved and resumed.

Decisions where the rule book is silent (**(decided)** here, shown in the in-game rules screen):

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
from dataclasses import dataclass, field, replace
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


def _is_int(value: Any) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def _int_tuple(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, list | tuple) or not all(_is_int(v) for v in values):
        raise SessionError(f"{what} must be a list of integers")
    return tuple(int(v) for v in values)


def _check_players(n: int) -> None:
    if not 2 <= n <= 4:
        raise SessionError(f"a session has 2 to 4 players, got {n}")


def _check_totals(totals: Sequence[int], players: int) -> tuple[int, ...]:
    out = _int_tuple(list(totals), "a deal's totals")
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


# ---------------------------------------------------------------------------------------------- tournament


@dataclass(frozen=True)
class TournamentState:
    """A tournament session (一將, §6): points per seat, deals played, and who deals the next deal."""

    points: tuple[int, ...]
    dealer: int = 0
    deals_played: int = 0
    deals: int = TOURNAMENT_DEALS
    points_per_unit: int = Preset.TOURNAMENT.points_per_unit

    def __post_init__(self) -> None:
        _check_players(len(self.points))
        if not 0 <= self.dealer < len(self.points):
            raise SessionError(f"dealer {self.dealer} is not a seat")
        if not 0 <= self.deals_played <= self.deals or self.deals < 1:
            raise SessionError(f"{self.deals_played} deals played of {self.deals}")
        if self.points_per_unit < 1:
            raise SessionError("points per unit must be positive")

    @property
    def players(self) -> int:
        return len(self.points)

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "dealer": self.dealer,
            "deals_played": self.deals_played,
            "deals": self.deals,
            "points_per_unit": self.points_per_unit,
        }

    @classmethod
    def from_dict(cls, data: Any) -> TournamentState:
        """Read :meth:`to_dict`'s output; raises :class:`SessionError` on anything else."""
        if not isinstance(data, dict):
            raise SessionError("a tournament state must be an object")
        values = {k: data[k] for k in ("dealer", "deals_played", "deals", "points_per_unit") if k in data}
        for k, v in values.items():
            if not _is_int(v):
                raise SessionError(f"{k!r} must be an integer")
        return cls(_int_tuple(data.get("points"), "'points'"), **values)


@dataclass(frozen=True)
class TournamentDeal:
    """What one deal did to a tournament: the points each seat won or lost, who went out, who deals next."""

    deal: int  # 1-based number of the deal just played
    units: tuple[int, ...]
    changes: tuple[int, ...]
    eliminated: tuple[int, ...]
    next_dealer: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "units": list(self.units),
            "changes": list(self.changes),
            "eliminated": list(self.eliminated),
            "next_dealer": self.next_dealer,
        }


def new_tournament(
    players: int = 4, start: int = TOURNAMENT_START_POINTS, deals: int = TOURNAMENT_DEALS
) -> TournamentState:
    """A fresh tournament: every seat on ``start`` points (3,100), seat 0 deals the first of ``deals`` (16)."""
    _check_players(players)
    if start < 1:
        raise SessionError("players must start with some points")
    return TournamentState((start,) * players, dealer=0, deals_played=0, deals=deals)


def is_out(state: TournamentState, seat: int) -> bool:
    """True when ``seat`` has no points left (≤ 0) and so is out of the session (§6)."""
    return state.points[seat] <= 0


def active_seats(state: TournamentState) -> tuple[int, ...]:
    """The seats still in the session, in seat order; only they play (and deal) the next deal."""
    return tuple(s for s in range(state.players) if not is_out(state, s))


def tournament_over(state: TournamentState) -> bool:
    """True after the last deal (16), or when fewer than two players remain. (The app also ends it when the
    human is out: ask :func:`is_out`.)"""
    return state.deals_played >= state.deals or len(active_seats(state)) < 2


def play_tournament_deal(state: TournamentState, totals: Sequence[int]) -> tuple[TournamentState, TournamentDeal]:
    """Apply one deal's unit totals (one per table seat, zero-sum, 0 for seats that are out).

    Points change by units × 20; seats that reach 0 or less go out; the biggest winner still in deals next.
    Raises :class:`SessionError` when the session is over or the totals do not fit it.
    """
    if tournament_over(state):
        raise SessionError("the tournament is over")
    units = _check_totals(totals, state.players)
    for seat in range(state.players):
        if is_out(state, seat) and units[seat] != 0:
            raise SessionError(f"seat {seat} is out of the session and cannot score")
    changes = tuple(u * state.points_per_unit for u in units)
    points = tuple(p + c for p, c in zip(state.points, changes, strict=True))
    eliminated = tuple(s for s in range(state.players) if state.points[s] > 0 and points[s] <= 0)
    still_in = [s for s in range(state.players) if points[s] > 0]
    dealer = next_dealer(state.dealer, units, still_in)
    after = replace(state, points=points, dealer=dealer, deals_played=state.deals_played + 1)
    return after, TournamentDeal(after.deals_played, units, changes, eliminated, dealer)


def standings(points: Sequence[int]) -> tuple[int, ...]:
    """Seats from first to last place: most points first, equal points in seat order."""
    return tuple(sorted(range(len(points)), key=lambda s: (-points[s], s)))


# -------------------------------------------------------------------------------------------------- arcade


def _rake_fraction(rate: float) -> Fraction:
    # The decimal the rate was written as (0.15 → 3/20), so that 0.29 × 100 is 29, not 28.999….
    return Fraction(str(float(rate)))


def rake_on(received: int, rate: float) -> int:
    """The rake on ``received`` coins: ``floor(received × rate)``, never more than ``received`` (decided)."""
    if received <= 0:
        return 0
    return floor(received * _rake_fraction(rate))


def _check_rate(rate: Any) -> float:
    if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0.0 <= rate <= 1.0:
        raise SessionError(f"the rake is a fraction from 0.0 to 1.0, not {rate!r}")
    return float(rate)


def _check_stake(stake: Any) -> int:
    if not _is_int(stake) or stake < 1:
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
    stake, rate = _check_stake(stake), _check_rate(rate)
    before = _int_tuple(list(coins), "coins")
    if any(c < 0 for c in before):
        raise SessionError("coins cannot be negative")
    _check_players(len(before))
    units_t = _check_totals(units, len(before))
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
            return parse_cards(value, 1)[0]
        except CardError as exc:
            raise SessionError(f"treasure card: {exc}") from None
    if not _is_int(value):
        raise SessionError(f"a treasure card is a card, not {value!r}")
    try:
        return Card(value)
    except CardError as exc:
        raise SessionError(str(exc)) from None


@dataclass(frozen=True)
class TreasureQueue:
    """The arcade 寶牌 shown so far, oldest first: at most four distinct cards (§7, §13.10)."""

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > TREASURE_SIZE or len(set(self.cards)) != len(self.cards):
            raise SessionError(f"treasure cards are 0 to {TREASURE_SIZE} distinct cards")

    def to_dict(self) -> list[str]:
        return [str(c) for c in self.cards]

    @classmethod
    def from_dict(cls, data: Any) -> TreasureQueue:
        """Read a list of card texts (``["As", "Td"]``), oldest first."""
        if not isinstance(data, list):
            raise SessionError("treasure must be a list of cards")
        return cls(tuple(_card(c) for c in data))


def add_treasure(queue: TreasureQueue, card: int) -> TreasureQueue:
    """The queue after ``card`` is cut and shown: appended as the newest; a fifth card pushes out the oldest.

    A card already in the queue is not added twice: it moves to the newest place **(decided)**.
    """
    c = _card(card)
    kept = tuple(x for x in queue.cards if x != c)
    return TreasureQueue((*kept, c)[-TREASURE_SIZE:])


def cut_card(seed: int) -> Card:
    """The card cut and shown before the deal with ``seed``: any of the 52, reproducible from the seed."""
    return Card(random.Random(f"treasure-cut:{seed}").randrange(52))


# ----------------------------------------------------------------------------------------- arcade session


@dataclass(frozen=True)
class ArcadeState:
    """An arcade table (§7): coins per seat, the stake (coins a 墩), the rake, rounds and the treasure queue."""

    coins: tuple[int, ...]
    stake: int = 1
    rake: float = DEFAULT_RAKE
    deals_played: int = 0
    round_start_coins: tuple[int, ...] = ()  # coins when the current round began (empty: same as coins)
    treasure: TreasureQueue = field(default_factory=TreasureQueue)

    def __post_init__(self) -> None:
        _check_players(len(self.coins))
        if any(c < 0 for c in self.coins):
            raise SessionError("coins cannot be negative")
        _check_stake(self.stake)
        _check_rate(self.rake)
        if self.deals_played < 0:
            raise SessionError("deals played cannot be negative")
        if not self.round_start_coins:
            object.__setattr__(self, "round_start_coins", self.coins)
        if len(self.round_start_coins) != len(self.coins):
            raise SessionError("round_start_coins needs one entry per seat")

    @property
    def players(self) -> int:
        return len(self.coins)

    @property
    def round(self) -> int:
        """The 1-based round of the next deal (the round just finished when :attr:`round_over`)."""
        return round_of(self.deals_played) if self.round_over else round_of(self.deals_played + 1)

    @property
    def round_over(self) -> bool:
        """True after the sixth deal of a round: time for the round summary (continue or leave)."""
        return self.deals_played > 0 and ends_round(self.deals_played)

    def to_dict(self) -> dict[str, Any]:
        return {
            "coins": list(self.coins),
            "stake": self.stake,
            "rake": self.rake,
            "deals_played": self.deals_played,
            "round_start_coins": list(self.round_start_coins),
            "treasure": self.treasure.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> ArcadeState:
        """Read :meth:`to_dict`'s output; raises :class:`SessionError` on anything else."""
        if not isinstance(data, dict):
            raise SessionError("an arcade state must be an object")
        deals_played = data.get("deals_played", 0)
        if not _is_int(deals_played):
            raise SessionError("'deals_played' must be an integer")
        return cls(
            coins=_int_tuple(data.get("coins"), "'coins'"),
            stake=_check_stake(data.get("stake", 1)),
            rake=_check_rate(data.get("rake", DEFAULT_RAKE)),
            deals_played=deals_played,
            round_start_coins=_int_tuple(data.get("round_start_coins", []), "'round_start_coins'"),
            treasure=TreasureQueue.from_dict(data.get("treasure", [])),
        )


def new_arcade(coins: int | Sequence[int], players: int = 4, stake: int = 1, rake: float = DEFAULT_RAKE) -> ArcadeState:
    """A fresh arcade table: ``coins`` for every seat (or one entry per seat), no deals, no treasure yet."""
    start = _int_tuple(list(coins), "coins") if isinstance(coins, Sequence) else (int(coins),) * players
    return ArcadeState(start, stake=stake, rake=rake)


def is_broke(state: ArcadeState, seat: int) -> bool:
    """True when ``seat`` has no coins left and so cannot continue (§7)."""
    return state.coins[seat] == 0


def seats_in_play(state: ArcadeState) -> tuple[int, ...]:
    """The seats that still have coins, in seat order."""
    return tuple(s for s in range(state.players) if not is_broke(state, s))


def reveal_treasure(state: ArcadeState, card: int) -> ArcadeState:
    """The state after the card cut before the next deal joins the treasure queue (:func:`add_treasure`)."""
    return replace(state, treasure=add_treasure(state.treasure, card))


def round_net(state: ArcadeState) -> tuple[int, ...]:
    """Each seat's coins won (+) or lost (−) since the current round began, for the round summary."""
    return tuple(c - s for c, s in zip(state.coins, state.round_start_coins, strict=True))


def play_arcade_deal(state: ArcadeState, units: Sequence[int]) -> tuple[ArcadeState, Settlement]:
    """Settle one deal's unit totals (one per seat, zero-sum) at the table's stake and rake.

    A seat without coins cannot play, so its units must be 0. The first deal of a round records the coins
    the round began with (for :func:`round_net`).
    """
    totals = _check_totals(units, state.players)
    for seat in range(state.players):
        if is_broke(state, seat) and totals[seat] != 0:
            raise SessionError(f"seat {seat} has no coins and cannot play")
    settlement = settle_coins(state.coins, totals, state.stake, state.rake)
    round_start = state.coins if state.deals_played % ROUND_DEALS == 0 else state.round_start_coins
    after = replace(
        state, coins=settlement.coins_after, deals_played=state.deals_played + 1, round_start_coins=round_start
    )
    return after, settlement
