"""A stored session back at the table: :func:`restore_table` rebuilds the :class:`~app.game.table.Table` the
player left — the deals, the ledger (units, tournament points, arcade coins), the treasure queue and the
coach's reviews — recording into the same session from its next deal on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai import Review
from app.config import TableConfig
from app.store.database import History, SessionRow
from rules.ledger import ledger_from_dict
from rules.session import TreasureQueue

from .journal import Journal
from .phase import Phase
from .record import DealRecord
from .seating import check_seated
from .table import Table


class RestoreError(ValueError):
    """A stored session that cannot be continued (written by a build that wrote it differently)."""


def restore_table(row: SessionRow, deals: list[Any], history: History | None, *,
                  now: Callable[[], float] | None = None) -> Table:
    """The table of a stored session, ready to deal its next deal, recording into the same session.

    ``deals`` are the session's stored deals (:meth:`app.store.database.History.session_deals`). The player
    sits at the seat they last held, even if they had left it to the computer."""
    try:
        config = TableConfig.from_dict(row.config)
        state = row.state
        kwargs: dict[str, Any] = {"sort": str(state.get("sort", "rank"))}
        if now is not None:
            kwargs["now"] = now
        journal = Journal(history, session=row.id)
        table = Table(config, journal=journal, **kwargs)
        table.seed = int(state["seed"])
        table.number = int(state["number"])
        if config.scored:
            table.ledger = ledger_from_dict(config.preset, state["ledger"])
            check_seated(table.ledger, table.seats)  # a smaller table's empty chairs still hold nothing
        table.treasure = TreasureQueue.from_dict(state.get("treasure", []))
        table.start_money = tuple(int(m) for m in state["start_money"])
        seat = state.get("player_seat")
        if seat is not None and table.is_empty(int(seat)):
            raise ValueError(f"the player's seat {seat} is an empty chair at this table")
        if not config.watch and seat is not None and not table.ledger.is_out(int(seat)):
            table.human = table.viewer = table.player_seat = int(seat)
        records = [DealRecord.from_dict(d.data) for d in deals]
        if any(r.players != config.players for r in records):
            raise ValueError(f"a deal of another table size than the session's {config.players} players")
    except (KeyError, TypeError, ValueError) as exc:
        raise RestoreError(f"session {row.id} cannot be continued: {exc}") from None
    table.history = records
    for d, rec in zip(deals, records, strict=True):
        if d.review is not None and rec.human is not None:
            table.coach.reviews[(rec.number, rec.human)] = Review.from_dict(d.review)
    journal.adopt({r.number: d.id for d, r in zip(deals, records, strict=True)},
                  {r.number: r.human for r in records})
    table.phase = Phase.DEALING
    return table


