"""The three rows of an arrangement, by name: what a preset, a ledger or a screen needs to say which row,
without the evaluation behind an arranged hand (:mod:`rules.arrangement`, which numpy's tables drive)."""

from __future__ import annotations

from enum import IntEnum


class Row(IntEnum):
    """The three rows, in reveal order."""

    FRONT = 0
    MIDDLE = 1
    BACK = 2

    @property
    def id(self) -> str:
        return self.name.lower()

    @property
    def size(self) -> int:
        return 3 if self is Row.FRONT else 5
