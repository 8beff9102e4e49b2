"""Nothing hidden is ever sent: every byte every client receives over whole deals (the exchange, the joker, a
banker game), and no card of another seat's hand in any of it before that deal's reveal."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from tests.lobby.players import Player
from tests.lobby.test_play import seated
from tests.tiers import sized

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[shcdSHCD♠♥♣♦](?![0-9A-Za-z])|JK")
QUIET = {"token", "name", "host", "message"}  # what people wrote or random tokens: not cards


def cards_in(value: Any, key: str = "") -> set[str]:
    """Every card named anywhere in a message's values (keys that carry no cards skipped)."""
    if key in QUIET:
        return set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v, k) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v, key) for v in value)) if value else set()
    return {m.upper().replace("10", "T") for m in CARD.findall(value)} if isinstance(value, str) else set()


def norm(cards: str) -> set[str]:
    return {c.upper().replace("10", "T") for c in cards.split()}


def allowed_for(record: dict[str, Any], seat: int | None) -> set[str]:
    """The cards of a revealed deal that ``seat``'s client may have seen before its reveal: its own hand (as
    dealt, and after the passes) and the turned card (none but the turned card for a spectator)."""
    allowed = set()
    if seat is not None:
        allowed |= norm(record["hands"][str(seat)])  # as played, after the passes
        for passes in record.get("passes", []):  # and what it passed away (its own as dealt)
            allowed |= norm(passes[str(seat)])
    if record.get("turned"):
        allowed |= norm(record["turned"])
    return allowed


def check(log: list[tuple[str, dict[str, Any]]], seat: int | None) -> int:
    """Every card a client got is its own (as dealt or after the passes) or the turned card of the deal the message
    is about; the number of reveals checked.

    A message is about the deal its ``deal`` field names when that deal is revealed in the log (a ``table`` sent
    between a deal's reveal and the next deal, say when someone joins, still shows the revealed deal and its turned
    card), else about the deal revealed next; messages after the last reveal are about a deal never revealed here
    and are not checked."""
    allowed = {data["deal"]: allowed_for(data["record"], seat) for kind, data in log if kind == "reveal"}
    since: list[tuple[str, dict[str, Any]]] = []
    reveals = 0
    for kind, data in log:
        if kind != "reveal":
            since.append((kind, data))
            continue
        for k, d in since:
            named = d.get("deal")
            cards = allowed[named] if isinstance(named, int) and named in allowed else allowed[data["deal"]]
            leaked = cards_in(d) - cards
            assert not leaked, f"{k} gave seat {seat} {sorted(leaked)} before the reveal: {json.dumps(d)[:300]}"
        since, reveals = [], reveals + 1
    return reveals


TABLES: dict[str, dict[str, Any]] = {
    "exchange": {"players": 3, "exchange": 1},
    "joker": {"players": 3, "options": {"joker": True}},
    "banker": {"preset": "hongkong", "players": 3, "banker": True},
}


@pytest.mark.parametrize("kind", list(TABLES))
@sized("deals", 2, 6)
async def test_no_client_ever_receives_another_seats_card_before_the_reveal(serve: Any, kind: str, deals: int) -> None:
    async with serve() as server:
        ann, bob = await seated(server, "ann", "bob", config=TABLES[kind])
        eve = Player(server, "eve")
        await eve.connect()
        await eve.send("watch", table=ann.client.table["id"] if ann.client.table else 1)
        await eve.kind("table")
        await ann.send("start")
        for _ in range(deals):
            await asyncio.gather(ann.play_deal(), bob.play_deal())
            await eve.kind("reveal")
        assert check(ann.log, 0) == deals and check(bob.log, 1) == deals and check(eve.log, None) == deals
        assert ann.client.received and eve.client.received  # every byte went through the checked log
        for p in (ann, bob, eve):
            await p.close()


def test_the_check_sees_a_card_wherever_it_is_written() -> None:
    assert cards_in({"cards": "As 10d JK", "seats": [{"x": "Kh"}], "token": "As"}) == {"AS", "TD", "JK", "KH"}
    assert cards_in({"state": "paused", "preset": "taiwan"}) == set()
    with pytest.raises(AssertionError, match="before the reveal"):
        check([("table", {"public": {"x": "Qs"}}), ("reveal", {"deal": 1, "record": {"hands": {"0": "As"}}})], 0)
    # A table of deal 1 after its reveal shows deal 1's turned card: not a leak into deal 2 (where it is not ours).
    one = ("reveal", {"deal": 1, "record": {"hands": {"0": "As"}, "turned": "Qs"}})
    two = ("reveal", {"deal": 2, "record": {"hands": {"0": "Ks"}, "turned": "2d"}})
    assert check([one, ("table", {"deal": 1, "public": {"turned": "Qs"}}), two], 0) == 2
    with pytest.raises(AssertionError, match="before the reveal"):
        check([one, ("table", {"deal": 2, "public": {"turned": "Qs"}}), two], 0)
