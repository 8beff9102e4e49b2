"""*What to pass?* (換三張, rules/RULES.md §21): three passes of the hand, the right one the pass the coach's
pricing values most, closer calls as the level rises, the same questions for the same seed, and a run that
makes its next question ahead of time.

Making a question prices some fifteen passes the way the pass coach does (about two seconds): the questions the
checks only read are made once a module (:func:`question`), one of them inside its level's band and one from the
nearest gaps (both of ``pass_question``'s ways to an answer); the seed test (soak) makes one afresh, and the run's
scheduling takes the module's questions in the everyday tier and makes its own in the soak tier."""

from __future__ import annotations

import functools
import random

import pytest

import app.game.drills.run as drill_run
from app.game.drills import Drill, DrillRun, make_question
from app.game.drills.exchange_drill import CHOICES, gaps
from app.game.drills.question import Question
from app.i18n import LANGUAGES, Translator
from app.view.drill import choice_label, why_text
from rules.cards import parse_cards
from rules.presets import Preset
from tests.tiers import long, one_daily

SEED = 0  # a seed whose level-0 question is found on the first hand, its level-4 one from the nearest gaps


@functools.cache
def question(level: int, seed: int = SEED, preset: Preset = Preset.TAIWAN) -> Question:
    """The question of ``level`` from ``random.Random(seed)``, made once a module (questions are frozen)."""
    return make_question(Drill.PASS, random.Random(seed), level, preset)


@one_daily("level", [0, 4], everyday=[4])  # each prices three passes on the coach's tables: the hardest daily
def test_three_passes_of_the_hand_and_the_best_is_right(level: int) -> None:
    q = question(level)
    hand = set(parse_cards(q.show["hand"], 13))
    passes = {c: set(parse_cards(q.show["passes"][c], 3)) for c in q.choices}
    assert q.choices == CHOICES and all(p <= hand for p in passes.values())
    assert len({frozenset(p) for p in passes.values()}) == 3
    evs = q.why.values["evs"]
    (right,) = q.correct
    assert evs[right] == max(evs.values()) and all(evs[c] < evs[right] for c in q.choices if c != right)


@long("tests/drills/test_pass_drill.py::test_three_passes_of_the_hand_and_the_best_is_right")  # a level-0 question too
def test_the_levels_bring_the_wrong_passes_closer() -> None:
    bands = gaps(Preset.TAIWAN)
    assert bands[0][0] > bands[1][0] > bands[2][0] > bands[3][0] > bands[4][0] > 0
    assert all(band[1] == above[0] for band, above in zip(bands[1:], bands[:-1], strict=True))  # no gap between
    far, close = question(0), question(4)  # the same seed at both ends

    def smallest_gap(q) -> float:
        evs = q.why.values["evs"]
        best = max(evs.values())
        return min(best - v for v in evs.values() if v != best)

    assert smallest_gap(far) > smallest_gap(close)


@pytest.mark.soak  # every day, test_snapshots_practice's pass question (a fixed seed) draws the same picture
def test_the_same_seed_asks_the_same_question() -> None:
    # One question made afresh beside the module's own (made once for the other checks), and another preset's.
    assert make_question(Drill.PASS, random.Random(SEED), 0, Preset.TAIWAN) == question(0)
    western = make_question(Drill.PASS, random.Random(2), 2, Preset.WESTERN)  # found on the first hand it tries
    assert western.show["rules"] == "western" and western != question(0)


@pytest.mark.parametrize(
    "made",
    [
        pytest.param("once", id="module-questions"),  # the run's scheduling, on questions made once a module
        pytest.param("fresh", id="own-questions", marks=pytest.mark.soak),  # the run prices its own
    ],
)
def test_a_run_makes_its_next_question_ahead_and_asks_it_at_once(made: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run = DrillRun(Drill.PASS, Preset.TAIWAN, items=2, seed=4)
    if made == "once":
        asked: list[tuple[Drill, Preset]] = []

        def made_once(drill: Drill, rng: random.Random, level: int, preset: Preset, options=None) -> Question:
            assert rng is run.rng and options == run.options  # the run's own draws and table
            asked.append((drill, preset))
            return question((0, 4)[len(asked) % 2])  # two different questions in turn

        monkeypatch.setattr(drill_run, "make_question", made_once)
    assert run.slow and not run.ready
    run.prepare()
    assert run.ready
    q = run.ask()
    run.answer(sorted(q.correct)[0])
    assert not run.ready
    run.prepare()
    assert run.ready and run.ask() is not q
    if made == "once":
        assert asked == [(Drill.PASS, Preset.TAIWAN)] * 2  # one question made by each prepare, none by ask


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_choices_and_the_explanation_read_in_every_language(lang: str) -> None:
    t = Translator(lang)
    q = question(0)
    labels = [choice_label(t, q, c) for c in q.choices]
    assert all("{" not in label and any(suit in label for suit in "♠♥♦♣") for label in labels)
    text = why_text(t, q)
    assert "{" not in text and str(q.why.values["draws"]) in text


@pytest.mark.parametrize(
    "every", [pytest.param(False, id="the-right-one"), pytest.param(True, id="every-choice", marks=pytest.mark.soak)]
)
def test_the_drills_figures_are_the_pass_coachs(every: bool) -> None:
    # Issue 36: the right answer is the pass the coach chooses, and each pass shows the value (and the gap behind
    # the right one) that the coach's review of it reports, on the question's own seed.
    from ai import TableView, Verdict, review_pass

    q = question(0)
    hand, why = parse_cards(q.show["hand"], 13), q.why.values
    view = TableView(preset=Preset.TAIWAN)
    (right,) = q.correct
    for choice in q.choices if every else (right,):
        reviewed = review_pass(hand, parse_cards(q.show["passes"][choice], 3), view, seed=why["seed"])
        assert round(reviewed.played_ev, 2) == pytest.approx(why["evs"][choice], abs=0.011)
        if choice == right:
            assert reviewed.loss == 0 and reviewed.verdict is Verdict.BEST
        else:
            assert reviewed.loss == pytest.approx(why["evs"][right] - why["evs"][choice], abs=0.011)
            assert set(reviewed.best) == set(parse_cards(q.show["passes"][right], 3))
