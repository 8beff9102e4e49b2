"""What the computer passes in 換三張 (rules/RULES.md §21), and the coach's price of a pass."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai.exchange
from ai import Level, TableView
from ai.coach import Verdict
from ai.exchange import REVIEW_BUDGET, candidates, choose_pass, kept_score, price_passes, review_pass
from rules.cards import deal, parse_cards
from rules.presets import Preset
from tests.tiers import examples, sized

VIEW = TableView(preset=Preset.TAIWAN)
# Four aces and a king-high flush draw: nothing of them should ever be passed.
QUADS = parse_cards("As Ah Ad Ac Kh Qh 9h 5h 8c 6d 4s 3c 2d")


@settings(max_examples=examples(6, soak=60), deadline=None)
@given(seed=st.integers(0, 2**31 - 1), level=st.sampled_from([Level.EASY, Level.NORMAL]))
def test_every_pass_is_three_distinct_cards_of_the_hand(seed: int, level: Level) -> None:
    hand = deal(seed)[0]
    choice = choose_pass(hand, VIEW, level, seed=seed)
    assert len(set(choice.cards)) == 3 and set(choice.cards) <= set(hand)


# expert prices passes as hard does, on more candidates and draws: its case is the soak tier's.
EVERY_LEVEL = [pytest.param(lv, marks=pytest.mark.soak) if lv is Level.EXPERT else lv for lv in Level]


@pytest.mark.parametrize("level", EVERY_LEVEL)
def test_no_level_breaks_up_four_aces(level: Level) -> None:
    choice = choose_pass(QUADS, VIEW, level, seed=4)
    assert not {c.rank for c in choice.cards} & {12}


def test_the_quick_look_prefers_keeping_made_hands() -> None:
    assert kept_score(parse_cards("As Ah Ad Kc Kd 9h 7s 5c 3d 2h")) > kept_score(
        parse_cards("As Kh Qd Jc 9d 8h 6s 5c 3d 2h")
    )
    assert all(not {c.rank for c in trio} & {12} for trio in candidates(QUADS, 10))


@pytest.mark.parametrize("level", [Level.NORMAL, pytest.param(Level.HARD, marks=pytest.mark.soak)])
def test_a_pass_is_the_same_for_the_same_seed(level: Level) -> None:
    hand = deal(11)[1]
    assert choose_pass(hand, VIEW, level, seed=5) == choose_pass(hand, VIEW, level, seed=5)


def test_passes_are_priced_on_the_same_draws() -> None:
    hand = deal(12)[0]
    trio = candidates(hand, 1)[0]
    x = price_passes(hand, [trio, trio], VIEW, draws=4, seed=1)
    assert x.shape == (4, 2) and (x[:, 0] == x[:, 1]).all()


# The coach's budget (candidates, draws to choose on, draws to price on): a broken four of aces is a blunder
# on a quarter of the draws too; the soak tier prices at the product's own budget.
@pytest.mark.parametrize(
    "budget",
    [
        pytest.param((REVIEW_BUDGET[0], 6, 12), id="small"),
        pytest.param(REVIEW_BUDGET, id="product", marks=pytest.mark.soak),
    ],
)
def test_the_coach_calls_its_own_best_pass_best_and_a_broken_four_a_blunder(
    budget: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.exchange, "REVIEW_BUDGET", budget)
    best = review_pass(QUADS, candidates(QUADS, 1)[0], VIEW, seed=2)
    assert best.loss >= 0
    bad = review_pass(QUADS, parse_cards("As Ah Kh"), VIEW, seed=2)
    assert bad.loss > 1 and bad.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
    assert not {c.rank for c in bad.best} & {12}
    assert bad.to_dict()["played"] == "Kh Ah As" and bad.draws == budget[2]


@sized("deals", 1, 2)
def test_an_arena_with_the_exchange_passes_and_reports_it(monkeypatch: pytest.MonkeyPatch, deals: int) -> None:
    import ai.arena
    from ai.arena import run_arena
    from rules.exchange import Direction

    # Each pass priced once for its arguments: the second arena must ask for the very same passes (the same
    # seeds and views) to replay the first; that a pass is the same for the same seed is checked above.
    priced: dict[tuple, object] = {}

    def remembered(hand, view, level, *, seed=0, modelled=True):
        key = (tuple(hand), view, Level(level), seed, modelled)
        if key not in priced:
            priced[key] = choose_pass(hand, view, level, seed=seed, modelled=modelled)
        return priced[key]

    monkeypatch.setattr(ai.arena, "choose_pass", remembered)
    report = run_arena(["normal", "easy"], deals, seed=3, exchange=2, exchange_way=Direction.ROTATE)
    assert report["exchange"] == {"rounds": 2, "way": "rotate"}
    players = report["players"]
    assert [p["fouls"] for p in players] == [0, 0] and abs(players[0]["mean"] + players[1]["mean"]) < 1e-9
    again = run_arena(["normal", "easy"], deals, seed=3, exchange=2, exchange_way=Direction.ROTATE)
    assert [p["mean"] for p in again["players"]] == [p["mean"] for p in players]  # the same seed, the same deals
    assert len(priced) == 16 * deals  # two rotations of four seats, two rounds a deal: each pass asked for once
    with pytest.raises(ValueError, match="cannot pass"):
        run_arena(["cmd:python3 -c pass", "easy"], 1, exchange=1)


@pytest.mark.parametrize("level", EVERY_LEVEL)
def test_nobody_passes_the_joker_and_nothing_comes_back_that_is_out_of_play(level: Level) -> None:
    from ai.exchange import _draws
    from rules.cards import JOKER_ID
    from rules.presets import Options

    view = TableView(options=Options.for_preset(Preset.TAIWAN, {"joker": True}), turned=parse_cards("7h", 1)[0])
    hand = parse_cards("JK As Kd Qc 9s 8h 6d 5c 4s 3h 2d 2c Td", 13)
    assert JOKER_ID not in choose_pass(hand, view, level, seed=1).cards
    got = {c for trio in _draws(hand, 30, 5, view=view) for c in trio}
    assert not got & set(hand) and parse_cards("7h", 1)[0] not in got
    other = parse_cards("As Kd Qc 9s 8h 6d 5c 4s 3h 2d 2c Td 9d", 13)  # the joker is someone else's
    assert all(len(set(trio)) == 3 for trio in _draws(other, 10, 6, view=view))
