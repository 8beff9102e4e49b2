"""The reference strategy (ai/reference.py) and its training (ai/train_reference.py): never a foul, deterministic,
the shipped tables load, the closed form is the 4-2 score, a small training run is well formed, and it beats `easy`."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai.arena
from ai.arena import run_arena
from ai.contract import TableView
from ai.opponents import RowModel
from ai.reference import (
    REFERENCE_FILE,
    ReferencePlayer,
    ReferenceTables,
    make_reference_player,
    read_tables,
    reference_decision,
    reference_split,
    rewheel,
    save_tables,
    shipped_tables,
    split_scores,
)
from ai.splits import SPLIT_BACK, SPLIT_FRONT, SPLIT_MIDDLE, legal_splits
from ai.train_reference import PLAIN, mix_tables, train
from rules.cards import Card, deal
from rules.deal import Seat
from rules.evaluate import Category, Wheel, base_key, wheel_key
from rules.presets import Options, Preset
from tests.tiers import examples, sized

hands = st.permutations(range(52)).map(lambda p: tuple(sorted(Card(c) for c in p[:13])))


@pytest.fixture(scope="module")
def small() -> ReferenceTables:
    """Tables from a tiny training run (independent of the shipped file)."""
    return train(hands=200, rounds=2, seed=7, workers=1)


@settings(max_examples=examples(60), deadline=None)
@given(hand=hands, preset=st.sampled_from(list(Preset)), tiebreak=st.booleans(), flip=st.booleans())
def test_never_fouls(hand, preset: Preset, tiebreak: bool, flip: bool) -> None:
    d = preset.default_options
    wheel = d.wheel if not flip else (Wheel.SECOND if d.wheel is Wheel.LOW else Wheel.LOW)
    options = Options(wheel=wheel, suit_tiebreak=tiebreak, three_flush_straight=d.three_flush_straight)
    decision = reference_decision(hand, options)
    assert decision.declare is None and decision.arrangement is not None
    assert sorted(decision.arrangement.cards) == sorted(hand)
    assert not Seat.evaluate(decision, options).fouled


def test_player_is_deterministic_and_ignores_the_seed() -> None:
    player = make_reference_player()
    assert isinstance(player, ReferencePlayer) and player.name == "reference"
    for hand in deal(4):
        view = TableView(preset=Preset.TAIWAN)
        a, b = player.decide(hand, view, seed=1), player.decide(hand, view, seed=2)
        assert a.decision == b.decision and a.double is None and a.forfeit is None and a.seconds >= 0
    player.close()


def test_shipped_tables_load_and_are_proper() -> None:
    assert REFERENCE_FILE.exists() and REFERENCE_FILE.stat().st_size < 1_000_000
    t = shipped_tables()
    assert t.wheel is Wheel.LOW and t.meta["rounds"] >= 1 and t.meta["hands"] > 0
    for rm in t.rows:
        assert (np.diff(rm.keys) > 0).all() and (rm.keys & 3 == 0).all()
        assert (rm.prob > 0).all() and rm.prob.sum() == pytest.approx(1.0)
    assert set((t.rows[0].keys >> 22).tolist()) <= {0, 1, 3}  # a front is high card, pair or trips
    # Arranged rows: the back is on average stronger than the middle, the middle than the front.
    front, middle, back = (float((rm.keys >> 22) @ rm.prob) for rm in t.rows)
    assert back > middle > front


def test_rewheel_moves_only_the_wheel() -> None:
    t = shipped_tables()
    moved = shipped_tables(Wheel.SECOND)
    assert moved.wheel is Wheel.SECOND and shipped_tables(Wheel.SECOND) is moved
    for a, b in zip(t.rows, moved.rows, strict=True):
        assert (np.diff(b.keys) > 0).all() and sorted(a.prob) == pytest.approx(sorted(b.prob))
    low, second = wheel_key(Category.STRAIGHT, Wheel.LOW), wheel_key(Category.STRAIGHT, Wheel.SECOND)
    assert low in t.rows[2].keys and second not in t.rows[2].keys
    assert second in moved.rows[2].keys and low not in moved.rows[2].keys
    assert rewheel(moved, Wheel.LOW).rows[2].keys.tolist() == t.rows[2].keys.tolist()


def _exact_42(w: list[float], t: list[float]) -> float:
    """The 4-2 score by enumerating the 27 outcomes of three independent rows."""
    total = 0.0
    for outcome in itertools.product((1, 0, -1), repeat=3):
        p = 1.0
        for r, x in enumerate(outcome):
            p *= w[r] if x == 1 else t[r] if x == 0 else 1 - w[r] - t[r]
        net = sum(outcome)
        total += p * (net + (net > 0) - (net < 0))
    return total


def test_closed_form_is_the_four_two_score(small: ReferenceTables) -> None:
    hs = legal_splits(deal(11)[0], PLAIN)
    scores = split_scores(hs, small)
    k3, k5 = base_key(hs.keys3), base_key(hs.keys5)
    for pos in (0, len(hs.legal) // 2, len(hs.legal) - 1):
        s = hs.legal[pos]
        keys = (k3[SPLIT_FRONT[s]], k5[SPLIT_MIDDLE[s]], k5[SPLIT_BACK[s]])
        wt = [m.win_tie(np.array([k])) for m, k in zip(small.rows, keys, strict=True)]
        assert scores[pos] == pytest.approx(_exact_42([float(x[0][0]) for x in wt], [float(x[1][0]) for x in wt]))
    assert (scores >= -4 - 1e-9).all() and (scores <= 4 + 1e-9).all()
    hs2, split, best = reference_split(deal(11)[0], PLAIN, small)
    assert best == pytest.approx(scores.max()) and split in hs2.legal


def test_small_training_run_has_the_right_shape(small: ReferenceTables, tmp_path) -> None:
    assert len(small.rows) == 3 and all(isinstance(rm, RowModel) for rm in small.rows)
    for rm in small.rows:
        assert len(rm.keys) == len(rm.prob) > 0 and (np.diff(rm.keys) > 0).all()
        assert rm.prob.sum() == pytest.approx(1.0)
    meta = small.meta
    assert meta["hands"] == 200 and meta["rounds"] == 2 and meta["seed"] == 7
    history = meta["history"]
    assert [h["round"] for h in history] == [1, 2] and "play" in history[1]
    assert all(0 <= x <= 1 for h in history for x in h["tables"]["ks"])
    # Written and read back unchanged.
    path = tmp_path / "ref.npz"
    save_tables(small, path)
    back = read_tables(path)
    for a, b in zip(small.rows, back.rows, strict=True):
        assert a.keys.tolist() == b.keys.tolist() and np.allclose(a.prob, b.prob)
    assert back.meta["history"] == json.loads(json.dumps(history))
    assert not list(tmp_path.glob("*.tmp*"))


def test_training_is_reproducible_and_worker_independent(small: ReferenceTables) -> None:
    again = train(hands=200, rounds=2, seed=7, workers=2)
    other = train(hands=200, rounds=1, seed=8, workers=1)
    for a, b in zip(small.rows, again.rows, strict=True):
        assert a.keys.tolist() == b.keys.tolist() and a.prob.tolist() == b.prob.tolist()
    assert any(a.keys.tolist() != c.keys.tolist() for a, c in zip(small.rows, other.rows, strict=True))


def test_mix_tables_is_a_mixture() -> None:
    one = RowModel(np.array([4, 8]), np.array([0.5, 0.5]))
    two = RowModel(np.array([8, 12]), np.array([0.25, 0.75]))
    a, b = ReferenceTables((one, one, one)), ReferenceTables((two, two, two))
    m = mix_tables(a, b, 0.5).rows[0]
    assert m.keys.tolist() == [4, 8, 12] and m.prob.tolist() == pytest.approx([0.25, 0.375, 0.375])


@pytest.mark.slow
# Since issue 39 `easy` errs on close calls only, where it threw hands away before: twenty deals put the interval
# clear of zero then (+3.1 ± 1.5), 300 do now (+0.39 ± 0.17). Only the soak tier's 400 deals prove it (the
# interval clear of zero); the everyday tier plays the same arena on 20 deals, where the sign is noise (100 deals
# gave +0.17 ± 0.27 and were the everyday tier's slowest AI test, issue 44): both players play, neither fouls.
@sized("deals", 20, 400)
def test_beats_easy_in_a_small_arena(deals: int) -> None:
    assert "reference" in ai.arena.PLAYERS  # the arena and the command line know it by name
    report = run_arena(["reference", "easy"], deals, seed=3, preset=Preset.TAIWAN)
    ref = next(p for p in report["players"] if p["name"] == "reference")
    assert ref["fouls"] == 0 and report["deals"] == deals, ref
    if deals >= 400:
        assert ref["mean"] - ref["ci95"] > 0, ref  # (its speed is the bench's to measure, not a test's)
