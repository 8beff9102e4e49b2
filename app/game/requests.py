"""Calls to the AI as plain data: an :class:`AIRequest` crosses to a worker thread, :func:`run_ai` answers it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ai import Choice, Fixed, Level, TableView, choose
from rules.arrangement import Arrangement
from rules.cards import Card

# The level that arranges for the human (auto-arrange, hint, time-out takeover): the strongest fast one.
HELPER_LEVEL = Level.HARD


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


def run_ai(request: AIRequest) -> Choice:
    """Call the AI for ``request`` (blocking: run it in a worker thread)."""
    return choose(request.hand, request.view, request.level, seed=request.seed, fixed=request.fixed, top=request.top)


def choice_arrangements(choice: Choice) -> list[Arrangement]:
    """The arrangements of a choice, best first (declarations skipped)."""
    out = []
    for d in (choice.decision, *(a.decision for a in choice.alternatives)):
        if d.arrangement is not None and d.arrangement not in out:
            out.append(d.arrangement)
    return out
