"""What the table does by itself: the next deal while watching (觀戰), and the optional bell.

One part of :class:`app.screens.table.TableScreen`, which holds it as ``screen.pacing``, kept apart so that the
screen stays a thin layer; the decisions (when a deal's results are up, which cues ring the bell) come from the
model and the presenter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from app.game import Phase
from app.screens.table.part import TableSeen
from app.settings import Settings
from app.view.presenter import TablePresenter


class Screen(TableSeen, Protocol):
    """What the pacing reads and calls of its table screen (a protocol: the screen imports this)."""

    view: TablePresenter

    @property
    def app(self) -> App[Any]: ...

    @property
    def live_settings(self) -> Settings: ...

    def schedule(self, delay: float, callback: Callable[[], None]) -> None: ...

    def deal(self) -> None: ...


class Pacing:
    """The table screen's automatic moves."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.paused = False  # p while watching: the next deal waits for n
        self._auto_for: int | None = None  # the deal whose automatic next deal is scheduled

    def auto_next(self) -> None:
        """Watching (觀戰): once a deal's results are up, the next deal comes by itself after the Settings
        pause, unless paused (p), a dialog is open, or the player has already moved on."""
        screen = self.screen
        table, rec = screen.table, screen.table.current
        pause = screen.live_settings.watch_pause
        if not table.watching or table.phase is not Phase.RESULTS or rec is None or pause == "off":
            return
        if self.paused or self._auto_for == rec.number:
            return
        self._auto_for = number = rec.number

        def go() -> None:
            now = screen.table.current
            if self.paused or now is None or now.number != number or screen.table.phase is not Phase.RESULTS:
                return
            if screen.app.screen is not screen:  # a dialog is open: try again when it is gone
                self._auto_for = None
                return
            screen.deal()

        screen.schedule(float(pause), go)

    def toggle(self) -> None:
        """p while watching: stop (or restart) moving on to the next deal by itself."""
        self.paused = not self.paused
        self._auto_for = None
        self.screen.say(self.screen.t("table.msg.watch_paused" if self.paused else "table.msg.watch_going"))
        self.screen.redraw()

    def ring(self) -> None:
        """The optional bell (Settings), at each of its cues once."""
        if self.screen.view.bell.due() and self.screen.live_settings.bell == "on":
            self.screen.app.bell()
