"""The three-card exchange at the table screen (換三張, rules/RULES.md §21): one part of
:class:`app.screens.table.TableScreen`, which holds it as ``screen.passing``.

The computers' passes are chosen in thread workers (their answers come back as :class:`Passing.Chosen`, which
the screen hands back here); the player selects three cards with the arranging keys and passes them with
enter. When the last round is in, the message line says what the player gave and got, and the computers start
arranging.
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

from ai import PassChoice
from app.game import ArrangeError, Next
from app.game.requests import PassRequest, Purpose, run_pass
from app.heap import giving_back
from app.screens.table.part import Answer, TableWorkers


class Screen(TableWorkers, Protocol):
    """What the exchange reads and calls of its table screen (a protocol: the screen imports this)."""

    def error(self, exc: ArrangeError) -> None: ...

    def follow(self, step: Next) -> None: ...


class Passing:
    """The table screen's part of the exchange."""

    class Chosen(Answer):
        """A worker's answer to a 換三張 pass request: the three cards ``choice`` passes."""

        def __init__(self, passing: Passing, request: PassRequest, choice: PassChoice) -> None:
            super().__init__(passing.accept)
            self.request = request
            self.choice = choice

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def think(self, request: PassRequest) -> None:
        """Hand a seat's pass to a worker (it shares the AI's group: a pass is a computer's decision)."""
        self.screen.run_worker(partial(self._choose, request), name="think_pass", group="ai", thread=True)

    @giving_back
    def _choose(self, request: PassRequest) -> None:
        """A seat chooses its pass off the UI thread (up to a second for `expert`)."""
        self.screen.post_message(self.Chosen(self, request, run_pass(request)))

    def accept(self, message: Chosen) -> None:
        """A pass is in: take it, and move on when the round (or the exchange) is complete."""
        screen = self.screen
        step = screen.table.exchange.accept(message.request, message.choice.cards)
        if not step:
            screen.redraw()
            return
        if message.request.purpose is Purpose.TAKEOVER:
            screen.say(screen.t("table.msg.pass_taken"), "warning")
        screen.follow(step)

    def give(self) -> None:
        """enter while choosing: pass the three cards selected."""
        screen = self.screen
        try:
            step = screen.table.exchange.give()
        except ArrangeError as exc:
            screen.error(exc)
            screen.redraw()
            return
        screen.say("")
        screen.follow(step)
