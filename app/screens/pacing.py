"""What the table does by itself: the next deal while watching (觀戰), and the optional bell.

A mixin of :class:`app.screens.table.TableScreen`, kept apart so that the screen stays a thin layer; the
decisions (when a deal's results are up, which cues ring the bell) come from the model and the presenter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.game import Phase, Table
from app.i18n import Translator
from app.settings import Settings
from app.view.presenter import TablePresenter

if TYPE_CHECKING:
    from textual.app import App


class TablePacing:
    """The table screen's automatic moves; the screen provides the attributes named here."""

    table: Table
    view: TablePresenter
    watch_paused: bool
    _auto_for: int | None

    if TYPE_CHECKING:
        app: App[Any]

        @property
        def live_settings(self) -> Settings: ...

        def schedule(self, delay: float, callback: Callable[[], None]) -> None: ...

        def deal(self) -> None: ...

        def say(self, text: str, kind: str = "info") -> None: ...

        @property
        def t(self) -> Translator: ...

        def redraw(self) -> None: ...

    def auto_next(self) -> None:
        """Watching (觀戰): once a deal's results are up, the next deal comes by itself after the Settings
        pause, unless paused (p), a dialog is open, or the player has already moved on."""
        table, rec = self.table, self.table.current
        pause = self.live_settings.watch_pause
        if not table.watching or table.phase is not Phase.RESULTS or rec is None or pause == "off":
            return
        if self.watch_paused or self._auto_for == rec.number:
            return
        self._auto_for = number = rec.number

        def go() -> None:
            now = self.table.current
            if self.watch_paused or now is None or now.number != number or self.table.phase is not Phase.RESULTS:
                return
            if self.app.screen is not self:  # a dialog is open: try again when it is gone
                self._auto_for = None
                return
            self.deal()

        self.schedule(float(pause), go)

    def action_pause_watch(self) -> None:
        """p while watching: stop (or restart) moving on to the next deal by itself."""
        self.watch_paused = not self.watch_paused
        self._auto_for = None
        self.say(self.t("table.msg.watch_paused" if self.watch_paused else "table.msg.watch_going"))
        self.redraw()

    def ring(self) -> None:
        """The optional bell (Settings), at each of its cues once."""
        if self.view.bell_due() and self.live_settings.bell == "on":
            self.app.bell()
