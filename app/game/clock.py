"""The time a decision takes and the time it has left: one clock for the table's countdown (arranging, and
each round of 換三張's passes) and for a drill's question.

The clock can stand still (:meth:`Clock.hold`) while the player cannot see what they decide on (a dialog over
the table, a terminal too small): the time held counts neither against the limit nor in the seconds the
decision took. Time comes from the injected ``now`` (``time.monotonic`` in play, a fake in tests).

The same concept on another floor: :mod:`app.screens.table.clock` draws this one and ticks it.
"""

from __future__ import annotations

from collections.abc import Callable


class Clock:
    """A countdown with holds (see the module docstring)."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.deadline: float | None = None  # when the time is up (None: no limit running)
        self._held_at: float | None = None  # when the clock was stopped, while it stands still
        self._since = 0.0  # when the decision under way began
        self._held_for = 0.0  # how long the clock stood still since then

    @property
    def held(self) -> bool:
        """True while the clock stands still."""
        return self._held_at is not None

    def restart(self) -> None:
        """A new decision begins now: its seconds count from here (a hold in force goes on, from now)."""
        now = self.now()
        self._since, self._held_for = now, 0.0
        self._held_at = now if self._held_at is not None else None

    def limit(self, seconds: float | None) -> None:
        """``seconds`` from now to decide (None: no limit, or the time-limit is over: READY, a time-out)."""
        self.deadline = None if seconds is None else self.now() + seconds

    def left(self) -> float | None:
        """Seconds left (0 at the end, None without a limit running); while held, as when it stopped."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - (self._held_at if self._held_at is not None else self.now()))

    def taken(self) -> float:
        """Seconds the decision under way has taken since :meth:`restart`, the holds left out."""
        now = self.now()
        held = self._held_for + (now - self._held_at if self._held_at is not None else 0.0)
        return max(0.0, now - self._since - held)

    def hold(self, held: bool) -> None:
        """Stop the clock (``held``) or start it again from where it stopped; holding twice, or releasing twice,
        changes nothing."""
        if held and self._held_at is None:
            self._held_at = self.now()
        elif not held and self._held_at is not None:
            stood = self.now() - self._held_at
            if self.deadline is not None:
                self.deadline += stood
            self._held_for += stood
            self._held_at = None
