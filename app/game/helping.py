"""The player's helper at the table: auto-arrange's suggestions and the hint key, asked of the AI as plain
requests (:class:`~app.game.asking.Asking`) and shown once they still fit what the player placed.

One part of :class:`~app.game.table.Table`, which holds it as ``table.helping``.

A suggestion made with some cards already placed is *constrained*: it completes around them. The helper then
also asks for the best play from scratch and offers it last in the `a` cycle (:class:`Offer`), and tells the
coach, so that the verdict on a play taken from a constrained suggestion says so.

The same concept on another floor: its words are :mod:`app.view.helping`, the screen's part
:mod:`app.screens.table.helping`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Protocol

from ai import Choice, PricedDecision
from app.config import TableConfig

from .arrange import ArrangeError, ArrangeState, Hint, display_order, hint_row
from .asking import Asking
from .coach import Coach
from .record import DealRecord
from .requests import AIRequest, Purpose, choice_suggestions
from .why import Why


@dataclass(frozen=True)
class Offer:
    """The suggestions on offer and what they are: ``around`` placed cards kept (0: from scratch), and which
    of them (``free``, an index) is the best from scratch added after a constrained set."""

    suggestions: tuple[PricedDecision, ...]
    around: int = 0
    free: int | None = None
    free_pending: bool = False  # the best from scratch is still being asked for

    def kind(self, index: int) -> str:
        """What suggestion ``index`` is: ``free`` (from scratch), ``around`` (keeps the placed cards) or
        ``plain`` (nothing was placed when asked)."""
        if index == self.free:
            return "free"
        return "around" if self.around else "plain"


class Table(Protocol):
    """What the helper reads and sets of its :class:`~app.game.table.Table` (a protocol: the table imports this)."""

    config: TableConfig
    current: DealRecord | None

    @property
    def arrange(self) -> ArrangeState | None: ...

    asking: Asking
    coach: Coach

    @property
    def can_arrange(self) -> bool: ...

    def replace_arrange(self, state: ArrangeState | None) -> None: ...


class Helper:
    """Auto-arrange and the hint of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._offer: Offer | None = None
        self._free_request: AIRequest | None = None

    @property
    def offer(self) -> Offer | None:
        """The suggestions on offer, while the arrangement still holds them (None after new ones or a new
        deal)."""
        st = self.table.arrange
        if self._offer is None or st is None or st.suggestions != self._offer.suggestions:
            return None
        return self._offer

    def auto_arrange(self) -> AIRequest | None:
        """`a`: show the next cached suggestion (None returned), else the request for fresh ones, whose answer
        goes to :meth:`accept_suggestions`. :class:`ArrangeError` when the player has declared."""
        table = self.table
        if table.arrange is None or not table.can_arrange:
            raise ArrangeError(Why.NOT_ARRANGING)
        nxt = table.arrange.next_suggestion()
        if table.arrange.declared is not None and (nxt is None or table.arrange.declared.is_dragon):
            raise ArrangeError(Why.DECLARED)  # the player's own declaration, or a dragon's
        if nxt is None:
            return table.asking.suggest_request()
        table.replace_arrange(nxt)
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
        self.table.replace_arrange(self.table.arrange.with_suggestions(choice_suggestions(choice, request)))
        around = 0 if request.fixed is None or not choice.kept_fixed else _placed(request)
        self._offer = Offer(self.table.arrange.suggestions, around, free_pending=around > 0)
        self._free_request = None
        rec = self.table.current
        if around and rec is not None:
            self.table.coach.note_constrained(
                rec.number, request.seat, around, [s.decision for s in self.table.arrange.suggestions]
            )
        return True

    def free_request(self, request: AIRequest) -> AIRequest | None:
        """After constrained suggestions (``request`` kept placed cards), the request for the best play from
        scratch, to offer as well; None when the suggestions were not constrained."""
        offer = self.offer
        if offer is None or not offer.free_pending or request.fixed is None:
            return None
        self._free_request = dataclasses.replace(request, fixed=None, top=1)
        return self._free_request

    def is_free_request(self, request: AIRequest) -> bool:
        """Whether ``request`` is the one :meth:`free_request` made (its answer goes to :meth:`accept_free`)."""
        return request is self._free_request

    def accept_free(self, request: AIRequest, choice: Choice) -> bool:
        """Add the best play from scratch after the constrained suggestions, the play on show unchanged;
        False when the offer is gone (the player moved on) or the best from scratch is one of them already
        (the placed cards are where the best play puts them)."""
        offer, st = self.offer, self.table.arrange
        self._free_request = None
        if not self.is_free(request, offer) or offer is None or st is None:
            return False
        best = PricedDecision(choice.decision, choice.ev)
        if any(s.decision == best.decision for s in offer.suggestions):
            self._offer = dataclasses.replace(offer, free_pending=False)
            self.table.coach.note_unconstrained(request.deal, request.seat, best.decision)
            return False
        suggestions = (*offer.suggestions, best)
        self.table.replace_arrange(dataclasses.replace(st, suggestions=suggestions))
        self._offer = Offer(suggestions, offer.around, len(suggestions) - 1)
        return True

    def is_free(self, request: AIRequest, offer: Offer | None) -> bool:
        """Whether the answer to the best-from-scratch ``request`` still applies to ``offer``: same deal, the
        player still arranging and still looking at one of its suggestions (not a play of their own since)."""
        rec, st = self.table.current, self.table.arrange
        return (
            offer is not None
            and offer.free_pending
            and rec is not None
            and request.deal == rec.number
            and self.table.can_arrange
            and st is not None
            and st.showing_suggestion()
        )

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


def _placed(request: AIRequest) -> int:
    """How many cards ``request``'s completion kept where the player had placed them."""
    fixed = request.fixed
    return 0 if fixed is None else len(fixed.front) + len(fixed.middle) + len(fixed.back)
