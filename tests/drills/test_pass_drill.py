"""*What to pass?* (換三張, rules/RULES.md §21): three passes of the hand, the right one the pass the coach's
pricing values most, closer calls as the level rises, the same questions for the same seed, and a run that
makes its next question ahead of time."""

from __future__ import annotations

import random

import pytest

from app.game.drills import Drill, DrillRun, make_question
from app.game.drills.exchange_drill import CHOICES, gaps
from app.i18n import LANGUAGES, Translator
from app.view.drill import choice_label, why_text
from rules.cards import parse_cards
from rules.presets import Preset


@pytest.mark.parametrize("level", [0, 4])
def test_three_passes_of_the_hand_and_the_best_is_right(level: int) -> None:
    q = make_question(Drill.PASS, random.Random(level), level, Preset.TAIWAN)
    hand = set(parse_cards(q.show["hand"], 13))
    passes = {c: set(parse_cards(q.show["passes"][c], 3)) for c in q.choices}
    assert q.choices == CHOICES and all(p <= hand for p in passes.values())
    assert len({frozenset(p) for p in passes.values()}) == 3
    evs = q.why.values["evs"]
    (right,) = q.correct
    assert evs[right] == max(evs.values()) and all(evs[c] < evs[right] for c in q.choices if c != right)


def test_the_levels_bring_the_wrong_passes_closer() -> None:
    bands = gaps(Preset.TAIWAN)
    assert bands[0][0] > bands[1][0] > bands[2][0] > bands[3][0] > bands[4][0] > 0
    assert all(band[1] == above[0] for band, above in zip(bands[1:], bands[:-1], strict=True))  # no gap between
    far = make_question(Drill.PASS, random.Random(3), 0, Preset.TAIWAN)
    close = make_question(Drill.PASS, random.Random(3), 4, Preset.TAIWAN)

    def smallest_gap(q) -> float:
        evs = q.why.values["evs"]
        best = max(evs.values())
        return min(best - v for v in evs.values() if v != best)

    assert smallest_gap(far) > smallest_gap(close)


def test_the_same_seed_asks_the_same_question() -> None:
    a = make_question(Drill.PASS, random.Random(9), 2, Preset.WESTERN)
    b = make_question(Drill.PASS, random.Random(9), 2, Preset.WESTERN)
    assert a == b and a.show["rules"] == "western"


def test_a_run_makes_its_next_question_ahead_and_asks_it_at_once() -> None:
    run = DrillRun(Drill.PASS, Preset.TAIWAN, items=2, seed=4)
    assert run.slow and not run.ready
    run.prepare()
    assert run.ready
    q = run.ask()
    run.answer(sorted(q.correct)[0])
    assert not run.ready
    run.prepare()
    assert run.ready and run.ask() is not q


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_choices_and_the_explanation_read_in_every_language(lang: str) -> None:
    t = Translator(lang)
    q = make_question(Drill.PASS, random.Random(1), 1, Preset.TAIWAN)
    labels = [choice_label(t, q, c) for c in q.choices]
    assert all("{" not in label and any(suit in label for suit in "♠♥♦♣") for label in labels)
    text = why_text(t, q)
    assert "{" not in text and str(q.why.values["draws"]) in text
