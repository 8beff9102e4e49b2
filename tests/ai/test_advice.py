"""Advice and judgement are one estimator (issue 36): the plays auto-arrange offers (:func:`ai.advise`) are priced
the way the coach prices them, so the first played as suggested is graded best or good by the coach on the same
seed and budget, and each suggestion's shown value is the value the coach's review of it reports."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import TableView, Verdict, advise, review
from rules.cards import deal
from rules.presets import Preset

ARRANGED = [p for p in Preset if p.arranged]
TABLES = 40  # the everyday tier's budget: the agreement holds at any budget, since both sides draw the same tables


def _view(preset: Preset, players: int, banker: bool) -> TableView:
    if banker:
        return TableView(preset=preset, players=players, banker=1, stakes=(2,) + (1,) * (players - 1))
    return TableView(preset=preset, players=players)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    preset=st.sampled_from(ARRANGED),
    players=st.sampled_from([4, 4, 3, 2]),
    banker=st.booleans(),
)
def test_the_first_suggestion_played_as_suggested_is_the_coachs_best_or_good(
    seed: int, preset: Preset, players: int, banker: bool
) -> None:
    hand = deal(seed, players)[0]
    view = _view(preset, players, banker)
    advice = advise(hand, view, tables=TABLES, seed=seed)
    judged = review(hand, advice.decision, view, tables=TABLES, seed=seed)
    assert judged.verdict in (Verdict.BEST, Verdict.GOOD)
    assert judged.loss <= judged.ci95 + 1e-9  # within the interval: nothing the same tables show lost
    assert judged.played.ev == pytest.approx(advice.ev, abs=1e-9)  # the value shown is the coach's


@pytest.mark.parametrize("seed", [3, 41])
def test_every_suggestions_shown_value_is_what_the_coach_reports_of_it(seed: int) -> None:
    hand, view = deal(seed)[0], TableView(preset=Preset.TAIWAN)
    advice = advise(hand, view, tables=TABLES, seed=seed)
    plays = [advice, *advice.alternatives]
    assert len(plays) >= 3
    evs = [p.ev for p in plays]
    for play in plays:
        judged = review(hand, play.decision, view, tables=TABLES, seed=seed)
        assert judged.played.ev == pytest.approx(play.ev, abs=1e-9)
        assert judged.loss == pytest.approx(max(0.0, judged.best.ev - play.ev), abs=1e-3)
    assert evs[1:] == sorted(evs[1:], reverse=True) and evs[0] >= max(evs[1:]) - 1e-12


def test_a_declaration_is_offered_at_its_review_price() -> None:
    # A hand holding six pairs (六對半, declared in 十三水): the declaration is among the plays, at the price its
    # review gives it.
    from rules.cards import parse_cards
    from rules.specials import detect_specials

    hand = parse_cards("As Ah Kd Kc 9s 9h 7d 7c 5s 5h 3d 3c Qs")
    view = TableView(preset=Preset.SHISANSHUI)
    assert detect_specials(hand) & Preset.SHISANSHUI.specials
    advice = advise(hand, view, tables=TABLES, seed=7)
    declared = [p for p in (advice, *advice.alternatives) if p.decision.declare is not None]
    assert len(declared) == 1
    judged = review(hand, declared[0].decision, view, tables=TABLES, seed=7)
    assert judged.played.ev == pytest.approx(declared[0].ev, abs=1e-9)
    first = review(hand, advice.decision, view, tables=TABLES, seed=7)
    assert first.verdict in (Verdict.BEST, Verdict.GOOD)
