"""The computers' stakes against the banker (RULES.md §16.1, :mod:`ai.stakes`): always a stake the table offers,
the same on the same seed, higher with an edge over the banker, and `easy`'s errors never the maximum every deal."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import Level, TableView, choose_stake
from ai.stakes import edge, stake_values
from rules.presets import Preset
from tests.tiers import examples

STAKES = (1, 2, 3, 5)  # the table's offer (app.config.STAKES; `ai` does not import the app)
ARRANGED = [p for p in Preset if p.arranged]


def view_at(
    banker: str | None, level: Level, preset: Preset = Preset.TAIWAN, players: int = 4, seat: int = 1
) -> TableView:
    """Seat ``seat`` playing at ``level`` against a banker at seat 0 of level ``banker`` (None: a person)."""
    levels = [banker, *([level.value] * (players - 1))]
    return TableView(preset=preset, players=players, seat=seat, banker=0, levels=tuple(levels))


def stakes_over(view: TableView, level: Level, deals: int = 400, first: int = 0) -> np.ndarray:
    return np.array([choose_stake(view, level, STAKES, seed=s) for s in range(first, first + deals)])


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(list(Level)),
    st.sampled_from([None, *(lv.value for lv in Level)]),
    st.sampled_from(list(Preset)),
    st.integers(2, 4),
    st.integers(-(2**40), 2**40),
)
def test_every_level_stakes_one_of_the_stakes(
    level: Level, banker: str | None, preset: Preset, players: int, seed: int
) -> None:
    stake = choose_stake(view_at(banker, level, preset, players), level, STAKES, seed=seed)
    assert stake in STAKES


@pytest.mark.parametrize("level", list(Level))
def test_the_stake_is_the_same_on_the_same_seed(level: Level) -> None:
    view = view_at(Level.NORMAL.value, level)
    first = [choose_stake(view, level, STAKES, seed=s) for s in range(60)]
    assert first == [choose_stake(view, level, STAKES, seed=s) for s in range(60)]
    if level in (Level.EASY, Level.NORMAL):
        assert len(set(first)) > 1  # the seed does choose: the lower levels vary


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD, Level.EXPERT])
def test_a_stronger_level_stakes_more_against_a_weaker_banker_than_against_its_equal(level: Level) -> None:
    weaker = stakes_over(view_at(Level.EASY.value, level), level)
    equal = stakes_over(view_at(level.value, level), level)
    assert weaker.mean() > equal.mean() + 0.5


@pytest.mark.parametrize("level", [Level.HARD, Level.EXPERT])
def test_the_strong_levels_stake_high_with_an_edge_and_1_without(level: Level) -> None:
    assert set(stakes_over(view_at(Level.EASY.value, level), level, 100)) == {5}  # the ladder's widest edge
    for banker in (level.value, Level.EXPERT.value, None):  # an equal, a stronger one, a person of no known rating
        assert set(stakes_over(view_at(banker, level), level, 100)) == {1}
    assert stakes_over(view_at(Level.NORMAL.value, level), level, 100).min() >= 2


def test_a_weaker_level_stakes_less_against_a_stronger_banker() -> None:
    for level in (Level.EASY, Level.NORMAL):
        stronger = stakes_over(view_at(Level.EXPERT.value, level), level)
        equal = stakes_over(view_at(level.value, level), level)
        assert stronger.mean() < equal.mean()


def test_easy_stakes_up_now_and_then_and_the_maximum_seldom() -> None:
    equal = stakes_over(view_at(Level.EASY.value, Level.EASY), Level.EASY, 1000)
    assert 0.2 < (equal > 1).mean() < 0.9  # stakes up without an edge, not always
    assert (equal == 5).mean() < 0.25
    assert (stakes_over(view_at(Level.NORMAL.value, Level.EASY), Level.EASY, 1000) == 5).mean() == 0.0


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from([None, *(lv.value for lv in Level)]),
    st.sampled_from(ARRANGED),
    st.integers(2, 4),
    st.integers(0, 2**31 - 1),
)
def test_easy_never_stakes_the_maximum_every_deal(banker: str | None, preset: Preset, players: int, first: int) -> None:
    stakes = stakes_over(view_at(banker, Level.EASY, preset, players), Level.EASY, deals=20, first=first)
    assert not (stakes == 5).all()


def test_a_person_banks_as_an_equal_unless_their_rating_is_known() -> None:
    view = view_at(None, Level.HARD)
    assert edge(view, Level.HARD) == 0.0
    assert edge(view, Level.HARD, banker_rating=20.0) > 0.0 > edge(view, Level.HARD, banker_rating=0.0)
    assert set(stakes_over(view, Level.HARD, 50)) == {1}
    weak = [choose_stake(view, Level.HARD, STAKES, seed=s, banker_rating=15.0) for s in range(50)]
    assert min(weak) > 1


def test_no_edge_in_the_pattern_ladder_and_a_stake_needs_a_banker() -> None:
    assert edge(view_at(Level.EASY.value, Level.EXPERT, Preset.LADDER), Level.EXPERT) == 0.0
    with pytest.raises(ValueError, match="banker"):
        edge(TableView(), Level.HARD)
    with pytest.raises(ValueError, match="no stake"):
        choose_stake(view_at(None, Level.HARD), Level.HARD, (), seed=0)


def test_between_equals_stake_1_is_worth_the_most_and_the_edge_scales_with_the_preset() -> None:
    for preset in ARRANGED:
        view = view_at(Level.NORMAL.value, Level.NORMAL, preset)
        values = stake_values(0.0, STAKES, view)
        assert int(np.argmax(values)) == 0 and np.all(np.diff(values) < 0)
    taiwan = edge(view_at(Level.EASY.value, Level.HARD), Level.HARD)
    assert taiwan == pytest.approx((9.29 - 0.34) / 30, abs=0.05)  # assets/ai/ratings.json: 10 × units, 3 pairs
    arcade = edge(view_at(Level.EASY.value, Level.HARD, Preset.ARCADE), Level.HARD)
    assert arcade == pytest.approx(2 * taiwan)  # arcade's verdict bounds are twice taiwan's
