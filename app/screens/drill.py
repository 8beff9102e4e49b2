"""One run of a drill: the question (rows, a hand or a revealed table in the table's card tiles), the choices,
the answer explained, and at the end the run's result with personal bests (written to the history).

The questions, their answers and the difficulty are :class:`app.game.drills.DrillRun`'s; this screen shows
them and turns keys into answers: the choices' numbers or enter on the list, and ←/→/= (which row is
stronger, which hand is higher) or l/f (foul or legal) where the drill has them.

The same concept on another floor: the screen of the drills whose words are :mod:`app.view.drill`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.game.drills import DrillRun, Question, answer_keys, spec
from app.game.leaving import Leave, leave_choices
from app.heap import giving_back
from app.screens.base import MENU_CSS, BaseScreen
from app.screens.leave import LeaveScreen
from app.store.database import History, WriteFailed
from app.store.stats import DrillStats, drill_stats
from app.view.cards import CardLook
from app.view.drill import choice_label, prompt_text, question_lines, verdict_text, why_text
from app.widgets.option_menu import ChoiceList


class DrillScreen(BaseScreen[None]):
    """A drill's run, question after question (see the module docstring)."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        # Every drill's answer keys (the registry's), each shown and acting only in the drills that have it.
        *(
            Binding(
                k.key, f"key_answer({k.key!r})", f"drills.key.{k.choice}", key_display=k.display, priority=k.priority
            )
            for k in answer_keys()
        ),
        # Enter answers with the highlighted choice, then goes on: the Footer names what it does now.
        Binding("enter", "answer", "drills.key.answer", key_display="⏎", priority=True),
        Binding("enter", "next", "drills.key.next", key_display="⏎", priority=True),
        *(Binding(str(n % 10), f"pick({n - 1})", show=False) for n in range(1, 11)),
        Binding("escape", "leave", "drills.key.back", key_display="esc"),
    ]

    def __init__(
        self,
        run: DrillRun,
        history: History | None,
        *,
        look: CardLook | None = None,
        on_done: Callable[[], None] | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.run, self.history, self.look = run, history, look
        self.question: Question | None = None
        self.answered = False
        self.finished = False
        self.recorded: int | None = None
        self.before: DrillStats | None = None  # the records the run may beat
        self._clock: Timer | None = None
        self.on_done = on_done
        self.preparing = False  # a worker is making the next question of a slow drill
        self.show_next = False  # ask it as soon as it is made (the player pressed enter meanwhile)

    @work(thread=True, exclusive=True, group="drill")
    @giving_back
    def prepare(self, show: bool = False) -> None:
        """Make the next question off the UI thread (``show``: then ask it)."""
        self.run.prepare()
        self.app.call_from_thread(self._prepared, show)

    def _prepared(self, show: bool) -> None:
        self.preparing = False
        if (show or self.show_next) and not self.finished and self.is_mounted:
            self.show_next = False
            self.show_question()

    def compose(self) -> ComposeResult:
        yield Static(self.t(f"drills.drill.{self.run.drill.value}"), classes="screen-title")
        yield Static(id="drill-status")
        with VerticalScroll(id="drill-body"):
            yield Static(id="drill-prompt")
            yield Static(id="drill-show")
            yield ChoiceList(id="drill-choices")  # ↑/↓ in the Footer: some lists outrun the number keys
            yield Static(id="drill-feedback")
        yield self.too_small()
        yield self.footer()

    def after_compose(self) -> None:
        if self.look is None:
            self.look = CardLook(deck=self.settings.deck, suits=self.settings.suits)
        if self.history is not None:
            self.before = drill_stats(self.history, self.run.drill.value, self.run.preset.value)
        if self.question is None and not self.finished:
            self.show_question()
        if self._clock is None and self.run.timed:
            self._clock = self.set_interval(0.25, self.tick)

    # ---- asking

    def show_question(self) -> None:
        """Ask the next question (a slow drill's is made in a worker first, when it is not made yet)."""
        if not self.run.ready:
            if not self.preparing:
                self.preparing = True
                self.question = None
                self.query_one("#drill-prompt", Static).update(Text(self.t("drills.preparing"), style="italic"))
                self.query_one("#drill-show", Static).update("")
                self.query_one("#drill-choices", OptionList).clear_options()
                self.query_one("#drill-feedback", Static).update("")
                self.prepare(show=True)
            return
        q = self.question = self.run.ask()
        self.answered = False
        t = self.t
        self.query_one("#drill-prompt", Static).update(Text(self.prompt(q), style="bold"))
        self.query_one("#drill-show", Static).update(self.render_show(q))
        choices = self.query_one("#drill-choices", OptionList)
        choices.clear_options()
        choices.add_options(
            [
                Option(f"{(n + 1) % 10 if n < 10 else ' '}  {choice_label(t, q, c)}", id=c)
                for n, c in enumerate(q.choices)
            ]
        )
        choices.highlighted = 0
        choices.disabled = False
        choices.focus()
        self.query_one("#drill-feedback", Static).update("")
        self.status()
        self.refresh_bindings()

    def prompt(self, q: Question) -> str:
        return prompt_text(self.t, q)

    def render_show(self, q: Question) -> Group:
        """The cards of the question."""
        return Group(*question_lines(self.t, q, self.look or CardLook()))

    def status(self) -> None:
        run, t = self.run, self.t
        # The difficulty of the question on show: after an answer the run's level has already moved on for the
        # next one, and the question answered keeps the label it was asked with.
        shown = run.answers[-1].question if self.answered and run.answers else run.current
        level = shown.level if shown is not None else run.level
        parts = [
            t("drills.question_n", n=len(run.answers) + (0 if self.answered else 1), items=run.items),
            t("drills.level", level=level + 1),
        ]
        left = run.time_left()
        if left is not None and not self.answered:
            parts.append(t("drills.time_left", s=int(left + 0.999)))
        self.query_one("#drill-status", Static).update("  ·  ".join(parts))

    def tick(self) -> None:
        """The countdown of a timed run: at zero the question counts as wrong."""
        if self.question is None or self.answered or self.finished:
            return
        left = self.run.time_left()
        if left is not None and left <= 0:
            self.give(None)
        else:
            self.status()

    # ---- answering

    def give(self, choice: str | None) -> None:
        """Answer the current question and explain it."""
        if self.question is None or self.answered or self.finished:
            return
        q = self.question
        done = self.run.answer(choice)
        self.answered = True
        t = self.t
        head = Text(verdict_text(t, q, choice, done.right), style="bold green" if done.right else "bold red")
        tail = t("drills.finish") if self.run.done else t("drills.next")
        self.query_one("#drill-feedback", Static).update(
            Group(head, Text(why_text(t, q)), Text(tail, style="dim italic"))
        )
        self.query_one("#drill-choices", OptionList).disabled = True
        self.query_one("#drill-body", VerticalScroll).scroll_end(animate=False)  # the explanation in view
        if not self.run.ready and not self.run.done and not self.preparing:  # the next one, while this is read
            self.preparing = True
            self.prepare()
        self.status()
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#drill-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.answered and event.option.id is not None:
            self.give(event.option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "key_answer":
            keyed = {k.key for k in spec(self.run.drill).keys}
            return parameters[0] in keyed and not self.answered and not self.finished
        asking = self.question is not None and not self.answered and not self.finished
        if action == "answer":
            return asking
        if action == "next":
            return not asking
        return True

    def action_key_answer(self, key: str) -> None:
        """An answer key: the choice it stands for in this drill."""
        self.give(next(k.choice for k in spec(self.run.drill).keys if k.key == key))

    def action_pick(self, index: int) -> None:
        q = self.question
        if q is not None and not self.answered and 0 <= index < len(q.choices):
            self.give(q.choices[index])

    def action_answer(self) -> None:
        """Enter while asking: answer with the highlighted choice."""
        self.action_next()

    def action_next(self) -> None:
        """Enter: choose the highlighted answer, go on to the next question, or close the result."""
        if self.finished:
            self.action_back()
            return
        if not self.answered:
            choices = self.query_one("#drill-choices", OptionList)
            if self.question is not None and choices.highlighted is not None:
                self.give(self.question.choices[choices.highlighted])
            return
        if self.run.done:
            self.finish()
        elif self.preparing:  # the next question is being made: it shows itself once it is
            self.show_next = True
            self.query_one("#drill-prompt", Static).update(Text(self.t("drills.preparing"), style="italic"))
        else:
            self.show_question()

    # ---- the end

    def finish(self) -> None:
        """The run is over: keep it in the history and show how it went."""
        self.finished = True
        r, t = self.run.result(), self.t
        notes: list[Text] = []
        if self.history is not None:
            try:
                self.recorded = self.history.record_drill(self.run.to_dict())
            except WriteFailed:
                notes.append(Text(t("drills.not_recorded"), style="yellow"))
        else:
            notes.append(Text(t("drills.not_recorded"), style="yellow"))
        before = self.before
        if before is not None and r.items >= 10:
            if before.best_accuracy is None or r.accuracy > before.best_accuracy:
                notes.append(Text(t("drills.new_best"), style="bold green"))
            if r.accuracy >= 0.8 and (before.fastest is None or r.seconds < before.fastest):
                notes.append(Text(t("drills.new_fastest"), style="bold green"))
        self.query_one("#drill-prompt", Static).update(
            Text(t("drills.result_title", drill=t(f"drills.drill.{r.drill.value}")), style="bold")
        )
        self.query_one("#drill-show", Static).update(
            Group(
                Text(
                    t(
                        "drills.result",
                        right=r.right,
                        items=r.items,
                        accuracy=f"{r.accuracy:.0%}",
                        seconds=f"{r.seconds:.1f}",
                        streak=r.best_streak,
                    )
                ),
                *notes,
                Text(t("drills.back_hint"), style="dim italic"),
            )
        )
        self.query_one("#drill-choices", OptionList).display = False
        self.query_one("#drill-feedback", Static).update("")
        self.query_one("#drill-status", Static).update("")
        self.refresh_bindings()

    def on_unmount(self) -> None:
        """The game closing mid-drill (Ctrl+Q, a closed terminal or browser tab) keeps the questions answered, as
        *End the drill* does; the table keeps its session the same way (the App's ``keep_table``)."""
        self.keep()

    def keep(self) -> None:
        """Record the run as it stands if it has answers and is not recorded yet (once)."""
        if self.finished or not self.run.answers or self.history is None:
            return
        self.finished = True
        with contextlib.suppress(WriteFailed):  # the game is closing: there is nobody left to tell
            self.recorded = self.history.record_drill(self.run.to_dict())

    def action_leave(self) -> None:
        """``esc``: the one leave dialog, a drill's (keep going, or end the drill with its summary); once the
        result is shown, back to Practice."""
        if self.finished:
            self.action_back()
            return

        def done(choice: Leave | None) -> None:
            """End the drill: the summary of the questions answered (kept), or back to Practice if none was."""
            self.run.hold(False)
            if choice is not Leave.END or self.finished:
                return
            if self.run.answers:
                self.finish()
            else:
                self.action_back()

        self.run.hold(True)  # the question's clock stands still while the dialog is open
        self.app.push_screen(LeaveScreen(leave_choices(None, drill=True), drill=True, t=self.t), done)

    def action_back(self) -> None:
        """Back to Practice."""
        if self._clock is not None:
            self._clock.stop()
        if self.on_done is not None:
            self.on_done()
        self.dismiss(None)
