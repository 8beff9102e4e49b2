"""One deal as plain data (:class:`DealRecord`, who made each decision: :class:`Decider`), what a summary shows
(:class:`Summary`, :class:`SeatLine`), and the seed of each deal of a session (:func:`deal_seed`).

A record converts to JSON-ready data and back (:meth:`DealRecord.to_dict`, :meth:`DealRecord.from_dict`): the
history stores it that way, and export and import move it between machines. Reading one back checks it the
way the table would have made it: the hands are the deal's seed's, every decision plays its seat's hand, and
the stored result is what the rules score from the decisions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ai import Level
from app.config import seats_for
from app.store.schema import decider_column
from rules.arrangement import Row
from rules.cards import Card, CardError, format_cards, parse_cards, turned_card
from rules.cards import deal as deal_cards
from rules.deal import Deal, DealError, DealResult, Decision, Item, Outcome
from rules.exchange import MAX_ROUNDS, Direction, ExchangeError, giver, play_rounds
from rules.ledger import EndReason
from rules.presets import OptionError, Options, Preset, parse_preset
from rules.scoring import score_deal
from rules.session import SessionError, Settlement, seat_totals

SEATS = 4
HUMAN = 0


class RecordError(ValueError):
    """A stored or imported deal that does not read back as a deal the table could have played."""


class Decider(StrEnum):
    """Who made a seat's decision: the player, the computer completing the player's hand when the clock ran
    out (:attr:`TIMEOUT`), the computer playing the player's seat after they left it (:attr:`TAKEOVER`), or a
    computer level. Only :attr:`PLAYER` is the player's own decision (:meth:`DealRecord.own`).

    Before :attr:`TIMEOUT` existed, :attr:`TAKEOVER` was written for the time-out completion (it was its only
    writer); the history's schema 5 reads those stored deals as time-outs (:mod:`app.store.schema`)."""

    PLAYER = "player"
    TIMEOUT = "timeout"
    TAKEOVER = "takeover"
    EASY = Level.EASY.value
    NORMAL = Level.NORMAL.value
    HARD = Level.HARD.value
    EXPERT = Level.EXPERT.value

    @classmethod
    def level(cls, level: Level) -> Decider:
        """The decider for a computer seat of ``level``."""
        return cls(level.value)


@dataclass
class DealRecord:
    """One deal as plain data: who played, the cards, the decisions, and the scored result."""

    number: int  # 1-based within the session
    seed: int
    preset: Preset
    seats: tuple[int, ...]  # table seats that play, in deal order (deal position k is seats[k])
    hands: dict[int, tuple[Card, ...]]
    human: int | None  # the seat a person plays this deal (None when watching)
    options: Options = field(default_factory=Options)
    dealer: int | None = None  # tournament: who deals
    cut: Card | None = None  # arcade: the card cut before this deal
    treasure: tuple[Card, ...] = ()  # arcade: the treasure cards in force
    decisions: dict[int, Decision] = field(default_factory=dict)
    doubles: dict[int, int | None] = field(default_factory=dict)  # table seat -> table seat
    result: DealResult | None = None
    units: tuple[int, ...] | None = None  # per table seat (0 for seats not in the deal)
    settlement: Settlement | None = None  # arcade: the coins itemised
    before: tuple[int, ...] = ()  # session money per seat before this deal (display currency)
    after: tuple[int, ...] = ()
    decided_by: dict[int, Decider] = field(default_factory=dict)  # table seat -> who made its decision
    seconds: float | None = None  # how long the player took to arrange (the clock held under dialogs excluded)
    banker: int | None = None  # the banker game (莊家): the table seat holding the bank this deal
    stakes: dict[int, int] = field(default_factory=dict)  # banker game: table seat -> its stake (1 if absent)
    players: int = SEATS  # the table's size: seats not in ``seats_for(players)`` are empty chairs, not seats out
    # 換三張 (rules/RULES.md §21): the way this deal passes, and each round's passes (table seat -> 3 cards).
    # ``hands`` are the hands as played, after every pass; ``dealt`` the hands as the seed dealt them.
    exchange: Direction | None = None
    passes: list[dict[int, tuple[Card, ...]]] = field(default_factory=list)
    dealt: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    passed_for_human: tuple[int, ...] = ()  # the rounds whose pass the computer chose for the player (time-out)
    passed_after_leaving: tuple[int, ...] = ()  # the rounds it chose after the player left the seat to it
    pass_seconds: tuple[float | None, ...] = ()  # by round: the seconds the player took over their own pass

    def hand_before(self, seat: int, round_no: int) -> tuple[Card, ...]:
        """``seat``'s hand as it was when it chose its pass of round ``round_no`` (0-based)."""
        assert self.exchange is not None
        order = [self.dealt[s] for s in self.seats]
        then = play_rounds(order, [[p[s] for s in self.seats] for p in self.passes[:round_no]], self.exchange)
        return then[self.position(seat)]

    def received(self, seat: int, round_no: int) -> tuple[Card, ...]:
        """What ``seat`` received in round ``round_no`` (0-based) of the exchange."""
        assert self.exchange is not None
        pos = giver(self.position(seat), len(self.seats), self.exchange)
        return self.passes[round_no][self.seats[pos]]

    turned: Card | None = None  # the joker game (rules/RULES.md §20.2): the card turned up, out of play

    def position(self, seat: int) -> int:
        """Where table seat ``seat`` sits in this deal's order."""
        return self.seats.index(seat)

    def to_deal(self) -> Deal:
        """The :class:`rules.deal.Deal` to score (positions in deal order)."""
        decisions = tuple(self.decisions[s] for s in self.seats)
        doubles: tuple[int | None, ...] = ()
        if self.preset is Preset.ARCADE and self.banker is None:  # no 賭倍 in a banker game
            doubles = tuple(
                None if self.doubles.get(s) not in self.seats else self.seats.index(self.doubles[s])  # type: ignore[arg-type]
                for s in self.seats
            )
        if self.banker is None:
            return Deal(self.preset, self.options, decisions, doubles, self.treasure)
        stakes = tuple(self.stakes.get(s, 1) for s in self.seats)
        return Deal(self.preset, self.options, decisions, doubles, self.treasure, self.position(self.banker), stakes)

    def compared(self, seat: int, other: int) -> bool:
        """Whether ``seat`` and ``other`` met this deal (in a banker game only the banker meets the others)."""
        return seat != other and (self.banker is None or self.banker in (seat, other))

    def outcome(self, seat: int, other: int, row: Row) -> Outcome | None:
        """``seat``'s result against ``other`` on ``row`` (None when they did not compare rows)."""
        if self.result is None or not self.compared(seat, other):
            return None
        pair = self.result.pair(self.position(seat), self.position(other))
        return None if pair.rows is None else pair.rows[row]

    def pair_items(self, seat: int, other: int) -> tuple[Item, ...]:
        """Items of ``seat`` against ``other``, from ``seat``'s side."""
        assert self.result is not None
        if not self.compared(seat, other):
            return ()
        return self.result.pair(self.position(seat), self.position(other)).items

    def fouled(self, seat: int) -> bool:
        """True when ``seat``'s arrangement was a foul (相公)."""
        return self.result is not None and self.result.fouled[self.position(seat)]

    @property
    def computer_for_human(self) -> bool:
        """True when the computer finished the player's hand (a time-out, or the player leaving it):
        :attr:`decided_by` is the one record of who decided."""
        return self.human is not None and self.decided_by.get(self.human) in (Decider.TIMEOUT, Decider.TAKEOVER)

    def own(self, seat: int | None = None) -> bool:
        """Whether the player decided this deal's hand themselves, every row of it (at ``seat``, when given:
        the seat they play). A time-out completion, a takeover and a watched deal are the computer's: they
        score for the seat, but no figure of the player's skill counts them."""
        human = self.human if seat is None else seat
        return human is not None and self.human == human and self.decided_by.get(human) is Decider.PLAYER

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: enough to replay and explain the deal."""
        out: dict[str, Any] = {
            "number": self.number,
            "seed": self.seed,
            "rules": self.preset.value,
            "options": self.options.to_dict(),
            "seats": list(self.seats),
            "human": self.human,
            "hands": {str(s): format_cards(sorted(h, reverse=True)) for s, h in self.hands.items()},
            "decisions": {str(s): d.to_dict() for s, d in self.decisions.items()},
        }
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.preset is Preset.ARCADE:
            out["cut"] = None if self.cut is None else str(self.cut)
            out["treasure"] = [str(c) for c in self.treasure]
            out["doubles"] = {str(s): t for s, t in self.doubles.items()}
        if self.computer_for_human:  # the format keeps the flag; the record reads it from decided_by
            out["computer_for_human"] = True
        if self.result is not None:
            out["result"] = self.result.to_dict()
            out["units"] = list(self.units or ())
        if self.settlement is not None:
            out["settlement"] = self.settlement.to_dict()
        if self.before:
            out["before"], out["after"] = list(self.before), list(self.after)
        if self.decided_by:
            out["decided_by"] = {str(s): d.value for s, d in self.decided_by.items()}
        if self.seconds is not None:
            out["seconds"] = round(self.seconds, 3)
        if self.players != SEATS:
            out["players"] = self.players  # only for a smaller table: a deal of four reads as it always did
        if self.banker is not None:
            out["banker"] = self.banker
            out["stakes"] = {str(s): self.stakes.get(s, 1) for s in self.seats}
        if self.exchange is not None:
            out["exchange"] = self.exchange.value
            out["passes"] = [{str(s): format_cards(p) for s, p in r.items()} for r in self.passes]
            if self.passed_for_human:
                out["passed_for_human"] = list(self.passed_for_human)
            if self.passed_after_leaving:
                out["passed_after_leaving"] = list(self.passed_after_leaving)
            if any(t is not None for t in self.pass_seconds):
                out["pass_seconds"] = [None if t is None else round(t, 3) for t in self.pass_seconds]
        if self.turned is not None:
            out["turned"] = str(self.turned)  # only with the joker: every other deal reads as it always did
        return out

    @classmethod
    def from_dict(cls, data: Any) -> DealRecord:
        """Read :meth:`to_dict`'s output back, checked (:class:`RecordError` names the first problem)."""
        try:
            return _read_record(data)
        except (CardError, DealError, OptionError, SessionError, KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(str(exc) if not isinstance(exc, KeyError) else f"missing {exc}") from None


@dataclass(frozen=True)
class SeatLine:
    """One seat in a summary."""

    seat: int
    money: int  # in the table's currency (units, points or coins)
    change: int  # since the start of the session (or the round, for a round summary)
    out: bool


@dataclass(frozen=True)
class Summary:
    """What a round or session summary shows: the seats at the table (no empty chair), in seat order."""

    reason: EndReason
    deals: int
    seats: tuple[SeatLine, ...]
    standings: tuple[int, ...]  # seats, best first
    round: int | None = None

    def line(self, seat: int) -> SeatLine:
        """The line of table seat ``seat`` (:class:`KeyError` for an empty chair, which has none)."""
        for line in self.seats:
            if line.seat == seat:
                return line
        raise KeyError(seat)


def deal_seed(session_seed: int, number: int) -> int:
    """The seed of deal ``number`` of a session: reproducible from the session seed alone."""
    return random.Random(f"deal:{session_seed}:{number}").randrange(2**31)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{what} must be an integer, not {value!r}")
    return value


def _seat_map(data: Any, what: str) -> dict[int, Any]:
    """A JSON object keyed by table seat ("0" to "3")."""
    if not isinstance(data, dict):
        raise RecordError(f"{what} must be an object keyed by seat")
    out: dict[int, Any] = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key in ("0", "1", "2", "3")):
            raise RecordError(f"{what}: {key!r} is not a seat (0 to 3)")
        out[int(key)] = value
    return out


def _read_record(data: Any) -> DealRecord:  # noqa: C901 (validation: one check a field)
    # Imports go through here: everything is checked, so that a stored record is one the table could have made.
    if not isinstance(data, dict):
        raise RecordError("a deal must be an object")
    preset = parse_preset(str(data["rules"]))
    seats = tuple(_int(s, "a seat") for s in data["seats"])
    if not 2 <= len(seats) <= SEATS or len(set(seats)) != len(seats) or not all(0 <= s < SEATS for s in seats):
        raise RecordError(f"'seats' must be 2 to 4 distinct seats from 0 to 3, not {list(seats)}")
    players = _int(data.get("players", SEATS), "'players'")
    if not set(seats) <= set(seats_for(players)):
        raise RecordError(f"seats {list(seats)} are not all at a table of {players} (seats {list(seats_for(players))})")
    seed = _int(data["seed"], "'seed'")
    options = Options.for_preset(preset, data.get("options", {}))
    hands = {s: tuple(parse_cards(h, 13)) for s, h in _seat_map(data["hands"], "'hands'").items()}
    if set(hands) != set(seats):
        raise RecordError("'hands' must hold one hand for each seat in play")
    # The joker deal (§20.2): the seed's shuffle with one dealt card turned up, which the record names.
    turned = turned_card(seed, len(seats)) if options.joker else None
    if data.get("turned") is not None and (turned is None or parse_cards(str(data["turned"]), 1)[0] != turned):
        raise RecordError(
            f"'turned' {data['turned']!r} is not the card seed {seed} turns up for the joker"
            if turned is not None
            else "'turned' is only in a deal played with the joker"
        )
    dealt = {s: tuple(sorted(h)) for s, h in zip(seats, deal_cards(seed, len(seats), options.joker), strict=True)}
    way, passes = _read_exchange(data, seats, dealt, hands)
    if way is None:
        for s in seats:
            if sorted(hands[s]) != list(dealt[s]):
                raise RecordError(f"seat {s}'s hand is not the one seed {seed} deals")
    human = data.get("human")
    if human is not None and _int(human, "'human'") not in seats:
        raise RecordError(f"'human' {human} is not a seat in play")
    decisions = {s: Decision.from_dict(d) for s, d in _seat_map(data.get("decisions", {}), "'decisions'").items()}
    for s, d in decisions.items():
        if s not in hands or sorted(d.cards) != sorted(hands[s]):
            raise RecordError(f"seat {s}'s decision does not play its hand")
    rec = DealRecord(
        number=_int(data["number"], "'number'"),
        seed=seed,
        preset=preset,
        seats=seats,
        hands={s: hands[s] for s in seats},
        human=human,
        options=options,
        turned=turned,
        dealer=None if data.get("dealer") is None else _int(data["dealer"], "'dealer'"),
        decisions={s: decisions[s] for s in seats if s in decisions},
        players=players,
        exchange=way,
        passes=passes,
        dealt=dealt if way is not None else {},
        passed_for_human=_rounds(data.get("passed_for_human", []), len(passes)),
        passed_after_leaving=_rounds(data.get("passed_after_leaving", []), len(passes), "passed_after_leaving"),
        pass_seconds=_pass_seconds(data.get("pass_seconds", []), len(passes)),
    )
    if rec.number < 1:
        raise RecordError("'number' counts deals from 1")
    if data.get("banker") is not None:
        rec.banker = _int(data["banker"], "'banker'")
        if rec.banker not in seats:
            raise RecordError(f"the banker {rec.banker} is not a seat in play")
        rec.stakes = {s: _int(v, "a stake") for s, v in _seat_map(data.get("stakes", {}), "'stakes'").items()}
        if not set(rec.stakes) <= set(seats):
            raise RecordError("'stakes' are for the seats in play")
    if preset is Preset.ARCADE:
        cut = data.get("cut")
        rec.cut = None if cut is None else parse_cards(str(cut), 1)[0]
        rec.treasure = tuple(parse_cards(str(c), 1)[0] for c in data.get("treasure", []))
        rec.doubles = {
            s: (None if t is None else _int(t, "a double's target"))
            for s, t in _seat_map(data.get("doubles", {}), "'doubles'").items()
        }
    if "result" in data:
        if set(rec.decisions) != set(seats):
            raise RecordError("a scored deal needs every seat's decision")
        result = DealResult.from_dict(data["result"])
        if result != score_deal(rec.to_deal()):
            raise RecordError("the stored result is not what the rules score from these decisions")
        rec.result = result
        rec.units = tuple(_int(u, "a unit total") for u in data["units"])
        if rec.units != seat_totals(seats, result.totals, SEATS):
            raise RecordError("'units' must be the result's totals, seat by seat (0 for a seat not in the deal)")
    if "settlement" in data:
        rec.settlement = Settlement.from_dict(data["settlement"])
    if "before" in data:
        rec.before = tuple(_int(v, "money") for v in data["before"])
        rec.after = tuple(_int(v, "money") for v in data["after"])
    rec.decided_by = {s: Decider(v) for s, v in _seat_map(data.get("decided_by", {}), "'decided_by'").items()}
    if human is not None and human not in rec.decided_by and human in rec.decisions:
        found = decider_column(data)  # a record older than decided_by: read as the history's column reads it
        if found is not None:
            rec.decided_by[human] = Decider(found)
    seconds = data.get("seconds")
    if seconds is not None:
        number = isinstance(seconds, int | float) and not isinstance(seconds, bool)
        if not number or not math.isfinite(seconds) or seconds < 0:
            raise RecordError(f"'seconds' must be a number of seconds, not {seconds!r}")
        rec.seconds = float(seconds)
    return rec


def own_deals(records: Iterable[DealRecord], seat: int) -> set[int]:
    """The numbers of the deals among ``records`` that the player at ``seat`` decided themselves (the coach's
    running measure counts these)."""
    return {r.number for r in records if r.own(seat)}


def _read_exchange(
    data: dict[str, Any], seats: tuple[int, ...], dealt: dict[int, tuple[Card, ...]], hands: dict[int, tuple[Card, ...]]
) -> tuple[Direction | None, list[dict[int, tuple[Card, ...]]]]:
    """The exchange of a stored deal, checked: its passes, made from the hands the seed deals, end in the hands
    stored (nothing lost, nothing duplicated)."""
    if data.get("exchange") is None:
        if data.get("passes"):
            raise RecordError("'passes' need 'exchange' (the way the cards went)")
        return None, []
    try:
        way = Direction(data["exchange"])
    except ValueError:
        ways = "clockwise, counterclockwise or across"
        raise RecordError(f"'exchange' must be {ways}, not {data['exchange']!r}") from None
    if way is Direction.ROTATE:
        raise RecordError("'exchange' names the way this deal passed, not 'rotate'")
    rounds = data.get("passes", [])
    if not isinstance(rounds, list) or not 1 <= len(rounds) <= MAX_ROUNDS:
        raise RecordError(f"'passes' must be a list of 1 to {MAX_ROUNDS} rounds")
    passes = []
    for r in rounds:
        by_seat = {s: tuple(sorted(parse_cards(str(c), 3))) for s, c in _seat_map(r, "a round of 'passes'").items()}
        if set(by_seat) != set(seats):
            raise RecordError("every seat in play passes in each round")
        passes.append(by_seat)
    try:
        after = play_rounds([dealt[s] for s in seats], [[p[s] for s in seats] for p in passes], way)
    except ExchangeError as exc:
        raise RecordError(f"a pass cannot be made: {exc}") from None
    for s, h in zip(seats, after, strict=True):
        if list(h) != sorted(hands[s]):
            raise RecordError(f"seat {s}'s hand is not what the seed deals after the passes")
    return way, passes


def _rounds(data: Any, made: int, key: str = "passed_for_human") -> tuple[int, ...]:
    """The rounds (0-based) whose pass the computer chose for the player, checked against the rounds made."""
    if not isinstance(data, list) or not all(
        isinstance(k, int) and not isinstance(k, bool) and 0 <= k < made for k in data
    ):
        raise RecordError(f"'{key}' must list rounds of the exchange (0 to {made - 1}), not {data!r}")
    return tuple(sorted(set(data)))


def _pass_seconds(data: Any, made: int) -> tuple[float | None, ...]:
    """The seconds the player took over each round's pass (null for a round that was not theirs), checked."""
    ok = (
        isinstance(data, list)
        and len(data) <= made
        and all(
            t is None or (isinstance(t, int | float) and not isinstance(t, bool) and math.isfinite(t) and t >= 0)
            for t in data
        )
    )
    if not ok:
        raise RecordError(f"'pass_seconds' must be up to {made} numbers of seconds (or null), not {data!r}")
    return tuple(None if t is None else float(t) for t in data)
