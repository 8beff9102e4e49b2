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
    # a weak "best" (a legal stand-in arrangement, no level's choice: the levels err little now) leaves the
    # real best among the alternatives, priced above it
    from rules.arrangement import stand_in
    from rules.deal import Decision

    weak = Decision.arranged(stand_in(hand))
    r = review(hand, weak, view, tables=40, seed=1, best=weak)
    assert r.same_as_best and above_best(r)
    en = Translator("en")
    assert en("coach.review.tied").startswith("A play priced above the best")
    assert "best" in loss_text(en, r)


def test_the_line_after_a_hand_the_computer_finished_says_which_happened() -> None:
    from app.config import TableConfig
    from app.game import Table
    from app.game.record import Decider
    from app.view.coach import who_finished

    table = Table(TableConfig(seed=4, levels=(Level.EASY,) * 3))
    table.deal()
    rec = table.current
    from rules.arrangement import stand_in
    from rules.deal import Decision

    rec.decisions[0] = Decision.arranged(stand_in(rec.hands[0]))
    en, tw = Translator("en"), Translator("zh-TW")
    rec.decided_by[0] = Decider.TIMEOUT
    assert who_finished(en, rec).startswith("The clock ran out") and "時間到了" in who_finished(tw, rec)
    rec.decided_by[0] = Decider.TAKEOVER
    assert who_finished(en, rec).startswith("You left your seat to the computer")
    rec.decided_by[0] = Decider.PLAYER
    assert who_finished(en, rec) == ""


def test_a_deal_with_a_pass_names_its_parts_the_worst_first() -> None:
    from ai import PassReview, Verdict

    view, hand = TableView(), deal(12)[0]
    rows = review(hand, choose(hand, view, Level.NORMAL).decision, view, tables=40, seed=1)
    bad = PassReview(tuple(hand[:3]), -1.0, tuple(hand[3:6]), 7.0, 8.0, 2.5, Verdict.BLUNDER, 48)
    whole = rows.with_passes([(0, bad)])
    assert whole.loss == round(8.0 + rows.loss, 4) and whole.verdict is Verdict.BLUNDER and not whole.same_as_best
    assert whole.ci95 >= 2.5 and whole.worst is not None and whole.worst.loss == 8.0
    en = Translator("en")
    assert f"(the pass lost 8.00, the rows {rows.loss:.2f})" in loss_text(en, whole)
    assert "传牌少赢 8.00" in loss_text(Translator("zh-CN"), whole)
    # a pass as good as the best adds nothing: the verdict is the rows' again, and it reads back whole
    good = PassReview(tuple(hand[:3]), 7.0, tuple(hand[:3]), 7.0, 0.0, 0.0, Verdict.BEST, 48)
    assert rows.with_passes([(0, good)]).verdict is rows.verdict
    # a pass the pass coach calls best (its loss within its interval) never makes the deal's verdict worse,
    # though its loss is still added to the deal's
    noisy = PassReview(tuple(hand[:3]), 6.5, tuple(hand[3:6]), 7.0, 0.5, 0.6, Verdict.BEST, 48)
    with_noise = rows.with_passes([(0, noisy)])
    assert with_noise.verdict is rows.verdict and with_noise.loss == round(rows.loss + 0.5, 4)
    assert type(whole).from_dict(whole.to_dict()) == whole
