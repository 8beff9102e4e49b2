"""The joker (鬼牌, rules/RULES.md §20): notation, the deal, what a row with it is worth on both paths, what it
can and cannot complete, the foul check, specials, 免擺, card bonuses and the option's limits."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.arrangement import Arrangement, is_foul
from rules.cards import JOKER, Card, CardError, deal, format_cards, parse_cards, sort_cards, turned_card
from rules.deal import Deal, DealError, Decision
from rules.evaluate import (
    SUBSETS3,
    SUBSETS5,
    Category,
    Wheel,
    batch_keys,
    evaluate_row,
    hand_subset_keys,
    row_key,
)
from rules.exempt import exempt_hand
from rules.presets import OptionError, Options, Preset
from rules.scoring import deal_from_document, score, score_deal
from rules.special_shapes import special_lines
from rules.specials import Special, detect_specials

from .helpers import SPECIAL_HANDS, cards

JOKER_ON = Options(joker=True)


def slow_key(row: list[int], wheel: Wheel = Wheel.LOW, suit_tiebreak: bool = False) -> int:
    """The joker row's key the slow way: every natural card not in the row tried in the joker's place."""
    naturals = [c for c in row if c != 52]
    return max(row_key([*naturals, c], wheel, suit_tiebreak) for c in range(52) if c not in naturals)


# ---------------------------------------------------------------- notation


def test_the_joker_is_written_jk_in_any_case_and_as_the_playing_card() -> None:
    for text in ("JK", "jk", "Jk", "jK", "🃏"):
        assert parse_cards(f"As {text}") == (Card(51), JOKER)
    assert int(JOKER) == 52 and str(JOKER) == "JK" and JOKER.symbol() == "JK"
    assert format_cards([JOKER, 51]) == "JK As"
    assert parse_cards("AsJK") == (Card(51), JOKER)  # run together like any card


def test_the_joker_has_no_rank_or_suit_of_its_own_and_sorts_first() -> None:
    assert JOKER.is_joker and not Card(51).is_joker
    assert JOKER.rank == 13 and JOKER.suit == 4 and not JOKER.is_red  # outside every 13- or 4-entry table
    assert sort_cards(cards("2d As JK"))[0] == JOKER
    assert sort_cards(cards("2d As JK"), by_suit=True)[0] == JOKER


def test_one_joker_at_most() -> None:
    with pytest.raises(CardError, match="duplicate"):
        parse_cards("JK jk")
    with pytest.raises(CardError):
        Card(53)
    with pytest.raises(CardError, match="JK"):
        parse_cards("Xs")  # the error lists the joker among what a card may be


# ---------------------------------------------------------------- the deal


@given(st.integers(0, 2**40), st.sampled_from([2, 3, 4]))
def test_the_joker_deal_turns_up_a_dealt_card_and_changes_nothing_else(seed: int, players: int) -> None:
    plain, joker = deal(seed, players), deal(seed, players, joker=True)
    turned = turned_card(seed, players)
    dealt = [c for h in joker for c in h]
    assert len(dealt) == len(set(dealt)) == 13 * players
    assert dealt.count(JOKER) == 1 and turned not in dealt
    # The same shuffle: the joker sits exactly where the turned-up card would have been.
    for p, q in zip(plain, joker, strict=True):
        assert set(p) - set(q) <= {turned} and set(q) - set(p) <= {JOKER}
    assert turned in {c for h in plain for c in h}


def test_without_the_option_every_deal_is_the_old_one() -> None:
    # Seeds recorded before the joker replay: the first two hands of seeds 1 and 2026 as main dealt them.
    before = {
        1: ["2h 3c 4c 4s 6s 7h 9c Ts Jc Jh Qs Ac As", "5d 5s 7d 7c 7s 8c 8h Td Js Qd Kh Ks Ah"],
        2026: ["2c 3d 4c 5c 6d 6s 7h 7s 8d 8s 9c Qd Ad", "2h 4d 4h 4s 5d 6c 7c 8c Tc Qs Kd Kh Ah"],
    }
    for seed, hands in before.items():
        assert [format_cards(h) for h in deal(seed)][:2] == hands
        assert deal(seed, 4, joker=False) == deal(seed)
    assert len({c for h in deal(1) for c in h}) == 52 and JOKER not in {c for h in deal(1) for c in h}


def test_every_seat_can_hold_the_joker() -> None:
    seats = {next(i for i, h in enumerate(deal(s, 4, joker=True)) if JOKER in h) for s in range(200)}
    assert seats == {0, 1, 2, 3}


# ---------------------------------------------------------------- what it completes, and what it cannot


@pytest.mark.parametrize(
    ("row", "category", "stands_for"),
    [
        ("Kh 7d JK", Category.PAIR, "Ks"),  # the front pairs its higher card (KK7 beats AK7)
        ("Kh Kd JK", Category.TRIPS, "Ks"),
        ("Ks Kd JK", Category.TRIPS, "Kh"),  # never the K♠ twice
        ("Ks 9d 5h 2c JK", Category.PAIR, "Kh"),
        ("Ks Kd 5h 2c JK", Category.TRIPS, "Kh"),
        ("9s 8d 7h 6c JK", Category.STRAIGHT, "Ts"),
        ("As 2d 3h 4c JK", Category.STRAIGHT, "5s"),
        ("As 8s 5s 2s JK", Category.FLUSH, "Ks"),
        ("7s 7d Jh Jc JK", Category.FULL_HOUSE, "Js"),  # JJJ77 beats 777JJ
        ("7s 7d 7h 2c JK", Category.QUADS, "7c"),
        ("9s 8s 7s 6s JK", Category.STRAIGHT_FLUSH, "Ts"),
        ("As Ks Qs Js JK", Category.STRAIGHT_FLUSH, "Ts"),
    ],
)
def test_the_joker_completes_every_category_it_can(row: str, category: Category, stands_for: str) -> None:
    value = evaluate_row(cards(row))
    assert value.category is category
    assert value.joker == parse_cards(stands_for)[0]
    assert value.key() == slow_key(list(cards(row)))


@given(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
def test_a_front_with_the_joker_is_never_high_card(naturals: list[int]) -> None:
    assert evaluate_row([*naturals, 52]).category in (Category.PAIR, Category.TRIPS)


@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True))
def test_a_five_with_the_joker_is_never_high_card_two_pair_or_five_of_a_kind(naturals: list[int]) -> None:
    # Two pair is never best: with a pair among four cards the joker makes trips, with two pairs a full house.
    value = evaluate_row([*naturals, 52])
    assert value.category not in (Category.HIGH_CARD, Category.TWO_PAIR)
    assert value.joker is not None and int(value.joker) not in naturals  # never a card twice


def test_four_of_a_rank_and_the_joker_is_four_of_a_kind_not_five() -> None:
    value = evaluate_row(cards("As Ah Ac Ad JK"))
    assert value.category is Category.QUADS and value.joker == Card(47)  # the kicker: K♠
    assert value.key() == row_key(cards("As Ah Ac Ad Ks"))


def joker_rows(size: int) -> st.SearchStrategy[list[int]]:
    whole = st.lists(st.integers(0, 51), min_size=size - 1, max_size=size - 1, unique=True)
    suited = st.integers(0, 3).flatmap(
        lambda s: st.lists(
            st.integers(0, 12).map(lambda r: r * 4 + s), min_size=size - 1, max_size=size - 1, unique=True
        )
    )
    narrow = st.integers(0, 7).flatmap(
        lambda lo: st.lists(st.integers(lo * 4, lo * 4 + 23), min_size=size - 1, max_size=size - 1, unique=True)
    )
    return st.one_of(whole, suited, narrow).map(lambda r: [*r, 52])


@given(st.one_of(joker_rows(3), joker_rows(5)), st.sampled_from(list(Wheel)), st.booleans())
def test_a_joker_row_is_worth_exactly_its_best_natural_completion(row: list[int], wheel: Wheel, tb: bool) -> None:
    # Never below the best natural completion, never above it: the max over every legal substitute.
    assert row_key(row, wheel, tb) == slow_key(row, wheel, tb)
    assert int(batch_keys([row], wheel, tb)[0]) == slow_key(row, wheel, tb)
    value = evaluate_row(row, wheel)
    assert value.joker is not None
    assert row_key([c for c in row if c != 52] + [int(value.joker)], wheel, tb) == row_key(row, wheel, tb)


def test_a_joker_row_ties_the_natural_row_it_completes() -> None:
    # No "natural beats wild": JK makes KKK like the natural K♣.
    assert row_key(cards("Ks Kd 5h 2c JK")) == row_key(cards("Ks Kd 5h 2c Kc"))
    assert row_key(cards("9s 8d 7h 6c JK")) == row_key(cards("9s 8d 7h 6c Tc"))


def test_the_suit_tie_break_picks_the_best_suit_for_the_joker() -> None:
    # With the tie-break on, trips of kings led by the joker's K♠ beat the same trips led by K♥.
    assert row_key(cards("Kh Kd 5h 2c JK"), suit_tiebreak=True) == row_key(cards("Kh Kd 5h 2c Ks"), suit_tiebreak=True)
    assert row_key(cards("Ks Kd 5h 2c JK"), suit_tiebreak=True) == row_key(cards("Ks Kd 5h 2c Kh"), suit_tiebreak=True)


@given(st.integers(0, 2**32), st.sampled_from(list(Wheel)), st.booleans())
def test_the_batch_path_equals_the_plain_path_for_a_hand_with_the_joker(seed: int, wheel: Wheel, tb: bool) -> None:
    hand = next(h for h in deal(seed, 4, joker=True) if JOKER in h)
    k3, k5 = hand_subset_keys(hand, wheel, tb)
    ordered = sorted(hand)
    rng = random.Random(seed)
    for i in rng.sample(range(286), 40):
        assert k3[i] == row_key([ordered[j] for j in SUBSETS3[i]], wheel, tb)
    for i in rng.sample(range(1287), 120):
        assert k5[i] == row_key([ordered[j] for j in SUBSETS5[i]], wheel, tb)


def test_natural_rows_are_untouched_by_the_batch_joker_check() -> None:
    hand = deal(5)[0]
    k3, k5 = hand_subset_keys(hand)
    assert [int(k) for k in batch_keys([list(hand[:5])])] == [row_key(hand[:5])]
    assert len(k3) == 286 and len(k5) == 1287


# ---------------------------------------------------------------- the foul check


def test_a_joker_never_weakens_its_row_so_it_can_foul() -> None:
    # JK beside a pair of kings in front makes trips: above a middle of two pair, a foul.
    fouled = Arrangement.parse("Kh Kd JK", "Qs Qd 5c 5h 2s", "As Ad Ac 9d 9c")
    assert is_foul(fouled)
    legal = Arrangement.parse("Kh 2d JK", "Qs Qd 5c 5h 3s", "As Ad Ac 9d 9c")  # KK2 < QQ55
    assert not is_foul(legal)


# ---------------------------------------------------------------- specials and 免擺


def test_a_hand_makes_a_special_if_some_value_of_the_joker_makes_it() -> None:
    dragon = parse_cards("As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c JK")
    assert Special.DRAGON in detect_specials(dragon)
    six = parse_cards("As Ad Kh Kc Ts Td 8h 8c 6s 6d 4h 3c JK")
    assert Special.SIX_PAIRS in detect_specials(six)
    assert Special.DRAGON not in detect_specials(six)
    assert Decision.declared(dragon, Special.DRAGON).declare is Special.DRAGON
    # Laid out for show with the joker where the card it stands for would be (the missing deuce).
    lines = special_lines(Special.DRAGON, dragon)
    assert lines[0][0] == JOKER and sum(len(line) for line in lines) == 13


def test_exempt_with_the_joker_takes_its_best_value() -> None:
    quads = exempt_hand(parse_cards("As Ad Ah Kc Ts Td 8h 8c 6s 6d 4h 3c JK"))
    assert quads is not None and quads.category is Category.QUADS and quads.rank == (0, 12)
    assert JOKER in quads.cards
    flush = exempt_hand(parse_cards("9s 8s 7s 6s Ad Kc Qh 2c 3c 4d 5h 7c JK"))
    assert flush is not None and flush.category is Category.STRAIGHT_FLUSH
    assert exempt_hand(parse_cards("9s 3d 7s 6h Ad Kc Qh 2c 3c 4d 5h 7c JK")) is None


# ---------------------------------------------------------------- the option, and scoring


def test_the_option_is_off_by_default_and_refused_in_the_ladder() -> None:
    assert not Options().joker and "joker" not in Options().to_dict()  # old records read the same
    assert Options.for_preset(Preset.TAIWAN, {"joker": True}).to_dict()["joker"] is True
    for preset in Preset:
        if preset.arranged:
            assert Options.for_preset(preset, {"joker": True}).joker
    with pytest.raises(OptionError, match="ladder"):
        Options.for_preset(Preset.LADDER, {"joker": True})
    with pytest.raises(OptionError, match="true or false"):
        Options.for_preset(Preset.TAIWAN, {"joker": "yes"})


def _doc(joker: bool | None) -> dict:
    doc: dict = {
        "rules": "taiwan",
        "players": [
            {"front": "JK 2c 3d", "middle": "4s 5s 6s 7s 8s", "back": "9h Th Jh Qh Kh"},
            {"front": "2s 3s 4d", "middle": "5d 6d 7d 8d 9d", "back": "Ts Js Qs Ks As"},
        ],
    }
    if joker is not None:
        doc["options"] = {"joker": joker}
    return doc


def test_a_joker_in_a_deal_without_the_option_is_an_error_naming_it() -> None:
    for joker in (None, False):
        with pytest.raises(DealError, match=r"player 0 holds the joker \(JK\).*option 'joker'"):
            deal_from_document(_doc(joker))
    result = score_deal(deal_from_document(_doc(True)))
    assert sum(result.totals) == 0 and not any(result.fouled)


def test_seven_eleven_and_treasure_read_the_card_the_joker_stands_for() -> None:
    # 77JJ + JK is JJJ77: a 7-11 full house (taiwan +3), the joker counting as the J♠.
    a = Decision.arranged(Arrangement.parse("2c 3d 4h", "7s 7d Jh Jc JK", "As Ad Ac Kd Kc"))
    b = Decision.arranged(Arrangement.parse("2s 3s 5d", "6d 6c 8h 8c 9d", "Ts Js Qh Kh 9h"))
    items = {it.kind for it in score([a, b], Preset.TAIWAN, JOKER_ON).pair(0, 1).items}
    assert "seven_eleven" in items
    # Arcade: a treasure J♠ counts in the middle the joker won as the J♠; a treasure J♦ does not.
    arcade = Options.for_preset(Preset.ARCADE, {"joker": True})
    with_ts = score([a, b], Preset.ARCADE, arcade, treasure=[parse_cards("Js")[0]]).pair(0, 1).items
    with_td = score([a, b], Preset.ARCADE, arcade, treasure=[parse_cards("Jd")[0]]).pair(0, 1).items
    assert any(it.kind == "treasure" for it in with_ts) and not any(it.kind == "treasure" for it in with_td)
    with pytest.raises(DealError, match="joker"):
        Deal(Preset.ARCADE, arcade, (a, b), (), (JOKER,))


def test_a_deal_may_not_hold_the_joker_in_the_ladder() -> None:
    hands = deal(3, 2, joker=True)
    with pytest.raises(DealError, match="ladder"):
        Deal(Preset.LADDER, Options(joker=True), tuple(Decision.arranged(_stand(h)) for h in hands))


def _stand(hand: tuple[Card, ...]) -> Arrangement:
    from rules.arrangement import stand_in

    return stand_in(hand)


def _union_of_substitutes(hand: list[int]) -> frozenset[Special]:
    from rules.specials import _natural_specials

    naturals = [c for c in hand if c != 52]
    out: set[Special] = set()
    for sub in range(52):
        if sub not in naturals:
            out |= _natural_specials([*naturals, sub])
    return frozenset(out)


@given(st.sampled_from(sorted(SPECIAL_HANDS)), st.integers(0, 12), st.integers(0, 2**32))
def test_joker_specials_are_what_some_substitute_makes(special: Special, drop: int, seed: int) -> None:
    # A special hand with one card (or, half the time, a random hand with one card) turned into the joker.
    base = list(parse_cards(SPECIAL_HANDS[special]))
    if seed % 2:
        base = list(random.Random(seed).sample(range(52), 13))
    base[drop] = JOKER
    assert detect_specials(base) == _union_of_substitutes(base)


def test_a_suited_dragon_with_the_joker() -> None:
    hand = [Card.of(r, 2) for r in range(12)] + [JOKER]  # 2♥ … K♥ and the joker as the A♥
    assert {Special.SUITED_DRAGON, Special.DRAGON} <= detect_specials(hand)
    spread = [Card.of(r, r % 4) for r in range(12)] + [JOKER]
    assert Special.DRAGON in detect_specials(spread) and Special.SUITED_DRAGON not in detect_specials(spread)
