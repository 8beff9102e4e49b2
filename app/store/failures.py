"""Why the history is off, and the error of a write it could not make (every part of the history raises it)."""

from __future__ import annotations

from enum import StrEnum


class HistoryOff(StrEnum):
    """Why the history is off for this run (the value ends the notice's i18n key)."""

    READ_ONLY = "read_only"
    FULL = "full"
    TOO_NEW = "too_new"
    FOREIGN = "foreign"
    UNAVAILABLE = "unavailable"


class WriteFailed(Exception):
    """A write the history could not make; ``why`` says whether to stop recording."""

    def __init__(self, why: HistoryOff, detail: str) -> None:
        super().__init__(detail)
        self.why = why
