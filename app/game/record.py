"""One deal as plain data (:class:`DealRecord`), what a summary shows (:class:`Summary`, :class:`SeatLine`), and
the seed of each deal of a session (:func:`deal_seed`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.arrangement import Row
from rules.cards import Card, format_cards
from rules.deal import Deal, DealResult, Decision, Item, Outcome
from rules.ledger import EndReason
from rules.presets import Options, Preset
from rules.session import Settlement

SEATS = 4
HUMAN = 0


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
    computer_for_human: bool = False  # the time-out (or leaving) had the computer finish the human's hand
    result: DealResult | None = None
    units: tuple[int, ...] | None = None  # per table seat (0 for seats not in the deal)
    settlement: Settlement | None = None  # arcade: the coins itemised
    before: tuple[int, ...] = ()  # session money per seat before this deal (display currency)
    after: tuple[int, ...] = ()

    def position(self, seat: int) -> int:
        """Where table seat ``seat`` sits in this deal's order."""
        return self.seats.index(seat)

    def to_deal(self) -> Deal:
        """The :class:`rules.deal.Deal` to score (positions in deal order)."""
        decisions = tuple(self.decisions[s] for s in self.seats)
        doubles: tuple[int | None, ...] = ()
        if self.preset is Preset.ARCADE:
            doubles = tuple(
                None if self.doubles.get(s) not in self.seats else self.seats.index(self.doubles[s])  # type: ignore[arg-type]
                for s in self.seats
            )
        return Deal(self.preset, self.options, decisions, doubles, self.treasure)

    def outcome(self, seat: int, other: int, row: Row) -> Outcome | None:
        """``seat``'s result against ``other`` on ``row`` (None when they did not compare rows)."""
        if self.result is None:
            return None
        pair = self.result.pair(self.position(seat), self.position(other))
        return None if pair.rows is None else pair.rows[row]

    def pair_items(self, seat: int, other: int) -> tuple[Item, ...]:
        """Items of ``seat`` against ``other``, from ``seat``'s side."""
        assert self.result is not None
        return self.result.pair(self.position(seat), self.position(other)).items

    def fouled(self, seat: int) -> bool:
        """True when ``seat``'s arrangement was a foul (相公)."""
        return self.result is not None and self.result.fouled[self.position(seat)]

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
        if self.computer_for_human:
            out["computer_for_human"] = True
        if self.result is not None:
            out["result"] = self.result.to_dict()
            out["units"] = list(self.units or ())
        if self.settlement is not None:
            out["settlement"] = self.settlement.to_dict()
        return out


@dataclass(frozen=True)
class SeatLine:
    """One seat in a summary."""

    seat: int
    money: int  # in the table's currency (units, points or coins)
    change: int  # since the start of the session (or the round, for a round summary)
    out: bool


@dataclass(frozen=True)
class Summary:
    """What a round or session summary shows."""

    reason: EndReason
    deals: int
    seats: tuple[SeatLine, ...]
    standings: tuple[int, ...]  # seats, best first
    round: int | None = None


def deal_seed(session_seed: int, number: int) -> int:
    """The seed of deal ``number`` of a session: reproducible from the session seed alone."""
    return random.Random(f"deal:{session_seed}:{number}").randrange(2**31)
