"""The trained model follows a `wheel` override, and expert's ties are broken by `hard`'s estimate."""

import numpy as np

from ai.features import split_features
from ai.levels import _ranked
from ai.opponents import trained_model
from rules.cards import parse_cards
from rules.evaluate import Wheel, row_key
from rules.presets import Options, Preset


def test_trained_model_moves_a2345_under_wheel_second() -> None:
    low, second = trained_model(Preset.TAIWAN), trained_model(Preset.TAIWAN, Wheel.SECOND)
    wheel_low = row_key(parse_cards("Ah 2d 3c 4s 5h"), Wheel.LOW)
    wheel_second = row_key(parse_cards("Ah 2d 3c 4s 5h"), Wheel.SECOND)
    for row in (1, 2):
        assert wheel_low in low.rows[row].keys and wheel_low not in second.rows[row].keys
        assert wheel_second in second.rows[row].keys
        assert (np.diff(second.rows[row].keys) > 0).all()
        assert np.isclose(second.rows[row].prob.sum(), 1.0)
    # A back A2345 beats more opponents' backs when it ranks second.
    win_low, _ = low.rows[2].win_tie(np.array([wheel_low]))
    win_second, _ = second.rows[2].win_tie(np.array([wheel_second]))
    assert win_second[0] > win_low[0]


def test_ranked_breaks_ties_by_the_tiebreak_scores() -> None:
    f = split_features(parse_cards("Ah Kd Qc 9s 9d 7h 7c 5s 4s 3h 2d 2c Td"), Options())
    score = np.zeros(f.size)  # everything tied
    tiebreak = np.arange(f.size, dtype=float)
    assert _ranked(f, score, 1, tiebreak)[0] == f.size - 1
