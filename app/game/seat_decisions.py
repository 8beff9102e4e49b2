"""A seat's decisions in one deal, in the order the deal asked for them, each with who made it and the time it
took: the one model of what was decided that the coach (what to price), its verdict (the parts, in this order),
the review (who chose each pass) and the words after a deal (who finished the hand) read.

It is read from the deal's record (:class:`~.record.DealRecord`), which stores each fact once: the passes of
換三張 round by round (and which of the player's the computer chose: at the time-out, or after the player left
the seat), the banker game's stakes, the arrangement or declaration with who decided it, and arcade's 賭倍. What
the player has decided in a deal still being played is :class:`~.progress.Made` (Continue's part of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.cards import Card
from rules.deal import Decision

from .record import DealRecord, Decider


class DecisionKind(StrEnum):
    """What a decision is, in the order a deal asks for them."""

    STAKE = "stake"  # the banker game: what a player stakes against the bank (chosen before the deal)
    PASS = "pass"  # 換三張: the three cards passed in a round
    ARRANGE = "arrange"  # the three rows
    DECLARE = "declare"  # a special declared instead of the rows
    DOUBLE = "double"  # arcade's 賭倍: the opponent doubled against (or none)


@dataclass(frozen=True)
class Decided:
    """One decision of a seat: what it was, who made it (None while a computer seat's level is not on record,
    in a deal still being played), the seconds it took the player, and what was decided."""

    kind: DecisionKind
    who: Decider | None
    seconds: float | None = None
    round: int | None = None  # a pass: its round (0-based)
    cards: tuple[Card, ...] = ()  # a pass: the cards passed
    decision: Decision | None = None  # the rows or the declaration
    target: int | None = None  # 賭倍: the table seat doubled against
    stake: int | None = None

    @property
    def own(self) -> bool:
        """Whether the player made it themselves (not the computer at a time-out, after they left, or a seat of
        the computer's)."""
        return self.who is Decider.PLAYER


def decisions_of(rec: DealRecord, seat: int) -> tuple[Decided, ...]:
    """``seat``'s decisions in ``rec``, in the order the deal asked for them (those made so far, in a deal still
    being played)."""
    out: list[Decided] = []
    mine = seat == rec.human
    final = rec.decided_by.get(seat)
    if rec.banker is not None and seat != rec.banker:
        out.append(Decided(DecisionKind.STAKE, Decider.PLAYER if mine else final, stake=rec.stakes.get(seat, 1)))
    for k, passes in enumerate(rec.passes):
        if seat not in passes:
            continue
        who = final
        seconds = None
        if mine:
            who = (
                Decider.TIMEOUT
                if k in rec.passed_for_human
                else Decider.TAKEOVER
                if k in rec.passed_after_leaving
                else Decider.PLAYER
            )
            seconds = rec.pass_seconds[k] if k < len(rec.pass_seconds) else None
        out.append(Decided(DecisionKind.PASS, who, seconds, round=k, cards=passes[seat]))
    decision = rec.decisions.get(seat)
    if decision is not None:
        kind = DecisionKind.ARRANGE if decision.declare is None else DecisionKind.DECLARE
        out.append(Decided(kind, final, rec.seconds if mine else None, decision=decision))
        if rec.preset.doubling(rec.banker is not None):
            out.append(Decided(DecisionKind.DOUBLE, final, target=rec.doubles.get(seat)))
    return tuple(out)


def own_passes(rec: DealRecord, seat: int) -> tuple[Decided, ...]:
    """The passes of ``seat`` the coach prices: every pass of a computer seat, and the player's own only (never
    one the computer chose for them)."""
    return tuple(d for d in decisions_of(rec, seat) if d.kind is DecisionKind.PASS and (d.own or seat != rec.human))


def finisher(rec: DealRecord) -> Decider | None:
    """Who decided the player's hand when it was not the player (:attr:`Decider.TIMEOUT` or
    :attr:`Decider.TAKEOVER`), else None."""
    if rec.human is None:
        return None
    hand = [d for d in decisions_of(rec, rec.human) if d.kind in (DecisionKind.ARRANGE, DecisionKind.DECLARE)]
    who = hand[0].who if hand else None
    return who if who in (Decider.TIMEOUT, Decider.TAKEOVER) else None
