"""The banker game's stake key at the table screen (`w`, 下注): one part of
:class:`app.screens.table.TableScreen`, which holds it as ``screen.stakes``.

The stake is the player's from the next deal on (rules/RULES.md §16.1: a player stakes before the deal),
so it can be changed at any time and never touches the hand being arranged.
"""

from __future__ import annotations

from typing import Protocol

from app.screens.table_part import TableSeen


class Screen(TableSeen, Protocol):
    """What the stake key reads and calls of its table screen (a protocol: the screen imports this)."""


class Stakes:
    """The player's stake at a banker table."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def cycle(self) -> None:
        """Cycle the player's stake (1, 2, 3, 5) for the next deal."""
        stake = self.screen.table.cycle_stake()
        self.screen.say(self.screen.t("table.msg.stake", n=stake))
        self.screen.redraw()
