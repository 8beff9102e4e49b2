"""Properties (hypothesis): row comparison is a consistent order, the batch path equals the plain one, every preset
is zero-sum on random deals, and a fouled hand never gains against anybody (rules/RULES.md §2–§4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.arrangement import is_foul
from rules.cards import deal
from rules.deal import Decision
from rules.evaluate import SUBSETS3, SUBSETS5, Wheel, batch_keys, compare_rows, evaluate_row, hand_subset_keys
from rules.presets import Options, Preset
from rules.scoring import score
from rules.specials import detect_specials

from .helpers import SPECIAL_HANDS, cards, greedy_arrangement, random_split

wheels = st.sampled_from([Wheel.LOW, Wheel.SECOND])
flags = st.booleans()


def rows(size: int) -> st.SearchStrategy[list[int]]:
    """Rows of distinct cards: from the whole deck, or from six adjacent ranks (many pairs, straights, ties)."""
    whole = st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)
    narrow = st.integers(0, 7).flatmap(
        lambda lo: st.lists(st.integers(lo * 4, lo * 4 + 23), min_size=size, max_size=size, unique=True)
    )
    wheelish = st.lists(st.sampled_from([*range(0, 16), *range(48, 52)]), min_size=size, max_size=size, unique=True)
    return st.one_of(whole, narrow, wheelish)


hands = st.permutations(range(52)).map(lambda p: sorted(p[:13]))


# ------------------------------------------------------------------ comparison is an order


@given(rows(5), rows(5), wheels, flags)
def test_five_card_comparison_is_antisymmetric(a: list[int], b: list[int], wheel: Wheel, tiebreak: bool) -> None:
    assert compare_rows(a, b, wheel, tiebreak) == -compare_rows(b, a, wheel, tiebreak)
    assert compare_rows(a, a, wheel, tiebreak) == 0


@given(rows(3), rows(3), flags)
def test_three_card_comparison_is_antisymmetric(a: list[int], b: list[int], tiebreak: bool) -> None:
    assert compare_rows(a, b, Wheel.LOW, tiebreak) == -compare_rows(b, a, Wheel.LOW, tiebreak)


@given(rows(5), rows(5), rows(5), wheels, flags)
def test_five_card_comparison_is_transitive(a: list[int], b: list[int], c: list[int], wheel: Wheel, tb: bool) -> None:
    ab, bc, ac = compare_rows(a, b, wheel, tb), compare_rows(b, c, wheel, tb), compare_rows(a, c, wheel, tb)
    if ab >= 0 and bc >= 0:
        assert ac >= 0
        if ab > 0 or bc > 0:
            assert ac > 0
    if ab == 0 and bc == 0:
        assert ac == 0


@given(rows(3), rows(3), rows(3), flags)
def test_three_card_comparison_is_transitive(a: list[int], b: list[int], c: list[int], tb: bool) -> None:
    ab, bc, ac = (compare_rows(x, y, Wheel.LOW, tb) for x, y in ((a, b), (b, c), (a, c)))
    if ab >= 0 and bc >= 0:
        assert ac >= 0
        if ab > 0 or bc > 0:
            assert ac > 0
    if ab == 0 and bc == 0:
        assert ac == 0


@given(rows(5), rows(5), wheels)
def test_suit_tiebreak_only_refines(a: list[int], b: list[int], wheel: Wheel) -> None:
    plain = compare_rows(a, b, wheel)
    if plain != 0:
        assert compare_rows(a, b, wheel, True) == plain


@given(rows(5), rows(5), wheels)
def test_suit_tiebreak_separates_rows_of_different_leading_cards(a: list[int], b: list[int], wheel: Wheel) -> None:
    # With the toggle on, two equal-rank rows only tie when their leading cards have the same suit.
    va, vb = evaluate_row(a, wheel), evaluate_row(b, wheel)
    if va.base == vb.base:
        assert (compare_rows(a, b, wheel, True) == 0) == (va.lead_suit == vb.lead_suit)


# ------------------------------------------------------------------ batch path == plain path


@given(st.lists(rows(5), min_size=1, max_size=20), wheels, flags)
def test_batch_keys_equal_plain_keys_5(batch: list[list[int]], wheel: Wheel, tiebreak: bool) -> None:
    assert batch_keys(batch, wheel, tiebreak).tolist() == [evaluate_row(r, wheel).key(tiebreak) for r in batch]


@given(st.lists(rows(3), min_size=1, max_size=20), wheels, flags)
def test_batch_keys_equal_plain_keys_3(batch: list[list[int]], wheel: Wheel, tiebreak: bool) -> None:
    assert batch_keys(batch, wheel, tiebreak).tolist() == [evaluate_row(r, wheel).key(tiebreak) for r in batch]


@given(hands, wheels, flags, st.randoms(use_true_random=False))
def test_hand_subset_keys_equal_plain_keys(hand: list[int], wheel: Wheel, tiebreak: bool, rnd: random.Random) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    keys3, keys5 = hand_subset_keys(shuffled, wheel, tiebreak)  # positions refer to the hand sorted ascending
    for k in rnd.sample(range(len(SUBSETS3)), 25):
        assert keys3[k] == evaluate_row([hand[i] for i in SUBSETS3[k]], wheel).key(tiebreak)
    for k in rnd.sample(range(len(SUBSETS5)), 60):
        assert keys5[k] == evaluate_row([hand[i] for i in SUBSETS5[k]], wheel).key(tiebreak)


# ------------------------------------------------------------------ whole deals


def decide(cards: list[int], preset: Preset, options: Options, rnd: random.Random) -> Decision:
    """A random decision for a seat: a declared special it makes (sometimes), a legal or a random arrangement."""
    allowed = sorted(detect_specials(cards) & preset.specials)
    if allowed and rnd.random() < 0.7:
        return Decision.declared(cards, rnd.choice(allowed))
    if rnd.random() < 0.5:
        return Decision.arranged(greedy_arrangement(cards, options.wheel))
    return Decision.arranged(random_split(cards, rnd))


@st.composite
def deals(draw: st.DrawFn, preset: Preset) -> tuple[list[Decision], Options, tuple[int | None, ...], list[int]]:
    players = draw(st.sampled_from([4, 4, 3, 2]))
    rnd = draw(st.randoms(use_true_random=False))
    # Random deals hardly ever hold a special hand, so up to two seats may be given one of the examples.
    seeded: list[list[int]] = []
    for special in draw(st.lists(st.sampled_from(sorted(SPECIAL_HANDS)), max_size=2)):
        held = sorted(int(c) for c in cards(SPECIAL_HANDS[special]))
        if len(seeded) < players and not set(held) & {c for h in seeded for c in h}:
            seeded.append(held)
    rest = [c for c in draw(st.permutations(range(52))) if not any(c in h for h in seeded)]
    seats = seeded + [sorted(rest[13 * s : 13 * s + 13]) for s in range(players - len(seeded))]
    seats = draw(st.permutations(seats))
    options = Options(
        wheel=draw(wheels),
        suit_tiebreak=draw(flags),
        three_flush_straight=draw(flags) if preset is Preset.ARCADE else False,
        royalties=draw(flags) if preset is Preset.WESTERN else False,
    )
    decisions = [decide(h, preset, options, rnd) for h in seats]
    doubles: tuple[int | None, ...] = ()
    treasure: list[int] = []
    if preset is Preset.ARCADE:
        doubles = tuple(
            draw(st.one_of(st.none(), st.sampled_from([t for t in range(players) if t != s]))) for s in range(players)
        )
        treasure = draw(st.lists(st.integers(0, 51), max_size=4, unique=True))
    return decisions, options, doubles, treasure


def check_deal(preset: Preset, decisions: list[Decision], options: Options, doubles: tuple, treasure: list) -> None:
    result = score(decisions, preset, options, doubles, treasure)
    assert sum(result.totals) == 0
    n = len(decisions)
    for i in range(n):
        assert result.totals[i] == sum(result.pair(i, j).score for j in range(n) if j != i)
        if result.fouled[i]:
            assert result.totals[i] <= 0
            for j in range(n):
                if j != i:
                    assert result.pair(i, j).score <= 0
                    if result.fouled[j]:
                        assert result.pair(i, j).score == 0


@given(st.sampled_from(list(Preset)).flatmap(lambda p: st.tuples(st.just(p), deals(p), st.randoms())))
def test_seat_order_does_not_matter(args: tuple) -> None:
    preset, (decisions, options, doubles, treasure), rnd = args
    n = len(decisions)
    pos = list(range(n))
    rnd.shuffle(pos)  # old seat i sits at pos[i]
    moved: list[Decision] = [decisions[0]] * n
    moved_doubles: list[int | None] = [None] * n
    for i in range(n):
        moved[pos[i]] = decisions[i]
        if doubles:
            moved_doubles[pos[i]] = None if doubles[i] is None else pos[doubles[i]]
    before = score(decisions, preset, options, doubles, treasure)
    after = score(moved, preset, options, tuple(moved_doubles) if doubles else (), treasure)
    for i in range(n):
        assert after.totals[pos[i]] == before.totals[i]
        for j in range(n):
            if i != j:
                assert after.pair(pos[i], pos[j]).score == before.pair(i, j).score


@pytest.mark.parametrize("preset", list(Preset))
@given(data=st.data())
def test_every_preset_is_zero_sum_and_fouls_never_gain(preset: Preset, data: st.DataObject) -> None:
    check_deal(preset, *data.draw(deals(preset)))


def test_seeded_deals_are_zero_sum_in_every_preset() -> None:
    rnd = random.Random(5)
    for seed in range(25):
        hands_ = deal(seed)
        for preset in Preset:
            options = preset.default_options
            decisions = [decide(sorted(h), preset, options, rnd) for h in hands_]
            check_deal(preset, decisions, options, (), [])


def test_greedy_arrangements_are_legal_on_seeded_deals() -> None:
    for seed in range(25):
        for h in deal(seed):
            for wheel in (Wheel.LOW, Wheel.SECOND):
                assert not is_foul(greedy_arrangement(h, wheel), wheel)
