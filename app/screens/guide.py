"""The guided first game: the table screen itself on the guide's fixed deal, with a tip at each step
(:class:`TipScreen`) and a reminder of what to do on the message line. The script is
:class:`app.game.guide.Guide`; this screen shows its tips when the table has done what a step asks.
`esc` leaves the guide at any point.

The same concept on another floor: the screen of :mod:`app.game.guide`'s script.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from app.game.guide import ORDER, Guide, Step, guide_config
from app.game.phase import Phase
from app.game.table import Table
from app.i18n import Translator
from app.screens.base import BaseModal
from app.screens.table import TableScreen
from app.settings import Settings
from app.view.reveal_player import Scheduler
from app.widgets.chrome import GameFooter


class TipScreen(BaseModal[bool]):
    """One step's tip; dismisses True to go on, False to leave the guide."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "answer(True)", "guide.key.go_on", key_display="⏎"),
        Binding("escape", "answer(False)", "guide.key.leave", key_display="esc"),
    ]

    def __init__(self, step: Step, *, t: Translator | None = None) -> None:
        super().__init__(t=t)
        self.step = step

    def compose(self) -> ComposeResult:
        t = self.t
        n = ORDER.index(self.step) + 1
        with Vertical(classes="dialog tip-dialog"):
            yield Static(t("guide.title", n=n, of=len(ORDER) - 1), classes="dialog-title")
            yield Static(t(f"guide.step.{self.step.value}"), classes="dialog-body", id="tip-text")
            yield Static(t("guide.keys"), classes="dialog-keys")
        yield GameFooter()

    def action_answer(self, go_on: bool) -> None:
        self.dismiss(go_on)


class GuideScreen(TableScreen):
    """The table on the guide's deal (see the module docstring)."""

    def __init__(self, *, t: Translator | None = None, settings: Settings | None = None,
                 now: Callable[[], float] | None = None, scheduler: Scheduler | None = None) -> None:
        config = guide_config()
        table = Table(config, now=now) if now is not None else Table(config)
        super().__init__(config, t=t, settings=settings, scheduler=scheduler, table=table)
        self.guide = Guide()
        self.tip_open = False

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self.show_tip)

    def show_tip(self) -> None:
        """The current step's tip."""
        if self.tip_open or self.guide.step is Step.DONE:
            return
        self.tip_open = True
        self.app.push_screen(TipScreen(self.guide.step, t=self.t), self._tip_closed)

    def _tip_closed(self, go_on: bool | None) -> None:
        self.tip_open = False
        if not go_on:
            self.leave_guide()
            return
        step = self.guide.step
        if step is Step.FOUL and not self.guide.laid:
            state = self.guide.lay_foul(self.table)
            if state is not None:
                self.table.apply(state)
        if step is Step.AUTO and self.table.can_arrange and self.table.arrange is not None:
            self.table.apply(self.table.arrange.return_all())  # `a` then arranges the whole hand
        if step in (Step.ROWS, Step.REVEAL, Step.SWEEP, Step.WHERE):
            nxt = self.guide.go_on()
            if nxt is Step.DONE:
                self.leave_guide()
                return
            if nxt is not Step.REVEAL:
                self.show_tip()
        reminder = f"guide.do.{self.guide.step.value}"  # what to do now, on the message line (not every step)
        self.say(self.t(reminder) if self.t.has(reminder) else "")
        self.redraw()

    def redraw(self) -> None:
        super().redraw()
        if self.is_mounted:
            self.check_guide()

    def on_screen_resume(self) -> None:
        """Back from the results panel (or a tip): the guide may go on."""
        self.check_guide()

    def check_guide(self) -> None:
        """The table did what the step asked: the next tip."""
        if self.tip_open or self.app.screen is not self:
            return
        guide = self.guide
        if guide.step is Step.REVEAL:
            if guide.reveal_over(self.table):
                self.show_tip()
            return
        if guide.done_by(self.table):
            nxt = guide.go_on()
            if nxt is not Step.REVEAL:
                self.show_tip()

    def action_results(self) -> None:
        self.guide.saw_results = self.guide.step is Step.RESULTS or self.guide.saw_results
        super().action_results()

    def action_next(self) -> None:
        """No second deal in the guide: `n` ends the reveal, and after it shows the step's tip again."""
        if self.table.phase is Phase.REVEALING:
            self.finish_reveal()
        elif self.table.phase is Phase.RESULTS:
            self.show_tip()

    def action_leave(self) -> None:
        """Leave the guide (no confirmation: nothing is at stake)."""
        self.leave_guide()

    def leave_guide(self) -> None:
        self.guide.step = Step.DONE
        self.close_dialogs()
        self.dismiss(None)

    def show_summary(self) -> None:  # pragma: no cover - the guide never ends a session by the rules
        self.leave_guide()
