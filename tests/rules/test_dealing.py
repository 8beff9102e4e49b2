"""Dealing by key (rules/RULES.md §23.1–§23.5): the vectors printed in the rule book, read from the book itself so
that the text and the code cannot drift; a dealer written in this file from the text alone, which must agree
with the code on any key; the shuffle is a permutation with the joker where §20.2 puts it; and a rough check
that the cards come out uniform."""

from __future__ import annotations

import hashlib
import re
import struct
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import JOKER, Card, deal, format_cards, parse_cards
from rules.dealing import KEY_LIMIT, DealingError, deal_by_key, key_from_text, session_key, shuffled_deck
from tests.tiers import examples

RULES = Path(__file__).resolve().parents[2] / "rules" / "RULES.md"


def section_23() -> str:
    """§23 of the rule book, up to the next top-level section (or the end)."""
    text = RULES.read_text(encoding="utf-8")
    start = text.index("\n## 23. ")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


# --- a dealer from the text alone (§23.1–§23.3): hashlib, struct and nothing of rules.dealing ---------------


def text_words(key: int) -> Iterator[int]:
    block = 0
    while True:
        yield from struct.unpack(">8I", hashlib.sha256(f"cp-deal:{key}:{block}".encode("ascii")).digest())
        block += 1


def text_draw(words: Iterator[int], n: int) -> int:
    limit = 2**32 - 2**32 % n
    while (w := next(words)) >= limit:
        pass
    return w % n


def text_deal(key: int, players: int, joker: bool) -> tuple[list[int], int, int | None]:
    """The 52-card order, the cut card's id and (with the joker) the position turned up."""
    words = text_words(key)
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = text_draw(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    cut = text_draw(words, 52)
    return deck, cut, text_draw(words, 13 * players) if joker else None


def text_key(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 26


# --- the book's vectors --------------------------------------------------------------------------------------

VECTOR = re.compile(
    r"^key (?P<key>\d+)\n"
    r"  block 0: (?P<block>[0-9a-f]{64})\n"
    r"  words: (?P<words>(?:[0-9a-f]{8} ?){4})\n"
    r"  draws: (?P<draws>[\d ]+)\n"
    r"(?P<hands>(?:  hand [1-4]: .+\n){4})"
    r"  cut: (?P<cut>\S+)\n"
    r"  joker: (?P<joker>.+)$",
    re.MULTILINE,
)
JOKER_AT = re.compile(r"([234]) players at (\d+) \((\w\w)\)")


def book_vectors() -> list[dict[str, str]]:
    return [m.groupdict() for m in VECTOR.finditer(section_23())]


def test_the_book_has_its_vectors() -> None:
    keys = [int(v["key"]) for v in book_vectors()]
    # Key 0, key 1, a key whose stream throws a word away (§23.1) and the largest key a code carries.
    assert keys == [0, 1, 2037490, KEY_LIMIT - 1]


@pytest.mark.parametrize("vector", book_vectors(), ids=lambda v: f"key{v['key']}")
def test_the_code_deals_the_books_vectors(vector: dict[str, str]) -> None:
    key = int(vector["key"])
    hands = [parse_cards(line.split(":", 1)[1], 13) for line in vector["hands"].splitlines()]
    order = tuple(c for hand in hands for c in hand)
    assert shuffled_deck(key) == order
    plain = deal_by_key(key)
    assert plain.order == order
    assert plain.hands == tuple(tuple(sorted(h)) for h in hands)
    assert str(plain.cut) == vector["cut"]
    turns = JOKER_AT.findall(vector["joker"])
    assert [int(n) for n, _, _ in turns] == [2, 3, 4]
    for n, at, card in turns:
        dealt = deal_by_key(key, int(n), joker=True)
        assert (dealt.turned_at, str(dealt.turned)) == (int(at), card)


@pytest.mark.parametrize("vector", book_vectors(), ids=lambda v: f"key{v['key']}")
def test_the_books_vectors_follow_from_its_text(vector: dict[str, str]) -> None:
    # The lines a programmer checks first (the block, the words, the draws) and the deal, by the text's dealer.
    key = int(vector["key"])
    assert hashlib.sha256(f"cp-deal:{key}:0".encode("ascii")).hexdigest() == vector["block"]
    words = text_words(key)
    assert [f"{next(words):08x}" for _ in range(4)] == vector["words"].split()
    words = text_words(key)
    assert [text_draw(words, n) for n in range(52, 46, -1)] == [int(d) for d in vector["draws"].split()]
    deck, cut, _ = text_deal(key, 4, False)
    assert format_cards(deck) == " ".join(line.split(": ", 1)[1] for line in vector["hands"].splitlines())
    assert str(Card(cut)) == vector["cut"]


def test_the_vector_that_throws_a_word_away() -> None:
    # §23.5: in key 2037490's stream word 11 is at or above the limit of the twelfth draw (below 41).
    text = " ".join(section_23().split())
    assert "word 11 is `ffffffdd` (4294967261)" in text and "*L* = 4294967259 for *n* = 41" in text
    words = list(struct.unpack(">8I", hashlib.sha256(b"cp-deal:2037490:1").digest()))
    assert words[3] == 0xFFFFFFDD >= 2**32 - 2**32 % 41 == 4294967259
    # Without the rule the shuffle would differ: the code did throw it away.
    naive = list(range(52))
    stream = text_words(2037490)
    for i in range(51, 0, -1):
        j = next(stream) % (i + 1)
        naive[i], naive[j] = naive[j], naive[i]
    assert tuple(naive) != shuffled_deck(2037490)


def test_the_books_session_keys() -> None:
    found = re.findall(r"(-?\d+), (\d+) → (\d+)", section_23())
    assert len(found) == 5
    for seed, number, key in found:
        assert session_key(int(seed), int(number)) == int(key) == text_key(f"cp-session:{seed}:{number}")


# --- the code against the text's dealer, on any key -----------------------------------------------------------


@settings(max_examples=examples(120), deadline=None)
@given(st.integers(0, 2**64), st.integers(2, 4), st.booleans())
def test_the_code_deals_as_the_text_says(key: int, players: int, joker: bool) -> None:
    deck, cut, turned_at = text_deal(key, players, joker)
    dealt = deal_by_key(key, players, joker)
    assert list(dealt.order) == deck
    assert dealt.cut == cut
    assert dealt.turned_at == turned_at
    cards = list(deck[: 13 * players])
    if turned_at is not None:
        assert dealt.turned == cards[turned_at]
        cards[turned_at] = JOKER
    assert dealt.hands == tuple(tuple(sorted(cards[13 * p : 13 * p + 13])) for p in range(players))


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(-(2**40), 2**40), st.integers(1, 10_000))
def test_session_keys_are_the_texts(seed: int, number: int) -> None:
    key = session_key(seed, number)
    assert key == text_key(f"cp-session:{seed}:{number}")
    assert 0 <= key < KEY_LIMIT


# --- what any deal must be ---------------------------------------------------------------------------------


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(0, KEY_LIMIT - 1), st.integers(2, 4))
def test_a_deal_is_a_permutation_with_the_joker_in_its_place(key: int, players: int) -> None:
    plain = deal_by_key(key, players)
    assert sorted(plain.order) == list(range(52))
    assert all(not c.is_joker for hand in plain.hands for c in hand)
    assert len({c for hand in plain.hands for c in hand}) == 13 * players
    assert plain.turned is None and plain.turned_at is None
    # The order is the key's alone: every table size deals the first hands of the four-player deal.
    assert plain.hands == deal_by_key(key, 4).hands[:players]
    wild = deal_by_key(key, players, joker=True)
    assert (wild.order, wild.cut) == (plain.order, plain.cut)
    assert wild.turned is not None and wild.turned_at is not None
    holder = wild.turned_at // 13
    assert [hand.count(JOKER) for hand in wild.hands] == [int(p == holder) for p in range(players)]
    assert wild.turned not in {c for hand in wild.hands for c in hand}
    assert sorted(wild.hands[holder]) == sorted([JOKER, *(c for c in plain.hands[holder] if c != wild.turned)])


def test_bad_keys_and_tables_are_refused() -> None:
    for key in (-1, 1.5, True, "7"):
        with pytest.raises(DealingError, match="whole number"):
            deal_by_key(key)  # type: ignore[arg-type]
    for players in (1, 5, True):
        with pytest.raises(DealingError, match="2 to 4 players"):
            deal_by_key(0, players)


def test_keys_from_text_fit_a_code() -> None:
    assert key_from_text("cp-daily:2026-12-05:taiwan") == text_key("cp-daily:2026-12-05:taiwan") < KEY_LIMIT


def test_the_dealing_by_key_is_not_the_seeds() -> None:
    # The two dealings never mix (§23): a stored deal's seed keeps dealing through rules.cards.deal.
    assert deal(0) != deal_by_key(0).hands


# --- rough uniformity (fixed keys, so the statistic is the same on every run) ---------------------------------

KEYS = range(1560)  # 30 a cell over 52 cells
# The chi-square with 51 degrees of freedom that chance exceeds once in 10,000 (Wilson–Hilferty): 97.5.
CHI2_LIMIT = 97.5


def _chi2(values: list[int], cells: int) -> float:
    expected = len(values) / cells
    counts = Counter(values)
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_the_cards_come_out_uniform() -> None:
    deals = [deal_by_key(k, 4, joker=True) for k in KEYS]
    first = [int(d.order[0]) for d in deals]  # which card is dealt first
    deuce = [d.order.index(Card(0)) for d in deals]  # where the 2♦ lands
    cut = [int(d.cut) for d in deals]
    joker = [d.turned_at for d in deals if d.turned_at is not None]
    for name, values in (("first card", first), ("2d's place", deuce), ("cut", cut), ("joker's place", joker)):
        assert _chi2(values, 52) < CHI2_LIMIT, name
