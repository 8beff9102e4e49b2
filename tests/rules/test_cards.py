"""Card notation (rules/RULES.md §1): parsing in every accepted form, canonical printing, clear errors, seeded deals."""

from __future__ import annotations

import pytest

from rules.cards import FULL_DECK, Card, CardError, deal, format_cards, parse_cards, sort_cards


def text(t: str) -> str:
    """Parse then print canonically."""
    return format_cards(parse_cards(t))


@pytest.mark.parametrize(
    ("notation", "canonical"),
    [
        ("As Td 7h 2c", "As Td 7h 2c"),
        ("as td 7H 2C", "As Td 7h 2c"),  # any case
        ("AS TD", "As Td"),
        ("10d 10S", "Td Ts"),  # 10 for T
        ("A♠ K♥ Q♣ J♦", "As Kh Qc Jd"),  # suit symbols
        ("A♠️ K♥️", "As Kh"),  # emoji presentation selectors are dropped
        ("As,Kd", "As Kd"),  # commas
        ("As, Kd ,Qh,,  Jc", "As Kd Qh Jc"),  # commas and spaces mixed
        ("  As\tKd\n", "As Kd"),  # any whitespace
        ("AsKd", "As Kd"),  # compact
        ("10dAs9h", "Td As 9h"),  # compact with 10
        ("A♠K♥10♦", "As Kh Td"),  # compact with symbols
        ("", ""),
    ],
)
def test_parse_accepts_every_notation(notation: str, canonical: str) -> None:
    assert text(notation) == canonical


def test_parse_accepts_an_iterable_of_tokens() -> None:
    assert format_cards(parse_cards(["As", "kd", "10h"])) == "As Kd Th"


def test_t_and_10_are_the_same_card() -> None:
    assert parse_cards("Td") == parse_cards("10d") == parse_cards("10♦") == parse_cards("td")


def test_every_card_round_trips_through_both_notations() -> None:
    for card in FULL_DECK:
        assert parse_cards(str(card)) == (card,)
        assert parse_cards(card.symbol()) == (card,)
    assert len({str(c) for c in FULL_DECK}) == 52


def test_canonical_output_is_rank_upper_suit_lower() -> None:
    card = parse_cards("tD")[0]
    assert str(card) == "Td"
    assert card.symbol() == "T♦"
    assert format_cards(parse_cards("as kh"), symbols=True) == "A♠ K♥"
    assert repr(card) == "Card(Td)"


def test_rank_and_suit_indices() -> None:
    two_of_diamonds, ace_of_spades = parse_cards("2d As")
    assert (two_of_diamonds.rank, two_of_diamonds.suit) == (0, 0)
    assert (ace_of_spades.rank, ace_of_spades.suit) == (12, 3)
    assert Card.of(12, 3) == ace_of_spades
    assert parse_cards("Kh")[0].is_red and parse_cards("Kd")[0].is_red
    assert not parse_cards("Ks")[0].is_red and not parse_cards("Kc")[0].is_red


def test_count_check_accepts_allowed_numbers() -> None:
    assert len(parse_cards("As Kd Qh", 3)) == 3
    assert len(parse_cards("As Kd Qh Jc Td", (3, 5))) == 5


@pytest.mark.parametrize(
    ("notation", "token", "what"),
    [
        ("As Xd", "Xd", "unknown rank"),
        ("1d", "1d", "unknown rank"),
        ("11h", "11h", "unknown rank"),
        ("Ax Kd", "Ax", "unknown suit"),
        ("K♫", "K♫", "unknown suit"),
        ("As K", "K", "missing suit"),
        ("10", "10", "missing suit"),
        ("AsKx", "Kx", "unknown suit"),  # the bad part of a compact token
        ("AsKx", "AsKx", "unknown suit"),  # and the token as typed
        ("As1d", "1d", "unknown rank"),
    ],
)
def test_bad_tokens_are_named(notation: str, token: str, what: str) -> None:
    with pytest.raises(CardError) as exc:
        parse_cards(notation)
    message = str(exc.value)
    assert repr(token) in message
    assert what in message


@pytest.mark.parametrize("notation", ["As As", "As as", "As A♠", "AsKd Kd", "Td 10d"])
def test_duplicates_are_errors(notation: str) -> None:
    with pytest.raises(CardError, match="duplicate card"):
        parse_cards(notation)


def test_duplicate_error_names_the_card_and_token() -> None:
    with pytest.raises(CardError) as exc:
        parse_cards("As Kd 10d Td")
    assert "Td" in str(exc.value)
    assert "'Td'" in str(exc.value)


@pytest.mark.parametrize(("notation", "count"), [("As Kd", 3), ("As Kd Qh Jc", 3), ("As Kd Qh Jc", (3, 5))])
def test_wrong_counts_are_errors(notation: str, count: int | tuple[int, ...]) -> None:
    with pytest.raises(CardError, match=r"expected .* cards, got \d"):
        parse_cards(notation, count)


def test_card_errors_are_value_errors() -> None:
    assert issubclass(CardError, ValueError)
    assert str(Card(52)) == "JK"  # the joker (RULES.md §20)
    with pytest.raises(CardError):
        Card(53)
    with pytest.raises(CardError):
        Card(-1)


def test_sort_cards() -> None:
    cs = parse_cards("2c As Kd 2s Ah")
    assert format_cards(sort_cards(cs)) == "As Ah Kd 2s 2c"
    assert format_cards(sort_cards(cs, by_suit=True)) == "As 2s Ah 2c Kd"  # ♠ ♥ ♣ ♦


def test_deal_is_thirteen_distinct_cards_each_and_replays() -> None:
    hands = deal(7)
    assert len(hands) == 4
    assert all(len(h) == 13 for h in hands)
    assert len({c for h in hands for c in h}) == 52
    assert deal(7) == hands
    assert deal(8) != hands


@pytest.mark.parametrize("players", [2, 3])
def test_deal_smaller_tables(players: int) -> None:
    hands = deal(1, players)
    assert len(hands) == players
    assert len({c for h in hands for c in h}) == 13 * players


@pytest.mark.parametrize("players", [1, 5])
def test_deal_rejects_table_sizes(players: int) -> None:
    with pytest.raises(ValueError):
        deal(1, players)
