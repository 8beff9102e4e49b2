"""Summaries: the arcade round summary (continue or leave) and the end-of-session summary."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from app.game import Phase, Table
from app.game.rating import session_of
from app.i18n import Translator
from app.screens.base import BaseModal
from app.view.coach import session_figures_text, session_skill
from app.view.formatting import money_text, seat_name, signed
from app.widgets.chrome import GameFooter


class SummaryScreen(BaseModal[str | None]):
    """Standings with each seat's money and change. A round summary dismisses "continue" or "leave"; a
    session summary dismisses None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "close('continue')", "results.key.continue"),
        Binding("l", "close('leave')", "results.key.leave_round"),
        Binding("escape,enter", "close('done')", "results.key.done", key_display="⏎"),
    ]

    def __init__(self, table: Table, *, t: Translator | None = None) -> None:
        super().__init__(t=t)
        self.table = table
        self.is_round = table.phase is Phase.ROUND_SUMMARY
        self.summary = table.outcome.summary()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "close":
            return True
        answer = parameters[0] if parameters else None
        if answer in ("continue", "leave"):
            return self.is_round
        return not self.is_round

    def compose(self) -> ComposeResult:
        s = self.summary
        t = self.t
        if self.is_round:
            title = t("results.summary.round_title", n=s.round or 1)
        else:
            title = t("results.summary.session_title")
        yield self.too_small()
        with Vertical(classes="dialog summary-dialog game-body"):
            yield Static(title, classes="dialog-title")
            yield Static(t(f"results.summary.reason.{s.reason}", deals=s.deals), classes="dialog-body")
            yield Static(self.standings(), id="standings")
            seat = self.table.player_seat
            if seat is not None:  # the coach's running measure of the player's own deals
                skill = session_skill(t, self.table.coach, self.table.history, seat, accuracy=self.is_round)
                yield Static(skill, id="skill", classes="dialog-body")
                if not self.is_round:  # the session's accuracy and its result told apart (RULES.md §24)
                    figures = session_of(self.table.coach, self.table.history, seat)
                    yield Static(session_figures_text(t, figures), id="luck", classes="dialog-body")
            keys = "results.summary.keys_round" if self.is_round else "results.summary.keys_session"
            yield Static(t(keys), classes="dialog-keys")
        yield GameFooter()

    def standings(self) -> RichTable:
        """Places, money and change, best first."""
        t, s, table = self.t, self.summary, self.table
        grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), expand=True)
        grid.add_column("#", justify="right")
        grid.add_column(t("results.col.seat"), no_wrap=True)
        grid.add_column(t("results.col.total"), justify="right", no_wrap=True)
        # A session that starts everyone at zero (units, points) has changed by its totals: no second column.
        show_change = self.is_round or any(line.change != line.money for line in s.seats)
        if show_change:
            grid.add_column(t("results.col.change_round" if self.is_round else "results.col.change"), justify="right")
        for place, seat in enumerate(s.standings, 1):
            line = s.line(seat)
            money = money_text(t, table.totals.money_style, line.money)
            # The player's seat stays "You" after they left it: the summary is of their session.
            name = seat_name(t, seat, table.player_seat) + (f" ({t('table.status.out')})" if line.out else "")
            style = "green" if line.change > 0 else "red" if line.change < 0 else ""
            cells = [str(place), name, money] + ([Text(signed(line.change), style=style)] if show_change else [])
            grid.add_row(*cells)
        return grid

    def action_close(self, answer: str) -> None:
        self.dismiss(answer)
