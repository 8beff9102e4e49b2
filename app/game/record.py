"""One deal as plain data (:class:`DealRecord`, who made each decision: :class:`Decider`), what a summary shows
(:class:`Summary`, :class:`SeatLine`), and the seed of each deal of a session (:func:`deal_seed`).

A record converts to JSON-ready data and back (:meth:`DealRecord.to_dict`, :meth:`DealRecord.from_dict`): the
history stores it that way, and export and import move it between machines. Its fields are described once, in
:mod:`app.store.deal_format`, which both sides keep to. Reading one back checks each field against that spec
and then the record the way the table would have made it: the hands are the deal's seed's, every decision
plays its seat's hand, and the stored result is what the rules score from the decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from ai import Level
from app.config import seats_for
from app.store.deal_format import FIELDS, decider_column, read_deal
from app.store.validate import DamagedRow, reading
from rules.arrangement import Row
from rules.cards import Card, format_cards, parse_cards, turned_card
from rules.cards import deal as deal_cards
from rules.deal import Deal, DealResult, Decision, Item, Outcome
from rules.dealcode import DealCode
from rules.dealing import deal_by_key
from rules.exchange import MAX_ROUNDS, Direction, ExchangeError, giver, play_rounds
from rules.ledger import EndReason
from rules.presets import Options, Preset, parse_preset
from rules.scoring import score_deal
from rules.session import Settlement, seat_totals

if TYPE_CHECKING:
    from ai import Review

SEATS = 4
HUMAN = 0


RecordError = DamagedRow
"""A stored or imported deal that does not read back as a deal the table could have played: the history's one
error of a row that does not read back (:class:`app.store.validate.DamagedRow`), under the name this floor
has long used for it."""


class Decider(StrEnum):
    """Who made a seat's decision: the player, the computer completing the player's hand when the clock ran
    out (:attr:`TIMEOUT`), the computer playing the player's seat after they left it (:attr:`TAKEOVER`), or a
    computer level. Only :attr:`PLAYER` is the player's own decision (:meth:`DealRecord.own`).

    Before :attr:`TIMEOUT` existed, :attr:`TAKEOVER` was written for the time-out completion (it was its only
    writer); the history's schema 5 reads those stored deals as time-outs (:mod:`app.store.schema`)."""

    PLAYER = "player"
    TIMEOUT = "timeout"
    TAKEOVER = "takeover"
    PERSON = "person"  # another person at a lobby's table (app.lobby): a deal with people, History marks it
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
    # The key the cards were dealt from (rules/RULES.md §23); None for a deal dealt by its seed, as every deal was
    # before keys (it keeps dealing that way: the history reads unchanged).
    key: int | None = None

    @property
    def code(self) -> DealCode | None:
        """The deal's code (rules/RULES.md §23.6), which deals these cards to the same seats anywhere; None for a
        deal dealt by its seed, which no code names. With 換三張 it carries the rounds passed: a deal's code is
        whole once its passes are made (a scored deal's always are)."""
        if self.key is None:
            return None
        rounds = len(self.passes)
        way = self.exchange if rounds else None
        return DealCode(self.preset, len(self.seats), self.key, self.options.joker, rounds, way)

    def position(self, seat: int) -> int:
        """Where table seat ``seat`` sits in this deal's order."""
        return self.seats.index(seat)

    def to_deal(self) -> Deal:
        """The :class:`rules.deal.Deal` to score (positions in deal order)."""
        decisions = tuple(self.decisions[s] for s in self.seats)
        doubles: tuple[int | None, ...] = ()
        if self.preset.doubling(self.banker is not None):
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
        """JSON-ready: enough to replay and explain the deal. The fields are the deal format's
        (:data:`app.store.deal_format.FIELDS`), in its order, each written as :data:`WRITERS` says; a field that
        says nothing about this deal is left out."""
        out: dict[str, Any] = {}
        for f in FIELDS:
            value = WRITERS[f.name](self)
            if value is not LEFT_OUT:
                out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> DealRecord:
        """Read :meth:`to_dict`'s output back, checked: each field against the format's spec
        (:mod:`app.store.deal_format`), then what the fields mean together. A :class:`DamagedRow` names the first
        problem; nothing else is raised."""
        with reading():
            return _read_record(data)


LEFT_OUT: Final = object()
"""What a writer of :data:`WRITERS` gives for a field that says nothing about the deal: it is not written, and
reads back as the field's ``absent`` (a deal of an older build, which never wrote it, reads as it always did)."""


def _treasure(rec: DealRecord, value: Any) -> Any:
    """The cut card and the treasure (rules/RULES.md §7.6): in every record of a preset with treasure (none or
    empty too), in no other's."""
    return value if rec.preset.treasure else LEFT_OUT


def _doubles(rec: DealRecord, value: Any) -> Any:
    """The seats' 賭倍 picks (§7.5): in every record of a preset whose deals hold them (empty too), in no other's."""
    return value if rec.preset.double_picks else LEFT_OUT


def _exchanged(rec: DealRecord, value: Any) -> Any:
    """A field of 換三張's, written only for a deal that passed (and there only where it says something)."""
    return value if rec.exchange is not None and value else LEFT_OUT


WRITERS: dict[str, Callable[[DealRecord], Any]] = {
    "number": lambda r: r.number,
    "seed": lambda r: r.seed,
    "rules": lambda r: r.preset.value,
    "options": lambda r: r.options.to_dict(),
    "seats": lambda r: list(r.seats),
    "human": lambda r: r.human,
    "hands": lambda r: {str(s): format_cards(sorted(h, reverse=True)) for s, h in r.hands.items()},
    "decisions": lambda r: {str(s): d.to_dict() for s, d in r.decisions.items()},
    "dealer": lambda r: LEFT_OUT if r.dealer is None else r.dealer,
    "cut": lambda r: _treasure(r, None if r.cut is None else str(r.cut)),
    "treasure": lambda r: _treasure(r, [str(c) for c in r.treasure]),
    "doubles": lambda r: _doubles(r, {str(s): t for s, t in r.doubles.items()}),
    # The format keeps the flag, for the readers of older records; the record reads decided_by.
    "computer_for_human": lambda r: True if r.computer_for_human else LEFT_OUT,
    "result": lambda r: LEFT_OUT if r.result is None else r.result.to_dict(),
    "units": lambda r: LEFT_OUT if r.result is None else list(r.units or ()),
    "settlement": lambda r: LEFT_OUT if r.settlement is None else r.settlement.to_dict(),
    "before": lambda r: list(r.before) if r.before else LEFT_OUT,
    "after": lambda r: list(r.after) if r.before else LEFT_OUT,  # with before: the reader asks for both
    "decided_by": lambda r: {str(s): d.value for s, d in r.decided_by.items()} if r.decided_by else LEFT_OUT,
    "seconds": lambda r: LEFT_OUT if r.seconds is None else round(r.seconds, 3),
    "players": lambda r: LEFT_OUT if r.players == SEATS else r.players,
    "banker": lambda r: LEFT_OUT if r.banker is None else r.banker,
    "stakes": lambda r: LEFT_OUT if r.banker is None else {str(s): r.stakes.get(s, 1) for s in r.seats},
    "exchange": lambda r: LEFT_OUT if r.exchange is None else r.exchange.value,
    "passes": lambda r: (
        LEFT_OUT if r.exchange is None else [{str(s): format_cards(p) for s, p in x.items()} for x in r.passes]
    ),
    "passed_for_human": lambda r: _exchanged(r, list(r.passed_for_human)),
    "passed_after_leaving": lambda r: _exchanged(r, list(r.passed_after_leaving)),
    "pass_seconds": lambda r: _exchanged(
        r,
        [None if t is None else round(t, 3) for t in r.pass_seconds]
        if any(t is not None for t in r.pass_seconds)
        else [],
    ),
    "turned": lambda r: LEFT_OUT if r.turned is None else str(r.turned),
    "key": lambda r: LEFT_OUT if r.key is None else r.key,
}
"""How a record writes each field of the deal format, by its name in :data:`app.store.deal_format.FIELDS`
(:meth:`DealRecord.to_dict` follows the spec's order; a field of the spec without a writer here is a
:class:`KeyError` there, and a test holds the names to the spec's): the field's JSON value, or
:data:`LEFT_OUT`."""


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


def stored_code(data: dict[str, Any]) -> DealCode | None:
    """:attr:`DealRecord.code` of a stored record, read from the few fields it is made of (the key, the rules,
    the seats, the joker, the passes and their way) rather than the whole record read back: export writes one a
    line, and reading a record back costs some twenty times its JSON. A :class:`DamagedRow` for a field that does
    not read."""
    with reading("deal"):
        key = data.get("key")
        if key is None:
            return None
        rounds = len(data.get("passes") or ())
        way = Direction(data["exchange"]) if rounds else None
        joker = bool(data["options"].get("joker", False))
        return DealCode(parse_preset(data["rules"]), len(data["seats"]), key, joker, rounds, way)


def read_stored(data: Any, review: Any | None) -> tuple[DealRecord, Review | None]:
    """A stored deal's record and the coach's review of it (``None``: none kept), read back; a
    :class:`DamagedRow` when either does not (the review's named ``review``)."""
    from ai import Review  # the coach's module, loaded with the first review read (the menu's start-up)

    record = DealRecord.from_dict(data)
    with reading("review"):
        return record, None if review is None else Review.from_dict(review)


def own_deals(records: Iterable[DealRecord], seat: int) -> set[int]:
    """The numbers of the deals among ``records`` that the player at ``seat`` decided themselves (the coach's
    running measure counts these)."""
    return {r.number for r in records if r.own(seat)}


def _read_record(data: Any) -> DealRecord:
    # Imports go through here: everything is checked, so that a stored record is one the table could have made.
    # The spec (app.store.deal_format) has checked each field's type and bounds and filled in the absent ones;
    # what is left is what the fields mean together.
    d = read_deal(data)
    preset = parse_preset(d["rules"])
    seats = _seats(d)
    seed, options = d["seed"], Options.for_preset(preset, d["options"])
    hands = {s: tuple(parse_cards(h, 13)) for s, h in _by_seat(d["hands"]).items()}
    if set(hands) != set(seats):
        raise DamagedRow("hands", "must hold one hand for each seat in play")
    key = d["key"]
    turned, dealt_hands = _dealing(d, seed, key, len(seats), options.joker)
    dealt = {s: tuple(sorted(h)) for s, h in zip(seats, dealt_hands, strict=True)}
    way, passes = _read_exchange(d, seats, dealt, hands)
    if way is None:
        for s in seats:
            if sorted(hands[s]) != list(dealt[s]):
                raise DamagedRow("hands", f"seat {s}'s hand is not the one {_dealer(seed, key)} deals")
    human = d["human"]
    if human is not None and human not in seats:
        raise DamagedRow("human", f"{human} is not a seat in play")
    decisions = {s: Decision.from_dict(v) for s, v in _by_seat(d["decisions"]).items()}
    for s, decision in decisions.items():
        if s not in hands or sorted(decision.cards) != sorted(hands[s]):
            raise DamagedRow("decisions", f"seat {s}'s decision does not play its hand")
    rec = DealRecord(
        number=d["number"],
        seed=seed,
        preset=preset,
        seats=seats,
        hands={s: hands[s] for s in seats},
        human=human,
        options=options,
        turned=turned,
        key=key,
        dealer=d["dealer"],
        decisions={s: decisions[s] for s in seats if s in decisions},
        players=d["players"],
        exchange=way,
        passes=passes,
        dealt=dealt if way is not None else {},
        passed_for_human=_rounds(d, "passed_for_human", len(passes)),
        passed_after_leaving=_rounds(d, "passed_after_leaving", len(passes)),
        pass_seconds=_pass_seconds(d["pass_seconds"], len(passes)),
    )
    _read_banker(rec, d)
    _read_arcade(rec, d)
    _read_result(rec, d)
    _read_money(rec, d, data)
    rec.decided_by = _deciders(rec, d, data)
    rec.seconds = None if d["seconds"] is None else float(d["seconds"])
    return rec


def _by_seat(data: dict[str, Any]) -> dict[int, Any]:
    """A field keyed by table seat (the spec has checked the keys: "0" to "3")."""
    return {int(key): value for key, value in data.items()}


def _seats(d: dict[str, Any]) -> tuple[int, ...]:
    """The seats in play: distinct, and all at the record's table."""
    seats, players = tuple(d["seats"]), d["players"]
    if len(set(seats)) != len(seats):
        raise DamagedRow("seats", f"must be 2 to 4 distinct seats from 0 to 3, not {list(seats)}")
    if not set(seats) <= set(seats_for(players)):
        raise DamagedRow(
            "seats", f"{list(seats)} are not all at a table of {players} (seats {list(seats_for(players))})"
        )
    return seats


def _dealer(seed: int, key: int | None) -> str:
    return f"seed {seed}" if key is None else f"key {key}"


def _dealing(
    d: dict[str, Any], seed: int, key: int | None, players: int, joker: bool
) -> tuple[Card | None, tuple[tuple[Card, ...], ...]]:
    """The card turned up for the joker (§20.2) and the hands as dealt: by the deal's key (§23) when it has one,
    else by its seed, as it was dealt. The record's turned card must be the one dealt."""
    if key is None:
        turned = turned_card(seed, players) if joker else None
        hands = deal_cards(seed, players, joker)
    else:
        keyed = deal_by_key(key, players, joker)
        turned, hands = keyed.turned, keyed.hands
    named = d["turned"]
    if named is not None and (turned is None or parse_cards(named, 1)[0] != turned):
        raise DamagedRow(
            "turned",
            f"{named!r} is not the card {_dealer(seed, key)} turns up for the joker"
            if turned is not None
            else "is only in a deal played with the joker",
        )
    return turned, hands


def _read_banker(rec: DealRecord, d: dict[str, Any]) -> None:
    """The banker game's bank and stakes (a deal without a bank keeps none)."""
    if d["banker"] is None:
        return
    rec.banker = d["banker"]
    if rec.banker not in rec.seats:
        raise DamagedRow("banker", f"{rec.banker} is not a seat in play")
    rec.stakes = _by_seat(d["stakes"])
    if not set(rec.stakes) <= set(rec.seats):
        raise DamagedRow("stakes", "are for the seats in play")


def _read_arcade(rec: DealRecord, d: dict[str, Any]) -> None:
    """Arcade's cut card and treasure (§7.6) and its doubles (§7.5), where the preset has them."""
    if rec.preset.treasure:
        rec.cut = None if d["cut"] is None else parse_cards(d["cut"], 1)[0]
        rec.treasure = tuple(parse_cards(c, 1)[0] for c in d["treasure"])
    if rec.preset.double_picks:
        rec.doubles = _by_seat(d["doubles"])


def _read_result(rec: DealRecord, d: dict[str, Any]) -> None:
    """The scored result, which must be what the rules score from the decisions, and its units seat by seat."""
    if d["result"] is None:
        return
    if set(rec.decisions) != set(rec.seats):
        raise DamagedRow("decisions", "a scored deal needs every seat's decision")
    result = DealResult.from_dict(d["result"])
    if result != score_deal(rec.to_deal()):
        raise DamagedRow("result", "is not what the rules score from these decisions")
    rec.result = result
    if d["units"] is None:
        raise DamagedRow("units", "is missing: a scored deal has them")
    rec.units = tuple(d["units"])
    if rec.units != seat_totals(rec.seats, result.totals, SEATS):
        raise DamagedRow("units", "must be the result's totals, seat by seat (0 for a seat not in the deal)")


def _read_money(rec: DealRecord, d: dict[str, Any], data: dict[str, Any]) -> None:
    """Arcade's settlement, and the money before and after the deal (written together)."""
    if d["settlement"] is not None:
        rec.settlement = Settlement.from_dict(d["settlement"])
    if "before" in data:
        if "after" not in data:
            raise DamagedRow("after", "is missing: it goes with 'before'")
        rec.before, rec.after = tuple(d["before"]), tuple(d["after"])


def _deciders(rec: DealRecord, d: dict[str, Any], data: dict[str, Any]) -> dict[int, Decider]:
    """Who decided each seat; a record older than ``decided_by`` is read for the player as the history's column
    reads it."""
    deciders = {s: Decider(v) for s, v in _by_seat(d["decided_by"]).items()}
    human = rec.human
    if human is not None and human not in deciders and human in rec.decisions:
        found = decider_column(data)
        if found is not None:
            deciders[human] = Decider(found)
    return deciders


def _read_exchange(
    d: dict[str, Any], seats: tuple[int, ...], dealt: dict[int, tuple[Card, ...]], hands: dict[int, tuple[Card, ...]]
) -> tuple[Direction | None, list[dict[int, tuple[Card, ...]]]]:
    """The exchange of a stored deal, checked: its passes, made from the hands the seed deals, end in the hands
    stored (nothing lost, nothing duplicated)."""
    if d["exchange"] is None:
        if d["passes"]:
            raise DamagedRow("passes", "need 'exchange' (the way the cards went)")
        return None, []
    try:
        way = Direction(d["exchange"])
    except ValueError:
        ways = "clockwise, counterclockwise or across"
        raise DamagedRow("exchange", f"must be {ways}, not {d['exchange']!r}") from None
    if way is Direction.ROTATE:
        raise DamagedRow("exchange", "names the way this deal passed, not 'rotate'")
    rounds = d["passes"]
    if not 1 <= len(rounds) <= MAX_ROUNDS:
        raise DamagedRow("passes", f"must be a list of 1 to {MAX_ROUNDS} rounds")
    passes = []
    for r in rounds:
        by_seat = {s: tuple(sorted(parse_cards(c, 3))) for s, c in _by_seat(r).items()}
        if set(by_seat) != set(seats):
            raise DamagedRow("passes", "every seat in play passes in each round")
        passes.append(by_seat)
    try:
        after = play_rounds([dealt[s] for s in seats], [[p[s] for s in seats] for p in passes], way)
    except ExchangeError as exc:
        raise DamagedRow("passes", f"a pass cannot be made: {exc}") from None
    for s, h in zip(seats, after, strict=True):
        if list(h) != sorted(hands[s]):
            raise DamagedRow("hands", f"seat {s}'s hand is not what the deal dealt, after the passes")
    return way, passes


def _rounds(d: dict[str, Any], key: str, made: int) -> tuple[int, ...]:
    """The rounds (0-based) whose pass the computer chose for the player, checked against the rounds made."""
    if any(k >= made for k in d[key]):
        raise DamagedRow(key, f"must list rounds of the exchange (0 to {made - 1}), not {d[key]!r}")
    return tuple(sorted(set(d[key])))


def _pass_seconds(data: list[float | None], made: int) -> tuple[float | None, ...]:
    """The seconds the player took over each round's pass (null for a round that was not theirs), checked."""
    if len(data) > made:
        raise DamagedRow("pass_seconds", f"must be up to {made} numbers of seconds (or null), not {data!r}")
    return tuple(None if t is None else float(t) for t in data)
