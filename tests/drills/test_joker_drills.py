"""The drills with the joker (RULES.md §20): at a joker table some questions hold it, each answered by the
rules engine as §20 reads it, and a comparison keeps its difficulty; without the joker none ever does."""

from __future__ import annotations

import random

import pytest

from app.game.drills import JOKER_DRILLS, Drill, make_question
from app.game.drills.rows import _joker_pair, _level_of, _pair_for
from app.i18n import Translator
from app.view.drill import why_text
from rules.arrangement import Arrangement, foul_reason
from rules.cards import JOKER, parse_cards
from rules.evaluate import Wheel, compare_values, evaluate_row
from rules.presets import Options, Preset
from rules.specials import detect_specials

JOKER_OPTIONS = Options.for_preset(Preset.TAIWAN, {"joker": True})


def _cards_of(q_show: dict) -> list[str]:  # every card text a question shows
    texts = [
        v for k, v in q_show.items() if k in ("a", "b", "row", "hand", "front", "middle", "back") and isinstance(v, str)
    ]
    texts += [row for seat in q_show.get("seats", []) for row in seat.values() if isinstance(row, str)]
    return texts


@pytest.mark.parametrize("drill", sorted(JOKER_DRILLS))
def test_without_the_joker_no_question_holds_it(drill: Drill) -> None:
    rng = random.Random(3)
    for i in range(40):
        q = make_question(drill, rng, i % 5, Preset.TAIWAN)
        assert not any(JOKER in parse_cards(t) for t in _cards_of(q.show)), q.show


@pytest.mark.parametrize("drill", sorted(JOKER_DRILLS))
def test_at_a_joker_table_some_questions_hold_it(drill: Drill) -> None:
    rng = random.Random(5)
    held = sum(
        any(
            JOKER in parse_cards(t)
            for t in _cards_of(make_question(drill, rng, i % 5, Preset.TAIWAN, JOKER_OPTIONS).show)
        )
        for i in range(60)
    )
    if drill is Drill.SCORE:
        assert held == 60  # a scored table is a joker deal: one of the four hands holds it
    else:
        assert 8 <= held <= 40  # some do, most are natural


def test_a_joker_comparison_is_answered_by_the_rules_and_keeps_its_level() -> None:
    rng = random.Random(11)
    seen = 0
    for i in range(300):
        level = i % 4
        q = make_question(Drill.COMPARE, rng, level, Preset.TAIWAN, JOKER_OPTIONS)
        a, b = parse_cards(q.show["a"]), parse_cards(q.show["b"])
        if JOKER not in a + b:
            continue
        seen += 1
        va, vb = evaluate_row(a), evaluate_row(b)
        result = compare_values(va, vb, False)
        assert q.correct == {"left" if result > 0 else "right" if result < 0 else "equal"}
        assert _level_of(va, vb) == level
        assert q.why.values["joker"] == str((va if JOKER in a else vb).joker)
    assert seen >= 40


def test_at_the_fine_points_the_joker_row_keeps_the_value_of_the_row_it_came_from() -> None:
    """Level 4 (the wheel, a front against a middle, kickers): the joker goes only where its row reads as
    before, so the point the question makes still stands."""
    rng = random.Random(21)
    placed = 0
    for _ in range(300):
        pair = _pair_for(rng, 4, Wheel.LOW)
        if pair is None:
            continue
        got = _joker_pair(*pair, 4, rng, Wheel.LOW)
        if got is None:
            continue
        placed += 1
        side = 0 if JOKER in got[0] else 1
        before, after = evaluate_row(pair[side]), evaluate_row(got[side])
        assert (after.category, after.vector) == (before.category, before.vector)
        assert got[1 - side] == pair[1 - side]
    assert placed >= 40


def test_a_joker_row_can_tie_the_natural_row_it_completes() -> None:
    rng = random.Random(2)
    ties = [
        q
        for q in (make_question(Drill.COMPARE, rng, 3, Preset.TAIWAN, JOKER_OPTIONS) for _ in range(400))
        if q.correct == {"equal"} and "joker" in q.why.values
    ]
    assert ties


def test_name_foul_and_special_questions_with_the_joker_follow_the_evaluator() -> None:
    rng = random.Random(8)
    for i in range(120):
        q = make_question(Drill.NAME, rng, i % 5, Preset.TAIWAN, JOKER_OPTIONS)
        row = parse_cards(q.show["row"])
        assert q.correct == {evaluate_row(row).category.id}
        assert ("joker" in q.why.values) == (JOKER in row)
        q = make_question(Drill.FOUL, rng, i % 5, Preset.TAIWAN, JOKER_OPTIONS)
        arr = Arrangement.parse(q.show["front"], q.show["middle"], q.show["back"])
        assert q.correct == {"legal" if foul_reason(arr) is None else "foul"}
        q = make_question(Drill.SPECIAL, rng, i % 5, Preset.TAIWAN, JOKER_OPTIONS)
        hand = parse_cards(q.show["hand"])
        made = {s.id for s in detect_specials(hand) & Preset.TAIWAN.specials}
        assert q.correct == (made or {"none"})


def test_a_built_special_with_the_joker_in_it_still_makes_it() -> None:
    rng = random.Random(4)
    specials = 0
    for _ in range(200):
        q = make_question(Drill.SPECIAL, rng, 0, Preset.TAIWAN, JOKER_OPTIONS)
        if q.why.values.get("joker_any") and q.correct != {"none"}:
            specials += 1
    assert specials >= 10


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_the_explanation_says_what_the_joker_stands_for(lang: str) -> None:
    t = Translator(lang)
    rng = random.Random(1)
    q = next(
        q
        for q in (make_question(Drill.NAME, rng, 2, Preset.TAIWAN, JOKER_OPTIONS) for _ in range(100))
        if "joker" in q.why.values
    )
    text = why_text(t, q)
    card = q.why.values["joker"]
    assert t("drills.why.joker", card="X").split("X")[0] in text
    assert card[0] in text  # the rank of the card it stands for
