"""`expert`'s bank of arranged hands (ai/bank.py): what it stores is `hard`'s own play, read back exactly as
the rules read it, and the hands drawn for a seat are exactly those that share no card with its own."""

from __future__ import annotations

import numpy as np
import pytest

from ai import Level, TableView, choose
from ai.bank import BANK_PATH, build, from_arrays, load_bank
from ai.sampling import hard_decisions
from ai.showdown import decisions_rows
from rules.arrangement import Arrangement, foul_reason
from rules.cards import Card, deal
from rules.deal import Decision
from rules.presets import Preset
from tests.tiers import sized

PRESETS = [Preset.TAIWAN, Preset.TOURNAMENT, Preset.ARCADE, Preset.SHISANSHUI]


def _small(preset: Preset, hands: int = 120, workers: int = 1):
    arrays = build(preset, hands, seed=5, workers=workers)
    p = preset.value
    return arrays, from_arrays(preset, arrays[f"{p}_cards"], arrays[f"{p}_bonus"], arrays[f"{p}_shape"])


def _arrangement(cards: np.ndarray) -> Arrangement:
    c = [Card(int(x)) for x in cards]
    return Arrangement.of(c[:3], c[3:8], c[8:])


@pytest.mark.parametrize("preset", PRESETS)
@sized("hands", 60, 120)
def test_every_entry_is_hards_own_legal_play_read_back_as_the_rules_read_it(preset: Preset, hands: int) -> None:
    _, bank = _small(preset, hands)
    view = TableView(preset=preset)
    options = view.rules_options
    arrangements = [_arrangement(c) for c in bank.cards]
    assert all(foul_reason(a, options.wheel) is None for a in arrangements)
    # `hard` itself plays each stored hand that way (and none of them is a declaration)
    hands = [tuple(sorted(Card(int(x)) for x in c)) for c in bank.cards[:40]]
    for decision, arrangement in zip(hard_decisions(hands, view), arrangements, strict=False):
        assert decision.arrangement is not None
        assert [sorted(r) for r in decision.arrangement.rows] == [sorted(r) for r in arrangement.rows]
    treasure = (Card(51), Card(10), Card(22)) if preset is Preset.ARCADE else ()
    idx = np.arange(len(bank))
    got = bank.rows(idx, treasure)
    ref = decisions_rows([Decision.arranged(a) for a in arrangements], preset, options, treasure)
    assert (got.keys == ref.keys).all() and np.allclose(got.worth, ref.worth)
    assert np.allclose(got.bonus, ref.bonus) and (got.shape == ref.shape).all()


def test_the_hands_drawn_for_a_seat_are_exactly_those_sharing_no_card_with_its_own() -> None:
    # Which entries miss a hand is read from the cards alone: seeded hands in any row order stand for the
    # arranged ones (arranging 400 by `hard` first changes nothing here), and 1,000 of them give each seed some.
    rng = np.random.default_rng(5)
    cards = np.array([rng.permutation(52)[:13] for _ in range(1_000)], dtype=np.uint8)
    bank = from_arrays(Preset.TAIWAN, cards, np.zeros(len(cards)), np.zeros(len(cards), dtype=bool))
    for seed in range(5):
        ours = deal(seed)[0]
        got = set(bank.disjoint(ours).tolist())
        want = {i for i, c in enumerate(bank.cards) if not set(int(x) for x in c) & set(int(x) for x in ours)}
        assert got == want and want


def test_the_bank_depends_on_its_seed_alone_not_on_the_workers() -> None:
    one, _ = _small(Preset.SHISANSHUI, hands=60, workers=1)
    two, _ = _small(Preset.SHISANSHUI, hands=60, workers=2)
    assert one.keys() == two.keys() and all((one[k] == two[k]).all() for k in one)


@pytest.mark.skipif(not BANK_PATH.exists(), reason="the shipped bank is built by python -m ai.bank")
@pytest.mark.parametrize("preset", PRESETS)
def test_the_shipped_bank_is_uniform_enough_to_stand_for_unseen_hands(preset: Preset) -> None:
    bank = load_bank(preset)
    assert bank is not None and len(bank) >= 50_000
    # every card about equally often (a uniform deal: 13/52 of the hands hold each card)
    counts = np.bincount(bank.cards.ravel(), minlength=52) / len(bank)
    assert np.abs(counts - 0.25).max() < 0.01
    # and a seat always finds some thousand hands among the cards it cannot see
    for seed in range(3):
        assert len(bank.disjoint(deal(seed)[0])) > 0.008 * len(bank)


@pytest.mark.parametrize("preset", PRESETS)
@sized("seeds", 2, 4)
def test_expert_drawing_from_the_bank_never_fouls_and_is_deterministic(preset: Preset, seeds: int) -> None:
    view = TableView(preset=preset, treasure=(Card(51), Card(10)) if preset is Preset.ARCADE else ())
    for seed in range(seeds):
        hand = deal(700 + seed)[0]
        a = choose(hand, view, Level.EXPERT, seed=seed)
        b = choose(hand, view, Level.EXPERT, seed=seed)
        assert a == b
        if a.decision.arrangement is not None:
            assert foul_reason(a.decision.arrangement, view.rules_options.wheel) is None


@pytest.mark.skipif(not BANK_PATH.exists(), reason="the shipped bank is built by python -m ai.bank")
def test_the_coachs_relabelled_draws_are_fresh_unseen_hands_that_hard_plays_the_same_way() -> None:
    bank = load_bank(Preset.TAIWAN)
    assert bank is not None
    ours = deal(21)[0]
    entries, moved = bank.relabelled(ours, np.random.default_rng(3), limit=400)
    assert 250 <= len(entries) <= 400
    assert not set(entries.tolist()) & set(bank.disjoint(ours).tolist()), "none of the hands expert chose on"
    mine = {int(c) for c in ours}
    for row in moved:
        assert len(set(row.tolist())) == 13 and not set(row.tolist()) & mine
    assert ((moved & ~3) == (bank.cards[entries].astype(np.int64) & ~3)).all(), "only the suits are relabelled"
    # `hard` arranges a relabelled hand into rows of the same strength (equal cards of a rank may trade
    # places): the stored keys stay right for it
    view = TableView()
    hands = [tuple(sorted(Card(int(c)) for c in row)) for row in moved[:30]]
    played = decisions_rows(hard_decisions(hands, view), Preset.TAIWAN, view.rules_options)
    rows = bank.relabelled_rows(entries[:30], moved[:30])
    assert (played.keys == rows.keys).all() and (rows.keys == bank.keys[entries[:30]]).all()
    assert np.allclose(played.bonus, rows.bonus)
