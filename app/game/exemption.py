"""免擺 at the table (RULES.md §18): which seat's hand wins without arranging, and the player's rows filled
in for them, so that READY is all an exempt hand needs."""

from __future__ import annotations

from rules.cards import Card
from rules.exempt import ExemptHand, exempt_hand, legal_arrangement
from rules.presets import Options

from .arrange import ArrangeState


def exempt_of(hand: tuple[Card, ...] | list[Card], options: Options) -> ExemptHand | None:
    """What makes ``hand`` exempt at a table of ``options``; None when 免擺 is off or the hand is not."""
    if not options.exempt:
        return None
    return exempt_hand(hand, options.wheel, options.suit_tiebreak)


def prefilled(state: ArrangeState, options: Options) -> ArrangeState:
    """The player's starting rows: a legal stand-in arrangement when the hand is exempt and has no special
    to declare instead (the rows are never compared), else ``state`` as dealt."""
    if state.specials or exempt_of(state.hand, options) is None:
        return state
    return state.with_arrangement(legal_arrangement(state.hand, options.wheel))
