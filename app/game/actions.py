"""What the player may do at the table now: one query, :func:`allowed`, for every :class:`Action` (the screen
shows, greys or hides its keys by it)."""

from __future__ import annotations

from rules.arrangement import Row
from rules.exchange import PASS_SIZE
from rules.presets import Preset

from .arrange import Action, Allowed
from .phase import Phase
from .table import Table

# 換三張: what the player does while choosing a pass (the cursor, the selection, the sort and PASS itself).
PICKING = frozenset({Action.MOVE, Action.SELECT, Action.SORT, Action.PASS})


def _picking(table: Table, action: Action) -> Allowed:
    st = table.arrange
    if table.human is None or st is None:
        return Allowed.HIDDEN
    if not table.exchange.can_pick:
        return Allowed.GREYED
    if action is Action.PASS:
        return Allowed.of(len(st.selected) == PASS_SIZE)
    if action is Action.SELECT:
        return Allowed.of(st.cursor_card is not None)
    return Allowed.ALLOWED


def allowed(table: Table, action: Action, row: Row | None = None) -> Allowed:
    """Whether the player can take ``action`` at ``table`` now (``row``: where PLACE puts the cards)."""
    if table.exchange.active and action in PICKING:
        return _picking(table, action)
    if action is Action.PASS:
        return Allowed.HIDDEN
    if action.arranging:
        st = table.arrange
        if not table.preset.arranged and (action is not Action.READY or table.human_ready):
            return Allowed.HIDDEN  # the pattern ladder: nothing to arrange, and the hand goes in as dealt
        if action in (Action.AUTO, Action.HINT) and not table.helpers:
            return Allowed.HIDDEN
        if action is Action.DOUBLE and (table.preset is not Preset.ARCADE or table.config.banker):
            return Allowed.HIDDEN
        if action is Action.DECLARE and (st is None or not st.specials):
            return Allowed.HIDDEN
        if not table.can_arrange or st is None:
            return Allowed.HIDDEN if table.human is None or table.phase is not Phase.ARRANGING else Allowed.GREYED
        return st.allows(action, row)
    if action is Action.STAKE:
        if not table.config.banker or table.human is None:
            return Allowed.HIDDEN
        return Allowed.ALLOWED if table.phase is not Phase.OVER else Allowed.GREYED
    if action is Action.SKIP:
        return Allowed.ALLOWED if table.phase is Phase.REVEALING else Allowed.HIDDEN
    if action is Action.RESULTS:
        shown = table.phase is Phase.RESULTS and table.current is not None and table.current.result is not None
        return Allowed.ALLOWED if shown else Allowed.HIDDEN
    if action is Action.NEXT:
        if table.phase is Phase.RESULTS:
            return Allowed.ALLOWED
        return Allowed.GREYED if table.phase is Phase.REVEALING else Allowed.HIDDEN
    if not table.watching:  # TAKE
        return Allowed.HIDDEN
    return Allowed.ALLOWED if table.phase is not Phase.OVER else Allowed.GREYED
