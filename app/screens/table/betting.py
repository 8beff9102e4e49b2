"""The table's wagers at the table screen: the banker game's stake (`w`, 下注) and arcade's 賭倍 (`d`). One part
of :class:`app.screens.table.TableScreen`, held as ``screen.betting``.

The stake is the player's from the next deal on (rules/RULES.md §16.1: a player stakes before the deal), so
it can be changed at any time and never touches the hand being arranged; 賭倍 names the seat the player doubles
against in this deal (rules/RULES.md §7.5), before READY.
"""

from __future__ import annotations

from typing import Protocol

from app.screens.table.part import TableSeen
from app.view.presenter import TablePresenter


class Screen(TableSeen, Protocol):
    """What the wagers read and call of their table screen (a protocol: the screen imports this)."""

    view: TablePresenter


class Betting:
    """The player's stake at a banker table and 賭倍 at an arcade table."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def stake(self) -> None:
        """`w`: cycle the player's stake (1, 2, 3, 5) for the next deal."""
        stake = self.screen.table.wagers.cycle_stake()
        self.screen.say(self.screen.t("table.msg.stake", n=stake))
        self.screen.redraw()

    def double(self) -> None:
        """`d`: double against the next seat in turn (none, then each opponent)."""
        screen = self.screen
        target = screen.table.wagers.cycle_double()
        if target is None:
            screen.say(screen.t("table.msg.double_none"))
        else:
            screen.say(screen.t("table.msg.double", seat=screen.view.seat_name(target)))
        screen.redraw()
