"""A stored session back at the table: :func:`restore` makes the table of a session saved as data
(:meth:`.saving.Saving.save`), and :func:`restore_table` rebuilds the :class:`~app.game.table.Table` the
player left — the deals, the ledger (units, tournament points, arcade coins), the treasure queue and the
coach's reviews — recording into the same session from its next deal on. A deal that was being played when
the session was saved (:mod:`.progress`) is dealt again: the same cards, with the seconds that were left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai import Review
from app.config import TableConfig
from app.store.database import History, SessionRow
from app.store.validate import DamagedRow, reading

from .journal import Journal, Recorder
from .progress import InProgress
from .table import Table


class RestoreError(DamagedRow):
    """A stored session that cannot be continued (written by a build that wrote it differently, or damaged): a
    :class:`DamagedRow` of the session, which says so."""

    def __init__(self, session: int, exc: DamagedRow) -> None:
        super().__init__("", f"session {session} cannot be continued: {exc}")


def restore(saved: dict[str, Any], *, journal: Recorder | None = None, now: Callable[[], float] | None = None) -> Table:
    """The table of a :meth:`~.saving.Saving.save`, made with its settings and ready to deal its next deal
    (:meth:`~.saving.Saving.load`). KeyError, TypeError or ValueError (a :class:`~.record.RecordError`) when
    ``saved`` cannot be continued."""
    config, state = TableConfig.from_dict(saved["config"]), saved["state"]
    table = Table(config, sort=str(state.get("sort", "rank")), journal=journal, **({} if now is None else {"now": now}))
    table.saving.load(saved)
    return table


def restore_table(
    row: SessionRow, deals: list[Any], history: History | None, *, now: Callable[[], float] | None = None
) -> Table:
    """The table of a stored session (:func:`restore`), ready to deal its next deal (the one that was being
    played, when there was one: the same cards, its clock where it stopped), recording into the same session,
    with the coach's reviews of its deals.

    ``deals`` are the session's stored deals (:meth:`app.store.database.History.session_deals`)."""
    journal = Journal(history, session=row.id)
    try:
        with reading():
            table = restore(
                {"config": row.config, "state": row.state, "deals": [d.data for d in deals]}, journal=journal, now=now
            )
            records = table.history
            for d, rec in zip(deals, records, strict=True):
                if d.review is not None and rec.human is not None:
                    table.coach.reviews[(rec.number, rec.human)] = Review.from_dict(d.review)
    except DamagedRow as exc:
        raise RestoreError(row.id, exc) from None
    playing = InProgress.from_state(row.state)
    if playing is not None and playing.deal == table.number + 1:  # the state before it was dealt: it comes next
        table.progress.resume(playing)
    journal.adopt({r.number: d.id for d, r in zip(deals, records, strict=True)}, {r.number: r.human for r in records})
    return table


class ContinueCheck:
    """The menu's test of a session Continue would offer: it can be rebuilt as a table (read only: nothing is
    written), so that Continue never offers one that cannot be continued. A rebuild re-reads every deal (about
    0.1 s for 150 of them) and the menu asks each time it is shown, so each answer is kept until the session
    changes (its last update, its deals)."""

    def __init__(self, history: History) -> None:
        self.history = history
        self._known: dict[tuple[int, float, int], bool] = {}

    def known(self, row: SessionRow) -> bool | None:
        """What an earlier call found for ``row`` as it is now, or None when it has not been rebuilt yet."""
        return self._known.get((row.id, row.updated, row.deals))

    def __call__(self, row: SessionRow) -> bool:
        """True when ``row`` rebuilds."""
        key = (row.id, row.updated, row.deals)
        if key not in self._known:
            try:
                restore_table(row, self.history.session_deals(row.id), None)
            except Exception:  # whatever a damaged row raises: the menu is not the place to show it
                self._known[key] = False
            else:
                self._known[key] = True
        return self._known[key]


def can_continue(history: History) -> ContinueCheck:
    """A :class:`ContinueCheck` of ``history``'s sessions."""
    return ContinueCheck(history)
