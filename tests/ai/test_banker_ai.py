"""The computer players in a banker game (rules/RULES.md §16): priced against one opponent and scaled by the
stakes, the tie rules moving the price the way they move the score, and never a foul."""

from __future__ import annotations

import numpy as np
import pytest

from ai import Level, choose
from ai.contract import TableView
from ai.estimate import expected_scores
from ai.features import split_features
from ai.opponents import model_for
from ai.policy import table_doubles
from rules.cards import deal
from rules.deal import Deal
from rules.presets import Options, Preset, TieRule
from rules.scoring import score_deal


@pytest.mark.parametrize("ties", [TieRule.BANKER, TieRule.TOP_CARD])
@pytest.mark.parametrize("preset", [Preset.HONGKONG, Preset.TAIWAN])
def test_equal_rows_to_the_banker_can_only_help_the_banker(preset: Preset, ties: TieRule) -> None:
    options = Options(wheel=preset.default_options.wheel, ties=ties)
    hand = deal(41)[0]
    f = split_features(hand, options)
    model = model_for(Level.HARD, TableView(preset=preset))
    plain = expected_scores(f, model, preset, options, 2)
    banker = expected_scores(f, model, preset, options, 2, side=True)
    player = expected_scores(f, model, preset, options, 2, side=False)
    if ties is TieRule.BANKER:  # the same comparison, ties moved to one side
        assert (banker >= plain - 1e-9).all() and (player <= plain + 1e-9).all()
    assert (banker > player).any() and (banker >= player - 1e-9).all()


def test_the_weight_is_the_stakes_the_seat_meets() -> None:
    view = TableView(preset=Preset.HONGKONG, seat=2, banker=2, stakes=(3, 1, 1, 5))
    assert view.weight == 3 + 1 + 5
    assert TableView(preset=Preset.HONGKONG, seat=3, banker=2, stakes=(3, 1, 1, 5)).weight == 5
    heads = view.heads_up()
    assert (heads.players, heads.seat, heads.banker) == (2, 0, 0) and heads.heads_up() == heads


@pytest.mark.parametrize("level", list(Level))
def test_no_level_fouls_at_a_banker_table_and_the_value_scales_with_the_stake(level: Level) -> None:
    hands = deal(52)
    options = Options(ties=TieRule.TOP_CARD)
    views = [
        TableView(preset=Preset.HONGKONG, options=options, seat=s, banker=1, stakes=(2, 1, 1, 1)) for s in range(4)
    ]
    choices = [choose(h, v, level, seed=s, samples=4) for s, (h, v) in enumerate(zip(hands, views, strict=True))]
    result = score_deal(
        Deal(Preset.HONGKONG, options, tuple(c.decision for c in choices), banker=1, stakes=(2, 1, 1, 1))
    )
    assert not any(result.fouled) and sum(result.totals) == 0
    once = choose(
        hands[0], TableView(preset=Preset.HONGKONG, options=options, seat=0, banker=1), level, seed=0, samples=4
    )
    assert np.isclose(choices[0].ev, 2 * once.ev)


def test_a_banker_game_scores_the_rare_tables_without_doubles_even_in_arcade() -> None:
    # Expert and the coach score a sampled table with a declarer by the rules; a banker deal refuses any
    # doubles list (RULES.md §16.1), so arcade's one-target-a-seat list must not reach it.
    assert table_doubles(TableView(preset=Preset.ARCADE, banker=2)) == ()
    assert table_doubles(TableView(preset=Preset.TAIWAN)) == ()
    assert len(table_doubles(TableView(preset=Preset.ARCADE))) == 4
