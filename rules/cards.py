"""Cards and their text notation (RULES.md §1).

A card is an int 0–51 underneath: ``rank_index * 4 + suit_index``, ranks 2..A as 0..12 and suits in
tie-break order ♦ ♣ ♥ ♠ as 0..3, so sorting card ids sorts by rank and then by suit.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "dchs"
SUIT_SYMBOLS = "♦♣♥♠"
RED_SUITS = frozenset({0, 2})

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
        if not 0 <= int(value) < 52:
            raise CardError(f"card id {value} is outside 0–51")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card with rank index ``rank`` (0 = 2 … 12 = A) and suit index ``suit`` (0 = ♦ … 3 = ♠)."""
        return cls(rank * 4 + suit)

    @property
    def rank(self) -> int:
        """Rank index, 0 (deuce) to 12 (ace)."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """Suit index, 0 ♦, 1 ♣, 2 ♥, 3 ♠ (the `suit_tiebreak` order)."""
        return int(self) & 3

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})"

    def symbol(self) -> str:
        """Rank letter and suit symbol, e.g. ``A♠``."""
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]


def _parse_token(token: str) -> list[Card]:
    # One token may hold several cards written together ("AsKd"); anything left over is an error
    # that names the token as the player typed it.
    cleaned = token.replace("\ufe0f", "")
    cards: list[Card] = []
    pos = 0
    while pos < len(cleaned):
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
        return f"unknown rank in {where} (ranks are 2-9, T or 10, J, Q, K, A)"
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
    key = (lambda c: (c & 3, c >> 2)) if by_suit else (lambda c: (c >> 2, c & 3))
    return tuple(Card(c) for c in sorted(cards, key=key, reverse=True))


FULL_DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))


def deal(seed: int, players: int = 4) -> tuple[tuple[Card, ...], ...]:
    """Shuffle a fresh deck with ``seed`` and deal 13 cards to each of ``players`` (2–4) seats.

    Uses :class:`random.Random`, whose sequence for a given seed is stable across Python versions, so a
    recorded seed replays the same deal.
    """
    if not 2 <= players <= 4:
        raise ValueError("a table has 2 to 4 players")
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return tuple(tuple(sorted(Card(c) for c in deck[13 * p : 13 * (p + 1)])) for p in range(players))
