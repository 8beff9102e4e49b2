"""A dealing anyone can reproduce (RULES.md §23.1–§23.5): a deal's key to its 52-card order, the card cut for
arcade's treasure, and the joker's turned card, from SHA-256 alone.

The older dealing of :func:`rules.cards.deal` shuffles with Python's :class:`random.Random`, which another
language cannot follow without porting Mersenne Twister and CPython's ``shuffle``. This one is built on a
primitive every language has, written out exactly in the rule book with test vectors, so that a program made
from the text alone deals the same cards: SHA-256 in counter mode gives a stream of 32-bit words, rejection
sampling turns words into uniform draws, and a Fisher–Yates shuffle turns draws into an order.

Both dealings stay: a stored deal keeps dealing as it was dealt (its seed through :func:`rules.cards.deal`), a
deal made by key deals through :func:`deal_by_key`. Keys are what :mod:`rules.dealcode` carries.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from .cards import JOKER, Card

KEY_BITS = 38  # keys the game makes (a session's, the day's) fit a deal code (RULES.md §23.4, §23.6)
KEY_LIMIT = 1 << KEY_BITS
HANDS = 13  # cards a seat is dealt
DECK = 52

_WORD = 1 << 32  # the stream's words are 32-bit
_DEAL_TAG = "cp-deal"  # the prefix of a deal's blocks; every hash of §23 has its own, so no two streams meet
_SESSION_TAG = "cp-session"


class DealingError(ValueError):
    """A key that is not a whole number from 0, or a table size outside 2–4."""


def _check_key(key: int) -> int:
    if not isinstance(key, int) or isinstance(key, bool) or key < 0:
        raise DealingError(f"a deal's key is a whole number from 0, not {key!r}")
    return key


def _decimal(n: int) -> str:
    # §23.1 writes numbers in ASCII decimal: Python's str() of an int is exactly that (a '-' when negative).
    return str(int(n))


class _Draws:
    """The uniform draws of one key's stream (§23.1): words from SHA-256 blocks, sampled without bias."""

    def __init__(self, key: int) -> None:
        self._words = self._stream(key)

    @staticmethod
    def _stream(key: int) -> Iterator[int]:
        block = 0
        while True:
            digest = hashlib.sha256(f"{_DEAL_TAG}:{_decimal(key)}:{block}".encode("ascii")).digest()
            for i in range(0, 32, 4):
                yield int.from_bytes(digest[i : i + 4], "big")
            block += 1

    def below(self, n: int) -> int:
        """A uniform whole number from 0 to ``n`` − 1: words at or above the largest multiple of ``n`` that
        fits in 32 bits are skipped, so that every remainder is equally likely (a plain ``word % n`` would
        favour the small ones)."""
        limit = _WORD - _WORD % n
        while True:
            word = next(self._words)
            if word < limit:
                return word % n


@dataclass(frozen=True)
class KeyedDeal:
    """Everything a key deals (§23.2–§23.3) at a table of ``players`` in play, with the joker or without.

    ``order`` is the shuffled deck of the 52 natural cards (position 0 first), the same at every table size
    and with the joker or without; ``hands`` are the dealt hands, the one in play first (each sorted, as
    :func:`rules.cards.deal` gives them), the joker in place of the turned card; ``turned_at`` and ``turned``
    are the position turned up for the joker and the card that was there (``None`` without the joker);
    ``cut`` is the card arcade cuts for its treasure (§7.6), drawn for every deal so that the rest never
    depends on the preset.
    """

    key: int
    players: int
    joker: bool
    order: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    cut: Card
    turned_at: int | None
    turned: Card | None


def shuffled_deck(key: int) -> tuple[Card, ...]:
    """The 52 natural cards in the order ``key`` shuffles them (§23.2); position 0 is dealt first."""
    return _shuffle(_Draws(_check_key(key)))


def _shuffle(draws: _Draws) -> tuple[Card, ...]:
    deck = list(range(DECK))  # card ids: rank × 4 + suit, 2♦ 2♣ 2♥ 2♠ 3♦ … A♠ (§23.2)
    for i in range(DECK - 1, 0, -1):
        j = draws.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(Card(c) for c in deck)


def deal_by_key(key: int, players: int = 4, joker: bool = False) -> KeyedDeal:
    """Deal ``key`` to ``players`` (2–4) seats in play (§23.2–§23.3): the shuffle, the cut card, and with
    ``joker`` one dealt card turned up and the joker in its place (the reading of §20.2, drawn from the key)."""
    _check_key(key)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise DealingError(f"a table has 2 to 4 players, not {players!r}")
    draws = _Draws(key)
    order = _shuffle(draws)
    # The draws come in a fixed order (51 for the shuffle, the cut, then the joker's place) and the joker's is
    # last: the cards and the cut are the same with the joker or without, and at every table size.
    cut = Card(draws.below(DECK))
    dealt = list(order[: HANDS * players])
    turned_at: int | None = None
    turned: Card | None = None
    if joker:
        turned_at = draws.below(HANDS * players)
        turned = dealt[turned_at]
        dealt[turned_at] = JOKER
    hands = tuple(tuple(sorted(dealt[HANDS * p : HANDS * (p + 1)])) for p in range(players))
    return KeyedDeal(key, players, joker, order, hands, cut, turned_at, turned)


def key_from_text(text: str) -> int:
    """A key made from ASCII ``text`` (§23.4): the top :data:`KEY_BITS` bits of the first 8 bytes of its
    SHA-256, read big-endian. A session's deals and the day's deal get their keys this way."""
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - KEY_BITS)


def session_key(session_seed: int, number: int) -> int:
    """The key of deal ``number`` (1-based) of a session with ``session_seed`` (§23.4): reproducible from the
    seed alone, as the older :func:`app.game.record.deal_seed` is, but without Python's generator."""
    for name, value in (("session seed", session_seed), ("deal number", number)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise DealingError(f"the {name} is a whole number, not {value!r}")
    return key_from_text(f"{_SESSION_TAG}:{_decimal(session_seed)}:{_decimal(number)}")
