"""The results panel after a deal, as words: :data:`PANEL` lists its parts in the order they are drawn, each a
function of :class:`ResultsView` (the deal, the table and the words); the screen
(:class:`app.screens.results.ResultsScreen`) draws one Static a part and draws the :attr:`PanelPart.live` ones
again when the coach's answer comes.

A new line of the panel is a function here and a :class:`PanelPart` in :data:`PANEL` (its words in
``assets/i18n/*/results.toml``). Rich, no Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from app.game import DealRecord, Table
from app.i18n import Translator
from app.view.account import Account, build_account
from app.view.account_grid import account_grid
from app.view.coach import coach_status, deal_luck_text, session_skill, who_finished
from app.view.daily import code_label
from app.view.formatting import deal_units_text, money_text, seat_name

# The inside of the panel, in cells: its width (76, or 100 from 110 columns up) less the border, the padding and
# the scroll bar a long account brings.
NARROW_INSIDE, WIDE_INSIDE = 70, 94


@dataclass(frozen=True)
class ResultsView:
    """A scored deal at its table, in the player's words: what every part of the panel reads."""

    t: Translator
    table: Table
    record: DealRecord

    def seat_name(self, seat: int) -> str:
        """The name the player sees for ``seat``."""
        return seat_name(self.t, seat, self.table.human)

    def account(self) -> Account | None:
        """The viewer's account of the deal (the player's, or the watched seat's)."""
        table = self.table
        return build_account(
            self.t, self.record, table.viewer, table.human, table.totals.money_style, table.config.banker
        )

    def rules_section(self) -> str:
        """The Rules section `?` opens at: the one explaining the account's largest item (rows: scoring)."""
        account = self.account()
        return account.sections[0].value if account is not None and account.sections else "scoring"


def title(view: ResultsView) -> RenderableType:
    """The panel's title: which deal, and its code (the one a friend types to play these cards)."""
    code = code_label(view.t, view.record.code)
    return view.t("results.title", n=view.record.number) + (f" · {code}" if code else "")


def coach_text(view: ResultsView) -> RenderableType:
    """The coach's verdict on the player's decision, its result told apart, and the session's running measure."""
    table, rec = view.table, view.record
    seat = rec.human if rec.human is not None else table.player_seat
    out = Text(coach_status(view.t, table.coach, rec, rec.human), style="bold")
    luck = deal_luck_text(view.t, table.coach, rec, rec.human)
    if luck:  # the deal's result told apart (RULES.md §24.4)
        out.append("\n" + luck)
    if seat is not None:
        out.append("\n" + session_skill(view.t, table.coach, table.history, seat), style="italic")
    return out


def account_title(view: ResultsView) -> RenderableType:
    """Whose account follows."""
    return view.t("results.account.title", seat=view.seat_name(view.table.viewer))


def account_view(view: ResultsView, wide: bool = False) -> Group:
    """The viewer's account in aligned columns (:func:`app.view.account_grid.account_grid`); ``wide`` adds the
    Rules section each item is explained in."""
    account = view.account()
    if account is None:
        return Group(Text(view.t("results.account.none", seat=view.seat_name(view.table.viewer)), style="italic"))
    return account_grid(view.t, account, WIDE_INSIDE if wide else NARROW_INSIDE, wide=wide)


def totals_table(view: ResultsView) -> Group:
    """Each seat's result this deal and running total, then who finished a hand for whom and the practice note."""
    t, rec, table = view.t, view.record, view.table
    grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), expand=True)
    grid.add_column(t("results.col.seat"), no_wrap=True)
    grid.add_column(t("results.col.deal"), justify="right", no_wrap=True)
    settlement = rec.settlement
    if settlement is not None:
        grid.add_column(t("results.col.rake"), justify="right", no_wrap=True)
    grid.add_column(t("results.col.total"), justify="right", no_wrap=True)
    money_after = rec.after or table.totals.money()
    for s in sorted(table.seating.seats, key=lambda s: (-(money_after[s] if money_after else 0), s)):  # no empty chair
        units = rec.units[s] if rec.units else 0
        style = "green" if units > 0 else "red" if units < 0 else ""
        cells: list[RenderableType] = [
            view.seat_name(s) + ("" if s in rec.seats else f" ({t('table.status.out')})"),
            Text(deal_units_text(t, table.totals.money_style, units), style=style),
        ]
        if settlement is not None:
            rake = settlement.seats[s].rake
            cells.append(f"-{rake}" if rake else "0")  # zeros shown: no rake on a loss
        cells.append(money_text(t, table.totals.money_style, money_after[s] if money_after else 0))
        grid.add_row(*cells)
    parts: list[RenderableType] = [grid]
    finished = who_finished(t, rec)  # the clock ran out, or the player left the seat: which one
    if finished:
        parts.append(Text(finished, style="yellow"))
    if not table.scored:
        parts.append(Text(t("results.practice_note"), style="italic"))
    return Group(*parts)


@dataclass(frozen=True)
class PanelPart:
    """One part of the results panel: its Static's ``id`` (the tests and the coach's redraw find it by it), its
    CSS ``classes``, what it shows (``draw``), and whether the coach's answer changes it (``live``)."""

    id: str
    draw: Callable[[ResultsView], RenderableType]
    classes: str = ""
    live: bool = False


# The panel from top to bottom. The account is there twice: the narrow one, and the wide one (with the Rules
# section of each item) that the screen's -wide class shows instead from 110 columns up.
PANEL: tuple[PanelPart, ...] = (
    PanelPart("title", title, "dialog-title"),
    PanelPart("coach", coach_text, live=True),
    PanelPart("account-title", account_title, "account-title"),
    PanelPart("account", account_view, "account-narrow"),
    PanelPart("account-wide", lambda view: account_view(view, wide=True), "account-wide"),
    PanelPart("totals", totals_table),
)
