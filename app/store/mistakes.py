"""The player's kept mistakes: each hand the Arrange drill will ask again, with its spaced schedule (when it is
due, its step, how many times in a row it was answered well), one row a hand and preset."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Entry = tuple[float, int, int]
"""A kept mistake's schedule: (due, step, well)."""


class Mistakes:
    """The ``mistakes`` table of one history, read and written through the history's own connection."""

    def __init__(
        self, read: Callable[[str, Sequence[Any]], list[Any]], write: Callable[[Callable[[Any], Any]], Any]
    ) -> None:
        self._read, self._write = read, write

    def entry(self, hand: str, preset: str) -> Entry | None:
        """A kept mistake's (due, step, well), or None."""
        rows = self._read("SELECT due, step, well FROM mistakes WHERE hand = ? AND preset = ?", (hand, preset))
        return tuple(rows[0]) if rows else None  # type: ignore[return-value]

    def keep(self, hand: str, preset: str, entry: Entry | None) -> None:
        """Keep (or update) a mistake's schedule; None retires it."""
        if entry is None:
            self._write(lambda db: db.execute("DELETE FROM mistakes WHERE hand = ? AND preset = ?", (hand, preset)))
            return
        self._write(
            lambda db: db.execute(
                "INSERT INTO mistakes (hand, preset, due, step, well) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (hand, preset) DO UPDATE SET due = excluded.due, step = excluded.step, "
                "well = excluded.well",
                (hand, preset, *entry),
            )
        )

    def due(self, preset: str, now: float, limit: int = 50) -> list[str]:
        """The kept hands due by ``now``, the longest overdue first."""
        rows = self._read(
            "SELECT hand FROM mistakes WHERE preset = ? AND due <= ? ORDER BY due LIMIT ?", (preset, now, limit)
        )
        return [r[0] for r in rows]
