"""The deal of the day: a month's calendar (arrows move the day, [ and ] the month, p the rules), what the day
holds, ⏎ to play it (for the record once, as practice after), s to copy the share line; and the dialog that
plays a deal code.

The words are :mod:`app.view.daily`'s, the record :mod:`app.game.daily`'s; the comparison with the computer
levels, a second or two, is worked out in a worker the first time a played day is shown.

The same concept on another floor: the screen of :mod:`app.game.daily` and :mod:`app.view.daily`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from app.game.daily import DayPlayed, claim, daily_config, day_played, played_days, streak, with_comparison
from app.heap import giving_back
from app.screens.base import MENU_CSS, BaseModal, BaseScreen
from app.screens.messages import StartTable
from app.store.daily import DailyBook
from app.store.database import History, WriteFailed
from app.view.daily import calendar_text, code_error, day_text, streak_text
from app.widgets.chrome import GameFooter
from rules.dealcode import DealCode, DealCodeError, daily_code, daily_family, parse_deal_code
from rules.presets import Preset

PRESETS = tuple(Preset)


class DailyScreen(BaseScreen[None]):
    """The calendar of the deals of the day (see the module docstring)."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "daily.key.play", key_display="⏎", priority=True),
        Binding("left", "move(-1)", "daily.key.day", key_display="←→↑↓", priority=True),
        Binding("right", "move(1)", "daily.key.day", show=False, priority=True),
        Binding("up", "move(-7)", "daily.key.day", show=False, priority=True),
        Binding("down", "move(7)", "daily.key.day", show=False, priority=True),
        Binding("left_square_bracket", "month(-1)", "daily.key.month", key_display="[ ]"),
        Binding("right_square_bracket", "month(1)", "daily.key.month", show=False),
        Binding("p", "rules", "daily.key.rules"),
        Binding("s", "copy", "daily.key.copy"),
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
    ]

    def __init__(
        self,
        history: History | None,
        preset: Preset = Preset.TAIWAN,
        *,
        today: Callable[[], dt.date],
        compare: bool = True,
        **kwargs: object,
    ) -> None:
        """``today`` is the injected clock's UTC date; ``compare`` False leaves the levels' comparison to later
        (a test that looks at the screen, not at the levels' play)."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history = history
        self.preset = preset
        self.today_of = today
        self.today = today()
        self.selected = self.today
        self.compare = compare
        self.played: DayPlayed | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.t("daily.title"), classes="screen-title")
        with VerticalScroll(id="daily-body", classes="doc"):
            yield Static(id="daily-streak", classes="section")
            yield Static(id="daily-calendar")
            yield Static(id="daily-day")
        yield self.too_small()
        yield self.footer()

    def after_compose(self) -> None:
        self.show()

    def on_screen_resume(self) -> None:
        """Back from the table: the day just played shows its result."""
        if self.is_mounted:
            self.today = self.today_of()
            self.show()

    def show(self) -> None:
        """Draw the streak, the month and the selected day."""
        t, family = self.t, daily_family(self.preset)
        month = self.selected.replace(day=1)
        last = (month + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
        marks: dict[dt.date, bool] = {}
        days: list[str] = []
        if self.history is not None:
            for row in self._book_rows(month.isoformat(), last.isoformat(), family):
                marks[dt.date.fromisoformat(row[0])] = row[1]
            days = played_days(self.history)
        self.query_one("#daily-streak", Static).update(streak_text(t, streak(days, self.today)))
        self.query_one("#daily-calendar", Static).update(calendar_text(t, month, self.selected, self.today, marks))
        self.played = None
        if self.history is not None and self.selected <= self.today:
            self.played = day_played(self.history, self.selected, self.preset)
        self._day()
        if (
            self.compare
            and self.played is not None
            and self.played.record is not None
            and self.played.comparison is None
        ):
            self._work_out(self.played)

    def _book_rows(self, first: str, last: str, family: str) -> list[tuple[str, bool]]:
        assert self.history is not None
        return [(r.day, r.deal is not None) for r in DailyBook(self.history).between(first, last, family)]

    def _day(self) -> None:
        code = daily_code(self.selected, self.preset).text
        text = day_text(
            self.t, self.selected, self.today, self.preset.value, code, self.played, self.history is not None
        )
        self.query_one("#daily-day", Static).update(text)

    @work(thread=True, exclusive=True, group="daily-compare")
    @giving_back
    def _work_out(self, played: DayPlayed) -> None:
        assert self.history is not None
        done = with_comparison(self.history, played)
        self.app.call_from_thread(self._compared, done)

    def _compared(self, done: DayPlayed) -> None:
        if self.played is not None and self.played.row == done.row:
            self.played = done
            self._day()

    def action_move(self, days: int) -> None:
        """Another day (a day to come can be looked at, not played)."""
        self.selected = min(max(self.selected + dt.timedelta(days=days), dt.date(2000, 1, 1)), dt.date(2100, 12, 31))
        self.show()

    def action_month(self, step: int) -> None:
        """The same day of the month before or after (its last day when shorter)."""
        year, month = divmod(self.selected.year * 12 + self.selected.month - 1 + step, 12)
        if not 2000 <= year <= 2100:
            return
        day = self.selected.day
        while True:
            try:
                self.selected = dt.date(year, month + 1, day)
                break
            except ValueError:
                day -= 1
        self.show()

    def action_rules(self) -> None:
        """The next preset's deal (taiwan and tournament share one)."""
        self.preset = PRESETS[(PRESETS.index(self.preset) + 1) % len(PRESETS)]
        self.show()

    def action_play(self) -> None:
        """Sit down to the selected day: for the record when it was never claimed (the claim is written first),
        as practice otherwise."""
        day = self.selected
        if day > self.today:
            self.app.bell()
            self.notify(self.t("daily.future_bell"))
            return
        record = False
        if self.history is not None:
            try:
                record = claim(self.history, day, self.preset)
            except WriteFailed:
                record = False
        if not record:
            self.notify(self.t("daily.practice_now" if self.history is not None else "daily.no_history"))
        self.post_message(StartTable(daily_config(day, self.preset, record=record)))

    def action_copy(self) -> None:
        """Copy the selected day's share line (Textual's copy_to_clipboard: the terminal's, or the browser's)."""
        line = None if self.played is None else self.played.share()
        if line is None:
            self.notify(self.t("daily.nothing_to_copy"))
            return
        self.app.copy_to_clipboard(line)
        self.notify(self.t("daily.copied", line=line))

    def action_back(self) -> None:
        self.dismiss(None)


class CodeDialog(BaseModal[DealCode | None]):
    """Type a deal code; ⏎ dismisses with the code it names, and a code that names none says what is wrong."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "menu.key.back", key_display="esc")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.t("daily.code.title"), classes="dialog-title")
            yield Static(self.t("daily.code.prompt"), classes="dialog-body")
            yield Input(placeholder=self.t("daily.code.placeholder"), max_length=40, id="code-input")
            yield Static("", id="code-error", classes="dialog-body")
        yield GameFooter()

    def after_compose(self) -> None:
        self.query_one("#code-input", Input).focus()

    @on(Input.Submitted, "#code-input")
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            code = parse_deal_code(event.value)
        except DealCodeError as exc:
            self.query_one("#code-error", Static).update(code_error(self.t, exc, event.value))
            self.app.bell()
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)
