"""The results panel after a deal: the pairwise table (rows won, 打槍, bonuses, units, points) and the totals.

Also the naming helpers the reveal uses: :func:`item_name` for a scored item's kind under a preset and
:func:`step_title` for a reveal step.
"""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from app.game import SWEEP_KINDS, DealRecord, RevealStep, Table
from app.i18n import Translator
from app.widgets.base import GameFooter, TooSmall, translate_bindings
from app.widgets.cards import CardLook
from rules.deal import Outcome
from rules.presets import Preset
from rules.specials import Special

SEAT_KEYS = ("south", "east", "north", "west")
ROW_ITEM_KINDS = frozenset({"rows", "front", "middle", "back", "treasure"})


def item_name(t: Translator, kind: str, preset: Preset) -> str:
    """The name of a scored item (``sweep`` → 打槍, taiwan ``six_pairs`` → 六輪車, a special → its name)."""
    for key in (f"results.item.{preset.value}.{kind}", f"results.item.{kind}"):
        if t.has(key) or Translator("en").has(key):
            return t(key)
    if kind in {s.value for s in Special}:
        return t(f"common.special.{kind}")
    return kind


def step_title(t: Translator, step: RevealStep, preset: Preset) -> str:
    """The heading of a reveal step ("Fronts 頭道", "打槍 Sweeps", "紅不讓" or "全壘打", …)."""
    if step.kind == "row" and step.row is not None:
        return t(f"results.step.{step.row.id}")
    if step.kind == "home_runs":
        return t(
            "results.step.home_runs_taiwan"
            if preset in (Preset.TAIWAN, Preset.TOURNAMENT)
            else "results.step.home_runs"
        )
    return t(f"results.step.{step.kind}")


def signed(n: int) -> str:
    """``+4``, ``-2``, ``0``."""
    return f"+{n:,}" if n > 0 else f"{n:,}"


def points_per_unit(table: Table) -> int | None:
    """What a unit is worth in the points column: 100 taiwan, 20 tournament, the stake in arcade."""
    if table.preset is Preset.ARCADE:
        return table.config.stake
    if table.preset in (Preset.TAIWAN, Preset.TOURNAMENT):
        return table.preset.points_per_unit
    return None


def pair_rows(table: Table, rec: DealRecord, viewer: int) -> list[tuple[int, int]]:
    """Pairs to list, the viewer's first (from the viewer's side), then the others in seat order."""
    seats = list(rec.seats)
    pairs = [(viewer, o) for o in seats if o != viewer] if viewer in seats else []
    rest = [s for s in seats if s != viewer]
    pairs += [(a, b) for k, a in enumerate(rest) for b in rest[k + 1 :]]
    return pairs


class ResultsScreen(ModalScreen[str | None]):
    """The deal's results over the table. Dismisses with "next" (`n`) or None (closed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "close('next')", "results.key.next"),
        Binding("escape,enter,r", "close", "results.key.close", key_display="esc"),
        Binding("question_mark", "noop", "results.key.help", show=False),
    ]

    def __init__(self, t: Translator, table: Table, record: DealRecord, look: CardLook | None = None) -> None:
        super().__init__(classes="game-screen")  # scopes assets/styles/game.tcss
        self.t = t
        self.table = table
        self.record = record
        self.look = look or CardLook()
        translate_bindings(self, t)

    def seat_name(self, seat: int) -> str:
        """The name the player sees for ``seat``."""
        if seat == self.table.human:
            return self.t("common.seat.you")
        return self.t(f"common.seat.{SEAT_KEYS[seat]}")

    def compose(self) -> ComposeResult:
        yield TooSmall(self.t)
        with VerticalScroll(classes="dialog results-dialog game-body"):
            yield Static(self.t("results.title", n=self.record.number), classes="dialog-title")
            yield Static(self.pairs_table(), id="pairs")
            yield Static(self.totals_table(), id="totals")
        yield GameFooter()

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(TooSmall).show_size(event.size.width, event.size.height)

    def pairs_table(self) -> RichTable:
        """Every pair: rows won, 打槍, bonuses, units and points."""
        t, rec, table = self.t, self.record, self.table
        ppu = points_per_unit(table)
        grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), expand=True)
        grid.add_column(t("results.col.pair"), no_wrap=True)
        grid.add_column(t("results.col.rows"), justify="center", no_wrap=True)
        grid.add_column(t("results.col.sweep"), justify="right", no_wrap=True)
        grid.add_column(t("results.col.bonus"), justify="left")
        grid.add_column(t("results.col.units"), justify="right", no_wrap=True)
        if ppu is not None:
            grid.add_column(
                t("results.col.coins" if table.preset is Preset.ARCADE else "results.col.points"),
                justify="right",
                no_wrap=True,
            )
        for a, b in pair_rows(table, rec, table.viewer):
            items = rec.pair_items(a, b)
            outcomes = None
            assert rec.result is not None
            pair = rec.result.pair(rec.position(a), rec.position(b))
            outcomes = pair.rows
            if outcomes is None:
                rows = "—"
            else:
                rows = f"{outcomes.count(Outcome.WIN)}-{outcomes.count(Outcome.TIE)}-{outcomes.count(Outcome.LOSS)}"
            sweep = sum(i.value for i in items if i.kind in SWEEP_KINDS)
            bonus_parts = [
                f"{item_name(t, i.kind, table.preset)} {signed(i.value)}"
                for i in items
                if i.kind not in SWEEP_KINDS and i.kind not in ROW_ITEM_KINDS
            ]
            units = sum(i.value for i in items)
            style = "green" if units > 0 else "red" if units < 0 else ""
            cells = [
                f"{self.seat_name(a)} – {self.seat_name(b)}",
                rows,
                signed(sweep) if sweep else "",
                Text(", ".join(bonus_parts)),
                Text(signed(units), style=style),
            ]
            if ppu is not None:
                cells.append(Text(signed(units * ppu), style=style))
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
        for s in sorted(range(4), key=lambda s: (-(money_after[s] if money_after else 0), s)):
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
        table = self.table
        ppu = points_per_unit(table)
        if ppu is None:
            return self.t("results.units", n=signed(units))
        unit_key = "results.units_coins" if table.preset is Preset.ARCADE else "results.units_points"
        return self.t(unit_key, n=signed(units), p=signed(units * ppu))

    def money_text(self, seat: int, value: int) -> str:
        """A seat's running total in the table's currency."""
        table = self.table
        currency = table.currency
        if currency == "none":
            return self.t("common.practice")
        if table.preset is Preset.TAIWAN:
            return self.t("table.money.taiwan", units=signed(value), points=signed(value * 100))
        if currency == "units":
            return self.t("table.money.units", units=signed(value))
        return self.t(f"table.money.{currency}", n=f"{value:,}")

    def action_close(self, answer: str | None = None) -> None:
        self.dismiss(answer)

    def action_noop(self) -> None:
        """`?` on the results panel does nothing (the help lists the table's keys)."""
