"""The coach's words: a :class:`ai.reviews.Review` said in the player's language (the command line and the
screens say the same things). Plain Python: no Textual here.

The same concept on another floor: the words of :mod:`ai.coach` and :mod:`app.game.coach`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai import Luck, PartKind, PricedPlay, Review, Verdict
from app.game.rating import SessionFigures, deal_figures, session_of
from app.game.record import Decider, own_deals
from app.game.seat_decisions import finisher
from app.i18n import Translator
from app.view.formatting import units_text
from rules.arrangement import Row
from rules.cards import format_cards
from rules.deal import Decision
from rules.evaluate import evaluate_row

if TYPE_CHECKING:  # the table's coach is not loaded to say a stored review's words (the menu's start-up)
    from app.game import Coach, DealRecord, Skill


def percent(share: float) -> str:
    """A chance as a whole percentage."""
    return f"{round(100 * share)}%"


def row_hand(t: Translator, decision: Decision, row: Row) -> str:
    """The hand a decision makes in ``row`` (its bilingual category name)."""
    assert decision.arrangement is not None
    return t(f"common.category.{evaluate_row(decision.arrangement.rows[row]).category.id}")


def play_text(t: Translator, decision: Decision) -> str:
    """A play in one line: ``front / middle / back`` cards, or the declared special."""
    if decision.declare is not None:
        return t("coach.declare", special=t(f"common.special.{decision.declare.id}"))
    assert decision.arrangement is not None
    return " / ".join(format_cards(r) for r in decision.arrangement.rows)


def loss_text(t: Translator, review: Review) -> str:
    """The verdict and what it cost: ``mistake: −0.84 ± 0.21 units``."""
    verdict = t(f"coach.verdict.{review.verdict.value}")
    if review.same_as_best:
        return t("coach.line_best", verdict=verdict)
    line = t("coach.line", verdict=verdict, lost=units_text(t, f"{review.loss:.2f} ± {review.ci95:.2f}"))
    per_unit = review.preset.points_per_unit
    if per_unit > 1:  # taiwan and tournament keep points too
        line += t("coach.points", points=round(review.loss * per_unit))  # its space, if any, is the language's
    return line + parts_text(t, review)


def parts_text(t: Translator, review: Review) -> str:
    """`` (the pass lost 8.02, the rows 0.10)``: each decision's share of a deal with more than one, the worst
    first; empty for a deal whose rows were its only decision."""
    if review.worst is None:
        return ""
    rounds = sum(p.kind is PartKind.PASS for p in review.parts)
    named: list[str] = []
    for part in sorted(review.parts, key=lambda p: -p.loss):
        if part.kind is PartKind.ROWS:
            name = t("coach.part_rows")
        elif rounds > 1 and part.round is not None:
            name = t("coach.part_pass_round", n=part.round + 1)
        else:
            name = t("coach.part_pass")
        key = "coach.part_first" if not named else "coach.part_next"
        named.append(t(key, part=name, loss=f"{part.loss:.2f}"))
    return t("coach.parts", parts=t("coach.join").join(named))


def above_best(review: Review) -> bool:
    """Whether a next-best play priced above the best: the pricing's noise, as the best is chosen before it
    (so that the best is not flattered by the samples that price it); the review says so."""
    return any(a.ev > review.best.ev for a in review.alternatives)


def why(t: Translator, review: Review) -> str:
    """Why the best play is better, in a sentence or two: the rows that differ, each row's chance of winning
    in both plays, and the 打槍 risk taken and given."""
    you, best = review.played, review.best
    if review.rows_as_best:  # the rows are the best's (what a pass lost is the parts' line, not this one)
        return t("coach.why_same")
    if you.decision.declare is not None or best.decision.declare is not None:
        return t(
            "coach.why_declare",
            yours=units_text(t, you.ev, places=2),
            best=f"{best.ev:+.2f}",
            play=play_text(t, best.decision),
        )
    if you.row_wins is None:  # an arrangement the rules call a foul
        return t("coach.why_foul", best=_rows_clause(t, best, list(Row)))
    mine, theirs = you.decision.arrangement, best.decision.arrangement
    assert mine is not None and theirs is not None
    differ = [r for r in Row if sorted(mine.rows[r]) != sorted(theirs.rows[r])]
    text = t("coach.why_rows", yours=_rows_clause(t, you, differ), best=_rows_clause(t, best, differ))
    return (
        text
        + " "
        + t(
            "coach.why_sweeps",
            given=percent(you.sweeps_given),
            taken=percent(you.sweeps_taken),
            best_given=percent(best.sweeps_given),
            best_taken=percent(best.sweeps_taken),
        )
    )


def _rows_clause(t: Translator, play: PricedPlay, rows: list[Row]) -> str:
    """``front Pair 對子 (71%), middle High card (22%)``: each row's hand and its chance."""
    assert play.row_wins is not None
    return t("coach.join").join(
        t(
            "coach.row_chance",
            row=t(f"common.row.{r.id}").lower(),
            hand=row_hand(t, play.decision, r),
            chance=percent(play.row_wins[r]),
        )
        for r in rows
    )


VERDICT_STYLE = {
    Verdict.BEST: "bold green",
    Verdict.GOOD: "green",
    Verdict.INACCURACY: "yellow",
    Verdict.MISTAKE: "bold yellow",
    Verdict.BLUNDER: "bold red",
}


def coach_status(t: Translator, coach: Coach, rec: DealRecord, seat: int | None) -> str:
    """The coach's line for ``seat``'s decision in ``rec``: the verdict, "pricing…", or why there is none."""
    if not rec.preset.arranged:  # the pattern ladder: nobody decides anything
        return ""
    if seat is None or seat not in rec.decisions or (seat == rec.human and not rec.own(seat)):
        return t("coach.line_off")  # nobody's own play: a watched seat, or a hand the computer decided
    priced = coach.review_for(rec.number, seat)
    if priced is None:
        return t("coach.line_waiting") if coach.is_pending(rec.number, seat) else ""
    return (
        loss_text(t, priced)
        + accuracy_note(t, priced, rec, seat)
        + constrained_note(t, coach, rec, seat, priced)
        + not_yours(t, rec, seat)
    )


def accuracy_text(share: float) -> str:
    """An accuracy (percent, 0–100) as shown: a whole percentage."""
    return f"{round(share)}%"


def accuracy_note(t: Translator, review: Review, rec: DealRecord, seat: int) -> str:
    """`` · accuracy 87%``: the deal's accuracy (RULES.md §24.3) after the coach's verdict; empty where nothing
    was priced (免擺)."""
    found = deal_figures(review, rec, seat)
    return "" if found is None else t("coach.accuracy", accuracy=accuracy_text(found.accuracy))


def figure(value: float) -> str:
    """A figure of luck in units, signed, one place: ``+12.3``, ``-2.1`` (ASCII signs, as :func:`signed`)."""
    return f"{value:+.1f}" if round(value, 1) != 0 else "0.0"


def luck_text(t: Translator, luck: Luck) -> str:
    """``Cards +12.3 · your play -2.1 · the rest +1.4 = +11.6``: a result told apart (RULES.md §24.4), each part to
    one place and the rest taking the rounding, so that what is shown adds up."""
    cards, play = round(luck.cards, 1), round(luck.play, 1)
    rest = round(luck.result - cards - play, 1)
    return t("coach.luck", cards=figure(cards), play=figure(play), rest=figure(rest), result=figure(luck.result))


def deal_luck_text(t: Translator, coach: Coach, rec: DealRecord, seat: int | None) -> str:
    """The player's deal told apart (``Cards +3.2 · your play -0.4 · the rest +2.1 = +4.9``) once the coach priced
    their own decision; empty otherwise."""
    if seat is None or not rec.own(seat):
        return ""
    review = coach.review_for(rec.number, seat)
    found = deal_figures(review, rec, seat) if review is not None else None
    return "" if found is None else luck_text(t, found.luck)


def session_figures_text(t: Translator, figures: SessionFigures) -> str:
    """The session's accuracy over the player's priced deals, and their result told apart, on two lines."""
    if not figures.deals or figures.accuracy is None:
        return t("coach.session_figures_none")
    head = t("coach.session_figures", deals=figures.deals, accuracy=accuracy_text(figures.accuracy))
    return head + "\n" + luck_text(t, figures.luck)


def not_yours(t: Translator, rec: DealRecord, seat: int) -> str:
    """The note after the coach's verdict on the player's seat when the computer decided the hand (a time-out,
    a takeover): the verdict stands, but it is not the player's; empty otherwise."""
    if seat != rec.human or seat not in rec.decisions or rec.own(seat):
        return ""
    return " " + t("coach.not_yours")


def who_finished(t: Translator, rec: DealRecord) -> str:
    """Why the computer decided the player's hand, as it happened (the clock ran out, or the player left the seat
    to it); empty when the player decided it or nobody played the deal."""
    who = finisher(rec)
    if who is Decider.TIMEOUT:
        return t("table.msg.done_timeout")
    if who is Decider.TAKEOVER:
        return t("table.msg.done_takeover")
    return ""


def constrained_note(t: Translator, coach: Coach, rec: DealRecord, seat: int, review: Review) -> str:
    """`` · you played a suggestion around your 3 placed cards; …`` when ``seat`` played an auto-arrange
    suggestion completed around placed cards and the coach found better: it prices every play against the
    best from scratch, so the loss is not read as the helper's. Empty otherwise."""
    around = coach.constrained_around(rec.number, seat, rec.decisions[seat]) if seat in rec.decisions else 0
    return t("coach.constrained", placed=around) if around and not review.rows_as_best else ""


def skill_text(t: Translator, skill: Skill) -> str:
    """The running measure: mean units lost a deal and the share of best plays."""
    if not skill.priced:
        return t("coach.skill_none")
    return t(
        "coach.skill",
        lost=units_text(t, skill.mean_loss, places=2, sign=False),
        best=percent(skill.best_share),
        deals=skill.deals,
    )


def session_skill(t: Translator, coach: Coach, records: list[DealRecord], seat: int, *, accuracy: bool = True) -> str:
    """The running measure of the session's deals the player at ``seat`` decided themselves, and how many of
    the seat's deals it leaves out (the computer's: a time-out, a takeover)."""
    mine = own_deals(records, seat)
    text = skill_text(t, coach.skill(seat, mine))
    figures = session_of(coach, records, seat)
    if accuracy and figures.accuracy is not None:
        text += t("coach.skill_accuracy", accuracy=accuracy_text(figures.accuracy))
    others = sum(r.human == seat for r in records) - len(mine)
    if others > 0:
        text += " " + t("coach.skill_others", n=others)
    return text
