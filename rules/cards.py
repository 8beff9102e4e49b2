"""Cards and their text notation (RULES.md §1, §20).

A card is an int 0–51 underneath: ``rank_index * 4 + suit_index``, ranks 2..A as 0..12 and suits in
tie-break order ♦ ♣ ♥ ♠ as 0..3, so sorting card ids sorts by rank and then by suit. The joker (鬼牌) of
the ``joker`` option is id 52, written ``JK``: it has no rank or suit of its own (its :attr:`Card.rank` is 13
and its :attr:`Card.suit` 4, outside every table of ranks and suits, so a lookup by them fails loudly
rather than reading a natural card), and it sorts above every natural card.

The same concept on another floor: drawn by :mod:`app.view.cards`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "dchs"
SUIT_SYMBOLS = "♦♣♥♠"
RED_SUITS = frozenset({0, 2})
JOKER_ID = 52  # the joker (鬼牌, RULES.md §20); natural cards are 0–51
JOKER_TEXT = "JK"
JOKER_RANK = 13  # no rank of its own: above the ace, outside every 13-entry table
JOKER_SUIT = 4  # no suit of its own: outside every 4-entry table
# "JK" in any case, and the playing-card joker 🃏 (U+1F0CF).
_JOKER_RE = re.compile(r"[Jj][Kk]|\U0001F0CF")

_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}
_SUIT_ALIASES = (
    {c: i for i, c in enumerate(SUIT_CHARS)}
    | {c: i for i, c in enumerate(SUIT_SYMBOLS)}
    | {c: i for i, c in enumerate("♢♧♡♤")}
)
# No re.IGNORECASE: it would let look-alikes such as the Kelvin sign match "k" and then fail the lookup.
_CARD_RE = re.compile(r"(10|[2-9TJQKAtjqka])([dchsDCHS♦♣♥♠♢♧♡♤])")
_SEPARATORS = re.compile(r"[\s,]+")


class CardError(ValueError):
    """Bad card text: an unknown rank or suit, a duplicate, or the wrong number of cards."""


class Card(int):
    """One card; an ``int`` so that it indexes numpy tables directly."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= int(value) <= JOKER_ID:
            raise CardError(f"card id {value} is outside 0–52 (52 is the joker)")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card with rank index ``rank`` (0 = 2 … 12 = A) and suit index ``suit`` (0 = ♦ … 3 = ♠)."""
        return cls(rank * 4 + suit)

    @property
    def is_joker(self) -> bool:
        """True for the joker (鬼牌, id 52)."""
        return int(self) == JOKER_ID

    @property
    def rank(self) -> int:
        """Rank index, 0 (deuce) to 12 (ace); 13 for the joker, which has none."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """Suit index, 0 ♦, 1 ♣, 2 ♥, 3 ♠ (the `suit_tiebreak` order); 4 for the joker, which has none."""
        return JOKER_SUIT if int(self) == JOKER_ID else int(self) & 3

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        if int(self) == JOKER_ID:
            return JOKER_TEXT
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})"

    def symbol(self) -> str:
        """Rank letter and suit symbol, e.g. ``A♠`` (``JK`` for the joker)."""
        if int(self) == JOKER_ID:
            return JOKER_TEXT
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]


JOKER = Card(JOKER_ID)


def _parse_token(token: str) -> list[Card]:
    # One token may hold several cards written together ("AsKd"); anything left over is an error
    # that names the token as the player typed it.
    cleaned = token.replace("\ufe0f", "")
    cards: list[Card] = []
    pos = 0
    while pos < len(cleaned):
        j = _JOKER_RE.match(cleaned, pos)
        if j:
            cards.append(JOKER)
            pos = j.end()
            continue
        m = _CARD_RE.match(cleaned, pos)
        if not m:
            raise CardError(_explain_bad_token(token, cleaned[pos:]))
        cards.append(Card.of(_RANK_ALIASES[m.group(1).upper()], _SUIT_ALIASES[m.group(2).lower()]))
        pos = m.end()
    return cards


def _explain_bad_token(token: str, rest: str | None = None) -> str:
    """Why ``rest`` (the unread end of ``token``, all of it by default) is not a card, naming the token."""
    t = token.replace("\ufe0f", "") if rest is None else rest
    where = repr(t) if t == token else f"{t!r} (in {token!r})"
    rank_part, suit_part = (t[:2], t[2:]) if t.startswith("10") else (t[:1], t[1:])
    if rank_part.upper() not in _RANK_ALIASES:
        return f"unknown rank in {where} (ranks are 2-9, T or 10, J, Q, K, A; the joker is JK)"
    if suit_part == "":
        return f"missing suit in {where} (suits are s h c d or ♠ ♥ ♣ ♦)"
    if suit_part[:1].lower() not in _SUIT_ALIASES:
        return f"unknown suit in {where} (suits are s h c d or ♠ ♥ ♣ ♦)"
    return f"cannot read {where} as cards"


def parse_cards(text: str | Iterable[str], count: int | Sequence[int] | None = None) -> tuple[Card, ...]:
    """Parse card notation (``"As Td 10d 7♥"``, commas or spaces, any case) into cards.

    ``count`` (a number or the allowed numbers) checks how many cards there are. Duplicates are
    always an error. Raises :class:`CardError` naming the offending token.
    """
    joined = text if isinstance(text, str) else " ".join(text)
    cards: list[Card] = []
    seen: dict[int, str] = {}
    for token in _SEPARATORS.split(joined.strip()):
        if not token:
            continue
        for card in _parse_token(token):
            if card in seen:
                raise CardError(f"duplicate card {card} (in {token!r})")
            seen[card] = token
            cards.append(card)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in allowed:
            want = " or ".join(str(n) for n in allowed)
            raise CardError(f"expected {want} cards, got {len(cards)}" + (f": {format_cards(cards)}" if cards else ""))
    return tuple(cards)


def format_cards(cards: Iterable[int], symbols: bool = False) -> str:
    """Canonical text of cards in the given order: ``"As Td 7h"`` (or ``"A♠ T♦ 7♥"``)."""
    return " ".join(Card(c).symbol() if symbols else str(Card(c)) for c in cards)


def sort_cards(cards: Iterable[int], by_suit: bool = False) -> tuple[Card, ...]:
    """Cards high to low, by rank (default) or grouped by suit."""
    # The joker leads either way (its rank and suit, 13 and 4, are above every natural card's).
    key = (lambda c: (Card(c).suit, c >> 2)) if by_suit else (lambda c: (c >> 2, c & 3))
    return tuple(Card(c) for c in sorted(cards, key=key, reverse=True))


def natural(cards: Iterable[int]) -> tuple[Card, ...]:
    """``cards`` without the joker."""
    return tuple(Card(c) for c in cards if c != JOKER_ID)


FULL_DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))


def _shuffled(seed: int, players: int, joker: bool) -> tuple[list[int], int | None]:
    """The shuffled deck of ``seed`` and, with the joker, the turned-up card, the joker in its place."""
    if not 2 <= players <= 4:
        raise ValueError("a table has 2 to 4 players")
    deck = list(range(52))
    rng = random.Random(seed)
    rng.shuffle(deck)
    if not joker:
        return deck, None
    # RULES.md §20.2: the shuffle is the one without the joker; one more draw of the same generator picks
    # which of the dealt cards is turned up, so the joker is in play at any table size and in any seat.
    pos = rng.randrange(13 * players)
    turned = deck[pos]
    deck[pos] = JOKER_ID
    return deck, turned


def deal(seed: int, players: int = 4, joker: bool = False) -> tuple[tuple[Card, ...], ...]:
    """Shuffle a fresh deck with ``seed`` and deal 13 cards to each of ``players`` (2–4) seats.

    Uses :class:`random.Random`, whose sequence for a given seed is stable across Python versions, so a
    recorded seed replays the same deal. With ``joker`` (RULES.md §20.2) the same shuffle is dealt, but one of
    the dealt cards (:func:`turned_card`) is turned up and the joker takes its place.
    """
    deck, _ = _shuffled(seed, players, joker)
    return tuple(tuple(sorted(Card(c) for c in deck[13 * p : 13 * (p + 1)])) for p in range(players))


def turned_card(seed: int, players: int = 4) -> Card:
    """The card turned up for the joker in the joker deal of ``seed`` (out of play, shown to everyone)."""
    _, turned = _shuffled(seed, players, True)
    assert turned is not None
    return Card(turned)
