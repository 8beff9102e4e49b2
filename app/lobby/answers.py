"""What a person's answer at a lobby's table holds, checked against what their seat was asked: the three cards of
a pass, the rows or the special of a decision. Anything else is :class:`Misbehaved`, and its client is closed."""

from __future__ import annotations

from typing import Any

from app.game.requests import AIRequest, PassRequest
from rules.cards import Card, CardError, parse_cards
from rules.deal import DealError, Decision
from rules.specials import Special, detect_specials


class Misbehaved(Exception):
    """A client acted against the protocol (``reason`` a key of :data:`.protocol.CLOSES`): it is disconnected."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def passed_cards(request: PassRequest, data: dict[str, Any]) -> tuple[Card, ...]:
    """The three cards a ``pass`` message gives, of the seat's hand, in the round asked."""
    if data["round"] != request.round:
        raise Misbehaved("out_of_turn")
    try:
        cards = tuple(parse_cards(data["cards"]))
    except (CardError, ValueError):
        raise Misbehaved("bad_cards") from None
    if len(cards) != 3 or len(set(cards)) != 3 or not set(cards) <= set(request.hand):
        raise Misbehaved("bad_cards")
    return cards


def decision(request: AIRequest, data: dict[str, Any], specials: frozenset[Special]) -> Decision:
    """The decision a READY message holds (three rows, or a special of ``specials`` the hand has), checked
    against the seat's hand."""
    rows = {k: data[k] for k in ("front", "middle", "back") if k in data}
    declare = data.get("declare")
    if (declare is None) == (len(rows) != 3) or (declare is not None and rows):
        raise Misbehaved("malformed")
    try:
        if declare is not None:
            hand = request.hand
            if not any(s.id == declare for s in detect_specials(hand) & specials):
                raise Misbehaved("bad_cards")
            found = Decision.from_dict({"cards": " ".join(map(str, hand)), "declare": declare})
        else:
            found = Decision.from_dict(rows)
    except (CardError, DealError, ValueError, KeyError):
        raise Misbehaved("bad_cards") from None
    if sorted(found.cards) != sorted(request.hand):
        raise Misbehaved("bad_cards")
    return found
