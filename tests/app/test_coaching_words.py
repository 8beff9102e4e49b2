"""The coach's words (app/view/coach.py): a next-best play priced above the best is said to be noise, never
left unexplained above it (as `solve` says why a dragon stands above a higher-priced arrangement)."""

from __future__ import annotations

from ai import Level, TableView, choose
from ai.coach import review
from app.i18n import Translator
from app.view.coach import above_best, loss_text
from rules.cards import deal


def test_a_play_priced_above_the_best_is_flagged_and_an_ordinary_review_is_not() -> None:
    view, hand = TableView(), deal(12)[0]
    ordinary = review(hand, choose(hand, view, Level.NORMAL).decision, view, tables=40, seed=1)
    assert above_best(ordinary) == any(a.ev > ordinary.best.ev for a in ordinary.alternatives)
    # a weak "best" (the easy level's play) leaves the real best among the alternatives, priced above it
    weak = choose(hand, view, Level.EASY, seed=2).decision
    r = review(hand, weak, view, tables=40, seed=1, best=weak)
    assert r.same_as_best and above_best(r)
    en = Translator("en")
    assert en("coach.review.tied").startswith("A play priced above the best")
    assert "best" in loss_text(en, r)
