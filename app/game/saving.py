"""The one way a session at the table is written and read back: its state between deals (what the history
stores with every deal), the whole session as JSON-ready data, and a stored session put back into a new table.

One part of :class:`app.game.table.Table`, which holds it as ``table.saving``. :func:`app.game.resume.restore`
makes the table a save is read back into; the deal being played when a session was stored is
:mod:`.progress`'s.
"""

from __future__ import annotations

from typing import Any, Protocol

from app.config import STAKES, TableConfig
from rules.ledger import ledger_from_dict
from rules.session import TreasureQueue

from .outcome import SessionOutcome
from .record import DealRecord
from .seating import Seating, check_seated
from .totals import Totals
from .wagers import Wagers


class Table(Protocol):
    """What the saving reads and sets of its :class:`~app.game.table.Table` (a protocol: the table imports this
    module)."""

    config: TableConfig

    @property
    def seed(self) -> int: ...

    @property
    def number(self) -> int: ...

    @property
    def human(self) -> int | None: ...

    @property
    def viewer(self) -> int: ...

    @property
    def player_seat(self) -> int | None: ...

    sort: str
    seating: Seating

    @property
    def history(self) -> list[DealRecord]: ...

    wagers: Wagers
    outcome: SessionOutcome
    totals: Totals

    def restore(
        self,
        *,
        seed: int,
        number: int,
        seat: int | None,
        history: list[DealRecord],
    ) -> None: ...


class Saving:
    """Writes one table's session and reads a stored one back into it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def state(self) -> dict[str, Any]:
        """What the session needs, beyond its settings and its deals, to be continued exactly (the history
        stores it with every deal)."""
        t = self.table
        return {
            "seed": t.seed,
            "number": t.number,
            "ledger": t.totals.ledger.to_dict(),
            "treasure": t.totals.treasure.to_dict(),
            "player_seat": t.player_seat,
            "start_money": list(t.outcome.start_money),
            "sort": t.sort,
            "stake": t.wagers.stake,
        }

    def save(self) -> dict[str, Any]:
        """The whole session as JSON-ready data: its settings, :meth:`state` and every deal."""
        t = self.table
        return {"config": t.config.to_dict(), "state": self.state(), "deals": [r.to_dict() for r in t.history]}

    def load(self, saved: dict[str, Any]) -> None:
        """Put a :meth:`save` back into this table, new and made with the save's settings, so that it deals the
        save's next deal. The player sits at the seat they last held, even if they had left it to the computer
        (unless it is out, or the table is watched). KeyError, TypeError or ValueError (a
        :class:`~.record.RecordError`) when ``saved`` cannot be continued."""
        t, state = self.table, saved["state"]
        config = t.config
        # Everything is read and checked first, then each owner puts its own part back.
        seed, number = int(state["seed"]), int(state["number"])
        ledger = None
        if config.scored:
            ledger = ledger_from_dict(config.preset, state["ledger"])
            check_seated(ledger, t.seating.seats)  # a smaller table's empty chairs still hold nothing
        treasure = TreasureQueue.from_dict(state.get("treasure", []))
        start_money = tuple(int(m) for m in state["start_money"])
        stake = state.get("stake", config.player_stake)  # a session stored before the stake was kept: the host's
        if stake not in STAKES:
            raise ValueError(f"the player's stake {stake!r} is not one of {list(STAKES)}")
        seat = state.get("player_seat")
        if seat is not None and t.seating.is_empty(int(seat)):
            raise ValueError(f"the player's seat {seat} is an empty chair at this table")
        kept = t.totals.ledger if ledger is None else ledger  # a practice table keeps its own
        seated = not config.watch and seat is not None and not kept.is_out(int(seat))
        history = [DealRecord.from_dict(d) for d in saved["deals"]]
        if any(r.players != config.players for r in history):
            raise ValueError(f"a deal of another table size than the session's {config.players} players")
        t.restore(seed=seed, number=number, seat=int(seat) if seated and seat is not None else None, history=history)
        t.totals.restore(ledger, treasure)
        t.outcome.begin_with(start_money)
        t.wagers.restore_stake(int(stake))
