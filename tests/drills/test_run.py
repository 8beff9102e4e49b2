"""A drill's run: difficulty follows the answers, a timed question runs out on an injected clock, and the
history keeps the run with statistics that a plain recomputation agrees with."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.game.drills import LEVELS, Drill, DrillRun, next_level
from app.game.drills.question import UP_AFTER
from app.store.database import open_history
from app.store.stats import DRILL_BEST_MIN, FAST_ACCURACY, drill_stats
from rules.presets import Preset
from tests.clock import Clock


@given(st.lists(st.booleans(), max_size=60))
def test_difficulty_rises_after_right_answers_and_eases_after_a_wrong_one(answers: list[bool]) -> None:
    level, streak = 1, 0
    for right in answers:
        before = level
        level, streak = next_level(level, streak, right)
        assert 0 <= level < LEVELS
        if not right:
            assert level == max(0, before - 1) and streak == 0
        else:
            assert level in (before, min(LEVELS - 1, before + 1))
    run = [True] * UP_AFTER
    assert next_level(*next_level(1, 0, True), True)[0] == 2 if run else True


def test_a_timed_question_runs_out_and_counts_as_wrong() -> None:
    clock = Clock()
    run = DrillRun(Drill.FOUL, items=3, timed=True, seed=5, now=clock)
    q = run.ask()
    clock.t += 4
    assert run.time_left() == pytest.approx(11.0)
    clock.t += 30
    assert run.time_left() == 0
    done = run.answer(None)
    assert not done.right and done.seconds == 15.0  # counted at the limit, not at how long it sat
    q2 = run.ask()
    clock.t += 2.5
    done = run.answer(sorted(q2.correct)[0])
    assert done.right and done.seconds == pytest.approx(2.5) and q2 is not q
    with pytest.raises(ValueError):
        run.ask()
        run.answer("not a choice")


def test_a_held_question_keeps_its_time_while_the_leave_dialog_is_open() -> None:
    # The leave dialog over a timed question: its clock stands still, and the answer's seconds leave it out.
    clock = Clock()
    run = DrillRun(Drill.FOUL, items=3, timed=True, seed=5, now=clock)
    q = run.ask()
    clock.t += 4
    run.hold(True)
    clock.t += 60  # far past the limit, the dialog open
    assert run.time_left() == pytest.approx(11.0)
    run.hold(False)
    clock.t += 1
    assert run.time_left() == pytest.approx(10.0)
    done = run.answer(sorted(q.correct)[0])
    assert done.right and done.seconds == pytest.approx(5.0)


def test_the_same_seed_asks_the_same_questions() -> None:
    a, b = DrillRun(Drill.SCORE, Preset.ARCADE, seed=9), DrillRun(Drill.SCORE, Preset.ARCADE, seed=9)
    for _ in range(5):
        qa, qb = a.ask(), b.ask()
        assert qa == qb
        a.answer(qa.choices[0])
        b.answer(qb.choices[0])


def test_drill_statistics_match_a_plain_recomputation(tmp_path) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    rng = random.Random(4)
    runs = []
    for k in range(30):
        clock = Clock()
        run = DrillRun(Drill.NAME, items=rng.choice([5, 10, 25]), seed=k, now=clock)
        while not run.done:
            q = run.ask()
            clock.t += rng.uniform(0.5, 6)
            run.answer(sorted(q.correct)[0] if rng.random() < 0.7 else next(c for c in q.choices if c not in q.correct))
        history.record_drill(run.to_dict())
        runs.append(run.result())
    history.record_drill(DrillRun(Drill.NAME, Preset.ARCADE, items=0).to_dict())  # another preset: not counted
    s = drill_stats(history, "name", "taiwan", trend=10)
    assert s.runs == 30 and s.questions == sum(r.items for r in runs) and s.right == sum(r.right for r in runs)
    assert s.seconds == pytest.approx(sum(r.seconds * r.items for r in runs) / s.questions, rel=1e-3)  # kept to ms
    assert s.trend == pytest.approx(tuple(r.accuracy for r in runs[-10:]))
    counted = [r for r in runs if r.items >= DRILL_BEST_MIN]
    assert s.best_accuracy == pytest.approx(max(r.accuracy for r in counted))
    fast = [r.seconds for r in counted if r.right >= r.items * FAST_ACCURACY]
    assert s.fastest == (pytest.approx(min(fast), abs=1e-3) if fast else None)
    assert s.longest_streak == max(r.best_streak for r in runs)
