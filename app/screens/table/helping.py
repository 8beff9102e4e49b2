"""The player's helper at the table screen: auto-arrange (`a`) and the hint (`h`), one part of
:class:`app.screens.table.TableScreen`, which holds it as ``screen.helping``.

The table's :class:`app.game.helping.Helper` decides what is asked and whether an answer still fits; this part
sends the request to the screen's AI workers and shows the answer that comes back.

The same concept on another floor: :mod:`app.game.helping` decides, :mod:`app.view.helping` words it.
"""

from __future__ import annotations

from typing import Protocol

from ai import Choice
from app.game import AIRequest, ArrangeError, Purpose
from app.screens.table.part import TableSeen
from app.view.helping import hint_with_ev
from app.view.presenter import TablePresenter


class Thinks(Protocol):
    """What the helper asks of the screen's thinking part (:class:`.thinking.Thinking`, which imports this)."""

    def think(self, request: AIRequest) -> None: ...


class Screen(TableSeen, Protocol):
    """What the helper reads and calls of its table screen (a protocol: the screen imports this)."""

    view: TablePresenter

    @property
    def thinking(self) -> Thinks: ...

    def error(self, exc: ArrangeError) -> None: ...


class Helping:
    """Auto-arrange and the hint on the table screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def auto(self) -> None:
        """`a`: the next cached suggestion, else ask the AI for fresh ones."""
        screen = self.screen
        try:
            request = screen.table.helping.auto_arrange()
        except ArrangeError as exc:
            screen.error(exc)
            screen.redraw()
            return
        screen.view.show_hint(None)
        if request is None:  # the next cached suggestion is on show
            screen.say(screen.view.suggestion_text())
        else:
            screen.say(screen.t("table.msg.thinking"))
            screen.thinking.think(request)
        screen.redraw()

    def hint(self) -> None:
        """`h`: ask the AI where the card under the cursor goes."""
        self.screen.say(self.screen.t("table.msg.thinking"))
        self.screen.thinking.think(self.screen.table.asking.hint_request())
        self.screen.redraw()

    def accept(self, req: AIRequest, choice: Choice) -> None:
        """The AI's suggestions or hint are in: show them, if they still fit. Suggestions around placed cards
        go on to ask for the best play from scratch, offered last in the `a` cycle."""
        screen, helper = self.screen, self.screen.table.helping
        if helper.is_free_request(req):
            helper.accept_free(req, choice)
            if screen.table.arrange is not None and screen.table.arrange.showing_suggestion():
                screen.say(screen.view.suggestion_text())  # now says where the best from scratch is
            screen.redraw()
            return
        # An old deal's answer, or one the player's moves have overtaken since it was asked: dropped.
        if not helper.fits(req):
            return
        if req.purpose is Purpose.SUGGEST:
            if not choice.kept_fixed:
                screen.say(screen.t("table.msg.no_completion"), "warning")
            try:
                helper.accept_suggestions(req, choice)
            except ArrangeError as exc:
                screen.error(exc)
            else:
                if choice.kept_fixed and screen.table.arrange is not None:
                    screen.say(screen.view.suggestion_text())
                free = helper.free_request(req)
                if free is not None:
                    screen.thinking.think(free)
        else:
            hint = helper.hint_for(choice)
            if hint is None:
                screen.say(screen.t("table.msg.no_hint"), "warning")
            else:
                screen.view.show_hint(hint)
                screen.say(hint_with_ev(screen.t, screen.view.hint_text(), choice.ev))
        screen.redraw()
