"""Where players cannot differ by rule, the arena says so: the pattern ladder (nobody arranges) and backrow
(hard and expert both play the strongest back the cards make, RULES.md §17; easy and normal misjudge close calls
there as anywhere, issue 39)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from ai import Level, TableView, choose
from ai.arena import equal_by_rule, run_arena
from rules.cards import Card
from rules.evaluate import base_key, row_key
from rules.presets import Preset
from tests.tiers import sized


def test_the_ladder_arena_notes_that_nobody_decides() -> None:
    report = run_arena(["expert", "easy"], 2, seed=3, preset=Preset.LADDER)
    assert "nobody arranges" in str(report["note"])
    assert [p["mean"] for p in report["players"]] == [0.0, 0.0]  # type: ignore[index]


@pytest.mark.parametrize(
    ("names", "noted"),
    [
        (["normal", "hard"], False),
        (["hard", "expert"], True),
        (["expert", "normal", "hard", "easy"], True),
        (["expert", "normal", "easy"], False),
        (["normal", "easy"], False),
        (["easy", "reference"], False),
    ],
)
def test_backrow_notes_only_players_that_reach_the_exact_back(names: list[str], noted: bool) -> None:
    note = equal_by_rule(Preset.BACKROW, names)
    assert (note is not None) == noted
    if note:
        named = note.split(":")[0]  # the players named as equal are the exact ones only
        assert "easy" not in named and "normal" not in named


@pytest.mark.parametrize("preset", [p for p in Preset if p.arranged and p is not Preset.BACKROW])
def test_no_note_where_the_levels_decide_differently(preset: Preset) -> None:
    assert equal_by_rule(preset, ["expert", "hard", "normal", "easy"]) is None


@sized("hands", 6, 12)
def test_in_backrow_the_top_two_levels_both_play_the_strongest_back(hands: int) -> None:
    """What the note claims: the back each level plays is as strong as any five cards of the hand."""
    view = TableView(preset=Preset.BACKROW)
    options = view.rules_options
    rng = np.random.default_rng(17)
    for i in range(hands):
        hand = sorted(Card(int(c)) for c in rng.permutation(52)[:13])
        best = max(base_key(row_key(five, options.wheel)) for five in itertools.combinations(hand, 5))
        for level in (Level.HARD, Level.EXPERT):
            decision = choose(hand, view, level, seed=i).decision
            if decision.arrangement is None:  # a declared special is the same call for every level
                continue
            assert base_key(row_key(decision.arrangement.back, options.wheel)) == best, (level, hand)


def test_with_the_exchange_backrows_levels_can_differ() -> None:
    """They pass by their own budgets, so they hold different hands: no note then."""
    assert equal_by_rule(Preset.BACKROW, ["normal", "hard"], exchange=1) is None
    assert equal_by_rule(Preset.LADDER, ["normal", "hard"], exchange=1) is not None
