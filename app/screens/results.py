"""The results panel after a deal: the viewer's account (:mod:`app.view.account`: every item against each seat
met, adding up to the deal, then the points or coins it makes) and every seat's totals; `?` opens the Rules
screen at the section of the deal's largest item."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from app.game import DealRecord, Table
from app.i18n import Translator
from app.screens.base import BaseModal
from app.screens.rules_screen import RulesScreen
from app.view.account import Account, build_account
from app.view.account_grid import account_grid
from app.view.cards import CardLook
from app.view.coach import coach_status, session_skill, who_finished
from app.view.formatting import deal_units_text, money_text, seat_name
from app.widgets.chrome import GameFooter

# The inside of the panel, in cells: its width (76, or 100 from 110 columns up) less the border, the padding and
# the scroll bar a long account brings.
NARROW_INSIDE, WIDE_INSIDE = 70, 94


class ResultsScreen(BaseModal[str | None]):
    """The deal's results over the table: the viewer's account (:mod:`app.view.account`) and every seat's
    totals. Dismisses with "next" (`n`), "coach" (`c`), ("rules", section) for `?`, or None (closed)."""

    DEFAULT_CSS = """
    ResultsScreen .account-title { text-style: bold; }
    ResultsScreen .account-wide { display: none; }
    ResultsScreen.-wide .account-wide { display: block; }
    ResultsScreen.-wide .account-narrow { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "close('next')", "results.key.next"),
        Binding("c", "close('coach')", "results.key.coach"),
        Binding("escape,enter,r", "close", "results.key.close", key_display="esc"),
        Binding("question_mark", "rules", "results.key.rules", key_display="?"),
    ]

    def __init__(
        self, table: Table, record: DealRecord, look: CardLook | None = None, *, t: Translator | None = None
    ) -> None:
        super().__init__(t=t)
        self.table = table
        self.record = record
        self.look = look or CardLook()

    def seat_name(self, seat: int) -> str:
        """The name the player sees for ``seat``."""
        return seat_name(self.t, seat, self.table.human)

    def compose(self) -> ComposeResult:
        yield self.too_small()
        with VerticalScroll(classes="dialog results-dialog game-body"):
            yield Static(self.t("results.title", n=self.record.number), classes="dialog-title")
            yield Static(self.coach_text(), id="coach")
            yield Static(
                self.t("results.account.title", seat=self.seat_name(self.table.viewer)), classes="account-title"
            )
            yield Static(self.account_view(), id="account", classes="account-narrow")
            yield Static(self.account_view(wide=True), id="account-wide", classes="account-wide")
            yield Static(self.totals_table(), id="totals")
        yield GameFooter()

    def coach_text(self) -> Text:
        """The coach's verdict on the player's decision, and the session's running measure."""
        table, rec = self.table, self.record
        seat = rec.human if rec.human is not None else table.player_seat
        out = Text(coach_status(self.t, table.coach, rec, rec.human), style="bold")
        if seat is not None:
            out.append("\n" + session_skill(self.t, table.coach, table.history, seat), style="italic")
        return out

    def refresh_coach(self) -> None:
        """The coach's answer came: redraw its lines."""
        self.query_one("#coach", Static).update(self.coach_text())

    def account(self) -> Account | None:
        """The viewer's account of the deal (the player's, or the watched seat's)."""
        table = self.table
        return build_account(self.t, self.record, table.viewer, table.human, table.money_style, table.config.banker)

    def account_view(self, wide: bool = False) -> Group:
        """The viewer's account in aligned columns (:func:`app.view.account_grid.account_grid`); ``wide`` adds
        the Rules section each item is explained in."""
        account = self.account()
        if account is None:
            return Group(Text(self.t("results.account.none", seat=self.seat_name(self.table.viewer)), style="italic"))
        return account_grid(self.t, account, WIDE_INSIDE if wide else NARROW_INSIDE, wide=wide)

    def totals_table(self) -> Group:
        """Each seat's result this deal and running total."""
        t, rec, table = self.t, self.record, self.table
        grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), expand=True)
        grid.add_column(t("results.col.seat"), no_wrap=True)
        grid.add_column(t("results.col.deal"), justify="right", no_wrap=True)
        settlement = rec.settlement
        if settlement is not None:
            grid.add_column(t("results.col.rake"), justify="right", no_wrap=True)
        grid.add_column(t("results.col.total"), justify="right", no_wrap=True)
        money_after = rec.after or table.money()
        for s in sorted(table.seats, key=lambda s: (-(money_after[s] if money_after else 0), s)):  # no empty chair
            units = rec.units[s] if rec.units else 0
            style = "green" if units > 0 else "red" if units < 0 else ""
            cells: list = [
                self.seat_name(s) + ("" if s in rec.seats else f" ({t('table.status.out')})"),
                Text(self.deal_text(s, units), style=style),
            ]
            if settlement is not None:
                rake = settlement.seats[s].rake
                cells.append(f"-{rake}" if rake else "0")  # zeros shown: no rake on a loss
            cells.append(self.money_text(s, money_after[s] if money_after else 0))
            grid.add_row(*cells)
        parts: list = [grid]
        finished = who_finished(t, rec)  # the clock ran out, or the player left the seat: which one
        if finished:
            parts.append(Text(finished, style="yellow"))
        if not table.scored:
            parts.append(Text(t("results.practice_note"), style="italic"))
        return Group(*parts)

    def deal_text(self, seat: int, units: int) -> str:
        """A seat's units this deal (with points or coins)."""
        return deal_units_text(self.t, self.table.money_style, units)

    def money_text(self, seat: int, value: int) -> str:
        """A seat's running total in the table's currency."""
        return money_text(self.t, self.table.money_style, value)

    def action_close(self, answer: str | None = None) -> None:
        self.dismiss(answer)

    def rules_section(self) -> str:
        """The Rules section `?` opens at: the one explaining the account's largest item (rows: scoring)."""
        account = self.account()
        return account.sections[0].value if account is not None and account.sections else "scoring"

    def action_rules(self) -> None:
        """`?`: the table's rules, opened at the section that explains the deal's largest item."""
        config = self.table.config
        self.app.push_screen(
            RulesScreen(
                config.preset,
                options=config.options,
                t=self.t,
                settings=self.settings,
                banker=config.banker,
                exchange=(config.exchange, config.exchange_way),
                section=self.rules_section(),
            )
        )
