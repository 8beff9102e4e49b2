"""`expert`'s machinery: batched `hard` opponents, batched exact table scores, tables with a declared special,
and a selection that is not fooled by noise (shrinkage toward `hard`'s estimate, rounds that stop early)."""

from __future__ import annotations

import numpy as np
import pytest

from ai import Level, TableView, choose
from ai.estimate import expected_scores, quick_decision
from ai.expert import _decided, _distinct_candidates, _factors, _shrunk, _with_declared
from ai.features import split_features
from ai.opponents import model_for
from ai.policy import table_doubles
from ai.sampling import hard_decisions, imagine
from ai.showdown import decisions_rows, sample_scores, table_scores
from rules.arrangement import Row, foul_reason
from rules.cards import Card, deal, parse_cards
from rules.deal import Deal, Decision
from rules.evaluate import Wheel, base_key, row_key
from rules.presets import Options, Preset
from rules.scoring import score_deal
from tests.tiers import sized_daily

ARRANGED = [p for p in Preset if p.arranged]  # the pattern ladder has no rows to arrange or foul

SIX_PAIRS = parse_cards("2s 2h 5c 5d 8s 8h Tc Td Qs Qh Ks Kh 3d")
DRAGON = tuple(sorted(Card(c) for c in range(0, 52, 4)))


def _hands(n: int, seed: int = 300) -> list[tuple[Card, ...]]:
    return [h for s in range(seed, seed + n) for h in deal(s)][:n]


# Every day taiwan (two tables of it: a second view with the other wheel, the tie-break and three players) and
# arcade's treasure; every preset in the soak tier.
@sized_daily("preset", list(Preset), [Preset.TAIWAN, Preset.ARCADE], "n_hands", 5, 10)  # and the two specials
def test_batched_hard_without_a_screen_is_exactly_quick_decision(preset: Preset, n_hands: int) -> None:
    treasure = (Card(51), Card(10)) if preset is Preset.ARCADE else ()
    views = [TableView(preset=preset, treasure=treasure)]
    if preset is Preset.TAIWAN:
        views += [TableView(preset=preset, options=Options(wheel=Wheel.SECOND, suit_tiebreak=True), players=3)]
    hands = [*_hands(n_hands), tuple(sorted(SIX_PAIRS)), DRAGON]
    for view in views:
        assert hard_decisions(hands, view, shortlist=None) == [quick_decision(h, view) for h in hands]


# Thirty hands a day (the first of the sixty, where the screen agrees as often) at taiwan, arcade's treasure and
# the back row's own test of agreement; every preset in the soak tier.
@sized_daily("preset", list(Preset), [Preset.TAIWAN, Preset.ARCADE, Preset.BACKROW], "n_hands", 30, 60)
def test_batched_hard_with_its_screen_agrees_with_quick_decision_and_never_fouls(preset: Preset, n_hands: int) -> None:
    view = TableView(preset=preset, treasure=(Card(51), Card(10)) if preset is Preset.ARCADE else ())
    hands = _hands(n_hands)
    got = hard_decisions(hands, view)
    ref = [quick_decision(h, view) for h in hands]
    options = view.rules_options
    same = [a == b for a, b in zip(got, ref, strict=True)]
    if preset is Preset.BACKROW:
        # Only the back is paid there, so two plays are as good when the model prices their backs the same
        # (the same back, or another one no opponent's back falls between): the front and middle may differ.
        backs = model_for(Level.HARD, view).rows[Row.BACK]

        def back_value(d: Decision) -> tuple[float, float]:
            assert d.arrangement is not None
            win, tie = backs.win_tie(np.array([base_key(row_key(d.arrangement.back, options.wheel))]))
            return float(win[0]), float(tie[0])

        same = [back_value(a) == back_value(b) for a, b in zip(got, ref, strict=True)]
    assert sum(same) >= 0.9 * len(hands)
    for d, h in zip(got, hands, strict=True):
        assert sorted(d.cards) == sorted(h)
        if d.arrangement is not None:
            assert foul_reason(d.arrangement, options.wheel) is None


@pytest.mark.parametrize("preset", ARRANGED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_sample_scores_equal_table_scores_table_by_table(preset: Preset, players: int) -> None:
    view = TableView(
        preset=preset,
        players=players,
        levels=("expert", "hard", "easy", "normal")[:players],
        treasure=(Card(51), Card(10)) if preset is Preset.ARCADE else (),
    )
    hand = deal(41)[0]
    f = split_features(hand, view.rules_options, None, view.treasure)
    ev = expected_scores(f, model_for(Level.HARD, view), preset, view.rules_options, players)
    _, ours = _distinct_candidates(f, ev, view)
    seats = list(range(1, players))
    factors = _factors(view, seats)
    tables = [deal(s)[1:players] for s in range(50, 62)]
    im = imagine([h for t in tables for h in t], view)
    got = sample_scores(preset, ours, im.rows, len(seats), players, factors)
    for t in range(len(tables)):
        one = im.rows.take(np.arange(t * len(seats), (t + 1) * len(seats)))
        assert got[t] == pytest.approx(table_scores(preset, ours, one, players, factors))
    # And the rows imagine() reports are the rules' own reading of the arrangements it plays.
    arranged = [Decision.arranged(im.arrangement(i)) for i in range(len(im.declared))]
    rows = decisions_rows(arranged, preset, view.rules_options, view.treasure)
    assert (rows.keys == im.rows.keys).all() and np.allclose(rows.worth, im.rows.worth)
    assert np.allclose(rows.bonus, im.rows.bonus) and (rows.shape == im.rows.shape).all()


# Every preset where a dragon may be declared (western declares nothing).
@pytest.mark.parametrize(
    ("preset", "special"), [*((p, DRAGON) for p in Preset if p.specials), (Preset.SHISANSHUI, SIX_PAIRS)]
)
def test_a_table_with_a_declared_special_scores_every_candidate_as_the_rules_do(preset: Preset, special) -> None:
    view = TableView(
        preset=preset,
        levels=("expert", "hard", "easy", "normal"),
        treasure=(Card(51), Card(10)) if preset is Preset.ARCADE else (),
    )
    special = tuple(sorted(special))
    unseen = [c for c in range(52) if c not in special]
    rng = np.random.default_rng(3)
    hand = tuple(sorted(Card(int(c)) for c in rng.choice(unseen, 13, replace=False)))
    rest = [c for c in unseen if c not in hand]
    others = [special, tuple(sorted(Card(c) for c in rest[:13])), tuple(sorted(Card(c) for c in rest[13:]))]
    f = split_features(hand, view.rules_options, None, view.treasure)
    ev = expected_scores(f, model_for(Level.HARD, view), preset, view.rules_options, 4)
    cand, ours = _distinct_candidates(f, ev, view)
    seats = [1, 2, 3]
    im = imagine(others, view)
    assert im.declared[0] is not None
    got = _with_declared(f, cand, ours, im, 0, seats, view, _factors(view, seats))
    doubles = table_doubles(view)
    for i, pos in enumerate(cand):
        table = [
            Decision.arranged(f.arrangement(pos)),
            *(d or Decision.arranged(im.arrangement(j)) for j, d in enumerate(im.declared)),
        ]
        deal_ = Deal(preset, view.rules_options, tuple(table), doubles, view.treasure)
        assert got[i] == pytest.approx(score_deal(deal_).totals[0])


def test_shrinkage_keeps_the_estimates_order_on_one_sample_and_follows_many_samples() -> None:
    prior = np.array([3.0, 2.0, 1.0])
    one = np.array([[0.0, 5.0, 0.0]])
    assert np.argmax(_shrunk(one, prior)) == 0
    rng = np.random.default_rng(1)
    luck = rng.normal(0, 5, (400, 1))  # common to all candidates: paired samples cancel it
    many = luck + np.array([0.0, 1.0, 0.0]) + rng.normal(0, 0.3, (400, 3))
    assert np.argmax(_shrunk(many, prior)) == 1


def test_the_value_reported_is_not_the_maximum_of_noisy_means() -> None:
    # 48 candidates of equal worth: the best raw mean of 12 noisy samples looks better than any really is.
    rng = np.random.default_rng(2)
    x = rng.normal(0, 3, (12, 48))
    prior = np.zeros(48)
    post = _shrunk(x, prior)
    raw = x.mean(axis=0)
    assert post.max() < raw.max() - 0.5 and abs(post.max() - raw.mean()) < 0.3


def test_rounds_stop_once_no_candidate_is_close_and_continue_while_one_is() -> None:
    clear = np.column_stack([np.full(10, 5.0), np.zeros(10)]) + np.random.default_rng(0).normal(0, 0.1, (10, 2))
    assert _decided(clear, clear.mean(axis=0))
    close = np.random.default_rng(0).normal(0, 3, (10, 2))
    assert not _decided(close, close.mean(axis=0))


def test_expert_is_deterministic_per_seed_and_its_value_is_the_shrunk_one() -> None:
    hand = deal(5)[2]
    a = choose(hand, TableView(), Level.EXPERT, seed=3, top=2)
    b = choose(hand, TableView(), Level.EXPERT, seed=3, top=2)
    assert a == b
    assert a.ev >= max(x.ev for x in a.alternatives)


def test_hards_choice_stays_unless_the_samples_clearly_beat_it() -> None:
    from ai.expert import _keep_unless_beaten

    rng = np.random.default_rng(3)
    base = rng.normal(0, 3, size=(40, 1))
    noisy = np.hstack([base, base + rng.normal(0.05, 2.0, size=(40, 1))])  # a hair better, on thin evidence
    post = np.array([0.0, 0.05])
    kept = _keep_unless_beaten(noisy, post)
    assert int(np.argmax(kept)) == 0 and kept[1] == post[1]
    clear = np.hstack([base, base + 1.0 + rng.normal(0, 0.1, size=(40, 1))])  # better on every table
    assert int(np.argmax(_keep_unless_beaten(clear, np.array([0.0, 1.0])))) == 1
