"""Calls to the AI as plain data: an :class:`AIRequest` crosses to a worker thread, :func:`run_ai` answers it."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import StrEnum

from ai import (
    Budget,
    Choice,
    Distinct,
    Fixed,
    Level,
    PassChoice,
    PricedDecision,
    TableView,
    advise,
    best_declaration,
    choose,
    choose_pass,
)
from rules.cards import Card
from rules.deal import Decision

# The level that finishes the human's hand or pass when the clock runs out (or the seat is left to it).
HELPER_LEVEL = Level.HARD
# The level that advises the human (auto-arrange, the hint): the coach's own, so that the advice is what the
# coach will call best (:func:`ai.advise`).
ADVICE_LEVEL = Level.EXPERT
SUGGESTIONS = 5  # plays auto-arrange offers at most, each a different structure (or the declaration)


class Purpose(StrEnum):
    """What an AI request is for, so that its answer goes to the right place."""

    DECIDE = "decide"  # a computer seat's decision
    SUGGEST = "suggest"  # auto-arrange for the human: a few completions
    HINT = "hint"  # the hint key: where the card under the cursor goes
    TAKEOVER = "takeover"  # the time-out (or leaving): the computer completes the human's hand


@dataclass(frozen=True)
class AIRequest:
    """Everything one call of :func:`ai.choose` needs; plain data so it can cross to a worker thread."""

    seat: int  # table seat
    deal: int  # deal number, so that a late answer for an old deal is ignored
    hand: tuple[Card, ...]
    view: TableView
    level: Level
    seed: int
    fixed: Fixed | None = None
    purpose: Purpose = Purpose.DECIDE
    top: int = 3
    tables: Budget | int = Budget.STANDARD  # auto-arrange: the coach's budget (or tables), pricing the suggestions

    @property
    def distinct(self) -> Distinct:
        """Auto-arrange offers other plays, not the same play with its kickers swapped."""
        return Distinct.STRUCTURE if self.purpose is Purpose.SUGGEST else Distinct.ROWS


@dataclass(frozen=True)
class PassRequest:
    """A seat's three cards to pass in a round of 換三張 (a computer seat's, or the player's at a time-out)."""

    seat: int
    deal: int
    round: int  # 0-based round of the exchange
    hand: tuple[Card, ...]
    view: TableView
    level: Level
    seed: int
    purpose: Purpose = Purpose.DECIDE  # DECIDE for a computer seat, TAKEOVER for the player's time-out


# One computation of the AI at a time in a process (issue 44). The table asks for the three computer seats, the
# helper and the coach in thread workers at once; each computation holds some 20-45 MB of numpy arrays for a
# moment, and run side by side they took a table's peak RSS to 180 MB (the C library keeps what each thread
# freed, too). On two cores they gained little by running together, and the seats' answers wait for their
# thinking delay anyway. Re-entrant: a computation may call another (the coach chooses as `expert`).
COMPUTING = threading.RLock()


def run_pass(request: PassRequest) -> PassChoice:
    """Choose ``request``'s pass (blocking, up to a second for `expert`: run it in a worker thread)."""
    with COMPUTING:
        return choose_pass(request.hand, request.view, request.level, seed=request.seed)


def run_ai(request: AIRequest) -> Choice:
    """Call the AI for ``request`` (blocking: run it in a worker thread). Auto-arrange's suggestions and the hint
    are the coach's advice (:func:`ai.advise`: `expert`'s plays, each at the price the coach gives it, some 0.2 s)."""
    with COMPUTING:
        if request.purpose in (Purpose.SUGGEST, Purpose.HINT):
            return advise(request.hand, request.view, tables=request.tables, seed=request.seed, fixed=request.fixed)
        return choose(
            request.hand,
            request.view,
            request.level,
            seed=request.seed,
            fixed=request.fixed,
            top=request.top,
            distinct=request.distinct,
        )


def choice_suggestions(choice: Choice, request: AIRequest) -> list[PricedDecision]:
    """What auto-arrange offers from the coach's advice (:func:`ai.advise`): its plays, the declaration among them
    when the hand can declare a special at this table, in the order and at the prices the coach gives them (so
    the first is the play the coach calls best), a dragon, always declared, first."""
    plays = [PricedDecision(choice.decision, choice.ev)]
    plays += [PricedDecision(a.decision, a.ev) for a in choice.alternatives]
    declaration = best_declaration(request.hand, request.view)
    if declaration is not None and all(p.decision.declare is None for p in plays):  # advice always has it
        plays.append(PricedDecision(Decision.declared(request.hand, declaration[0]), declaration[1]))
    first = [p for p in plays if p.decision.declare is not None and p.decision.declare.is_dragon]
    return (first + [p for p in plays if p not in first])[:SUGGESTIONS]
