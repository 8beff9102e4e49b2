"""The rating's formulas (RULES.md §24): luck adds up, the fading, what is counted, accuracy's curve."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.rating import (
    HALF_LIFE,
    OBVIOUS,
    WINDOW,
    accuracy,
    counted,
    gap,
    history,
    luck,
    norm_for,
    pairs,
    rate_deals,
    weighted,
)
from rules.presets import Preset
from tests.tiers import examples

money = st.floats(-500, 500, allow_nan=False)


@settings(max_examples=examples(200), deadline=None)
@given(money, st.floats(0, 50, allow_nan=False), st.integers(-500, 500))
def test_cards_play_and_rest_add_up_to_the_result(best: float, loss: float, result: int) -> None:
    """On every deal, as computed and as shown (two places, the rest taking the rounding)."""
    split = luck(best, loss, result)
    assert math.isclose(split.cards + split.play + split.rest, result, abs_tol=1e-9)
    shown = split.to_dict()
    assert round(shown["cards"] + shown["play"] + shown["rest"], 2) == result
    assert split.play <= 0


def test_a_rating_fades_and_reads_the_newest_window() -> None:
    old, new = [10.0] * WINDOW, [0.0] * 50
    r = weighted(old + new)
    assert r.deals == WINDOW  # the newest WINDOW only
    # 50 zeros at the newest end weigh more than their share of 200
    share = sum(0.5 ** (k / HALF_LIFE) for k in range(50)) / sum(0.5 ** (k / HALF_LIFE) for k in range(WINDOW))
    assert r.value is not None and math.isclose(r.value, round(10.0 * (1 - share), 2), abs_tol=0.01)
    assert r.ci95 > 0
    flat = weighted(old + new, fading=False)
    assert flat.deals == WINDOW + 50 and flat.value == round(10.0 * WINDOW / (WINDOW + 50), 2)
    assert weighted([]).value is None and weighted([3.0]).ci95 == 0.0


def test_an_obvious_best_found_is_not_counted_and_one_missed_is() -> None:
    norm = norm_for(Preset.TAIWAN, 4)
    wide = (OBVIOUS + 0.5) * norm
    keep = counted([0.0, 5.0, 0.0, 0.0, 0.0], [wide, wide, 0.1, math.nan, wide], [500, 500, 500, 500, 0], [norm] * 5)
    assert keep.tolist() == [False, True, True, True, False]  # the last: nothing was priced (免擺)
    assert math.isnan(gap(1.0, [])) and gap(3.0, [1.0, 2.5]) == 0.5


def test_tables_and_presets_share_one_scale() -> None:
    """A unit lost at a table of two is three at a table of four; shisanshui's units are three taiwan's."""
    assert pairs(2) == 1 and pairs(4) == 3 and pairs(4, banker=0, seat=0, stakes=[1, 2, 1, 1]) == 4
    assert pairs(4, banker=0, seat=2, stakes=[1, 2, 3, 1]) == 3
    four, two = norm_for(Preset.TAIWAN, 4), norm_for(Preset.TAIWAN, 2)
    assert math.isclose(four, 3 * two)
    assert math.isclose(norm_for(Preset.SHISANSHUI, 4), 3 * four)


def test_accuracy_runs_from_100_down_and_never_below_0() -> None:
    x = accuracy([0.0, 2.0, 8.0, 20.0, 1000.0])
    assert x[0] == 100.0 and x[-1] == 0.0 and all(np.diff(x) <= 0)
    rated = rate_deals([0.0, 0.8], [1.0, 1.0], [0.0, 0.0], [500, 500])
    assert rated.figures.tolist() == [0.0, 8.0] and 70 < rated.accuracy[1] < 75


def test_the_rating_over_time_ends_at_the_rating() -> None:
    figures = np.linspace(8, 1, 300)
    ends, values, cis = history(figures, points=20)
    assert ends[-1] == 300 and len(ends) <= 20 and values[-1] == weighted(figures).value and len(cis) == len(ends)
