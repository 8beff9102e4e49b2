"""The table's history: what a session writes as it is played.

:class:`Journal` is what a :class:`~app.game.table.Table` tells of each deal scored, each review the coach
finishes and the session's end (the :class:`Recorder` protocol); it writes them to :mod:`app.store`. The first
deal scored creates the session's row; each deal is written with the session's new state in one
transaction. A failed write turns the history off for the rest of the run and leaves a notice for the
screen (:meth:`Journal.take_notice`); the game goes on.

:mod:`.resume` rebuilds a table from its stored session so that the player can continue it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from app.config import TableConfig
from app.store.database import History, HistoryOff, Mode, Status, WriteFailed
from rules.dealcode import daily_family
from rules.presets import Preset

from .record import DealRecord

if TYPE_CHECKING:
    from ai import Review


class Stated(Protocol):
    """What the journal asks of a table's :class:`~.saving.Saving`: the session's state to write."""

    def state(self) -> dict[str, Any]:
        """What the session needs, beyond its settings and its deals, to be continued exactly."""


class Table(Protocol):
    """What the journal reads of a :class:`app.game.table.Table` (a protocol, so that the table can import
    this module and not the other way round)."""

    config: TableConfig
    preset: Preset
    seed: int
    number: int
    player_seat: int | None
    sort: str

    @property
    def saving(self) -> Stated:
        """The session's state, written with each deal (:class:`~.saving.Saving`)."""


class Recorder(Protocol):
    """What a table tells its history."""

    def deal_scored(self, table: Table, rec: DealRecord) -> None:
        """A deal was scored (its money settled)."""

    def reviewed(self, deal: int, seat: int, review: Review) -> None:
        """The coach priced a decision of deal number ``deal``."""

    def ended(self, table: Table) -> None:
        """The session ended (its summary is shown)."""

    def take_notice(self) -> HistoryOff | None:
        """Why recording has just stopped (once), for the screen to say."""


class Journal:
    """Writes one table's session to the history (see the module docstring)."""

    def __init__(
        self,
        history: History | None,
        *,
        session: int | None = None,
        owner: int | None = None,
        on_off: Callable[[HistoryOff], None] | None = None,
    ) -> None:
        self.history = history
        self.session = session
        self.owner = os.getpid() if owner is None else owner
        self.off: HistoryOff | None = None
        self._notice: HistoryOff | None = None
        self._deal_ids: dict[int, int] = {}  # deal number -> stored id
        self._early: dict[int, Review] = {}  # reviews that arrived before their deal was written
        self._humans: dict[int, int | None] = {}  # deal number -> the seat the player played (when they decided it)
        self.on_off = on_off

    @property
    def recording(self) -> bool:
        """True while deals are being written."""
        return self.history is not None

    def take_notice(self) -> HistoryOff | None:
        """Why the history has just been turned off (once), for the screen to say."""
        notice, self._notice = self._notice, None
        return notice

    def _failed(self, exc: WriteFailed) -> None:
        if self.history is not None and self.session is not None:
            # What is stored of the session is now behind what the player has seen: never to be continued.
            with contextlib.suppress(Exception):
                self.history.holding.mark_behind(self.session)
        self.history, self.off, self._notice = None, exc.why, exc.why
        if self.on_off is not None:
            self.on_off(exc.why)

    def deal_scored(self, table: Table, rec: DealRecord) -> None:
        """Write the deal, with the session's new state, in one transaction."""
        if self.history is None:
            return
        try:
            if self.session is None:
                self.session = self._start(table, table.saving.state())
            # A verdict is kept only on the player's own decision: a hand the computer decided has none.
            self._humans[rec.number] = rec.human if rec.own() else None
            early = self._early.pop(rec.number, None)
            review = early.to_dict() if early is not None and rec.own() else None
            mode = Mode.TABLE if rec.human is not None else Mode.WATCH
            config = table.config  # the deal of the day for the record: linked to the day's claim as it is written
            daily = (config.daily, daily_family(config.preset)) if config.daily_record and config.daily else None
            self._deal_ids[rec.number] = self.history.record_deal(
                self.session, rec.to_dict(), mode, state=table.saving.state(), review=review, daily=daily
            )
        except WriteFailed as exc:
            self._failed(exc)

    def reviewed(self, deal: int, seat: int, review: Review) -> None:
        """Store the coach's verdict on the player's decision (as an update when the deal is written)."""
        if self.history is None:
            return
        if deal not in self._deal_ids:
            self._early[deal] = review  # the deal is written with it once scored
            return
        if self._humans.get(deal) != seat:
            return  # a review asked for in the review screen of another seat: not the player's verdict
        try:
            self.history.set_review(self._deal_ids[deal], review.to_dict())
        except WriteFailed as exc:
            self._failed(exc)

    def ended(self, table: Table) -> None:
        """The session ended (its summary was shown: by the rules, or the player chose to end it): it is over,
        and Continue no longer offers it. A session the player means to come back to is :meth:`keep`'s."""
        if self.history is None or self.session is None:
            return
        try:
            self.history.set_status(self.session, Status.OVER, table.saving.state())
            self.history.holding.release(self.session)
        except WriteFailed as exc:
            self._failed(exc)

    def keep(self, table: Table, state: dict[str, Any]) -> None:
        """The session as it stands, to be continued (:class:`.progress.Progress`: the deal in progress and its
        clock, once a second while arranging; back to the menu; the game closing): one small UPDATE, or the
        session's row when no deal has been scored yet."""
        if self.history is None:
            return
        try:
            if self.session is None:
                self.session = self._start(table, state)
            else:
                self.history.keep_state(self.session, state)
        except WriteFailed as exc:
            self._failed(exc)

    def _start(self, table: Table, state: dict[str, Any]) -> int:
        assert self.history is not None
        mode = Mode.WATCH if table.config.watch else Mode.TABLE
        return self.history.start_session(table.preset.value, mode, table.config.to_dict(), state, owner=self.owner)

    def release(self) -> None:
        """This copy of the game no longer plays the session (back to the menu, closing): it stays open, and
        whichever copy of the game starts next may continue it."""
        if self.history is None or self.session is None:
            return
        with contextlib.suppress(WriteFailed):  # our pid is gone once we exit, which frees the session too
            self.history.holding.release(self.session)

    def adopt(self, numbers: dict[int, int], humans: dict[int, int | None]) -> None:
        """Continue a stored session: its deals' ids by number, and who played them."""
        self._deal_ids.update(numbers)
        self._humans.update(humans)
