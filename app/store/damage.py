"""The rows of the history that did not read back: which were skipped, why, and how many the player has not
been told of yet (the screens' notice says so once; ``history --damaged`` lists them all)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Damaged:
    """A stored row the game could not read (skipped where it would have been shown): which, and why."""

    table: str  # "deals" or "sessions"
    id: int | None
    why: str


class DamageLog:
    """The rows skipped since the file was opened (or last set aside), each kept once."""

    def __init__(self) -> None:
        self._rows: dict[tuple[str, int | None], Damaged] = {}
        self._unseen = 0

    def note(self, table: str, row_id: int | None, exc: Exception) -> None:
        """Keep a row that was skipped, for :meth:`take` and ``history --damaged``."""
        key = (table, row_id)
        if key not in self._rows:
            self._rows[key] = Damaged(table, row_id, str(exc))
            self._unseen += 1

    def take(self) -> int:
        """How many stored rows were skipped since the last call (the screens' notice says so once)."""
        unseen, self._unseen = self._unseen, 0
        return unseen

    def why(self, table: str, row_id: int | None) -> Damaged | None:
        """Why a row was skipped, if it was."""
        return self._rows.get((table, row_id))

    def clear(self) -> None:
        """Forget the rows kept: the file they were met in was set aside (the unseen count stays for the notice)."""
        self._rows.clear()
