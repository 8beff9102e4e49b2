"""The keys' vocabulary: what the player can ask for at the table (:class:`Action`), whether it can act now and,
when it cannot, why: :class:`Allowed` (act, greyed, hidden), :class:`Why` (the reason's code, translated as
``table.why.<code>``) and :class:`Availability` (the two together, with the figures the words need). A new move
of the game adds its :class:`Action` here, with a new :class:`Why` when it needs one, and its availability where
the others' is (:mod:`.arrange` for a move of the arrangement, :mod:`.actions` for the table's).

No key at the table is silent: one that cannot act says its :class:`Why` in the message line, whether the
Footer greys it (the current step's key, not yet possible) or hides it (another phase's or another table's key).

The same concept on another floor: :mod:`app.view.why` words a verdict for the message line.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from rules.arrangement import Row


class Action(StrEnum):
    """What the player can ask for at the table (the values are the screen's action names)."""

    MOVE = "move"
    SELECT = "select"
    PLACE = "place"
    UNPLACE = "unplace"
    CLEAR = "clear"
    AUTO = "auto"
    HINT = "hint"
    SORT = "sort"
    READY = "ready"
    DECLARE = "declare"
    DOUBLE = "double"
    SKIP = "skip"  # the reveal
    RESULTS = "results"
    NEXT = "next"
    TAKE = "take"  # 接玩, while watching
    STAKE = "stake"  # a banker game: the player's stake for the next deal
    PASS = "pass_cards"  # 換三張: pass the three cards selected

    @property
    def arranging(self) -> bool:
        """True for the moves made while arranging (they need an arrangement in progress)."""
        return self not in (Action.SKIP, Action.RESULTS, Action.NEXT, Action.TAKE, Action.STAKE, Action.PASS)


class Allowed(Enum):
    """Whether an action can be taken now: allowed, shown but not now (greyed), or not offered."""

    ALLOWED = "allowed"
    GREYED = "greyed"
    HIDDEN = "hidden"


class Why(StrEnum):
    """Why a key cannot act now (the values are the i18n keys ``table.why.<value>``)."""

    # where the table is
    TOO_SMALL = "too_small"  # the terminal is too small to show the table: keys wait until it can be seen
    NOT_DEALT = "not_dealt"  # between deals
    WATCHING = "watching"  # 觀戰: no cards of the player's
    EXCHANGING = "exchanging"  # 換三張 first: arranging comes after the passes
    PASSED = "passed"  # this round's pass is chosen: waiting for the other seats
    PASS_TAKEN = "pass_taken"  # the clock ran out: the computer chooses the pass
    LOCKED = "locked"  # READY was pressed: the rows are locked in
    TIME_UP = "time_up"  # the countdown reached zero
    REVEALING = "revealing"  # the reveal is running
    DEAL_OVER = "deal_over"  # the deal is scored: n deals the next
    TABLE_OVER = "table_over"
    NOT_ARRANGING = "not_arranging"  # a move of the arrangement outside the player's arranging
    LADDER = "ladder"  # the pattern ladder: nothing to arrange
    # what this table offers
    NO_HELPERS = "no_helpers"  # a drill: no auto-arrange, no hints
    NO_DOUBLE = "no_double"  # doubles are arcade's
    NO_STAKE = "no_stake"  # stakes are a banker game's
    NO_EXCHANGE = "no_exchange"  # the table does not pass cards
    NOT_PASSING = "not_passing"  # it does, but the exchange is over
    NOT_WATCHING = "not_watching"  # t takes a seat only while watching
    NO_PAUSE = "no_pause"  # p pauses only while watching
    BAD_SEAT = "bad_seat"  # t: that seat cannot be taken
    # the arrangement in progress
    NO_SPECIAL = "no_special"  # b: the cards make no special hand
    DECLARED = "declared"  # a special hand is declared: x withdraws it
    NO_CARD = "no_card"
    NO_ROW = "no_row"
    ALREADY_THERE = "already_there"
    ROW_FULL = "row_full"  # the row is full
    ROW_ROOM = "row_room"  # the row takes fewer cards than are chosen
    IN_HAND = "in_hand"  # 0: the cards it would return are in the hand already
    NOTHING_PLACED = "nothing_placed"  # x: nothing to take back
    DRAGON = "dragon"  # x: a dragon stays declared
    AUTO_DECLARED = "auto_declared"  # a: a special hand declared by the player
    ALL_PLACED = "all_placed"  # h: nothing left to hint
    INCOMPLETE = "incomplete"  # enter: cards still in the hand
    FOUL = "foul"  # enter: the rows are a foul
    SELECT_THREE = "select_three"  # 換三張: enter passes exactly three cards
    NO_SUGGESTION = "no_suggestion"  # a: no suggestion fits the hand
    NOT_THIS_HAND = "not_this_hand"  # an arrangement of other cards than the player's
    CANNOT_DECLARE = "cannot_declare"  # the cards do not make the special hand named
    # after the deal
    NOT_SCORED = "not_scored"  # the coach and the results come once the deal is scored
    NOT_SHOWN = "not_shown"  # a stored deal: n goes back once it is shown


@dataclass(frozen=True)
class Availability:
    """Whether an action can be taken now and, when not, why (``n``, ``m``, ``row``: the figures its words
    need, e.g. the cards left to place, or a row's room against the cards chosen)."""

    allowed: Allowed
    why: Why | None = None
    n: int = 0
    m: int = 0
    row: Row | None = None

    @property
    def acts(self) -> bool:
        """True when the key acts now."""
        return self.allowed is Allowed.ALLOWED


YES = Availability(Allowed.ALLOWED)


def greyed(why: Why, n: int = 0, m: int = 0, row: Row | None = None) -> Availability:
    """Shown in the Footer, dimmed: the current step's key, not possible yet, for ``why``."""
    return Availability(Allowed.GREYED, why, n, m, row)


def hidden(why: Why, n: int = 0, m: int = 0, row: Row | None = None) -> Availability:
    """Not in the Footer (another phase's key, or another table's), for ``why``."""
    return Availability(Allowed.HIDDEN, why, n, m, row)
