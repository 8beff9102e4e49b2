"""Every estimate says what it is (issue 30 #3; rules/RULES.md §22.2): a suggestion's and a hint's figure is
"expected against this table"; a suggestion around placed cards names them and offers the best play from
scratch too; the coach's verdict on such a suggestion says it was constrained; the review names its row
chances as another estimate than the live row %."""

from __future__ import annotations

import pytest

from app.game import Phase, Purpose, Table, run_ai
from app.game.coach import run_coach
from app.i18n import Translator
from app.view.coach import coach_status, constrained_note
from app.view.helping import hint_with_ev
from app.view.presenter import TablePresenter
from rules.arrangement import Row
from rules.presets import Preset
from tests.app.harness import Clock, config

EN = Translator("en")
AGAINST = {"en": "expected against this table", "zh-TW": "對這桌預期", "zh-CN": "对这桌预期"}


def _table(seed: int = 3) -> Table:
    table = Table(config(Preset.TAIWAN, seed=seed), now=Clock())
    table.start_deal()
    return table


def _place_low_front(table: Table, n: int = 3) -> None:
    """Put the hand's ``n`` lowest cards in one row, the first of back, middle and front that can still be
    completed without a foul: a constraint the best play from scratch need not keep."""
    start = table.arrange
    for row in (Row.BACK, Row.MIDDLE, Row.FRONT):
        st = start
        for card in sorted(st.hand, key=lambda c: (c.rank, c.suit))[:n]:
            st = st.toggle_select(card)
        st = st.place(row)
        if not st.foul_ahead:
            table.arrange = st
            assert len(table.arrange.placed) == n
            return
    raise AssertionError("no row takes the lowest cards legally")


def _suggest(table: Table):
    """`a` answered at once: the request, and the best-from-scratch request it leads to (or None)."""
    request = table.helping.auto_arrange()
    assert request is not None and request.purpose is Purpose.SUGGEST
    assert table.helping.accept_suggestions(request, run_ai(request))
    return request, table.helping.free_request(request)


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_a_suggestion_says_its_figure_is_expected_against_this_table(lang):
    table = _table()
    view = TablePresenter(table, Translator(lang))
    request, free = _suggest(table)
    assert request.fixed is None and free is None  # nothing placed: nothing to add
    text = view.suggestion_text()
    assert AGAINST[lang] in text
    assert {"en": "units", "zh-TW": "賭", "zh-CN": "水"}[lang] in text


def test_a_hint_says_what_its_completion_is_expected_to_win():
    assert hint_with_ev(EN, "Hint: 7♣ goes to the back.", -1.25) == (
        "Hint: 7♣ goes to the back. (-1.2 units expected against this table)"
    )
    assert "對這桌預期 +2.0 賭" in hint_with_ev(Translator("zh-TW"), "提示。", 2.0)


def test_a_constrained_suggestion_names_the_placed_cards_and_offers_the_best_from_scratch():
    table = _table()
    view = TablePresenter(table, EN)
    _place_low_front(table)
    request, free = _suggest(table)
    assert request.fixed is not None and free is not None and free.fixed is None
    constrained = table.arrange.suggestions
    assert "around your 3 placed cards" in view.suggestion_text()
    assert "finding the best from scratch" in view.suggestion_text()  # asked, not in yet
    assert table.helping.is_free_request(free) and not table.helping.is_free_request(request)
    added = table.helping.accept_free(free, run_ai(free))
    suggestions = table.arrange.suggestions
    assert added, "this seed's best play from scratch moves the low cards"
    assert suggestions[:-1] == constrained and len(suggestions) == len(constrained) + 1
    assert table.arrange.suggestion == 0, "the play on show does not change under the player"
    assert "(last: the best from scratch)" in view.suggestion_text()
    for _ in range(len(constrained) - 1):  # `a` walks the constrained ones, then the best from scratch
        assert table.helping.auto_arrange() is None
    assert table.helping.auto_arrange() is None
    assert table.arrange.suggestion == len(suggestions) - 1
    text = view.suggestion_text()
    assert text.startswith(f"{len(suggestions)}/{len(suggestions)} best from scratch:")
    assert "expected against this table" in text
    assert table.arrange.decision().arrangement == suggestions[-1].decision.arrangement


def test_a_best_from_scratch_that_keeps_the_cards_is_not_offered_twice():
    table = _table()
    view = TablePresenter(table, EN)
    _place_low_front(table)
    _, free = _suggest(table)
    # The answer is one of the constrained plays already: the placed cards are where the best puts them.
    same = table.arrange.suggestions[0]
    choice = run_ai(free)
    choice = type(choice)(same.decision, same.ev)
    assert not table.helping.accept_free(free, choice)
    assert len(table.arrange.suggestions) == len(table.helping.offer.suggestions)
    assert "(the best from scratch keeps them too)" in view.suggestion_text()
    rec = table.current
    assert table.coach.constrained_around(rec.number, rec.human, same.decision) == 0  # no excuse needed


def test_the_best_from_scratch_is_dropped_once_the_player_moved_on():
    table = _table()
    _place_low_front(table)
    _, free = _suggest(table)
    table.arrange = table.arrange.return_all()  # the player clears the rows before the answer lands
    before = table.arrange.suggestions
    assert not table.helping.accept_free(free, run_ai(free))
    assert table.arrange.suggestions == before


def test_a_fresh_deal_forgets_the_offer():
    table = _table()
    _place_low_front(table)
    _suggest(table)
    assert table.helping.offer is not None and table.helping.offer.around == 3
    table.arrange = table.arrange.return_all()
    _suggest(table)  # nothing placed now: a plain offer
    assert table.helping.offer is not None and table.helping.offer.around == 0


def _play_and_price(table: Table):
    """READY with the play on show, the computers decided, and the coach's verdict on the player's play."""
    table.decide_computers()
    table.ready()
    assert table.phase is Phase.REVEALING
    rec = table.current
    request = table.coach.request(rec, rec.human, table.asking.view_for(rec.human))
    table.coach.accept(request, run_coach(request))
    return rec


def test_the_coachs_verdict_on_a_constrained_suggestion_says_so():
    table = _table()
    _place_low_front(table)
    _suggest(table)  # the first constrained suggestion is on show; READY with it
    rec = _play_and_price(table)
    review = table.coach.review_for(rec.number, rec.human)
    text = coach_status(EN, table.coach, rec, rec.human)
    assert not review.same_as_best  # this seed's low cards cost something: the best play moves them
    assert text.endswith("you played a suggestion around your 3 placed cards; the best is from scratch")
    assert constrained_note(EN, table.coach, rec, rec.human, review) in text  # the review screen's head too
    assert table.coach.constrained_around(rec.number, rec.human, rec.decisions[rec.human]) == 3


def test_a_play_from_scratch_gets_no_constrained_note():
    table = _table()
    _suggest(table)
    rec = _play_and_price(table)
    assert table.coach.constrained_around(rec.number, rec.human, rec.decisions[rec.human]) == 0
    assert "placed card" not in coach_status(EN, table.coach, rec, rec.human)


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_the_two_row_estimates_are_named_as_two(lang):
    t = Translator(lang)
    live = t("table.row_odds", hand="Pair", pct=23)
    review = t("coach.review.chances")
    assert {"en": "vs typical rows", "zh-TW": "對一般牌", "zh-CN": "对一般牌"}[lang] in live
    assert {"en": "sampled deals", "zh-TW": "模擬牌局", "zh-CN": "模拟牌局"}[lang] in review
    assert {"en": "typical rows", "zh-TW": "一般牌", "zh-CN": "一般牌"}[lang] in review  # and says the other one
