"""The review screen's lines on a seat's passes of 換三張 (rules/RULES.md §21): what it passed in each round and,
for the player's own passes, the coach's word on them (priced in a worker, :mod:`app.screens.table.coaching`)."""

from __future__ import annotations

from rich.text import Text

from app.game import Table
from app.game.record import DealRecord, Decider
from app.game.seat_decisions import DecisionKind, decisions_of
from app.i18n import Translator
from app.view.cards import CardLook, cards_text
from app.view.coach import VERDICT_STYLE as STYLE
from app.view.formatting import seat_name, units_text
from rules.exchange import receiver


def pass_lines(t: Translator, table: Table, rec: DealRecord, seat: int, look: CardLook) -> Text | None:
    """Each round's pass of ``seat`` with the coach's verdict when priced; None for a deal without passes."""
    if rec.exchange is None or not rec.passes:
        return None
    out = Text()
    chosen = [d.who for d in decisions_of(rec, seat) if d.kind is DecisionKind.PASS]
    for k, passes in enumerate(rec.passes):
        to = rec.seats[receiver(rec.position(seat), len(rec.seats), rec.exchange)]
        out.append(t("coach.review.pass_round", n=k + 1, seat=seat_name(t, to, table.human)) + " ", style="bold")
        out.append_text(cards_text(sorted(passes[seat], reverse=True), look))
        out.append("\n")
        who = chosen[k] if k < len(chosen) else None
        if seat == rec.human and who is Decider.TIMEOUT:
            out.append(t("coach.review.pass_computer") + "\n", style="italic")
            continue
        if seat == rec.human and who is Decider.TAKEOVER:
            out.append(t("coach.review.pass_left") + "\n", style="italic")
            continue
        priced = table.coach.passes.get((rec.number, seat, k))
        if priced is None:
            if (rec.number, seat, k) in table.coach.passes_pending:
                out.append(t("coach.review.pass_pending") + "\n", style="italic")
            continue
        verdict = t(f"coach.verdict.{priced.verdict.value}")
        if priced.loss <= 0:
            out.append(
                t("coach.review.pass_best", verdict=verdict, ev=units_text(t, priced.best_ev, places=2)) + "\n",
                style=STYLE[priced.verdict],
            )
            continue
        out.append(
            t(
                "coach.review.pass_worse",
                verdict=verdict,
                lost=units_text(t, f"{priced.loss:.2f} ± {priced.ci95:.2f}"),
            )
            + " ",
            style=STYLE[priced.verdict],
        )
        out.append_text(cards_text(sorted(priced.best, reverse=True), look))
        out.append("\n")
    return out
