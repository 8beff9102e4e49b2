"""Leaving the table (``esc``), and taking a seat while watching (``t``): one part of
:class:`app.screens.table.TableScreen`, which holds it as ``screen.leaving``. It opens the one leave dialog
(:mod:`app.screens.leave`) with the table's choices (:func:`app.game.leaving.leave_choices`) and carries out the one
chosen: back to the menu (the session kept as it stands, the deal in progress and its clock, for Continue), the
computer playing on, a seat taken, or the end (the session's summary, or a drill's).

The same concept on another floor: :mod:`app.game.leaving` says which choices a table offers."""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App

from app.game import ArrangeError, Next, Phase
from app.game.drills.arrange_drill import ArrangeTable
from app.game.journal import Journal
from app.game.leaving import Leave, leave_choices
from app.game.replay import OneDeal
from app.screens.dialogs import SeatPickScreen
from app.screens.leave import LeaveScreen
from app.screens.table.part import TableSeen
from app.view.formatting import SEAT_KEYS
from app.view.reveal_player import RevealPlayer
from rules.ledger import EndReason


class Screen(TableSeen, Protocol):
    """What leaving reads and calls of its table screen (a protocol: the screen imports this)."""

    reveal: RevealPlayer

    @property
    def app(self) -> App[Any]: ...

    def dismiss(self, result: Leave | None = None) -> Any: ...

    def close_dialogs(self) -> None: ...

    def error(self, exc: ArrangeError) -> None: ...

    def follow(self, step: Next) -> None: ...

    def show_summary(self) -> None: ...


class Leaving:
    """The table screen's way out (see the module docstring)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def ask(self) -> None:
        """Open the leave dialog; a stored deal shown again just closes (nothing to leave, nothing to lose)."""
        screen, table = self.screen, self.screen.table
        if isinstance(table, OneDeal):
            screen.dismiss(None)
            return
        drill = isinstance(table, ArrangeTable)

        def done(choice: Leave | None) -> None:
            """Handle the dialog's answer (the clock may have ended the table meanwhile)."""
            if choice is not None and choice is not Leave.STAY and table.phase is not Phase.OVER:
                self.choose(choice)

        screen.app.push_screen(
            LeaveScreen(leave_choices(table, drill=drill), drill=drill, watching=table.watching, t=screen.t), done
        )

    def keep(self) -> None:
        """Keep the session as it stands (the deal in progress and its clock) for Continue, and close its file:
        *Back to the menu*, and the App closing with the table open (Ctrl+Q, a closed terminal)."""
        table = self.screen.table
        table.progress.keep()
        if isinstance(table.journal, Journal):
            table.journal.release()

    def choose(self, choice: Leave) -> None:
        """Carry out a leave choice (one the table does not offer changes nothing)."""
        screen, table = self.screen, self.screen.table
        if choice is Leave.MENU:
            self.keep()
            screen.reveal.cancel()
            screen.close_dialogs()
            screen.dismiss(Leave.MENU)
        elif choice is Leave.COMPUTER and table.human is not None and table.config.takeover:
            step = table.leave()
            screen.say(screen.t("table.msg.left"), "warning")
            screen.follow(step)
        elif choice is Leave.TAKE and table.watching:
            self.take_seat()
        elif choice is Leave.END:
            table.outcome.end(EndReason.LEFT)
            screen.show_summary()

    def take_seat(self) -> None:
        """`t` while watching (or the leave dialog's *take a seat*): choose the seat to play from the next deal."""
        screen, table = self.screen, self.screen.table
        names = [screen.t(f"common.seat.{SEAT_KEYS[s]}") for s in range(4)]
        out = [table.seating.is_out(s) for s in range(4)]

        def done(seat: int | None) -> None:
            """Handle the dialog's answer."""
            if seat is None:
                return
            try:
                table.seating.take_seat(seat)
            except ArrangeError as exc:
                screen.error(exc)
            else:
                screen.say("")  # the hand area says which seat is taken from the next deal
            screen.redraw()

        empty = frozenset(s for s in range(4) if table.seating.is_empty(s))
        screen.app.push_screen(SeatPickScreen(names, out, empty=empty, t=screen.t), done)
