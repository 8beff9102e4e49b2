"""The Arrange drill's hard pool reads each preset's scale of a loss from the coach's verdict bounds."""

from __future__ import annotations

import random

import pytest

from ai.verdicts import Verdict, verdict_for
from app.game.drills.arrange_drill import HARD_GAP, Pool, hands_from, pools_for
from rules.presets import Preset


@pytest.mark.parametrize("preset", [p for p in Preset if p.arranged and HARD_GAP[p] is not None], ids=str)
def test_a_hard_hands_obvious_play_is_a_mistake_by_the_coachs_verdict(preset: Preset) -> None:
    gap = HARD_GAP[preset]
    assert gap is not None and verdict_for(gap, preset) is Verdict.MISTAKE


def test_every_arranged_preset_but_backrow_has_hard_hands() -> None:
    # Backrow pays the back alone (RULES.md §17), so the obvious play, the strongest back first, is the best.
    assert [p for p in Preset if p.arranged and HARD_GAP[p] is None] == [Preset.BACKROW]


def test_backrows_hard_pool_says_it_has_no_hand_rather_than_drawing_for_ever() -> None:
    with pytest.raises(ValueError, match="no hand is hard in backrow"):
        next(hands_from(Pool.HARD, Preset.BACKROW, random.Random(1)))


def test_a_drill_offers_the_hard_pool_only_where_a_hand_can_be_hard() -> None:
    for preset in Preset:
        assert (Pool.HARD in pools_for(preset)) is (HARD_GAP[preset] is not None)
        assert Pool.RANDOM in pools_for(preset) and Pool.MISTAKES in pools_for(preset)
