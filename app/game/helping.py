"""The player's helper at the table: auto-arrange's suggestions and the hint key, asked of the AI as plain
requests (:class:`~app.game.asking.Asking`) and shown once they still fit what the player placed.

One part of :class:`~app.game.table.Table`, which holds it as ``table.helper``.
"""

from __future__ import annotations

from typing import Protocol

from ai import Choice
from app.config import TableConfig

from .arrange import ArrangeError, ArrangeState, Hint, display_order, hint_row
from .asking import Asking
from .record import DealRecord
from .requests import AIRequest, Purpose, choice_suggestions


class Table(Protocol):
    """What the helper reads and sets of its :class:`~app.game.table.Table` (a protocol: the table imports this)."""

    config: TableConfig
    current: DealRecord | None
    arrange: ArrangeState | None
    ask: Asking

    @property
    def can_arrange(self) -> bool: ...


class Helper:
    """Auto-arrange and the hint of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def auto_arrange(self) -> AIRequest | None:
        """`a`: show the next cached suggestion (None returned), else the request for fresh ones, whose answer
        goes to :meth:`accept_suggestions`. :class:`ArrangeError` when the player has declared."""
        table = self.table
        if table.arrange is None or not table.can_arrange:
            raise ArrangeError("not_arranging")
        nxt = table.arrange.next_suggestion()
        if table.arrange.declared is not None and (nxt is None or table.arrange.declared.is_dragon):
            raise ArrangeError("declared")  # the player's own declaration, or a dragon's
        if nxt is None:
            return table.ask.suggest_request()
        table.arrange = nxt
        return None

    def fits(self, request: AIRequest) -> bool:
        """True when the helper's answer to ``request`` (suggest or hint) still applies: same deal, the player
        still arranging, and the same cards placed as when it was asked."""
        st, rec = self.table.arrange, self.table.current
        if rec is None or request.deal != rec.number or st is None or not self.table.can_arrange:
            return False
        return request.fixed == (st.suggestion_fixed() if request.purpose is Purpose.SUGGEST else st.hint_fixed())

    def accept_suggestions(self, request: AIRequest, choice: Choice) -> bool:
        """Show the first of the helper's suggestions; False (ignored) when they no longer fit (:meth:`fits`);
        :class:`ArrangeError` ``no_suggestion`` when none fits the hand."""
        if not self.fits(request) or self.table.arrange is None:
            return False
        self.table.arrange = self.table.arrange.with_suggestions(choice_suggestions(choice, request))
        return True

    def hint_for(self, choice: Choice) -> Hint | None:
        """The hint: the card under the cursor, the row the helper's completion puts it in, and that row's
        cards and hand (what the card belongs to), if any."""
        st, arrangement = self.table.arrange, choice.decision.arrangement
        if st is None or arrangement is None or not choice.kept_fixed or st.cursor_card is None:
            return None
        row = hint_row(st, arrangement)
        if row is None:
            return None
        group = display_order(arrangement.rows[row])
        return Hint(st.cursor_card, row, group, arrangement.values(self.table.config.options.wheel)[row].category)
