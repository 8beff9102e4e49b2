"""The split tables and the legal-split search against a slow, obviously-correct reference built on the rules code."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from ai.splits import (
    FRONT_MASK,
    MIDDLE_MASK,
    N_SPLITS,
    SPLIT_BACK,
    SPLIT_FRONT,
    SPLIT_MIDDLE,
    Fixed,
    legal_splits,
)
from rules.arrangement import Arrangement, foul_reason, foul_reason_values
from rules.cards import Card, CardError, deal, parse_cards
from rules.evaluate import SUBSETS3, SUBSETS5, Wheel, evaluate_row
from rules.presets import Options

Split = tuple[int, int, int]  # the (front, middle, back) cards as bit sets: bit c for card id c


def cards_mask(cards) -> int:
    """The bit set of ``cards`` (a row, or cards placed in one)."""
    return sum(1 << int(c) for c in cards)


def reference_legal(hand, wheel: Wheel, fixed: Fixed | None = None) -> set[Split]:
    """Every legal (front, middle, back) of ``hand`` by brute force over itertools and the rules' foul check.

    Rows are evaluated with ``rules.evaluate.evaluate_row`` (cached per row, which is only a speed-up) and judged
    with ``rules.arrangement.foul_reason_values``, the function behind ``foul_reason``.
    """
    fixed = fixed or Fixed()
    values: dict[tuple[int, ...], object] = {}

    def value(row: tuple[int, ...]):
        if row not in values:
            values[row] = evaluate_row(row, wheel)
        return values[row]

    out: set[Split] = set()
    cards = sorted(int(c) for c in hand)
    for front in itertools.combinations(cards, 3):
        rest = [c for c in cards if c not in front]
        for middle in itertools.combinations(rest, 5):
            back = tuple(c for c in rest if c not in middle)
            if not fixed.empty and not (
                set(fixed.front) <= set(front) and set(fixed.middle) <= set(middle) and set(fixed.back) <= set(back)
            ):
                continue
            if foul_reason_values(value(front), value(middle), value(back)) is None:
                out.add((cards_mask(front), cards_mask(middle), cards_mask(back)))
    return out


def vectorised_legal(hand, options: Options, fixed: Fixed | None = None) -> set[Split]:
    hs = legal_splits(hand, options, fixed)
    h, legal = hs.hand, hs.legal
    # Each legal split's rows as played (its cards, by the split tables), as bit sets built with numpy.
    rows = (h[SUBSETS3[SPLIT_FRONT[legal]]], h[SUBSETS5[SPLIT_MIDDLE[legal]]], h[SUBSETS5[SPLIT_BACK[legal]]])
    masks = [(np.left_shift(np.uint64(1), row.astype(np.uint64))).sum(axis=1, dtype=np.uint64).tolist() for row in rows]
    return set(zip(*masks, strict=True))


def test_the_tables_hold_exactly_the_72072_partitions_into_3_5_5() -> None:
    assert N_SPLITS == 72_072 == len(SPLIT_FRONT) == len(SPLIT_MIDDLE) == len(SPLIT_BACK)
    f, m, b = SUBSETS3[SPLIT_FRONT], SUBSETS5[SPLIT_MIDDLE], SUBSETS5[SPLIT_BACK]
    rows = np.concatenate([f, m, b], axis=1)  # (72072, 13) positions
    # A partition of the 13 positions: every position exactly once in every split.
    assert (np.sort(rows, axis=1) == np.arange(13)).all()
    # Distinct: as (front set, middle set) bitmasks — the back is what is left.
    fm = (1 << f).sum(axis=1), (1 << m).sum(axis=1)
    assert len(set(zip(fm[0].tolist(), fm[1].tolist(), strict=True))) == N_SPLITS
    assert (fm[0] == FRONT_MASK).all() and (fm[1] == MIDDLE_MASK).all()
    # …and that is all of them: C(13,3) * C(10,5).
    assert N_SPLITS == 286 * 252


HANDS = [
    "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s",  # a dragon: many straights
    "As 2d 3h 4c 5s 6d 7h 8c 9s Td Jh Qc Ac",  # wheels: A2345 ranks differently by `wheel`
    "5s 4s 3s 2s As Kh Kd 9c 9h 7d 7c 6h 2d",  # straight flush A2345 and pairs
    "Qs Qh Qd Qc 8s 8h 8d 3c 3s 3h Jd Tc 2c",  # quads, trips, full houses
]


# Every hand under one wheel a day (the wheels alternate down the list); the soak tier checks both for each.
@pytest.mark.parametrize(
    ("text", "wheel"),
    [
        pytest.param(text, wheel, id=f"{text}-{wheel.value}", marks=() if (i + j) % 2 == 0 else pytest.mark.soak)
        for i, text in enumerate([*HANDS, "seed:7"])
        for j, wheel in enumerate(Wheel)
    ],
)
def test_legal_splits_equal_the_brute_force_reference(text: str, wheel: Wheel) -> None:
    hand = deal(7)[2] if text == "seed:7" else parse_cards(text, 13)
    got = vectorised_legal(hand, Options(wheel=wheel))
    want = reference_legal(hand, wheel)
    assert got == want
    assert 0 < len(got) < N_SPLITS


def test_the_wheel_setting_changes_the_legal_set() -> None:
    # Middle A2345 against back 6789T is legal either way; middle A2345 over back 23456-ish differs by wheel.
    hand = parse_cards(HANDS[1], 13)
    assert vectorised_legal(hand, Options(wheel=Wheel.LOW)) != vectorised_legal(hand, Options(wheel=Wheel.SECOND))


def test_suit_tiebreak_never_changes_what_is_legal() -> None:
    hand = deal(11)[0]
    assert vectorised_legal(hand, Options(suit_tiebreak=True)) == vectorised_legal(hand, Options())


def test_arrangement_of_a_legal_split_passes_the_rules_foul_check() -> None:
    hand = deal(5)[1]
    hs = legal_splits(hand, Options())
    for s in random.Random(5).sample(list(hs.legal), 200):
        arr = hs.arrangement(int(s))
        assert sorted(arr.cards) == sorted(hand)
        assert foul_reason(arr) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fixed_cards_are_respected(seed: int) -> None:
    hand = sorted(deal(seed)[0])
    rng = random.Random(seed)
    placed = rng.sample(hand, 6)
    fixed = Fixed(front=tuple(placed[:1]), middle=tuple(placed[1:3]), back=tuple(placed[3:6]))
    got = vectorised_legal(hand, Options(), fixed)
    want = reference_legal(hand, Wheel.LOW, fixed)
    assert got == want and got
    placed = [cards_mask(cards) for cards in (fixed.front, fixed.middle, fixed.back)]
    for split in got:
        assert all(row & cards == cards for row, cards in zip(split, placed, strict=True))
    # Fixing cards only ever removes splits.
    assert got < vectorised_legal(hand, Options())


def test_a_full_fixed_arrangement_has_exactly_one_split() -> None:
    arr = Arrangement.parse("2c 3d 5h", "Js Jd 8c 8h 3s", "7s 7d 7c Th Td")
    fixed = Fixed(arr.front, arr.middle, arr.back)
    got = vectorised_legal(arr.cards, Options(), fixed)
    assert got == {(cards_mask(arr.front), cards_mask(arr.middle), cards_mask(arr.back))}


def test_an_impossible_fixed_placement_gives_no_splits() -> None:
    hand = parse_cards("As Ah Ad 2c 3d 5h 7s 8d 9c Jh Qs Kd 4c", 13)
    # Trips of aces in the front can only be beaten by a middle and back of at least trips of aces: impossible.
    aces = tuple(c for c in hand if c.rank == 12)
    hs = legal_splits(hand, Options(), Fixed(front=aces))
    assert len(hs.legal) == 0
    # The same card in two rows is impossible too.
    c = hand[0]
    assert len(legal_splits(hand, Options(), Fixed(front=(c,), back=(c,))).legal) == 0


def test_fixed_cards_outside_the_hand_or_overfull_rows_are_errors() -> None:
    hand = parse_cards(HANDS[3], 13)
    outside = next(Card(c) for c in range(52) if c not in hand)
    with pytest.raises(CardError):
        legal_splits(hand, Options(), Fixed(front=(outside,)))
    with pytest.raises(CardError):
        legal_splits(hand, Options(), Fixed(front=tuple(hand[:4])))
    with pytest.raises(CardError):
        legal_splits(hand[:12], Options())


def test_the_sequence_table_reads_every_sorted_rank_triple_as_the_rules_do_the_jokers_included() -> None:
    from ai.features import _SEQ3, gather
    from rules.specials import is_three_sequence

    # Every triple a sorted 3-card subset can have: ranks 0-12, and the joker's 13 at most once, last.
    triples = [t for t in itertools.combinations_with_replacement(range(14), 3) if t.count(13) <= 1]
    codes = np.array([a * 169 + b * 13 + c for a, b, c in triples])
    expected = [a < b < c and c < 13 and is_three_sequence((a, b, c)) for a, b, c in triples]
    assert gather(_SEQ3, codes).tolist() == expected
