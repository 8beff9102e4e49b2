"""The coach's review of one seat's decision: the play and the best play side by side, each row's chance of
winning, the next best plays with their expected units, and why. ←/→ turn to another seat of the deal ("why
did North play that?"); a decision not priced yet is asked for and shown once the coach has it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich import box
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ai import PricedPlay, Review
from app.game import DealRecord, Table
from app.i18n import Translator
from app.screens.base import BaseModal
from app.view.cards import CardLook, cards_text
from app.view.coach import (
    VERDICT_STYLE,
    above_best,
    constrained_note,
    loss_text,
    not_yours,
    percent,
    play_text,
    row_hand,
    why,
)
from app.view.daily import code_label
from app.view.exchange_review import pass_lines
from app.view.formatting import seat_name, signed
from app.view.ladder import pattern_name
from app.widgets.chrome import GameFooter
from rules.arrangement import Row


class ReviewScreen(BaseModal[None]):
    """One deal's decisions as the coach prices them, a seat at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the scrolling body would otherwise take ←/→ for itself
        Binding("left", "turn(-1)", "coach.key.other", key_display="←→", priority=True),
        Binding("right", "turn(1)", "coach.key.other", show=False, priority=True),
        Binding("escape,enter,c", "close", "coach.key.close", key_display="esc"),
    ]

    def __init__(
        self,
        table: Table,
        record: DealRecord,
        seat: int,
        ask: Callable[[int], None],
        look: CardLook | None = None,
        *,
        t: Translator | None = None,
    ) -> None:
        super().__init__(t=t)
        self.table, self.record, self.seat = table, record, seat
        self.ask = ask  # asks the coach to price a seat's decision (the answer comes back to refresh_coach)
        self.look = look or CardLook()

    def compose(self) -> ComposeResult:
        yield self.too_small()
        with VerticalScroll(classes="dialog review-dialog game-body"):
            yield Static(id="review-title", classes="dialog-title")
            yield Static(id="review-body")
        yield GameFooter()

    def on_mount(self) -> None:
        self.refresh_coach()

    def action_turn(self, step: int) -> None:
        """The next (or previous) seat of the deal."""
        seats = list(self.record.seats)
        self.seat = seats[(seats.index(self.seat) + int(step)) % len(seats)]
        self.refresh_coach()

    def action_close(self) -> None:
        self.dismiss(None)

    def refresh_coach(self) -> None:
        """Draw the current seat's review, asking the coach for it when it is not priced yet."""
        t, rec = self.t, self.record
        name = seat_name(t, self.seat, self.table.human)
        code = code_label(t, rec.code)
        title = t("coach.review.title", seat=name, n=rec.number) + (f" · {code}" if code else "")
        self.query_one("#review-title", Static).update(title)
        body = self.query_one("#review-body", Static)
        if not rec.preset.arranged:  # the pattern ladder: nothing was decided, so nothing is priced
            body.update(self.render_nothing())
            return
        priced = self.table.coach.review_for(rec.number, self.seat)
        if priced is None:
            self.ask(self.seat)
            body.update(Text(t("coach.review.pending"), style="italic"))
            return
        body.update(self.render_review(priced))

    def render_nothing(self) -> Group:
        """A deal where nobody decided anything (比牌型): no verdict, and what the rules compared instead."""
        t, rec = self.t, self.record
        lines = Text()
        for seat in rec.seats:
            name = seat_name(t, seat, self.table.human)
            lines.append(
                t("coach.review.nothing_line", seat=name, pattern=pattern_name(t, rec.hands[seat])) + "\n",
                style="bold" if seat == self.seat else "",
            )
        return Group(Text(t("coach.review.nothing")), lines, Text(t("coach.review.keys"), style="italic dim"))

    def render_review(self, r: Review) -> Group:
        """The verdict, both plays row by row, the alternatives and the reasoning."""
        t = self.t
        head = Text(
            loss_text(t, r) + constrained_note(t, self.table.coach, self.record, self.seat, r),
            style=VERDICT_STYLE[r.verdict],
        )
        head.append(not_yours(t, self.record, self.seat), style="yellow")  # a time-out's hand is the computer's
        grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=True, padding=(0, 1))
        grid.add_column("", no_wrap=True)
        grid.add_column(f"{t('coach.review.yours')}  {signed_ev(r.played)}")
        grid.add_column(f"{t('coach.review.best')}  {signed_ev(r.best)}")
        for row in Row:
            grid.add_row(t(f"common.row.{row.id}"), self._cell(r.played, row), self._cell(r.best, row))
        # Which estimate these are: the table's live row % is another one (the player should not compare them).
        chances = Text(t("coach.review.chances"), style="italic dim")
        parts: list[Text | RichTable] = [head, grid, chances, Text(why(t, r))]
        if r.alternatives:
            alts = Text(t("coach.review.alternatives") + "\n", style="bold")
            for n, alt in enumerate(r.alternatives, 2):
                alts.append(f"#{n}  ")
                alts.append_text(self._play(alt))
                alts.append(f"   {signed_ev(alt)}\n")
            if above_best(r):
                alts.append(t("coach.review.tied") + "\n", style="italic")
            parts.append(alts)
        passes = pass_lines(t, self.table, self.record, self.seat, self.look)  # 換三張, when the table passed
        if passes is not None:
            parts.append(passes)
        parts.append(Text(t("coach.review.keys"), style="italic dim"))
        return Group(*parts)

    def _play(self, play: PricedPlay) -> Text:
        """A play in one line, in the table's card tiles (or the declared special)."""
        d = play.decision
        if d.arrangement is None:
            return Text(play_text(self.t, d), style="bold yellow")
        return Text(" / ").join(cards_text(r, self.look) for r in d.arrangement.rows)

    def _cell(self, play: PricedPlay, row: Row) -> Text:
        """One row of a play: its cards, its hand and its chance of winning (a declaration: its name once)."""
        t, d = self.t, play.decision
        if d.arrangement is None:
            return Text(play_text(t, d) if row is Row.FRONT else "", style="bold yellow")
        out = cards_text(d.arrangement.rows[row], self.look)
        out.append("  " + row_hand(t, d, row))
        if play.row_wins is not None:
            out.append("  " + t("coach.review.win", chance=percent(play.row_wins[row])), style="bold")
        return out


def signed_ev(play: PricedPlay) -> str:
    """A play's expected units, signed: a whole number as one (``+4``), else to two places (``+1.25``)."""
    return signed(round(play.ev)) if play.ev == int(play.ev) else f"{play.ev:+.2f}"
