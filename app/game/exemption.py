"""Hands with nothing to arrange at the table: 免擺 (RULES.md §18), which wins without arranging, and every
hand of the pattern ladder (§19). The player's rows are filled in for them, so READY is all they need; on a
ladder table not even that (:func:`hand_in`): the hand goes in as dealt, with no READY and no clock."""

from __future__ import annotations

from typing import Protocol

from ai import TableView
from rules.arrangement import stand_in
from rules.cards import Card
from rules.exempt import ExemptHand, exempt_hand
from rules.presets import Options, Preset

from .arrange import ArrangeState
from .conduct import Next
from .phase import Phase
from .record import DealRecord


class Dealt(Protocol):
    """What :func:`hand_in` needs of the table (:class:`app.game.table.Table`, which imports this module)."""

    preset: Preset
    phase: Phase
    arrange: ArrangeState | None
    current: DealRecord | None

    @property
    def human_ready(self) -> bool: ...

    def ready(self, *, as_dealt: bool = False) -> Next: ...


def exempt_of(hand: tuple[Card, ...] | list[Card], options: Options) -> ExemptHand | None:
    """What makes ``hand`` exempt at a table of ``options``; None when 免擺 is off or the hand is not."""
    if not options.exempt:
        return None
    return exempt_hand(hand, options.wheel, options.suit_tiebreak)


def prefilled(state: ArrangeState, options: Options, preset: Preset) -> ArrangeState:
    """The player's starting rows: a legal stand-in arrangement where the rows are never compared (an exempt
    hand with no special to declare instead, or any hand of the pattern ladder), else ``state`` as dealt."""
    if preset.arranged and (state.specials or exempt_of(state.hand, options) is None):
        return state
    return state.with_arrangement(stand_in(state.hand, options.wheel))


def hand_in(table: Dealt) -> tuple[int, TableView] | None:
    """The pattern ladder: the player's hand goes in as dealt the moment it is dealt (nobody arranges, so
    nothing to say READY to and no clock to run); the deal is then compared as soon as the computers' hands
    are in. Returns what READY returns for the coach (None when nothing went in: another preset, a watched
    table, a hand already in)."""
    if table.preset.arranged or table.phase is not Phase.ARRANGING or table.arrange is None or table.human_ready:
        return None
    return table.ready(as_dealt=True).coach
