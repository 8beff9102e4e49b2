"""The computer's decisions at the table screen: each request the table makes goes to a thread worker (a pass
of 換三張 to :class:`.passing.Passing`'s), and each answer comes back as a message to the screen, which hands it
here. One part of :class:`app.screens.table.TableScreen`, held as ``screen.thinking``.

A computer seat's decision waits for the reveal's thinking delay (a seat is not seen to decide at once); a
takeover's completes the player's hand at the time-out; anything else is the player's helper (auto-arrange,
the hint).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from ai import Choice
from app.game import AIRequest, Next, Purpose, run_ai
from app.game.requests import PassRequest
from app.heap import giving_back
from app.screens.table.helping import Helping
from app.screens.table.part import Answer, TableWorkers
from app.screens.table.passing import Passing
from app.view.reveal_player import RevealPlayer


class Screen(TableWorkers, Protocol):
    """What the thinking reads and calls of its table screen (a protocol: the screen imports this)."""

    reveal: RevealPlayer
    passing: Passing
    helping: Helping

    @property
    def open(self) -> bool: ...

    def schedule(self, delay: float, callback: Callable[[], None]) -> None: ...

    def follow(self, step: Next) -> None: ...


class Thinking:
    """The computer seats' (and the helper's) requests, off the UI thread."""

    class Answered(Answer):
        """A worker's answer: ``choice`` for ``request``."""

        def __init__(self, thinking: Thinking, request: AIRequest, choice: Choice) -> None:
            super().__init__(thinking.accept)
            self.request = request
            self.choice = choice

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def think(self, request: AIRequest | PassRequest) -> None:
        """Hand ``request`` to a worker: a pass to the exchange's, anything else to the AI's."""
        if isinstance(request, PassRequest):
            self.screen.passing.think(request)
        else:
            self.screen.run_worker(partial(self._decide, request), name="think_ai", group="ai", thread=True)

    @giving_back
    def _decide(self, request: AIRequest) -> None:
        """A computer seat (or the helper for the human) decides, off the UI thread."""
        self.screen.post_message(self.Answered(self, request, run_ai(request)))

    def accept(self, message: Answered) -> None:
        """An answer is in: a seat's decision (after its thinking delay), a takeover's, or the helper's (none once
        the screen is closed: the table it was asked for has gone on without it)."""
        screen, req, choice = self.screen, message.request, message.choice
        if not screen.open:
            return
        if req.purpose is Purpose.DECIDE:
            delay = screen.reveal.think_delay(req.seat)
            if delay > 0:
                screen.schedule(delay, lambda: self._decided(req, choice))
            else:
                self._decided(req, choice)
        elif req.purpose is Purpose.TAKEOVER:
            step = screen.table.countdown.accept(req, choice)
            if step:
                screen.say(screen.t("table.msg.takeover"), "warning")
            screen.follow(step)
        else:  # the helper: suggestions or a hint
            screen.helping.accept(req, choice)

    def _decided(self, req: AIRequest, choice: Choice) -> None:
        step = self.screen.table.accept(req, choice)
        if step:
            self.screen.follow(step)
