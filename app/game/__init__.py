"""The game's state machine as plain Python, never Textual (tests/test_layering.py proves it). The screens
import from here.

- :mod:`.arrange`: the human's arrangement in progress, the player's actions and what each state allows;
- :mod:`.requests`: calls to the AI as plain data, and running them;
- :mod:`.record`: one deal as data, the summaries, the deals' seeds;
- :mod:`.reveal`: the reveal's steps, tallies and row winners, and how far the reveal has got;
- :mod:`.phase`: the table's phases, the seats' statuses, the time-out's handling;
- :mod:`.table`: the session at a table of four, holding one ledger (:mod:`rules.ledger`);
- :mod:`.actions`: what the player may do now (one query for every action).
"""

from app.game.actions import allowed
from app.game.arrange import Action, Allowed, ArrangeError, ArrangeState, hint_row, partial_category
from app.game.phase import Phase, Status, Timeout
from app.game.record import HUMAN, SEATS, DealRecord, SeatLine, Summary, deal_seed
from app.game.requests import HELPER_LEVEL, AIRequest, Purpose, choice_arrangements, run_ai
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

__all__ = [
    "COUNT_FRAMES",
    "HELPER_LEVEL",
    "HUMAN",
    "ROW_KINDS",
    "SEATS",
    "SWEEP_KINDS",
    "AIRequest",
    "Action",
    "Allowed",
    "ArrangeError",
    "ArrangeState",
    "DealRecord",
    "ItemLine",
    "Phase",
    "Purpose",
    "RevealProgress",
    "RevealStep",
    "SeatLine",
    "Status",
    "StepKind",
    "Summary",
    "Table",
    "Timeout",
    "allowed",
    "choice_arrangements",
    "count_frames",
    "deal_seed",
    "hint_row",
    "partial_category",
    "reveal_steps",
    "row_winners",
    "run_ai",
    "tally_after",
]
