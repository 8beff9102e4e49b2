"""What the player may do at the table now, and why not: one query, :func:`verdict`, for every :class:`Action`
(the screen shows, greys or hides its keys by its :class:`~.why.Allowed`, and a key that cannot act says its
reason). Which keys the table has at all, whatever its phase, is :func:`absent`, read by the verdict first and by
the `?` help, which lists only the keys the table has.

The rule for the Footer (:mod:`.why`): the current step's keys stay, greyed, while not yet possible (READY with
cards in the hand, the pass with two cards selected); another phase's keys and another table's are hidden. Either
way a key pressed that cannot act is told why.
"""

from __future__ import annotations

from rules.arrangement import Row
from rules.exchange import PASS_SIZE

from .phase import Phase
from .table import Table
from .why import YES, Action, Availability, Why, greyed, hidden

# 換三張: what the player does while choosing a pass (the cursor, the selection, the sort and PASS itself).
PICKING = frozenset({Action.MOVE, Action.SELECT, Action.SORT, Action.PASS})


def _a_seats(action: Action) -> bool:
    """Whether ``action`` is a move of the player's seat: arranging, passing, staking (none while watching)."""
    return action.arranging or action in (Action.PASS, Action.STAKE)


def absent(table: Table, action: Action) -> Why | None:
    """Why ``action`` is no key of this table at all, in any of its phases, or None when the table has it: 賭倍
    outside arcade's doubling, the stake outside a banker game, the pass without 換三張, auto-arrange and hints
    at a drill, taking a seat while playing one, a seat's moves while watching, and arranging in the pattern
    ladder (where only READY is left). The one reading of the keys a table has: :func:`verdict` hides such a key
    first, for this reason, and the `?` help lists the others."""
    if action is Action.DOUBLE and not table.preset.doubling(bool(table.config.banker)):
        return Why.NO_DOUBLE
    if action is Action.STAKE and not table.config.banker:
        return Why.NO_STAKE
    if action is Action.PASS and not table.config.passes:
        return Why.NO_EXCHANGE
    if action in (Action.AUTO, Action.HINT) and not table.helpers:
        return Why.NO_HELPERS
    if action is Action.TAKE and not table.watching:
        return Why.NOT_WATCHING
    if table.watching and _a_seats(action):
        return Why.WATCHING
    if not table.preset.arranged and action.arranging and action is not Action.READY:
        return Why.LADDER
    return None


def _picking(table: Table, action: Action) -> Availability:
    st = table.arrange
    if st is None:
        return hidden(Why.PASS_TAKEN)
    if not table.exchange.can_pick:
        return greyed(Why.PASS_TAKEN if table.exchange.taken else Why.PASSED)
    if action is Action.PASS and len(st.selected) != PASS_SIZE:
        return greyed(Why.SELECT_THREE, n=len(st.selected))
    if action is Action.SELECT and st.cursor_card is None:
        return greyed(Why.NO_CARD)
    return YES


def _not_now(table: Table) -> Availability:
    """Why an arranging key cannot act outside the player's arranging: where the table is (hidden)."""
    phase = table.phase
    if phase is Phase.OVER or phase is Phase.ROUND_SUMMARY:
        return hidden(Why.TABLE_OVER)
    if phase is Phase.EXCHANGING:
        return hidden(Why.EXCHANGING)
    if phase is Phase.REVEALING:
        return hidden(Why.REVEALING)
    if phase is Phase.RESULTS:
        return hidden(Why.DEAL_OVER)
    return hidden(Why.NOT_DEALT)


def _arranging(table: Table, action: Action, row: Row | None) -> Availability:
    st = table.arrange
    if table.phase is not Phase.ARRANGING:
        return _not_now(table)
    if not table.preset.arranged and table.human_ready:
        return hidden(Why.LADDER)  # the pattern ladder's READY, pressed: the hand went in as dealt
    if action is Action.DECLARE and (st is None or not st.specials):
        return hidden(Why.NO_SPECIAL)
    if not table.can_arrange or st is None:  # READY pressed, or the clock ran out: the keys stay, greyed
        return greyed(Why.LOCKED if table.human_ready else Why.TIME_UP)
    return st.verdict(action, row)


def verdict(table: Table, action: Action, row: Row | None = None) -> Availability:
    """Whether the player can take ``action`` at ``table`` now (``row``: where PLACE puts the cards), and why
    not: first whether the table has the key at all (:func:`absent`), then what its phase allows."""
    missing = absent(table, action)
    if missing is not None:
        return hidden(missing)
    if table.exchange.active and action in PICKING:
        return _picking(table, action)
    if action is Action.PASS:
        return hidden(Why.NOT_PASSING)
    if action.arranging:
        return _arranging(table, action, row)
    if action is Action.STAKE:
        return YES if table.phase is not Phase.OVER else greyed(Why.TABLE_OVER)
    if action is Action.SKIP:
        return YES if table.phase is Phase.REVEALING else _after(table)
    if action is Action.RESULTS:
        shown = table.phase is Phase.RESULTS and table.current is not None and table.current.result is not None
        return YES if shown else _after(table)
    if action is Action.NEXT:
        if table.phase is Phase.RESULTS:
            return YES
        return greyed(Why.REVEALING) if table.phase is Phase.REVEALING else _after(table)
    if action is Action.TAKE:  # while watching (absent says so)
        return YES if table.phase is not Phase.OVER else greyed(Why.TABLE_OVER)
    raise AssertionError(f"no verdict for {action!r}: a move of the table says here when it can act")


def _after(table: Table) -> Availability:
    """Why a key of the deal's end (skip, results, next) cannot act: the deal is not scored yet, or the reveal
    is over (hidden)."""
    if table.phase in (Phase.OVER, Phase.ROUND_SUMMARY):
        return hidden(Why.TABLE_OVER)
    if table.phase is Phase.RESULTS:
        return hidden(Why.DEAL_OVER)
    return hidden(Why.NOT_SCORED)
