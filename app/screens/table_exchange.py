"""The three-card exchange at the table screen (換三張, rules/RULES.md §21): a mixin of
:class:`app.screens.table.TableScreen`, like :mod:`app.screens.table_coach`.

The computers' passes are chosen in thread workers (their answers come back as :class:`app.screens.messages.PassDone`);
the player selects three cards with the arranging keys and passes them with enter. When the last round is in,
the message line says what the player gave and got, and the computers start arranging.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from app.game import AIRequest, ArrangeError, Next, Table
from app.game.coach import PassCoachRequest, run_pass_coach
from app.game.requests import PassRequest, Purpose, run_pass
from app.i18n import Translator
from app.screens.messages import PassCoachDone, PassDone
from app.settings import Settings
from app.view.presenter import TablePresenter

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message


class TableExchange:
    """The table screen's part of the exchange; the screen provides the attributes named here."""

    table: Table
    view: TablePresenter

    if TYPE_CHECKING:
        app: App[Any]

        @property
        def t(self) -> Translator: ...

        def say(self, text: str, kind: str = "info") -> None: ...

        def error(self, exc: ArrangeError) -> None: ...

        def redraw(self) -> None: ...

        def follow(self, step: Next) -> None: ...

        def think_ai(self, request: AIRequest) -> None: ...

        def post_message(self, message: Message) -> bool: ...

        @property
        def live_settings(self) -> Settings: ...

    def think(self, request: AIRequest | PassRequest) -> None:
        """Hand ``request`` to a worker: a pass to :meth:`think_pass`, anything else to the AI's worker."""
        if isinstance(request, PassRequest):
            self.think_pass(request)
        else:
            self.think_ai(request)

    @work(thread=True, group="ai")
    def think_pass(self, request: PassRequest) -> None:
        """A seat chooses its pass off the UI thread (up to a second for `expert`)."""
        self.post_message(PassDone(request, run_pass(request)))

    def on_pass_done(self, message: PassDone) -> None:
        """A pass is in: take it, and move on when the round (or the exchange) is complete."""
        step = self.table.accept_pass(message.request, message.choice.cards)
        if not step:
            self.redraw()
            return
        if message.request.purpose is Purpose.TAKEOVER:
            self.say(self.t("table.msg.pass_taken"), "warning")
        self.follow(step)

    def action_pass_cards(self) -> None:
        """enter while choosing: pass the three cards selected."""
        try:
            step = self.table.give_pass()
        except ArrangeError as exc:
            self.error(exc)
            self.redraw()
            return
        self.say("")
        self.follow(step)

    def coach_passes(self, seat: int) -> None:
        """Have the coach price ``seat``'s passes of this deal (with the coach on; never a pass the computer
        chose for the player at the time-out)."""
        rec = self.table.current
        coach_on = self.live_settings.coach != "off" or self.table.always_coach
        if rec is None or not coach_on:
            return
        for request in self.table.coach.pass_requests(rec, seat, self.table.ask.view_for(seat)):
            self.coach_pass_think(request)

    @work(thread=True, group="coach")
    def coach_pass_think(self, request: PassCoachRequest) -> None:
        """The coach prices a pass off the UI thread (a second or two; the game never waits for it)."""
        self.post_message(PassCoachDone(request, run_pass_coach(request)))

    def on_pass_coach_done(self, message: PassCoachDone) -> None:
        """Keep the priced pass; an open review shows it at once."""
        self.table.coach.accept_pass(message.request, message.review)
        refresh = getattr(self.app.screen, "refresh_coach", None)
        if callable(refresh):
            refresh()
