"""The game's state machine as plain Python, never Textual (tests/test_layering.py proves it). The screens
import from here.

- :mod:`.arrange`: the human's arrangement in progress, the player's actions and what each state allows;
- :mod:`.requests`: calls to the AI as plain data, and running them;
- :mod:`.record`: one deal as data, the summaries, the deals' seeds;
- :mod:`.reveal`: the reveal's steps, tallies and row winners, and how far the reveal has got;
- :mod:`.phase`: the table's phases, the seats' statuses, the time-out's handling;
- :mod:`.table`: the session at a table of two to four; it conducts each deal, every call returning what
  happens next (:mod:`.conduct`);
- :mod:`.totals`: the session's running totals, its one ledger (:mod:`rules.ledger`) and arcade's treasure queue;
- :mod:`.seating`: the table's chairs: the empty chairs of a table of two or three in the four seats' ledger,
  the computers' levels and the seat a watching player takes;
- :mod:`.actions`: what the player may do now (one query for every action);
- :mod:`.coach`: the coach's requests, the session's reviews and the player's running measure of skill.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.game.actions import verdict
    from app.game.arrange import (
        Allowed,
        ArrangeError,
        ArrangeState,
        Hint,
        display_order,
        hint_row,
        partial_category,
    )
    from app.game.coach import Coach, CoachRequest, Skill, run_coach
    from app.game.conduct import REFUSED, Next
    from app.game.phase import Phase, SeatState, Timeout
    from app.game.record import HUMAN, SEATS, DealRecord, SeatLine, Summary, deal_seed
    from app.game.requests import (
        HELPER_LEVEL,
        SUGGESTIONS,
        AIRequest,
        Purpose,
        choice_suggestions,
        run_ai,
    )
    from app.game.reveal import (
        COUNT_FRAMES,
        ROW_KINDS,
        SWEEP_KINDS,
        ItemLine,
        RevealProgress,
        RevealStep,
        StepKind,
        count_frames,
        reveal_steps,
        row_winners,
        tally_after,
    )
    from app.game.table import Table
    from app.game.why import Action

# The module each name comes from, imported when the name is first asked for: the menu reads the journal and
# the history without loading the table, the coach and numpy (issue 44: the menu in 0.5 s).
_HOME = {
    "verdict": "app.game.actions",
    "Action": "app.game.why",
    "Allowed": "app.game.arrange",
    "ArrangeError": "app.game.arrange",
    "ArrangeState": "app.game.arrange",
    "Hint": "app.game.arrange",
    "display_order": "app.game.arrange",
    "hint_row": "app.game.arrange",
    "partial_category": "app.game.arrange",
    "Coach": "app.game.coach",
    "CoachRequest": "app.game.coach",
    "Skill": "app.game.coach",
    "run_coach": "app.game.coach",
    "REFUSED": "app.game.conduct",
    "Next": "app.game.conduct",
    "Phase": "app.game.phase",
    "SeatState": "app.game.phase",
    "Timeout": "app.game.phase",
    "HUMAN": "app.game.record",
    "SEATS": "app.game.record",
    "DealRecord": "app.game.record",
    "SeatLine": "app.game.record",
    "Summary": "app.game.record",
    "deal_seed": "app.game.record",
    "HELPER_LEVEL": "app.game.requests",
    "SUGGESTIONS": "app.game.requests",
    "AIRequest": "app.game.requests",
    "Purpose": "app.game.requests",
    "choice_suggestions": "app.game.requests",
    "run_ai": "app.game.requests",
    "COUNT_FRAMES": "app.game.reveal",
    "ROW_KINDS": "app.game.reveal",
    "SWEEP_KINDS": "app.game.reveal",
    "ItemLine": "app.game.reveal",
    "RevealProgress": "app.game.reveal",
    "RevealStep": "app.game.reveal",
    "StepKind": "app.game.reveal",
    "count_frames": "app.game.reveal",
    "reveal_steps": "app.game.reveal",
    "row_winners": "app.game.reveal",
    "tally_after": "app.game.reveal",
    "Table": "app.game.table",
}


if not TYPE_CHECKING:  # the type checker reads the imports above, and a misspelt name stays an error for it

    def __getattr__(name: str) -> Any:
        home = _HOME.get(name)
        if home is None:
            raise AttributeError(f"module 'app.game' has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value
        return value


__all__ = [
    "COUNT_FRAMES",
    "HELPER_LEVEL",
    "HUMAN",
    "REFUSED",
    "ROW_KINDS",
    "SEATS",
    "SUGGESTIONS",
    "SWEEP_KINDS",
    "AIRequest",
    "Action",
    "Allowed",
    "ArrangeError",
    "ArrangeState",
    "Coach",
    "CoachRequest",
    "DealRecord",
    "Hint",
    "ItemLine",
    "Next",
    "Phase",
    "Purpose",
    "RevealProgress",
    "RevealStep",
    "SeatLine",
    "SeatState",
    "Skill",
    "StepKind",
    "Summary",
    "Table",
    "Timeout",
    "choice_suggestions",
    "count_frames",
    "deal_seed",
    "display_order",
    "hint_row",
    "partial_category",
    "reveal_steps",
    "row_winners",
    "run_ai",
    "run_coach",
    "tally_after",
    "verdict",
]
