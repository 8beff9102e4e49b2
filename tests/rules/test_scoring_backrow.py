"""The `backrow` preset (rules/RULES.md §17, S5's 玩法规则六): only the back rows are compared."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import FULL_DECK
from rules.deal import DealError, Decision
from rules.evaluate import Wheel, row_key
from rules.presets import Options, Preset
from rules.scoring import deal_from_document, score
from tests.tiers import examples

from .helpers import duel, greedy_arrangement, hand, pair_items, player

BACKROW = Preset.BACKROW


def test_defaults() -> None:
    assert BACKROW.default_options == Options(wheel=Wheel.LOW)
    assert BACKROW.specials == frozenset()
    assert BACKROW.points_per_unit == 1


@pytest.mark.parametrize("outcomes", ["".join(p) for p in itertools.product("WTL", repeat=3)])
def test_only_the_back_row_counts(outcomes: str) -> None:
    back = {"W": 1, "T": 0, "L": -1}[outcomes[2]]
    result = score(duel(outcomes), BACKROW)
    assert result.totals == (back, -back)
    assert pair_items(result, 0, 1) == ({"back": back} if back else {})
    assert result.pair(0, 1).rows[2].value == {"W": "win", "T": "tie", "L": "loss"}[outcomes[2]]  # type: ignore[index]


def test_a2345_is_the_lowest_straight() -> None:
    wheel = hand("Kd Qd 9c", "7h 7d 8c 8d 2c", "As 2s 3h 4d 5c")
    six_high = hand("Ks Qs 9s", "7s 7c 8h 8s Jd", "2h 3s 4s 5s 6c")
    assert score([wheel, six_high], BACKROW).totals == (-1, 1)


def test_a_foul_loses_the_back_row_and_two_fouls_tie() -> None:
    good, _ = duel("LLW")
    fouled = hand("Ad Ac Kd", "2d 3d 5c 7c 9d", "Kc Qc Jd 8c 4d")  # a pair in front over a high-card middle
    result = score([good, fouled], BACKROW)
    assert result.totals == (1, -1) and result.fouled == (False, True)
    other_foul = hand("Ts Th Td", "2h 3c 5s 7d 9c", "Qd Jc 8d 6c 4c")
    assert score([fouled, other_foul], BACKROW).totals == (0, 0)


@settings(max_examples=examples(50, soak=500), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_unit_for_each_back_beaten_and_nothing_more(seed: int) -> None:
    # No sweep and no 全壘打 at a table of four: each seat's total is backs beaten less backs lost to.
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    decisions = [Decision.arranged(greedy_arrangement(deck[13 * k : 13 * k + 13])) for k in range(4)]
    backs = [row_key(d.arrangement.back) for d in decisions]  # type: ignore[union-attr]
    expected = tuple(sum((x > y) - (x < y) for y in backs) for x in backs)
    assert score(decisions, BACKROW).totals == expected


def test_declarations_are_refused() -> None:
    doc = {
        "rules": "backrow",
        "players": [
            {"cards": "As Kd Qc Jh Ts 9d 8c 7h 6s 5d 4c 3h 2s", "declare": "dragon"},
            player("Ks 9s 5h", "Qs Qh 7s 4s 3h", "Ad Ac Jd Jc 6h"),
        ],
    }
    with pytest.raises(DealError, match="not a special hand in backrow"):
        deal_from_document(doc)
