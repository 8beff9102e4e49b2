"""How far the reveal has got (app.game.reveal.RevealProgress) and the table's reveal methods, without Textual."""

from __future__ import annotations

from ai import Level
from app.config import TableConfig
from app.game import (
    COUNT_FRAMES,
    Phase,
    RevealProgress,
    RevealStep,
    StepKind,
    Table,
    count_frames,
)
from rules.arrangement import Row
from rules.ledger import EndReason
from rules.presets import Preset
from tests.app.harness import suggested

STEPS = (
    RevealStep(StepKind.ROW, Row.FRONT),
    RevealStep(StepKind.ROW, Row.MIDDLE),
    RevealStep(StepKind.ROW, Row.BACK, delta=(2, -2, 0, 0)),
    RevealStep(StepKind.SWEEPS, delta=(3, -3, 0, 0)),
    RevealStep(StepKind.TOTALS),
)


def test_progress_shows_the_steps_one_by_one_then_counts_the_totals() -> None:
    p = RevealProgress(STEPS, frames=4)
    assert p.shown == 0 and p.rows_shown == 0 and not p.counting and not p.finished
    assert p.money(100, 140) == 100
    p = p.advance().advance().advance()
    assert p.rows_shown == 3 and p.tallies == (2, -2, 0, 0) and not p.counting
    p = p.advance()
    assert p.tallies == (5, -5, 0, 0) and not p.counting
    p = p.advance()  # the totals step starts the count-up
    assert p.shown == 5 and p.counting and p.frame == 0
    seen = [p.money(100, 140)]
    while not p.counted:
        p = p.count()
        seen.append(p.money(100, 140))
    assert seen[:4] == count_frames(100, 140, 4) == [110, 120, 130, 140] and seen[4:] == [140]
    p = p.finish()
    assert p.finished and not p.counting and p.money(100, 140) == 140


def test_advancing_past_the_end_stays_at_the_end_and_finish_skips_everything() -> None:
    p = RevealProgress(STEPS)
    assert p.frames == COUNT_FRAMES
    for _ in range(len(STEPS) + 3):
        p = p.advance()
    assert p.shown == len(STEPS)
    skipped = RevealProgress(STEPS).finish()
    assert skipped.shown == len(STEPS) and skipped.rows_shown == 3 and skipped.finished
    assert RevealProgress().count() == RevealProgress() and not RevealProgress().finish().finished


def _scored(preset: Preset = Preset.TOURNAMENT) -> Table:
    t = Table(TableConfig(preset=preset, options=preset.default_options, seed=3, levels=(Level.EASY,) * 3))
    t.start_deal()
    t.decide_computers()
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    return t


def test_the_table_runs_the_reveal_and_shows_money_counting_up() -> None:
    t = _scored()
    rec = t.current
    assert t.phase is Phase.REVEALING and t.reveal.steps == t.reveal.progress.steps and t.reveal.progress.shown == 0
    assert [t.reveal.money(s) for s in range(4)] == list(rec.before)
    while not t.reveal.advance().counting:
        assert [t.reveal.money(s) for s in range(4)] == list(rec.before)
    while not t.reveal.count().counted:
        pass
    assert [t.reveal.money(s) for s in range(4)] == list(rec.after)
    t.reveal.finish()
    assert t.phase is Phase.RESULTS and t.reveal.progress.finished and t.reveal.progress.rows_shown == 3
    assert tuple(t.reveal.money(s) for s in range(4)) == t.totals.money() == rec.after
    t.next()
    assert t.phase is Phase.ARRANGING and t.reveal.steps == () and t.reveal.progress.rows_shown == 0
    assert t.reveal.advance().shown == 0  # no reveal outside the revealing phase


def test_ending_the_table_mid_reveal_shows_the_whole_deal() -> None:
    t = _scored(Preset.TAIWAN)
    t.reveal.advance()
    t.outcome.end(EndReason.LEFT)
    assert t.phase is Phase.OVER and t.reveal.progress.finished and t.reveal.progress.rows_shown == 3
    assert t.outcome.summary().reason is EndReason.LEFT
