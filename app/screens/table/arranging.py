"""The player's arranging keys at the table screen: the cursor, selecting, placing and taking back cards,
sorting, declaring a special hand and READY. One part of :class:`app.screens.table.TableScreen`, held as
``screen.arranging``.

Every move is a call on the table's arrangement state (:class:`app.game.ArrangeState`), which refuses what the
rules do not allow with an :class:`app.game.ArrangeError`; the refusal's reason goes to the message line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from ai import declaration_value
from app.game import ArrangeError, ArrangeState, Next
from app.screens.dialogs import DeclareScreen
from app.screens.table.part import TableSeen
from app.view.presenter import TablePresenter
from rules.arrangement import Row
from rules.cards import Card
from rules.specials import Special


class Screen(TableSeen, Protocol):
    """What arranging reads and calls of its table screen (a protocol: the screen imports this)."""

    view: TablePresenter

    @property
    def app(self) -> App[Any]: ...

    def error(self, exc: ArrangeError) -> None: ...

    def follow(self, step: Next) -> None: ...


class Arranging:
    """The player's moves on the hand being arranged."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    @property
    def _state(self) -> ArrangeState:
        state = self.screen.table.arrange
        assert state is not None  # the keys act only while arranging (app.game.actions)
        return state

    def change(self, move: Callable[[ArrangeState], ArrangeState]) -> None:
        """Apply ``move`` to the arrangement; a refused move shows its reason instead, a made one takes the hint
        and the message away."""
        screen = self.screen
        try:
            screen.table.apply(move(self._state))
        except ArrangeError as exc:
            screen.error(exc)
        else:
            screen.view.show_hint(None)
            screen.say("")
        screen.redraw()

    def move(self, delta: int) -> None:
        """← →: the cursor to the next card (the hint on show stays while it is about the card under it)."""
        screen = self.screen
        try:
            screen.table.apply(self._state.move(int(delta)))
        except ArrangeError as exc:
            screen.error(exc)
        screen.view.follow_cursor(self._state.cursor_card)
        screen.redraw()

    def select(self) -> None:
        """space: select (or unselect) the card under the cursor."""
        self.change(lambda st: st.toggle_select())

    def place(self, row: int) -> None:
        """1 2 3: the selected cards to the front, middle or back."""
        self.change(lambda st: st.place(Row(int(row))))

    def unplace(self) -> None:
        """0 / backspace: the last placed row's cards back to the hand."""
        self.change(lambda st: st.unplace())

    def clear(self) -> None:
        """x: every placed card back to the hand."""
        self.change(lambda st: st.return_all())

    def click_card(self, card: Card) -> None:
        """A click on a card: the cursor to it, and select it."""
        self.change(lambda st: st.move_to(card).toggle_select())

    def click_row(self, row: Row) -> None:
        """A click on a row: the selected cards to it."""
        self.change(lambda st: st.place(row))

    def sort(self) -> None:
        """s: the hand sorted by rank, or by suit."""
        screen = self.screen
        sort = screen.table.toggle_sort()
        screen.say(screen.t(f"table.msg.sorted_{sort}"))
        screen.redraw()

    def ready(self) -> None:
        """enter: the arrangement is the player's decision (the rules refuse a foul or an unfinished hand)."""
        screen = self.screen
        try:
            step = screen.table.ready()
        except ArrangeError as exc:
            screen.error(exc)
            screen.redraw()
            return
        screen.view.show_hint(None)
        screen.say(screen.t("table.msg.ready"))
        screen.follow(step)

    def declare(self) -> None:
        """b: the special hands the cards make, each with what declaring it is worth, in a dialog."""
        screen, table = self.screen, self.screen.table
        specials = sorted(self._state.specials, key=lambda s: -s.rung)

        def done(choice: Special | str | None) -> None:
            """Handle the dialog's answer (the clock may have ended the arranging meanwhile)."""
            if choice is None or table.arrange is None or not table.can_arrange:
                return
            if not isinstance(choice, Special):  # "arrange": no declaration after all
                self.change(lambda st: st.declare(None))
            else:
                self.change(lambda st: st.return_all().declare(choice))
                screen.say(screen.t("table.msg.declared", special=screen.t(f"common.special.{choice.id}")))
                screen.redraw()

        view = table.asking.view_for(table.human) if table.human is not None else None
        values = {s: declaration_value(s, view) for s in specials} if view is not None else {}
        screen.app.push_screen(DeclareScreen(specials, values=values, t=screen.t), done)
