"""Leaving a table, a watched table or a drill: the choices the one leave dialog offers (:mod:`app.screens.leave`).

The first choice is the default (focused; enter and a second ``esc`` take it), and it is always the one that
keeps everything: *back to the menu* at a table (the session is kept exactly, Continue resumes it), *keep
going* in a drill (a drill is never continued later, and never played by the computer in the player's place).

The same concept on another floor: :mod:`app.screens.table.leaving` carries the choice out.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class Leave(StrEnum):
    """What the player chose in the leave dialog (the value ends the dialog's i18n keys)."""

    MENU = "menu"  # back to the menu: the session is kept exactly (Continue resumes the deal and its clock)
    COMPUTER = "computer"  # the computer plays the seat on; the player watches and may take a seat again (t)
    TAKE = "take"  # watching: take a seat (接玩) from the next deal
    END = "end"  # end the session (or the drill): its summary; a session ended is never offered by Continue
    STAY = "stay"  # keep going: back to the table or the drill


class Leaving(Protocol):
    """What the choices depend on (a :class:`app.game.table.Table`)."""

    @property
    def watching(self) -> bool: ...

    @property
    def config(self) -> object: ...


def leave_choices(table: Leaving | None, *, drill: bool = False) -> tuple[Leave, ...]:
    """The leave dialog's choices, the default first: a drill (``drill``, or ``table`` None: a drill that is not
    played at a table) offers keep going and end the drill; a seat at a table back to the menu, the computer
    playing on (only where the table allows takeover), end the session and keep going; a watched table back to
    the menu, take a seat, end the session and keep going."""
    if drill or table is None:
        return (Leave.STAY, Leave.END)
    if table.watching:
        return (Leave.MENU, Leave.TAKE, Leave.END, Leave.STAY)
    if getattr(table.config, "takeover", False):
        return (Leave.MENU, Leave.COMPUTER, Leave.END, Leave.STAY)
    return (Leave.MENU, Leave.END, Leave.STAY)
