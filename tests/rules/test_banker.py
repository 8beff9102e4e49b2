"""The banker game (rules/RULES.md §16.1–§16.2): pairs with the banker only, stakes, the three tie rules, fouls,
and the zero-sum property with the banker included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_cards
from rules.deal import Deal, DealError, Outcome
from rules.evaluate import row_key, top_card_key
from rules.presets import Options, Preset, TieRule
from rules.scoring import score, score_deal
from tests.tiers import examples

from .helpers import LADDER, duel, greedy_arrangement, hand, hands, random_split

TIE_DUEL = duel("TTT")  # every row equal in category and ranks, suits apart


def _opts(preset: Preset, ties: TieRule) -> Options:
    d = preset.default_options
    return Options(wheel=d.wheel, three_flush_straight=d.three_flush_straight, ties=ties)


@pytest.mark.parametrize("preset", list(Preset))
def test_players_compare_with_the_banker_only(preset: Preset) -> None:
    result = score(hands(*LADDER), preset, banker=1)
    assert [(p.i, p.j) for p in result.pairs] == [(0, 1), (1, 2), (1, 3)]
    alone = score(hands(LADDER[1], LADDER[3]), preset)
    assert result.pair(1, 3).score == alone.pair(0, 1).score  # each pair as if the two were alone
    assert sum(result.totals) == 0


@pytest.mark.parametrize("preset", list(Preset))
def test_a_stake_multiplies_the_pair(preset: Preset) -> None:
    plain = score(hands(*LADDER), preset, banker=0)
    staked = score(hands(*LADDER), preset, banker=0, stakes=[1, 3, 1, 2])
    assert staked.pair(0, 1).score == 3 * plain.pair(0, 1).score
    assert staked.pair(0, 2).score == plain.pair(0, 2).score
    assert staked.pair(0, 3).score == 2 * plain.pair(0, 3).score
    assert "stake" in {it.kind for it in staked.pair(0, 1).items}


def test_ties_as_ties() -> None:
    assert score(TIE_DUEL, Preset.HONGKONG, banker=0).totals == (0, 0)


@pytest.mark.parametrize("banker", [0, 1])
def test_equal_rows_go_to_the_banker(banker: int) -> None:
    result = score(TIE_DUEL, Preset.HONGKONG, _opts(Preset.HONGKONG, TieRule.BANKER), banker=banker)
    sign = 1 if banker == 0 else -1
    assert result.totals == (3 * sign, -3 * sign)
    assert result.pair(0, 1).rows == ((Outcome.WIN,) * 3 if banker == 0 else (Outcome.LOSS,) * 3)


def test_suit_tiebreak_splits_ties_in_a_banker_game() -> None:
    opts = Options(suit_tiebreak=True)
    assert score(TIE_DUEL, Preset.HONGKONG, opts, banker=1).totals != (0, 0)


def test_top_card_only_counts_the_leading_card() -> None:
    # Pair of kings with an ace kicker against kings with a queen: under top_card they are equal, so the
    # banker wins the row whichever kicker it holds.
    a = hand("Ks Kh Ad", "2s 2h 3s 3h 4d", "5c 6c 7c 8c Tc")
    b = hand("Kd Kc Qh", "2d 2c 3d 3c 4h", "5d 6d 7d 8d Td")
    top = _opts(Preset.HONGKONG, TieRule.TOP_CARD)
    plain = score([a, b], Preset.HONGKONG, banker=1)
    assert plain.pair(0, 1).rows[0] is Outcome.WIN  # the ace kicker wins normally
    ruled = score([a, b], Preset.HONGKONG, top, banker=1)
    assert ruled.pair(0, 1).rows == (Outcome.LOSS,) * 3  # equal leading cards: the banker's


def test_the_top_card_key_keeps_category_and_leading_rank() -> None:
    ka = row_key(parse_cards("Ks Kh Ad"))
    kq = row_key(parse_cards("Kd Kc Qh"))
    qa = row_key(parse_cards("Qd Qc Ah"))
    assert ka > kq and top_card_key(ka) == top_card_key(kq) > top_card_key(qa)


def test_a_fouled_banker_pays_every_player() -> None:
    fouled = hand("As Ah Ad", "2s 3h 5d 7c 9s", "Ks Qh Jd 8c 4s")
    rest = [c for c in range(52) if c not in {int(x) for x in fouled.cards}]
    players = [greedy_arrangement(rest[13 * k : 13 * k + 13]) for k in range(3)]
    from rules.deal import Decision

    result = score([fouled, *(Decision.arranged(a) for a in players)], Preset.HONGKONG, banker=0)
    assert all(result.pair(0, p).score < 0 for p in (1, 2, 3))


@pytest.mark.parametrize(
    "bad",
    [
        {"banker": 4},
        {"banker": 0, "stakes": [1, 2]},
        {"banker": 0, "stakes": [2, 1, 1, 1]},
        {"stakes": [1, 1, 1, 1]},
        {"banker": 0, "stakes": [1, 0, 1, 1]},
        {"banker": 0, "doubles": [None, 0, None, None]},
    ],
)
def test_bad_banker_input_is_refused(bad: dict) -> None:
    kw = dict(bad)
    preset = Preset.ARCADE if "doubles" in kw else Preset.HONGKONG
    with pytest.raises(DealError):
        score(hands(*LADDER), preset, **kw)


@settings(max_examples=examples(30, soak=300), deadline=None)
@given(
    st.sampled_from(list(Preset)), st.integers(2, 4), st.randoms(use_true_random=False), st.sampled_from(list(TieRule))
)
def test_a_banker_game_is_zero_sum_and_the_players_never_meet(preset, players, rnd: random.Random, ties) -> None:
    deck = list(range(52))
    rnd.shuffle(deck)
    from rules.deal import Decision

    decisions = tuple(
        Decision.arranged(
            random_split(deck[13 * s : 13 * s + 13], rnd)
            if rnd.random() < 0.3
            else greedy_arrangement(deck[13 * s : 13 * s + 13])
        )
        for s in range(players)
    )
    banker = rnd.randrange(players)
    stakes = tuple(1 if s == banker else rnd.randint(1, 5) for s in range(players))
    deal = Deal(preset, _opts(preset, ties), decisions, banker=banker, stakes=stakes)
    result = score_deal(deal)
    assert sum(result.totals) == 0
    assert all(banker in (p.i, p.j) for p in result.pairs) and len(result.pairs) == players - 1
    assert deal.to_dict()["banker"] == banker
