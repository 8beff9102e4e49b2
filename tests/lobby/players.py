"""Scripted players for the lobby's tests: a client that answers what it is asked, every wait bounded."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from app.lobby.client import LobbyClient
from app.lobby.server import LobbyServer
from rules.arrangement import stand_in
from rules.cards import format_cards, parse_cards

WAIT = 5.0  # seconds any one expected message may take (a computer decision is well under one)


class Player:
    """A scripted client: records every message it receives (type, fields, raw size) and answers by script."""

    def __init__(self, server: LobbyServer, name: str, **kwargs: Any) -> None:
        self.client = LobbyClient(server.address, name, **kwargs)
        self.log: list[tuple[str, dict[str, Any]]] = []
        self.answered: set[tuple[int, int, str]] = set()  # (deal, round, ask): each question answered once

    async def connect(self) -> dict[str, Any]:
        welcome = await self.client.connect()
        self.log.append(("welcome", welcome))
        return welcome

    async def send(self, kind: str, **fields: Any) -> None:
        await self.client.send(kind, **fields)

    async def next_message(self, timeout: float = WAIT) -> tuple[str, dict[str, Any]]:
        kind, data = await self.client.receive(timeout)
        self.log.append((kind, data))
        return kind, data

    async def until(
        self, want: Callable[[str, dict[str, Any]], bool], *, limit: int = 100, timeout: float = WAIT
    ) -> tuple[str, dict[str, Any]]:
        """Read until a message ``want`` takes (at most ``limit`` messages, each within ``timeout``)."""
        for _ in range(limit):
            kind, data = await self.next_message(timeout)
            if want(kind, data):
                return kind, data
            if kind == "closed":
                raise AssertionError(f"closed while waiting: {data}")
        raise AssertionError(f"no such message in {limit}")

    async def kind(self, kind: str, **match: Any) -> dict[str, Any]:
        _, data = await self.until(lambda k, d: k == kind and all(d.get(f) == v for f, v in match.items()))
        return data

    async def answer(self, data: dict[str, Any], *, declare: bool = False) -> None:
        """Answer a ``hand``'s question: the first three cards to pass, or a plain legal arrangement."""
        cards = parse_cards(data["cards"])
        asked = (data["deal"], data["round"], data["ask"])
        if asked in self.answered:
            return
        self.answered.add(asked)
        if data["ask"] == "pass":
            await self.send(
                "pass", deal=data["deal"], round=data["round"], seat=data["seat"], cards=format_cards(cards[:3])
            )
        elif data["ask"] == "arrange":
            if declare and data["specials"]:
                await self.send("arrange", deal=data["deal"], seat=data["seat"], declare=data["specials"].split()[0])
                return
            rows = stand_in(cards).to_dict()
            await self.send("arrange", deal=data["deal"], seat=data["seat"], **rows)

    async def play_deal(self, *, next_too: bool = True) -> dict[str, Any]:
        """Answer every question until the reveal; its record (then ``next``)."""
        if self.client.hand is not None and self.client.hand["ask"]:
            await self.answer(self.client.hand)  # asked while the test waited for something else
        for _ in range(40):
            kind, data = await self.until(lambda k, d: k in ("hand", "reveal", "over"))
            if kind == "hand" and data["ask"]:
                await self.answer(data)
            elif kind == "reveal":
                if next_too:
                    await self.send("next", deal=data["deal"])
                return data
            elif kind == "over":
                raise AssertionError(f"the table ended: {data}")
        raise AssertionError("no reveal in 40 questions")

    async def close(self) -> None:
        await self.client.close()


async def wait_for(check: Callable[[], bool], *, seconds: float = WAIT, step: float = 0.01) -> None:
    """Until ``check()`` (a state of the server's that no message announces), at most ``seconds``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not check():
        if loop.time() > end:
            raise AssertionError("the server never got there")
        await asyncio.sleep(step)
