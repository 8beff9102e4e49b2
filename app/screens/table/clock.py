"""The table's countdown: its quarter-second tick, holding it while the board is hidden, and a time-out.

One part of :class:`app.screens.table.TableScreen`, which holds it as ``screen.clock``: the rules of the clock
(when it holds, what a time-out does) live in :class:`app.game.Table`; this draws it and opens the host's
dialog when time is up with takeover off.

The same concept on another floor: :mod:`app.game.clock`, the clock this one ticks and draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.text import Text
from textual.app import App
from textual.timer import Timer
from textual.widgets import Static

from app.game import Next
from app.screens.dialogs import TimeoutScreen
from app.screens.table.pacing import Pacing
from app.screens.table.part import TableSeen
from app.view.presenter import TablePresenter


class Screen(TableSeen, Protocol):
    """What the countdown reads and calls of its table screen (a protocol: the screen imports this)."""

    view: TablePresenter
    pacing: Pacing

    @property
    def app(self) -> App[Any]: ...

    def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer: ...

    def is_too_small(self) -> bool: ...

    def follow(self, step: Next) -> None: ...

    def show_summary(self) -> None: ...

    def close_dialogs(self) -> None: ...

    def put(self, selector: str, content: Text | str) -> Static: ...


class Clock:
    """The table screen's countdown."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.timer: Timer | None = None  # the countdown's timer (paused while the host chooses at a time-out)
        self.paused = False

    def start(self) -> None:
        """Tick every quarter second from now on (the screen is mounted)."""
        self.timer = self.screen.set_interval(0.25, self.tick)

    def tick(self) -> None:
        """Every quarter second: redraw the countdown; at zero the computer completes the hand (takeover on)
        or the host chooses (takeover off)."""
        screen, table = self.screen, self.screen.table
        table.clock.hold(screen.is_too_small() or screen.app.screen is not screen)
        table.progress.tick()  # the deal in progress and its clock, kept with the session (once a second at most)
        if table.countdown.timed_out():
            step = table.countdown.on_timeout()
            if step.host:
                self.ask_host()
                return
            screen.say(screen.t("table.msg.timeout"), "warning")
            screen.follow(step)
            return
        self.show()

    def suspend(self) -> None:
        """A dialog covers the table: the countdown waits (the timer may not tick behind it)."""
        self.screen.table.clock.hold(True)

    def resume(self) -> None:
        """Back at the table: the countdown goes on (unless still too small)."""
        self.screen.table.clock.hold(self.screen.is_too_small())
        self.show()

    def pause(self, paused: bool) -> None:
        """Stop (or restart) the countdown's timer."""
        self.paused = paused
        if self.timer is not None:
            if paused:
                self.timer.pause()
            else:
                self.timer.resume()

    def ask_host(self) -> None:
        """Time is up with takeover off: the countdown stops and the host chooses in a dialog."""
        screen = self.screen
        self.pause(True)
        screen.view.show_hint(None)
        screen.say(screen.t("table.msg.time_up"), "warning")
        screen.close_dialogs()  # one opened while arranging (keys, declare, leave) no longer applies
        screen.redraw()
        screen.app.push_screen(TimeoutScreen(t=screen.t), self._host_chose)

    def _host_chose(self, choice: str | None) -> None:
        screen, table = self.screen, self.screen.table
        if not table.countdown.awaiting_host:
            return
        step = table.countdown.resolve(choice == "computer")
        self.pause(False)
        if not step.requests:
            screen.say("")
            screen.show_summary()
            return
        screen.say(screen.t("table.msg.computer_seat"), "warning")
        screen.follow(step)

    def show(self) -> None:
        """The time left drawn, in warning colours near the end, and the bell at its cues (each quarter second,
        and with every redraw)."""
        text, alarm = self.screen.view.countdown()
        widget = self.screen.put("#countdown", text)
        for level in ("warning", "danger"):
            widget.set_class(alarm == level, f"-{level}")
        self.screen.pacing.ring()
