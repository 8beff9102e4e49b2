"""The coach at the table screen, and the history's word when it stops: a mixin of
:class:`app.screens.table.TableScreen`, like :mod:`app.screens.clock`.

The coach prices the player's decision in a thread worker as soon as it is made (the answer comes back as
:class:`app.screens.messages.CoachDone`, handled by the screen); `c` opens the review.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from ai import Budget, TableView
from app.game import CoachRequest, Table, run_coach
from app.i18n import Translator
from app.screens.messages import CoachDone
from app.screens.results import ResultsScreen
from app.screens.review import ReviewScreen
from app.settings import Settings
from app.view.cards import CardLook

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message


class TableCoaching:
    """The table screen's coach requests and review key; the screen provides the attributes named here."""

    table: Table

    if TYPE_CHECKING:
        app: App[Any]

        @property
        def t(self) -> Translator: ...

        @property
        def live_settings(self) -> Settings: ...

        @property
        def look(self) -> CardLook: ...

        def say(self, text: str, kind: str = "info") -> None: ...

        def redraw(self) -> None: ...

        def post_message(self, message: Message) -> bool: ...

    # ---- the coach

    def ask_coach(self, seat: int, view: TableView | None = None, asked: bool = False) -> None:
        """Have the coach price ``seat``'s decision in this deal (once; with the coach off, only when ``asked``
        for in the review screen), on ``view``, the table as the seat saw it when it decided (else as it is)."""
        rec, budget = self.table.current, self.live_settings.coach
        if rec is None or (budget == "off" and not asked and not self.table.always_coach):
            return
        budget = Budget.STANDARD.value if budget == "off" else budget
        request = self.table.coach.request(rec, seat, view or self.table.ask.view_for(seat), Budget(budget))
        if request is not None:
            self.coach_think(request)

    @work(thread=True, group="coach")
    def coach_think(self, request: CoachRequest) -> None:
        """The coach prices a decision off the UI thread (some 0.2 s; the reveal never waits for it)."""
        self.post_message(CoachDone(request, run_coach(request)))

    def on_coach_done(self, message: CoachDone) -> None:
        """Keep the priced decision; the review or results on show take it at once."""
        self.table.coach.accept(message.request, message.review)
        self.redraw()
        if isinstance(self.app.screen, ReviewScreen | ResultsScreen):
            self.app.screen.refresh_coach()

    def action_review(self) -> None:
        rec = self.table.current
        if rec is None or rec.result is None:
            return
        seat = rec.human if rec.human is not None else self.table.viewer
        review = ReviewScreen(self.table, rec, seat, lambda q: self.ask_coach(q, asked=True), self.look, t=self.t)
        self.app.push_screen(review)

    def history_notice(self) -> None:
        """Say once that the history stopped recording (a full disk, a folder that may not be written)."""
        journal = self.table.journal
        notice = journal.take_notice() if journal is not None else None
        if notice is not None:
            self.app.notify(self.t(f"history.off.{notice.value}"), severity="warning", timeout=8)
