"""The table's countdown: its quarter-second tick, holding it while the board is hidden, and a time-out.

A mixin of :class:`app.screens.table.TableScreen`, like :mod:`app.screens.pacing`: the rules of the clock
(when it holds, what a time-out does) live in :class:`app.game.Table`; this draws it and opens the host's
dialog when time is up with takeover off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from app.game import AIRequest, Next, Table
from app.game.requests import PassRequest
from app.i18n import Translator
from app.screens.dialogs import TimeoutScreen
from app.view.presenter import TablePresenter

if TYPE_CHECKING:
    from textual.app import App


class TableClock:
    """The table screen's countdown; the screen provides the attributes named here."""

    table: Table
    view: TablePresenter
    clock_paused: bool
    _clock: Timer | None

    if TYPE_CHECKING:
        app: App[Any]

        @property
        def t(self) -> Translator: ...

        def say(self, text: str, kind: str = "info") -> None: ...

        def think(self, request: AIRequest | PassRequest) -> None: ...

        def redraw(self) -> None: ...

        def follow(self, step: Next) -> None: ...

        def show_summary(self) -> None: ...

        def close_dialogs(self) -> None: ...

        def is_too_small(self) -> bool: ...

        def auto_next(self) -> None: ...

        def ring(self) -> None: ...

        def _put(self, selector: str, content: Text | str) -> Static: ...

    def tick(self) -> None:
        """Every quarter second: redraw the countdown; at zero the computer completes the hand (takeover on)
        or the host chooses (takeover off)."""
        table = self.table
        table.hold_clock(self.is_too_small() or self.app.screen is not self)
        if table.timed_out():
            step = table.on_timeout()
            if step.host:
                self.ask_host()
                return
            self.say(self.t("table.msg.timeout"), "warning")
            self.follow(step)
            return
        self.update_countdown()

    def on_screen_suspend(self) -> None:
        """A dialog covers the table: the countdown waits (the timer may not tick behind it)."""
        self.table.hold_clock(True)

    def on_screen_resume(self) -> None:
        """Back at the table: the countdown goes on (unless still too small); a waiting next deal comes."""
        self.table.hold_clock(self.is_too_small())
        self.update_countdown()
        self.auto_next()

    def pause_clock(self, paused: bool) -> None:
        """Stop (or restart) the countdown's timer."""
        self.clock_paused = paused
        if self._clock is not None:
            if paused:
                self._clock.pause()
            else:
                self._clock.resume()

    def ask_host(self) -> None:
        """Time is up with takeover off: the countdown stops and the host chooses in a dialog."""
        self.pause_clock(True)
        self.view.hint = None
        self.say(self.t("table.msg.time_up"), "warning")
        self.close_dialogs()  # one opened while arranging (keys, declare, leave) no longer applies
        self.redraw()
        self.app.push_screen(TimeoutScreen(t=self.t), self._host_chose)

    def _host_chose(self, choice: str | None) -> None:
        table = self.table
        if not table.awaiting_host:
            return
        step = table.resolve_timeout(choice == "computer")
        self.pause_clock(False)
        if not step.requests:
            self.say("")
            self.show_summary()
            return
        self.say(self.t("table.msg.computer_seat"), "warning")
        self.follow(step)

    def update_countdown(self) -> None:
        """Draw the time left; warning colours near the end."""
        text, alarm = self.view.countdown()
        self.ring()
        widget = self._put("#countdown", text)
        for level in ("warning", "danger"):
            widget.set_class(alarm == level, f"-{level}")
