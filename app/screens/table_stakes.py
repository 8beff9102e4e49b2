"""The banker game's stake key at the table screen (`w`, 下注): a mixin of
:class:`app.screens.table.TableScreen`, like :mod:`app.screens.table_coach`.

The stake is the player's from the next deal on (rules/RULES.md §16.1: a player stakes before the deal),
so it can be changed at any time and never touches the hand being arranged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.game import Table
from app.i18n import Translator


class TableStakes:
    """The stake key; the screen provides the attributes named here."""

    table: Table

    if TYPE_CHECKING:

        @property
        def t(self) -> Translator: ...

        def say(self, text: str, kind: str = "info") -> None: ...

        def redraw(self) -> None: ...

    def action_stake(self) -> None:
        """Cycle the player's stake (1, 2, 3, 5) for the next deal."""
        stake = self.table.cycle_stake()
        self.say(self.t("table.msg.stake", n=stake))
        self.redraw()
