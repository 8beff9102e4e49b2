"""The computer players with the joker (rules/RULES.md §20): every level plays a joker hand legally, the search
sees the joker's best values, and the opponents' cards are the right ones (the joker in, the turned card out)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import Level, TableView, choose
from ai.coach import review
from ai.sampling import hard_decisions
from ai.splits import legal_splits
from rules.arrangement import foul_reason
from rules.cards import JOKER, JOKER_ID, deal, turned_card
from rules.evaluate import base_key, row_key
from rules.presets import Options, Preset
from rules.scoring import score
from tests.tiers import examples

ARRANGED = [p for p in Preset if p.arranged]


def joker_hand(seed: int, players: int = 4) -> tuple:
    return next(h for h in deal(seed, players, joker=True) if JOKER in h)


def joker_view(preset: Preset, seed: int, players: int = 4) -> TableView:
    options = Options.for_preset(preset, {"joker": True})
    return TableView(preset=preset, options=options, players=players, turned=turned_card(seed, players))


@settings(max_examples=examples(12))
@given(st.integers(0, 2**32), st.sampled_from(ARRANGED), st.sampled_from([Level.EASY, Level.NORMAL, Level.HARD]))
def test_no_level_ever_fouls_a_joker_hand(seed: int, preset: Preset, level: Level) -> None:
    view = joker_view(preset, seed)
    choice = choose(joker_hand(seed), view, level, seed=seed)
    if choice.decision.arrangement is not None:
        assert foul_reason(choice.decision.arrangement, view.rules_options.wheel) is None
    assert sorted(choice.decision.cards) == sorted(joker_hand(seed))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("players", [4, 3])
def test_expert_plays_a_joker_hand_legally(seed: int, players: int) -> None:
    view = joker_view(Preset.TAIWAN, seed, players)
    choice = choose(joker_hand(seed, players), view, Level.EXPERT, seed=seed, samples=20)
    assert choice.decision.arrangement is not None
    assert foul_reason(choice.decision.arrangement) is None


def test_every_preset_plays_a_joker_deal_without_a_foul() -> None:
    for preset in ARRANGED:
        view = joker_view(preset, 11)
        result = score(
            [choose(h, view, Level.HARD).decision for h in deal(11, 4, joker=True)], preset, view.rules_options
        )
        assert sum(result.totals) == 0 and not any(result.fouled)


def test_the_split_search_keys_a_joker_subset_by_its_best_value() -> None:
    hand = joker_hand(2)
    splits = legal_splits(hand, Options(joker=True))
    assert len(splits.legal) > 0 and splits.subs5 is not None and splits.subs3 is not None
    for pos in np.random.default_rng(0).choice(splits.legal, 50, replace=False):
        arr = splits.arrangement(int(pos))
        keys = [base_key(row_key(r)) for r in arr.rows]
        assert keys[0] <= keys[1] <= keys[2]  # every split the search calls legal is legal by the rules
    c3, c5 = splits.subset_cards()
    assert not (c3 == JOKER_ID).any() and not (c5 == JOKER_ID).any()  # the card facts read the joker's value


def test_the_unseen_cards_hold_the_joker_and_not_the_turned_card() -> None:
    ours = [c for c in deal(4)[0]]
    view = TableView(options=Options(joker=True), turned=turned_card(4))
    unseen = set(view.unseen(ours).tolist())
    assert JOKER_ID in unseen and int(turned_card(4)) not in unseen and len(unseen) == 39 - 1 + 1
    holding = [*ours[:12], JOKER]
    assert JOKER_ID not in set(view.unseen(holding).tolist())
    assert JOKER_ID not in set(TableView().unseen(ours).tolist())  # no joker without the option
    assert view.known_naturals(holding) == (*map(int, ours[:12]), int(turned_card(4)))


def test_hard_in_a_batch_arranges_opponents_holding_the_joker() -> None:
    view = joker_view(Preset.ARCADE, 6)
    hands = deal(6, 4, joker=True)
    for d, h in zip(hard_decisions(hands, view), hands, strict=True):
        assert sorted(d.cards) == sorted(h)
        if d.arrangement is not None:
            assert foul_reason(d.arrangement, view.rules_options.wheel) is None


def test_the_coach_prices_a_joker_hand() -> None:
    hand = joker_hand(9)
    view = joker_view(Preset.TAIWAN, 9)
    played = choose(hand, view, Level.NORMAL).decision
    r = review(hand, played, view, tables=40, seed=1)
    assert r.loss >= 0 and r.tables > 0
