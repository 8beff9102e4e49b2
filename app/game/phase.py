"""Where a table is (:class:`Phase`), how the other players see a seat (:class:`SeatState`), and how a deal's
time-out is being handled (:class:`Timeout`)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the table is."""

    DEALING = "dealing"  # between deals: the next one has not been dealt
    EXCHANGING = "exchanging"  # 換三張: the seats choose three cards to pass (rules/RULES.md §21)
    ARRANGING = "arranging"
    REVEALING = "revealing"
    RESULTS = "results"
    ROUND_SUMMARY = "round_summary"  # arcade, after six deals: continue or leave
    OVER = "over"


class SeatState(StrEnum):
    """A seat's state during a deal, as the other players see it."""

    THINKING = "thinking"
    READY = "ready"
    OUT = "out"  # not in this deal (tournament elimination, no coins)
    EMPTY = "empty"  # an empty chair: a table of two or three does not use the seat


class Timeout(StrEnum):
    """How this deal's time-out is being handled."""

    TAKEOVER = "takeover"  # the computer completes the hand
    HOST = "host"  # takeover is off: the countdown has stopped at zero and the host must choose
