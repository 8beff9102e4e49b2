"""The player's wagers at the table: arcade's 賭倍 in the deal under way (rules/RULES.md §7.5) and the banker
game's stake, the player's from the next deal on (rules/RULES.md §16.1). One part of
:class:`app.game.table.Table`, which holds it as ``table.wagers``.
"""

from __future__ import annotations

from typing import Protocol

from app.config import TableConfig
from rules.presets import Preset

from .arrange import ArrangeError
from .banker import cycle_stake
from .record import DealRecord
from .why import Why


class Seen(Protocol):
    """What the wagers read of their table (a protocol: the table imports this module)."""

    config: TableConfig
    preset: Preset
    current: DealRecord | None
    human: int | None


class Wagers:
    """The player's 賭倍 target (:attr:`double`, None: no doubling) and next stake (:attr:`stake`)."""

    def __init__(self, table: Seen) -> None:
        self.table = table
        self.double: int | None = None
        self.stake = table.config.player_stake

    def double_options(self) -> tuple[int, ...]:
        """Arcade 賭倍: the seats the player may double against this deal (none outside arcade, or in a banker
        game)."""
        t, rec = self.table, self.table.current
        if rec is None or t.human is None or not t.preset.doubling(rec.banker is not None):
            return ()
        return tuple(s for s in rec.seats if s != t.human)

    def cycle_double(self) -> int | None:
        """Arcade 賭倍: the target moves to the next opponent in play, then to none."""
        others = self.double_options()
        if not others:
            raise ArrangeError(Why.NO_DOUBLE)
        options: list[int | None] = [*others, None]
        idx = options.index(self.double) if self.double in options else -1
        self.double = options[(idx + 1) % len(options)]
        return self.double

    def new_deal(self) -> None:
        """A new deal: the player has doubled nobody yet."""
        self.double = None

    def restore_stake(self, stake: int) -> None:
        """The player's next stake as a stored session kept it (Continue)."""
        self.stake = stake

    def restore_double(self, seat: int | None) -> None:
        """The 賭倍 the player had picked in a deal in progress kept for Continue, if it is still one to pick."""
        if seat in self.double_options():
            self.double = seat

    def cycle_stake(self) -> int:
        """A banker game: the player's next stake (1, 2, 3, 5, round again), from the next deal on."""
        if not self.table.config.banker or self.table.human is None:
            raise ArrangeError(Why.NO_STAKE)
        self.stake = cycle_stake(self.stake)
        return self.stake
