"""The table's pace: how long the computers "think" and how a scored deal's reveal plays, a step at a time,
then the totals counting up, then the end. Plain Python (the screen gives it a scheduler), so that the timing
can be stepped by hand in tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from app.game import Phase, Table
from app.view.presenter import TablePresenter

Scheduler = Callable[[float, Callable[[], None]], Any]
# Seconds per reveal step for each Settings animation speed ("off" shows the end at once).
STEP_DELAY = {"off": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.4}


class RevealPlayer:
    """Plays the reveal of ``table``'s scored deal: when each step comes and each frame of the totals'
    count-up (the progress itself is the table's, :attr:`Table.reveal`); ``view`` is the presenter.

    ``pace()`` gives the Settings animation speed and Textual's animation level at the time of asking (the
    player may change the speed between deals); ``redraw`` runs after every beat. A callback scheduled for
    an earlier reveal does nothing once :meth:`cancel` (a skip, a new deal) has run.
    """

    def __init__(
        self,
        table: Table,
        view: TablePresenter,
        schedule: Scheduler,
        pace: Callable[[], tuple[str, str]],
        redraw: Callable[[], None],
    ) -> None:
        self.table = table
        self.view = view
        self.schedule = schedule
        self.pace = pace
        self.redraw = redraw
        self.token = 0

    def cancel(self) -> None:
        """Make every callback scheduled so far do nothing."""
        self.token += 1

    @property
    def speed(self) -> str:
        """The Settings animation speed (an unknown one plays at normal speed)."""
        speed = self.pace()[0]
        return speed if speed in STEP_DELAY else "normal"

    def instant(self) -> bool:
        """No animation: the Settings speed is off or Textual's animation level is none (tests)."""
        return self.speed == "off" or self.pace()[1] == "none"

    def step_delay(self) -> float:
        """Seconds between reveal steps; shorter at Textual's reduced animation level."""
        return STEP_DELAY[self.speed] * (0.6 if self.pace()[1] == "basic" else 1.0)

    def think_delay(self, seat: int) -> float:
        """A little "thinking…" time per computer seat so the table feels alive (none without animation)."""
        if self.instant():
            return 0.0
        rec = self.table.current
        u = random.Random(f"think:{rec.seed if rec else 0}:{seat}").random()
        return (0.4 + 1.4 * u) * STEP_DELAY[self.speed] / STEP_DELAY["normal"]

    def start(self) -> None:
        """Begin the reveal (or jump to its end without animation)."""
        self.cancel()
        self.view.show_hint(None)
        if self.instant():
            self.finish()
            return
        token = self.token
        self.schedule(self.step_delay() * 0.5, lambda: self.advance(token))

    def advance(self, token: int | None = None) -> None:
        """Show the next reveal step (called by the scheduler; tests may call it directly)."""
        if (token is not None and token != self.token) or self.table.phase is not Phase.REVEALING:
            return
        progress = self.table.reveal.advance()
        token = self.token
        if progress.counting:
            self.schedule(self.step_delay() / progress.frames, lambda: self.count(token))
        else:
            self.schedule(self.step_delay(), lambda: self.advance(token))
        self.redraw()

    def count(self, token: int) -> None:
        """One frame of the totals counting up or down."""
        if token != self.token or not self.table.reveal.progress.counting:
            return
        progress = self.table.reveal.count()
        if progress.counted:
            self.finish()
            return
        self.schedule(self.step_delay() / progress.frames, lambda: self.count(token))
        self.redraw()

    def finish(self) -> None:
        """Jump to the end of the reveal (space/enter, or no animation)."""
        self.cancel()
        self.table.reveal.finish()
        self.redraw()


__all__ = ["STEP_DELAY", "RevealPlayer", "Scheduler"]
