"""The guided first game: the table screen itself on the guide's fixed deal, with a tip at each step
(:class:`TipScreen`) and a reminder of what to do on the message line. The script is
:class:`app.game.guide.Guide`; this screen shows its tips when the table has done what a step asks.
`esc` leaves the guide at any point.

The same concept on another floor: the screen of :mod:`app.game.guide`'s script.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from app.game.guide import ORDER, REFERS, Guide, Spot, Step, guide_config
from app.game.phase import Phase
from app.game.table import Table
from app.i18n import Translator
from app.screens.base import GAME_SCREEN, BaseModal
from app.screens.table import TableScreen
from app.settings import Settings
from app.view.reveal_player import Scheduler
from app.view.tip_place import Box, place_tip
from app.widgets.chrome import GameFooter

# The table's widgets that make up each part a tip may talk about (app/screens/table.py composes them).
PART_WIDGETS = {
    Spot.SEATS: ("#seat-left", "#seat-top", "#seat-right"),
    Spot.BOARD: ("#board",),
    Spot.ROWS: ("#rows",),
    Spot.HAND: ("#hand",),
    Spot.MESSAGE: ("#message",),
}


# The table's key a step's tip asks for, which closes the tip and acts at once (the tip says "press x").
TIP_ACTS: dict[Step, tuple[str, str]] = {Step.FOUL: ("x", "clear")}


class TipScreen(BaseModal[bool | str]):
    """One step's tip; dismisses True to go on, False to leave the guide, or the table's action the step asks
    for (:data:`TIP_ACTS`: the tip closes and the table does it).

    Its box (:func:`app.view.tip_place.place_tip`) keeps clear of ``keep_clear()``, the regions of the table
    the tip talks about, placed again at every resize; the table under it is not dimmed, so that what the tip
    points at reads as it is.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "answer(True)", "guide.key.go_on", key_display="⏎"),
        Binding("escape", "answer(False)", "guide.key.leave", key_display="esc"),
        *(Binding(key, f"answer({action!r})", show=False) for key, action in TIP_ACTS.values()),
    ]
    SCREEN_CLASSES = f"{GAME_SCREEN} tip-screen"

    def __init__(
        self, step: Step, *, t: Translator | None = None, keep_clear: Callable[[], list[Box]] | None = None
    ) -> None:
        super().__init__(t=t)
        self.step = step
        self.keep_clear = keep_clear or list
        self.box: Box | None = None

    def compose(self) -> ComposeResult:
        t = self.t
        n = ORDER.index(self.step) + 1
        with Vertical(classes="dialog tip-dialog", id="tip") as box:
            # The title and the keys sit in the border: every line inside is the tip's text.
            box.border_title = t("guide.title", n=n, of=len(ORDER) - 1)
            box.border_subtitle = t("guide.keys")
            yield Static(t(f"guide.step.{self.step.value}"), classes="tip-text", id="tip-text")
        yield GameFooter()

    def on_mount(self) -> None:
        self.place()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.place)  # the table under it has laid itself out for the new size first

    def text_height(self, width: int) -> int:
        """Lines the tip needs at ``width`` cells wide, its borders included (one cell of padding a side)."""
        body = Text(self.t(f"guide.step.{self.step.value}"))
        return len(body.wrap(self.app.console, max(1, width - 4))) + 2

    def place(self) -> None:
        """Put the tip where it hides none of what it talks about (the Footer's line kept clear too)."""
        w, h = self.app.size
        self.box = box = place_tip(Box(0, 0, w, max(1, h - 1)), self.keep_clear(), self.text_height)
        tip = self.query_one("#tip")
        tip.styles.width, tip.styles.height = box.width, box.height
        tip.styles.offset = (box.x, box.y)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer" and parameters and isinstance(parameters[0], str):
            return TIP_ACTS.get(self.step, ("", ""))[1] == parameters[0]  # only the step's own key
        return True

    def action_answer(self, go_on: bool | str) -> None:
        self.dismiss(go_on)


class GuideScreen(TableScreen):
    """The table on the guide's deal (see the module docstring)."""

    def __init__(
        self,
        *,
        t: Translator | None = None,
        settings: Settings | None = None,
        now: Callable[[], float] | None = None,
        scheduler: Scheduler | None = None,
    ) -> None:
        config = guide_config()
        table = Table(config, now=now) if now is not None else Table(config)
        super().__init__(config, t=t, settings=settings, scheduler=scheduler, table=table)
        self.guide = Guide()
        self.tip_open = False

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self.show_tip)

    def keep_clear(self) -> list[Box]:
        """The regions of what the current step's tip talks about (on screen, in cells)."""
        out = []
        for part in REFERS[self.guide.step]:
            for selector in PART_WIDGETS[part]:
                r = self.query_one(selector).region
                out.append(Box(r.x, r.y, r.width, r.height))
        return out

    def show_tip(self) -> None:
        """The current step's tip (what it talks about is on screen by now)."""
        if self.tip_open or self.guide.step is Step.DONE:
            return
        self.tip_open = True
        self.app.push_screen(TipScreen(self.guide.step, t=self.t, keep_clear=self.keep_clear), self._tip_closed)

    def _tip_closed(self, go_on: bool | str | None) -> None:
        self.tip_open = False
        if not go_on:
            self.leave_guide()
            return
        if isinstance(go_on, str):  # the step's own key, pressed over its tip: the table does it now
            self.call_after_refresh(getattr(self, f"action_{go_on}"))
        step = self.guide.step
        if step in (Step.ROWS, Step.SWEEP, Step.WHERE):
            nxt = self.guide.go_on()
            if nxt is Step.DONE:
                self.leave_guide()
                return
            if nxt is Step.FOUL:
                self.lay_foul()
            self.show_tip()
        reminder = f"guide.do.{self.guide.step.value}"  # what to do now, on the message line (not every step)
        if step is not Step.ROWS:  # the FOUL tip's warning stays on the message line
            self.say(self.t(reminder) if self.t.has(reminder) else "")
        if step is Step.REVEAL:
            self.guide.watching = True
            super().start_reveal()  # held until now (start_reveal)
        self.redraw()

    def lay_foul(self) -> None:
        """The foul laid out on the rows before the FOUL tip tells of it (its warning on the message line)."""
        state = self.guide.lay_foul(self.table)
        if state is not None:
            self.table.apply(state)
            self.say("")
            self.redraw()

    def start_reveal(self) -> None:
        """The reveal waits for the REVEAL tip, which comes first (check_guide)."""
        if not self.guide.holds_reveal():
            super().start_reveal()

    def redraw(self) -> None:
        super().redraw()
        if self.is_mounted:
            self.check_guide()

    def on_screen_resume(self) -> None:
        """Back from the results panel (or a tip): the guide may go on."""
        super().on_screen_resume()
        self.check_guide()

    def check_guide(self) -> None:
        """The table did what the step asked: the next tip (once what it talks about is on screen)."""
        if self.tip_open or self.app.screen is not self:
            return
        guide = self.guide
        if guide.step is Step.REVEAL:
            if guide.reveal_over(self.table):
                guide.go_on()
                self.show_tip()
            return
        if guide.done_by(self.table):
            nxt = guide.go_on()
            if nxt is Step.AUTO and self.table.arrange is not None and self.table.can_arrange:
                self.table.apply(self.table.arrange.return_all())  # so that `a` arranges the whole hand
                self.call_after_refresh(self.redraw)
            if nxt is Step.WHERE:
                self.say("")  # the results panel's reminder is done with
                self.call_after_refresh(self.redraw)
            self.call_after_refresh(self.show_tip)  # after the redraw that shows what the tip talks about

    def open_results(self) -> None:
        self.guide.saw_results = self.guide.step is Step.RESULTS or self.guide.saw_results
        super().open_results()

    def next_deal(self) -> None:
        """No second deal in the guide: `n` ends the reveal, and after it shows the step's tip again."""
        if self.table.phase is Phase.REVEALING:
            self.reveal.finish()
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
