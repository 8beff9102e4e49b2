"""The results panel after a deal: the pairwise table (rows won, 打槍, bonuses, units, points) and the totals."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from app.game import DealRecord, Table, pair_line
from app.i18n import Translator
from app.screens.base import BaseModal
from app.view.cards import CardLook
from app.view.coach import coach_status, session_skill
from app.view.formatting import deal_units_text, item_name, money_text, seat_name, signed
from app.widgets.chrome import GameFooter
from rules.ledger import Currency


def pair_rows(table: Table, rec: DealRecord, viewer: int) -> list[tuple[int, int]]:
    """Pairs to list, the viewer's first (from the viewer's side), then the others in seat order."""
    seats = list(rec.seats)
    pairs = [(viewer, o) for o in seats if o != viewer] if viewer in seats else []
    rest = [s for s in seats if s != viewer]
    pairs += [(a, b) for k, a in enumerate(rest) for b in rest[k + 1 :]]
    return [(a, b) for a, b in pairs if rec.compared(a, b)]  # a banker game: only the banker's pairs


class ResultsScreen(BaseModal[str | None]):
    """The deal's results over the table. Dismisses with "next" (`n`) or None (closed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "close('next')", "results.key.next"),
        Binding("c", "close('coach')", "results.key.coach"),
        Binding("escape,enter,r", "close", "results.key.close", key_display="esc"),
        Binding("question_mark", "noop", "results.key.help", show=False),
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
            yield Static(self.pairs_table(), id="pairs")
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

    def pairs_table(self) -> RichTable:
        """Every pair: rows won, 打槍, bonuses, units and points."""
        t, rec, table = self.t, self.record, self.table
        money_style = table.money_style
        grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), expand=True)
        grid.add_column(t("results.col.pair"), no_wrap=True)
        grid.add_column(t("results.col.rows"), justify="center", no_wrap=True)
        grid.add_column(t("results.col.sweep"), justify="right", no_wrap=True)
        lines = [pair_line(rec, a, b) for a, b in pair_rows(table, rec, table.viewer)]
        items = [[f"{item_name(t, i.kind, table.preset)} {signed(i.value)}" for i in line.others] for line in lines]
        # The widest item sets the column, so no item's amount wraps away from its name at 80 columns.
        widest = max((cell_len(text) for parts in items for text in parts), default=0)
        grid.add_column(t("results.col.bonus"), justify="left", min_width=min(widest, 32))
        grid.add_column(t("results.col.units"), justify="right", no_wrap=True)
        if money_style.unit_worth is not None:
            grid.add_column(
                t("results.col.coins" if money_style.worth_in is Currency.COINS else "results.col.points"),
                justify="right",
                no_wrap=True,
            )
        for line, bonus_parts in zip(lines, items, strict=True):
            a, b = line.seat, line.other
            # Every part shows its units, so a row of the panel adds up to its Units column.
            rows = line.record if line.outcomes is None or not line.rows else f"{line.record} {signed(line.rows)}"
            units = line.units
            style = "green" if units > 0 else "red" if units < 0 else ""
            cells = [
                f"{self.seat_name(a)} – {self.seat_name(b)}",
                rows,
                signed(line.sweep) if line.sweep else "",
                Text("\n".join(bonus_parts)),  # one item a line
                Text(signed(units), style=style),
            ]
            worth = money_style.points_of(units)
            if worth is not None:
                cells.append(Text(signed(worth), style=style))
            grid.add_row(*cells)
        return grid

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
                cells.append(f"-{rake}" if rake else "")
            cells.append(self.money_text(s, money_after[s] if money_after else 0))
            grid.add_row(*cells)
        parts: list = [grid]
        if rec.computer_for_human:
            parts.append(Text(t("table.msg.takeover_done"), style="yellow"))
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

    def action_noop(self) -> None:
        """`?` on the results panel does nothing (the help lists the table's keys)."""
