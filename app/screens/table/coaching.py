"""The coach at the table screen, and the history's word when it stops: one part of
:class:`app.screens.table.TableScreen`, which holds it as ``screen.coaching``.

The coach prices the player's decisions and passes in thread workers as soon as they are made (the answers
come back as :class:`Coaching.Priced` and :class:`Coaching.PassPriced`, which the screen hands back here); `c`
opens the review.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from textual.app import App

from ai import Budget, PassReview, Review, TableView
from app.game import CoachRequest, run_coach
from app.game.coach import PassCoachRequest, run_pass_coach
from app.heap import giving_back
from app.screens.results import ResultsScreen
from app.screens.review import ReviewScreen
from app.screens.table.part import Answer, TableWorkers
from app.settings import Settings
from app.view.cards import CardLook


class Screen(TableWorkers, Protocol):
    """What the coach reads and calls of its table screen (a protocol: the screen imports this)."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def live_settings(self) -> Settings: ...

    @property
    def look(self) -> CardLook: ...


class Coaching:
    """The table screen's coach requests and review key."""

    class Priced(Answer):
        """The coach's answer: ``review`` for ``request``."""

        def __init__(self, coaching: Coaching, request: CoachRequest, review: Review) -> None:
            super().__init__(coaching.accept)
            self.request = request
            self.review = review

    class PassPriced(Answer):
        """A worker's answer: the coach's ``review`` of the pass ``request`` asked about."""

        def __init__(self, coaching: Coaching, request: PassCoachRequest, review: PassReview) -> None:
            super().__init__(coaching.accept_pass)
            self.request = request
            self.review = review

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    @property
    def budget(self) -> Budget:
        """The coach's budget as the player set it; with the coach off, the quick one: auto-arrange's advice is
        still priced the coach's way, and a review asked for anyway on the same tables, so that the two agree."""
        budget = self.screen.live_settings.coach
        return Budget.QUICK if budget == "off" else Budget(budget)

    def use_budget(self) -> None:
        """The table's coach, and the helper's advice priced its way, on :attr:`budget` (the screen is shown)."""
        self.screen.table.coach.budget = self.budget

    @property
    def _on(self) -> bool:
        """The coach prices the player's play (Settings, or a drill that always coaches)."""
        return self.screen.live_settings.coach != "off" or self.screen.table.always_coach

    # ---- decisions

    def ask(self, seat: int, view: TableView | None = None, asked: bool = False) -> None:
        """Have the coach price ``seat``'s decision in this deal (once; with the coach off, only when ``asked``
        for in the review screen), on ``view``, the table as the seat saw it when it decided (else as it is)."""
        table = self.screen.table
        rec = table.current
        if rec is None or not (self._on or asked):
            return
        if asked:  # the review screen asks for a seat's whole deal: its passes of 換三張 too, before its rows
            self.ask_passes(seat, asked=True)
        request = table.coach.request(rec, seat, view or table.asking.view_for(seat), self.budget)
        if request is not None:
            self.screen.run_worker(partial(self._price, request), name="coach_think", group="coach", thread=True)

    @giving_back
    def _price(self, request: CoachRequest) -> None:
        """The coach prices a decision off the UI thread (some 0.2 s; the reveal never waits for it)."""
        self.screen.post_message(self.Priced(self, request, run_coach(request)))

    def accept(self, message: Priced) -> None:
        """Keep the priced decision; the review or results on show take it at once."""
        self.screen.table.coach.accept(message.request, message.review)
        self.screen.redraw()
        self._refresh_shown()

    def _refresh_shown(self) -> None:
        """The review or the results panel on show takes the coach's new answer at once."""
        shown = self.screen.app.screen
        if isinstance(shown, ReviewScreen | ResultsScreen):
            shown.refresh_coach()

    # ---- the exchange's passes

    def ask_passes(self, seat: int, asked: bool = False) -> None:
        """Have the coach price ``seat``'s passes of this deal (with the coach on, or when ``asked`` for in the
        review screen; never a pass the computer chose for the player at the time-out)."""
        table = self.screen.table
        rec = table.current
        if rec is None or not (self._on or asked):
            return
        for request in table.coach.pass_requests(rec, seat, table.asking.view_for(seat)):
            self.screen.run_worker(
                partial(self._price_pass, request), name="coach_pass_think", group="coach", thread=True
            )

    @giving_back
    def _price_pass(self, request: PassCoachRequest) -> None:
        """The coach prices a pass off the UI thread (a second or two; the game never waits for it)."""
        self.screen.post_message(self.PassPriced(self, request, run_pass_coach(request)))

    def accept_pass(self, message: PassPriced) -> None:
        """Keep the priced pass; an open review shows it at once."""
        self.screen.table.coach.accept_pass(message.request, message.review)
        self._refresh_shown()

    # ---- the review and the history

    def open_review(self) -> None:
        """`c` once the deal is scored: the coach's review of the player's seat (the viewer's, watching)."""
        screen, rec = self.screen, self.screen.table.current
        if rec is None or rec.result is None:
            return
        seat = rec.human if rec.human is not None else screen.table.viewer
        review = ReviewScreen(screen.table, rec, seat, lambda q: self.ask(q, asked=True), screen.look, t=screen.t)
        screen.app.push_screen(review)

    def history_notice(self) -> None:
        """Say once that the history stopped recording (a full disk, a folder that may not be written)."""
        journal = self.screen.table.journal
        notice = journal.take_notice() if journal is not None else None
        if notice is not None:
            self.screen.app.notify(self.screen.t(f"history.off.{notice.value}"), severity="warning", timeout=8)
