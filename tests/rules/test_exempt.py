"""免擺 (rules/RULES.md §18, option ``exempt``): a straight flush or four of a kind wins without arranging."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.arrangement import foul_reason
from rules.arrangement import stand_in as legal_arrangement
from rules.cards import FULL_DECK, parse_cards
from rules.deal import Decision
from rules.evaluate import Category, Wheel, row_key
from rules.exempt import WIN, exempt_hand, exempt_rank
from rules.presets import Options, Preset
from rules.scoring import score
from tests.tiers import examples

from .helpers import declared, duel, greedy_arrangement, hand, pair_items

ON = {"exempt": True}

# Four 9s (back), nothing else of note; a straight flush 5–9 of hearts; a plain hand.
# The four hands of one deal.
QUADS_9 = hand("2c 3d 4s", "Qs Jd Tc 7s 5d", "9s 9h 9d 9c Ac")
QUADS_K = hand("2d 3c 4d", "Th Jh Qc 6s 5c", "Kc Kd Kh Ks Ad")
SF_HEARTS = hand("As Ah Qh", "2h 2s 3h 3s 8d", "4h 5h 6h 7h 8h")
PLAIN = hand("4c 5s 6d", "Ts Td 6c 7d 7c", "Qd Jc Js 8c 8s")


def opts(preset: Preset, **more: object) -> Options:
    return Options.for_preset(preset, {**ON, **more})


@pytest.mark.parametrize(
    "text",
    [
        "9s 9h 9d 9c Ac Ks Qd Jc 7s 5d 2c 3d 4h",  # four of a kind
        "5h 6h 7h 8h 9h As Ah Qs 2c 3d 4s 6c 8d",  # straight flush
        "Ad 2d 3d 4d 5d Ks Qh Jc 9s 7h 6c 8c Tc",  # the wheel as a straight flush
    ],
)
def test_a_straight_flush_or_a_four_makes_a_hand_exempt(text: str) -> None:
    assert exempt_rank(parse_cards(text, 13)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "9s 9h 9d 8c Ac Ks Qd Jc 7s 5d 2c 3d 4h",  # trips, no four
        "5h 6h 7h 8h Th As Ah Qs 2c 3d 4s 6c 8d",  # a flush and a broken run: no straight flush
        "5h 6h 7h 8h 9c As Ah Qs 2c 3d 4s 6c 8d",  # a straight, not all hearts
        "Kd 2d 3d 4d 5c Ks Qh Jc 9s 7h 6c 8c Tc",  # K-A-2-3-4 does not run round the corner
    ],
)
def test_near_misses_are_not_exempt(text: str) -> None:
    assert exempt_rank(parse_cards(text, 13)) is None


def test_a_straight_flush_beats_any_four_and_fours_go_by_rank() -> None:
    sf = exempt_rank(SF_HEARTS.cards)
    nines, kings = exempt_rank(QUADS_9.cards), exempt_rank(QUADS_K.cards)
    assert sf is not None and nines is not None and kings is not None
    assert sf > kings > nines


def test_the_highest_four_decides_not_how_many() -> None:
    two_fours = parse_cards("3s 3h 3d 3c 9s 9h 9d 9c 2c 4d 5h 6s 7c", 13)
    one_ten = parse_cards("Ts Th Td Tc 2s 4c 5d 6h 7s 8d Jc Qh Ad", 13)
    assert exempt_rank(one_ten) > exempt_rank(two_fours)  # type: ignore[operator]


def test_the_wheel_setting_ranks_a_wheel_straight_flush() -> None:
    wheel_sf = parse_cards("Ad 2d 3d 4d 5d Ks Qh Jc 9s 7h 6c 8c Tc", 13)
    six_high = parse_cards("2c 3c 4c 5c 6c As Kh Qd Js 9h 8d 7s Th", 13)
    assert exempt_rank(wheel_sf, Wheel.LOW) < exempt_rank(six_high, Wheel.LOW)  # type: ignore[operator]
    assert exempt_rank(wheel_sf, Wheel.SECOND) > exempt_rank(six_high, Wheel.SECOND)  # type: ignore[operator]


@pytest.mark.parametrize("preset", [p for p in Preset if p in WIN])
def test_an_exempt_win_is_worth_a_plain_sweep(preset: Preset) -> None:
    sweep = score(duel("WWW"), preset).totals[0]
    assert WIN[preset] == sweep
    result = score([QUADS_9, PLAIN], preset, opts(preset))
    assert result.totals == (sweep, -sweep)
    assert pair_items(result, 0, 1) == {"exempt": sweep}
    assert result.pair(0, 1).rows is None


def test_off_by_default_the_rows_are_played() -> None:
    assert not Preset.TAIWAN.default_options.exempt
    plain = score([QUADS_9, PLAIN], Preset.TAIWAN)
    assert "exempt" not in pair_items(plain, 0, 1)


def test_two_exempt_hands_the_better_one_wins() -> None:
    result = score([QUADS_9, QUADS_K, SF_HEARTS, PLAIN], Preset.TAIWAN, opts(Preset.TAIWAN))
    assert pair_items(result, 0, 1) == {"exempt": -6}
    assert pair_items(result, 1, 2) == {"exempt": -6}
    assert result.totals == (6 - 12, 12 - 6, 18, -18)


def test_equal_straight_flushes_tie_unless_suits_break_them() -> None:
    spades = hand("2c 3d 4h", "Ks Qd Jc 2s 3s", "5s 6s 7s 8s 9s")
    hearts = hand("As Ah Qs", "2h 3h 4s 6c 8d", "5h 6h 7h 8h 9h")
    assert not set(spades.cards) & set(hearts.cards)
    assert score([spades, hearts], Preset.TAIWAN, opts(Preset.TAIWAN)).totals == (0, 0)
    split = score([spades, hearts], Preset.TAIWAN, opts(Preset.TAIWAN, suit_tiebreak=True))
    assert split.totals == (6, -6)


def test_an_exempt_hand_fouled_rows_are_never_looked_at() -> None:
    fouled = hand("9s 9h 9d", "9c Ac Qs 2c 3d", "Jd Tc 7s 5d 4s")  # QUADS_9's cards, rows a foul
    result = score([fouled, PLAIN], Preset.TAIWAN, opts(Preset.TAIWAN))
    assert result.fouled == (False, False)
    assert result.totals == (6, -6)


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.SHISANSHUI, Preset.ARCADE])
def test_the_others_settle_among_themselves_as_a_smaller_table(preset: Preset) -> None:
    # Seat 0 is exempt: the other three are scored as a table of three, which has no 紅不讓/全壘打 (§10.1).
    rng = random.Random(7)
    for _ in range(500):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        dealt = [deck[13 * k : 13 * k + 13] for k in range(4)]
        if exempt_rank(dealt[0]) and not any(exempt_rank(h) for h in dealt[1:]):
            break
    decisions = [Decision.arranged(greedy_arrangement(h)) for h in dealt]
    result = score(decisions, preset, opts(preset))
    alone = score(decisions[1:], preset, opts(preset))
    for p in alone.pairs:
        assert result.pair(p.i + 1, p.j + 1).items == p.items
    for other in (1, 2, 3):
        assert pair_items(result, 0, other) == {"exempt": WIN[preset]}


def test_a_declared_special_is_paid_by_an_exempt_hand() -> None:
    dragon = declared("As Kd Qc Js Td 9c 8s 7d 6c 5s 4d 3c 2s", "dragon")
    four = hand("2d 3d Qd", "Ad Ac Kc Ks Qs", "4h 5h 6h 7h 8h")  # a straight flush: exempt
    with_option = score([dragon, four], Preset.TAIWAN, opts(Preset.TAIWAN))
    without = score([dragon, four], Preset.TAIWAN)
    assert with_option.totals == without.totals and with_option.totals[0] > 0


def test_in_a_banker_game_only_the_banker_pairs_count() -> None:
    result = score([QUADS_9, PLAIN, QUADS_K], Preset.TAIWAN, opts(Preset.TAIWAN), banker=0, stakes=[1, 2, 1])
    assert result.totals == (12 - 6, -12, 6)
    assert {(p.i, p.j) for p in result.pairs} == {(0, 1), (0, 2)}


def test_arcade_doubles_double_an_exempt_pair() -> None:
    result = score([QUADS_9, PLAIN], Preset.ARCADE, opts(Preset.ARCADE), doubles=[None, 0])
    assert pair_items(result, 0, 1) == {"exempt": 6, "double": 6}


@settings(max_examples=examples(75, soak=750), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([p for p in Preset if p in WIN]), st.booleans())
def test_zero_sum_with_exempt_hands(seed: int, preset: Preset, banker: bool) -> None:
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    # Deal until some hand is exempt, to exercise the rule (about one deal in six has one).
    for _ in range(40):
        rng.shuffle(deck)
        dealt = [deck[13 * k : 13 * k + 13] for k in range(4)]
        if any(exempt_rank(h) for h in dealt):
            break
    decisions = [Decision.arranged(greedy_arrangement(h)) for h in dealt]
    result = score(decisions, preset, opts(preset), banker=0 if banker else None)
    assert sum(result.totals) == 0
    for i, h in enumerate(dealt):
        if exempt_rank(h) is not None:
            assert not result.fouled[i]


@settings(max_examples=examples(30, soak=300), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Wheel)))
def test_the_stand_in_arrangement_is_always_legal(seed: int, wheel: Wheel) -> None:
    rng = random.Random(seed)
    hand_cards = rng.sample(list(FULL_DECK), 13)
    arrangement = legal_arrangement(hand_cards, wheel)
    assert sorted(arrangement.cards) == sorted(hand_cards)
    assert foul_reason(arrangement, wheel) is None
    # The back is the best five of all by the plain evaluator (stand_in searches with the batch one).
    assert row_key(arrangement.back, wheel) == max(row_key(f, wheel) for f in itertools.combinations(hand_cards, 5))


def test_what_makes_a_hand_exempt_is_named() -> None:
    found = exempt_hand(SF_HEARTS.cards)
    assert found is not None and found.category is Category.STRAIGHT_FLUSH
    assert [str(c) for c in found.cards] == ["8h", "7h", "6h", "5h", "4h"]
    four = exempt_hand(QUADS_K.cards)
    assert four is not None and four.category is Category.QUADS and {c.rank for c in four.cards} == {11}
