"""Every string and view model the table screen draws, built from the table's state by a plain class that
tests can call without a running App (:class:`TablePresenter`).

The screen owns the presenter, keeps its reveal progress (steps shown, the totals' count-up frame) and its
hint up to date, and hands what it builds to the widgets.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rich.text import Text

from ai import ROW_PRICED, trained_model
from app.game import (
    ArrangeError,
    DealRecord,
    Hint,
    Phase,
    StepKind,
    Table,
    display_order,
    row_winners,
    tally_after,
)
from app.i18n import Translator
from app.view.bell import Bell
from app.view.board import BoardText
from app.view.cards import CardLook
from app.view.exchange import exchange_status, hand_model
from app.view.formatting import SEAT_KEYS, money_text, seat_name, signed, units_text
from app.view.helping import suggestion_text
from app.view.ladder import LadderLine, ladder_model
from app.view.models import HandModel, RowLine, RowsModel, SeatModel
from app.view.table_info import info_text, stake_text
from rules.arrangement import ROW_SIZES, Row
from rules.cards import Card
from rules.deal import Decision, Outcome
from rules.evaluate import base_key, evaluate_row
from rules.ledger import Currency
from rules.special_shapes import special_lines


class TablePresenter:
    """Builds what the table screen shows for one :class:`Table` in one language.

    The reveal's progress is the table's (:attr:`Table.reveal`); ``hint`` is the helper's (card, row) on show;
    ``look`` how cards are drawn. Who decided a seat is the record's (:attr:`DealRecord.decided_by`), never a
    flag here. Two jobs are parts it holds: ``board``, the board's text (:mod:`app.view.board`), and ``bell``,
    the optional bell's cues (:mod:`app.view.bell`).
    """

    def __init__(self, table: Table, t: Translator, look: CardLook | None = None) -> None:
        self.table = table
        self.t = t
        self.look = look or CardLook()
        self.hint: Hint | None = None
        self.board = BoardText(self)  # the board's text, and its size once it is on screen
        self.message: tuple[str, str] = ("", "")  # the last message: (text, kind: info | warning | error)
        self.show_odds = True  # each full row's chance to win while arranging (a setting turns it off)
        self.bell = Bell(self)  # the optional bell's cues

    def show_hint(self, hint: Hint | None) -> None:
        """Put ``hint`` on show (None: take the one on show away, as a new deal or a new reveal does)."""
        self.hint = hint

    def follow_cursor(self, card: Card | None) -> None:
        """The cursor moved to ``card``: the hint on show stays only while it is about that card."""
        self.hint = self.hint if self.hint is not None and self.hint.card == card else None

    def dealer(self) -> int | None:
        """Who deals the deal (tournaments) or holds its bank (a banker game): the record's, until the next."""
        rec = self.table.current
        return self.table.totals.dealer if rec is None else rec.banker if rec.banker is not None else rec.dealer

    def _mark(self) -> str:
        return self.t("table.banker_mark" if self.table.config.banker else "table.dealer_mark")

    def seat_name(self, seat: int, short: bool = False) -> str:
        """The name the player sees for ``seat`` ("You" for the player's own)."""
        return seat_name(self.t, seat, self.table.human, short=short)

    def positions(self) -> dict[str, int]:
        """Table seats by screen position, the viewer at the bottom."""
        v = self.table.viewer
        return {"bottom": v, "right": (v + 1) % 4, "top": (v + 2) % 4, "left": (v + 3) % 4}

    def error_text(self, exc: ArrangeError) -> str:
        """A refused move's reason."""
        params = dict(exc.params)
        if "row" in params:
            params["row"] = self.t(f"common.row.{params['row']}")
        text = self.t(f"table.why.{exc.why.value}", **params)
        return text[:1].upper() + text[1:]  # a reason on its own, not after a key's name: a sentence

    def money_text(self, seat: int, value: int | None = None) -> str:
        """A seat's standing in the table's currency (``value`` overrides the current one)."""
        v = self.table.totals.money()[seat] if value is None else value
        return money_text(self.t, self.table.totals.money_style, v)

    def revealed_rows(self) -> int:
        """How many rows the reveal has shown (3 once past the row steps, or after it)."""
        if self.table.phase is Phase.REVEALING:
            return self.table.reveal.progress.rows_shown
        if self.table.phase in (Phase.RESULTS, Phase.ROUND_SUMMARY) or (
            self.table.phase is Phase.OVER and self.table.current is not None and self.table.current.result is not None
        ):
            return 3
        return 0

    def shown_steps(self) -> int:
        """How many reveal steps are on show."""
        if self.table.phase is Phase.REVEALING:
            return self.table.reveal.progress.shown
        return len(self.table.reveal.steps)

    def display_money(self, seat: int) -> int:
        """Money as the count-up shows it: before the deal until the totals step, then counting."""
        if self.table.phase is not Phase.REVEALING:
            return self.table.totals.money()[seat]
        return self.table.reveal.money(seat)

    def _row_line(self, rec: DealRecord | None, seat: int, row: Row, shown: int, short: bool) -> RowLine:
        label = self.t(f"table.row_label.{row.id}", size=ROW_SIZES[row])
        decision = rec.decisions.get(seat) if rec else None
        own = seat == self.table.human or (rec is not None and seat == rec.human)
        if rec is None or decision is None or row >= shown or rec.result is None:
            if own and decision is not None and decision.arrangement is not None:
                return RowLine(label, display_order(decision.arrangement.rows[row]), ROW_SIZES[row])  # one's own
            return RowLine(label, None, ROW_SIZES[row])
        if decision.arrangement is None:
            return self._special_line(decision, row, short)
        cards = display_order(decision.arrangement.rows[row])
        value = decision.arrangement.values(self.table.config.options.wheel)[row]
        # Opponents' panels get the full bilingual name too; the panel falls back to the short one only
        # where its width forces it.
        name = self.t(f"common.category.{value.category.id}") + (f" JK={value.joker.symbol()}" if value.joker else "")
        short_name = self.t(f"common.category_short.{value.category.id}") if short else name
        marks = Text()
        style = ""
        if rec.fouled(seat):
            style = "red"
        if short:
            if seat in row_winners(rec, row) and self.table.preset.pays(row):
                marks.append("★", style="bold yellow")
            # Coloured as the viewer reads it once revealed: red where this row beat yours, green where
            # yours beat it, dim for a tie (the ★ marks the row's best at the table).
            viewer = self.table.viewer
            paid = viewer in rec.seats and viewer != seat and self.table.preset.pays(row)  # backrow: the back
            against = rec.outcome(seat, viewer, row) if paid else None
            colours = {Outcome.WIN: "bold red", Outcome.LOSS: "bold green", Outcome.TIE: "dim"}
            colour = colours.get(against, "") if against is not None else ""
            style = style or colour
        else:
            for other in self._others(seat):
                if other not in rec.seats:
                    continue
                o = rec.outcome(seat, other, row) if self.table.preset.pays(row) else None  # backrow: back only
                # The seat's letter and its mark in one style: they stay together however the text is drawn.
                mark, mark_style = {
                    Outcome.WIN: ("▲", "bold green"),
                    Outcome.LOSS: ("▼", "bold red"),
                    Outcome.TIE: ("=", "dim"),
                }.get(o, ("·", "dim"))  # type: ignore[arg-type]
                marks.append(" ")
                marks.append(self.seat_name(other, short=True) + mark, style=mark_style)
            # What the row took from the table, beside its marks, where a row is worth its own amount (in
            # the taiwan family a pair's rows are settled together, at the back).
            worth_own = self.table.preset in ROW_PRICED
            step = next((s for s in self.table.reveal.steps if s.kind is StepKind.ROW and s.row is row), None)
            if worth_own and step is not None and step.delta[seat]:
                amount = step.delta[seat]
                marks.append(f"  {signed(amount)}", style="bold green" if amount > 0 else "bold red")
        return RowLine(label, tuple(cards), ROW_SIZES[row], name, style, marks, short_name)

    def ladder_model(self, seat: int, short: bool) -> LadderLine | None:
        """The pattern ladder's hand line of ``seat`` (None at any other table): app/view/ladder.py."""
        return ladder_model(
            self.t,
            self.table,
            seat,
            short=short,
            revealed=self.revealed_rows(),
            others=self._others(seat),
            short_name=lambda s: self.seat_name(s, short=True),
        )

    def _special_line(self, decision: Decision, row: Row, short: bool) -> RowLine:
        """One line of a declared special, its cards in the shape that makes it (not three rows, which it
        has not got): the player's own box names the special on its first line, an opponent's in its note."""
        assert decision.declare is not None
        cards = special_lines(decision.declare, decision.cards)[row]
        name = self.t(f"common.special.{decision.declare.id}") if row is Row.FRONT and not short else ""
        return RowLine("", cards, len(cards), name, "bold yellow")

    def hinted(self) -> frozenset[Card]:
        """The cards the hint lights up: the card under the cursor and the rest of the row it belongs to."""
        return frozenset(self.hint.group) if self.hint else frozenset()

    def hint_text(self) -> str:
        """The hint on show, with its reason: where the card goes, with which cards, making what."""
        assert self.hint is not None
        h = self.hint
        return self.t(
            "table.msg.hint",
            card=self.look.label(h.card),
            row=self.t(f"common.row.{h.row.id}"),
            cards=" ".join(self.look.label(c) for c in h.group),
            hand=self.t(f"common.category.{h.category.id}"),
        )

    def row_odds(self, row: Row, cards: Sequence[Card]) -> float:
        """How often a full row beats a typical opponent's row in that position (a tie counted half), from
        the `hard` level's self-play tables: the rows strong players put there."""
        options = self.table.config.options
        model = trained_model(self.table.preset, options.wheel).rows[row]
        key = np.array([base_key(evaluate_row(cards, options.wheel).key())])
        win, tie = model.win_tie(key)
        return float(win[0] + tie[0] / 2)

    def suggestion_text(self) -> str:
        """The suggestion on show: which of how many (around placed cards, or from scratch), what play it
        is, and its expected units against this table (:mod:`app.view.helping`)."""
        return suggestion_text(self.t, self.table)

    def _others(self, seat: int) -> list[int]:
        pos = self.positions()
        return [s for s in (pos["left"], pos["top"], pos["right"], pos["bottom"]) if s != seat]

    def seat_model(self, seat: int) -> SeatModel:
        """What an opponent's panel shows (an empty chair: its name, nothing in it)."""
        table = self.table
        rec = table.current
        if table.seating.is_empty(seat):
            return SeatModel(self.seat_name(seat), status=self.t("table.status.empty"), status_class="empty")
        level = (
            self.t(f"common.level.{table.seating.level_of(seat).value}")
            if table.is_computer(seat)
            else self.t("common.level.person")
        )
        title = f"{self.seat_name(seat)} · {level}"
        if self.dealer() == seat:
            title += " · " + self._mark()
        status = table.status(seat)
        shown = self.revealed_rows()
        classes = status.value
        if rec is None or seat not in rec.seats:
            status_text = self.t("table.status.out")
            classes = "out"
        elif table.phase is Phase.ARRANGING:
            status_text = self.t(f"table.status.{status.value}")
        elif table.exchange.active:
            status_text, classes = exchange_status(self.t, table, seat)
        elif rec.result is not None and rec.fouled(seat) and shown:
            status_text = self.t("table.status.foul")
            classes = "foul"
        else:
            status_text = ""
        tally = ""
        note = ""
        if rec is not None and rec.result is not None and seat in rec.seats and table.phase is not Phase.ARRANGING:
            tally = signed(tally_after(table.reveal.steps, self.shown_steps())[seat])
            decision = rec.decisions.get(seat)
            if decision is not None and decision.declare is not None and shown:
                note = self.t(f"common.special.{decision.declare.id}")
        rows = tuple(self._row_line(rec, seat, r, shown, short=True) for r in Row)
        money = "" if table.totals.currency is Currency.NONE else self.money_text(seat, self.display_money(seat))
        if self.dealer() == seat:
            classes += " dealer"
        ladder = self.ladder_model(seat, short=True)  # the pattern ladder: one hand line instead of the rows
        return SeatModel(title, money, status_text, classes, tally, () if ladder else rows, note, ladder)

    def rows_model(self) -> RowsModel:
        """What the player's rows show: the arrangement in progress, or the revealed rows."""
        table = self.table
        st = table.arrange
        seat = self.positions()["bottom"]
        rec = table.current
        if not table.preset.arranged:  # the pattern ladder: one hand line, no rows
            return RowsModel(ladder=self.ladder_model(seat, short=False))
        if st is not None and table.phase in (Phase.ARRANGING, Phase.EXCHANGING) and table.human == seat:
            if st.declared is not None:  # the rows show the special's shape, named
                decision = Decision.declared(st.hand, st.declared)
                return RowsModel(tuple(self._special_line(decision, row, short=False) for row in Row))
            fouled = {r for pair in st.fouls() for r in pair}
            lines = []
            for row in Row:
                cat = st.row_category(row)
                name = "" if cat is None else self.t(f"common.category.{cat.id}") + st.joker_note(row)
                short = "" if cat is None else self.t(f"common.category_short.{cat.id}") + st.joker_note(row)
                if cat is not None and st.room(row) > 0:
                    name, short = self.t("table.so_far", hand=name), self.t("table.so_far", hand=short)
                elif cat is not None and self.show_odds and self.table.preset.pays(row):
                    pct = round(100 * self.row_odds(row, st.rows[row]))  # short: the figure alone, for 80 columns
                    name, short = self.t("table.row_odds", hand=name, pct=pct), f"{short} · {pct}%"
                lines.append(
                    RowLine(
                        self.t(f"table.row_label.{row.id}", size=ROW_SIZES[row]),
                        st.row_cards(row),
                        ROW_SIZES[row],
                        name,
                        "bold red" if row in fouled else "bold",
                        short_name=short,
                    )
                )
            hint = self.hint
            return RowsModel(tuple(lines), st.cursor_card, st.selected, self.hinted(), hint.row if hint else None)
        shown = self.revealed_rows()
        if rec is not None and seat in (table.human, rec.human) and seat in rec.decisions and not shown:
            # READY (or taken over) but not revealed yet: the player still sees their own rows.
            decision = rec.decisions[seat]
            if decision.declare is not None:
                return RowsModel(tuple(self._special_line(decision, row, short=False) for row in Row))
            lines = []
            for row in Row:
                cards = display_order(decision.arrangement.rows[row]) if decision.arrangement else ()
                lines.append(
                    RowLine(self.t(f"table.row_label.{row.id}", size=ROW_SIZES[row]), tuple(cards), ROW_SIZES[row])
                )
            return RowsModel(tuple(lines))
        return RowsModel(tuple(self._row_line(rec, seat, r, shown, short=False) for r in Row))

    def hand_model(self) -> HandModel:
        """What the player's hand shows."""
        if not self.table.preset.arranged and self.table.human_ready and self.table.phase is Phase.ARRANGING:
            return HandModel(note=self.t("ladder.hand_in"))  # the pattern ladder: in as dealt, no READY
        return hand_model(self.t, self.table, self.hinted())

    def me_title(self) -> str:
        """The player's area title: name, dealer, this deal's tally."""
        table = self.table
        seat = self.positions()["bottom"]
        name = self.seat_name(seat)
        if table.watching:
            return self.t(
                "table.watching_title",
                seat=self.t(f"common.seat.{SEAT_KEYS[seat]}"),
                level=self.t(f"common.level.{table.seating.level_of(seat).value}"),
            )
        parts = [name]
        rec = table.current
        stake = stake_text(self.t, table)
        if self.dealer() == seat and (stake is None or not table.config.banker):  # the stake names the bank
            parts.append(self._mark())
        if stake is not None:
            parts.append(stake)
        if rec is not None and table.phase is not Phase.ARRANGING and rec.result is not None and seat in rec.seats:
            parts.append(self.t("table.this_deal", n=signed(tally_after(table.reveal.steps, self.shown_steps())[seat])))
        return " · ".join(parts)

    def me_money(self) -> str:
        """The player's area's money line (empty when nothing is counted)."""
        seat = self.positions()["bottom"]
        if self.table.totals.currency is Currency.NONE:
            return ""
        return self.money_text(seat, self.display_money(seat))

    def info_text(self, width: int | None = None) -> Text:
        """The top bar: game, preset, deal number, the dealer or banker, the rate of a unit (in ``width``
        columns, the screen's, when known)."""
        return info_text(self.t, self.table, self.dealer(), self.seat_name, width)

    def sidebar_text(self, room: int | None = None) -> Text:
        """The wide layout's side panel: standings and the last deals (as many as ``room`` lines hold)."""
        table = self.table
        if not table.totals.money_style.counted:  # a practice table keeps no totals: say so once (not per seat)
            out = Text(self.t("table.sidebar.practice") + "\n", style="bold")
        else:
            out = Text(self.t("table.sidebar.totals") + "\n", style="bold")
            money = {s: self.display_money(s) for s in table.seating.seats}  # no empty chair
            for s in sorted(table.seating.seats, key=lambda s: (-money[s], s)):
                out.append(self.seat_name(s) + " ")
                out.append(self.money_text(s, money[s]) + "\n")
        # The deal being revealed joins the list once its reveal is over.
        done = table.history[:-1] if table.phase is Phase.REVEALING else table.history
        if done:
            out.append("\n" + self.t("table.sidebar.history") + "\n", style="bold")
            viewer = self.positions()["bottom"]
            shown = 8 if room is None else max(1, min(8, room - 7))  # 7: the standings and two titles
            for rec in done[-shown:][::-1]:
                units = rec.units[viewer] if rec.units else 0
                out.append(self.t("table.sidebar.deal_line", n=rec.number, units=units_text(self.t, units)) + "\n")
        return out

    def message_line(self) -> tuple[str, str]:
        """The message line and its kind: a live foul warning (kind "error") before the last message. Only the
        foul warning is drawn in the error style: a refused move's reason keeps the plain style."""
        foul = self.foul_text()
        if foul:
            return foul, "error"
        text, kind = self.message
        return text, "" if kind == "error" else kind

    def countdown(self) -> tuple[str, str]:
        """The time left and its alarm: "warning" in the last 15 seconds, "danger" in the last 5, "" before
        (and no text without a time limit)."""
        left = self.table.countdown.left()
        if left is None:
            return "", ""
        secs = int(left + 0.999)
        alarm = "danger" if secs <= 5 else "warning" if secs <= 15 else ""
        return self.t("table.countdown", time=f"{secs // 60}:{secs % 60:02d}"), alarm

    def foul_text(self) -> str:
        """The live foul warning naming the offending rows, or empty."""
        st = self.table.arrange
        if st is None or self.table.phase is not Phase.ARRANGING or self.table.human_ready or st.declared:
            return ""
        fouls = st.fouls()
        if not fouls:
            return self.t("table.foul_ahead") if st.foul_ahead else ""
        parts = []
        for upper, lower in fouls:
            uc, lc = st.row_category(upper), st.row_category(lower)
            parts.append(
                self.t(
                    "table.foul_pair",
                    upper=self.t(f"common.row.{upper.id}"),
                    # HIGH_CARD is category 0: "no category yet" is None, never a falsy member.
                    upper_hand=self.t(f"common.category.{uc.id}") if uc is not None else "",
                    lower=self.t(f"common.row.{lower.id}"),
                    lower_hand=self.t(f"common.category.{lc.id}") if lc is not None else "",
                )
            )
        return self.t("table.foul", rows="; ".join(parts))
