"""The optional bell's cues at the table (Settings): a 打槍, a 紅不讓/全壘打 or a special hand revealed, and each
of the countdown's last ten seconds. :class:`Bell` is held by :class:`~app.view.presenter.TablePresenter` as
``view.bell``; the screen rings when :meth:`Bell.due` says so and the setting is on.
"""

from __future__ import annotations

from typing import Protocol

from app.game import Phase, StepKind, Table
from app.view.formatting import SPECIAL_IDS


class Counting(Protocol):
    """What the bell reads of its presenter (a protocol: the presenter imports this)."""

    table: Table

    def shown_steps(self) -> int: ...


class Bell:
    """What the bell has rung for: the deal, the reveal's steps seen, the countdown's last second."""

    def __init__(self, view: Counting) -> None:
        self.view = view
        self._deal, self._steps, self._second = 0, 0, -1

    def due(self) -> bool:
        """Whether the optional bell should ring now, once per cue: a 打槍, a 紅不讓/全壘打 or a special hand
        revealed since the last call, or a new second among the countdown's last ten."""
        table, rec = self.view.table, self.view.table.current
        number = rec.number if rec is not None else 0
        if number != self._deal:
            self._deal, self._steps, self._second = number, 0, -1
        ring = False
        shown = self.view.shown_steps() if table.phase in (Phase.REVEALING, Phase.RESULTS) else 0
        for step in table.reveal.steps[self._steps : shown]:
            specials = any(line.kind in SPECIAL_IDS for line in step.lines)
            ring = ring or step.kind in (StepKind.SWEEPS, StepKind.HOME_RUNS) or specials
        self._steps = max(self._steps, shown)
        left = table.countdown.left()
        if left is not None and 0 < left <= 10:
            second = int(left + 0.999)
            if second != self._second:
                self._second = second
                ring = True
        return ring
