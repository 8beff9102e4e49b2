"""Hostile clients never hurt the table: each is disconnected with a reason, the table plays on, memory bounded."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from typing import Any

import aiohttp
import pytest

from app.lobby.client import JoinError, LobbyClient
from app.lobby.protocol import MAX_MESSAGE
from app.lobby.server import Connection, LobbyServer
from tests.lobby.players import Player, wait_for
from tests.lobby.test_play import seated


async def bye(player: Player) -> str:
    """The reason the server gave before it closed the connection."""
    kind, data = await player.until(lambda k, d: k in ("bye", "closed"))
    if kind == "bye":
        return str(data["reason"])
    return str(data["reason"])


async def table_plays_on(ann: Player) -> None:
    record = (await ann.play_deal(next_too=False))["record"]
    assert record["result"] is not None


@pytest.mark.parametrize(
    ("send", "reason"),
    [
        ("x" * (MAX_MESSAGE + 10), "1009"),
        ('{"type": "teleport"}', "unknown_type"),
        ("not json", "malformed"),
        ('{"type": "sit", "table": "one", "seat": 1}', "malformed"),
        ("[" * 5000 + "]" * 5000, "malformed"),
        (b"\x00\x01", "malformed"),
    ],
    ids=["over-64KB", "unknown-type", "not-json", "wrong-field", "deep", "binary"],
)
async def test_a_bad_message_closes_that_client_and_the_table_plays_on(serve: Any, send: Any, reason: str) -> None:
    async with serve() as server:
        ann, mal = await seated(server, "ann", "mal")
        await ann.send("start")
        await mal.kind("hand")
        await mal.client.send_raw(send)
        got = await bye(mal)
        assert reason in got or (reason == "1009" and "too_big" in got) or got == "1009", got
        await table_plays_on(ann)  # held, then the computer: the deal is scored
        await ann.close()
        await mal.close()


async def test_acting_for_another_seat_or_out_of_turn_closes_that_client(serve: Any) -> None:
    async with serve() as server:
        ann, mal, bob = await seated(server, "ann", "mal", "bob", config={"players": 4})
        await ann.send("start")
        hand = await mal.kind("hand", ask="arrange")
        await mal.send(
            "arrange", deal=hand["deal"], seat=0, front="2s 3s 4s", middle="5s 6s 7s 8s 9s", back="Ts Js Qs Ks As"
        )
        assert await bye(mal) == "not_your_seat"
        hand = await bob.kind("hand", ask="arrange")
        await bob.answer(hand)
        await bob.kind("hand", ask=None)
        await bob.send("arrange", deal=hand["deal"], seat=1 if False else hand["seat"], declare="dragon")
        assert await bye(bob) == "out_of_turn"
        await table_plays_on(ann)
        for p in (ann, mal, bob):
            await p.close()


async def test_cards_not_ones_own_close_that_client(serve: Any) -> None:
    async with serve() as server:
        ann, mal = await seated(server, "ann", "mal")
        await ann.send("start")
        hand = await mal.kind("hand", ask="arrange")
        mine = hand["cards"].split()
        others = [
            c
            for c in [
                "2s",
                "3s",
                "4s",
                "5s",
                "6s",
                "7s",
                "8s",
                "9s",
                "Ts",
                "Js",
                "Qs",
                "Ks",
                "As",
                "2h",
                "3h",
                "4h",
                "5h",
                "6h",
                "7h",
                "8h",
                "9h",
                "Th",
                "Jh",
                "Qh",
                "Kh",
                "Ah",
            ]
            if c not in mine
        ]
        await mal.send(
            "arrange",
            deal=hand["deal"],
            seat=hand["seat"],
            front=" ".join(others[:3]),
            middle=" ".join(mine[:5]),
            back=" ".join(mine[5:10]),
        )
        assert await bye(mal) == "bad_cards"
        await table_plays_on(ann)
        await ann.close()
        await mal.close()


async def test_a_flood_closes_that_client(serve: Any) -> None:
    async with serve() as server:
        ann, mal = await seated(server, "ann", "mal")
        for _ in range(200):
            await mal.client.send_raw(json.dumps({"type": "next", "deal": 0}))
        assert await bye(mal) == "flood"
        await ann.send("start")
        await table_plays_on(ann)
        await ann.close()
        await mal.close()


async def silent_spectator(server: LobbyServer, table: int) -> socket.socket:
    """A spectator of ``table`` that never reads a byte after the handshake: a raw socket (no client library reads
    ahead for it) with a small receive buffer, so that the server's writes stall after a few kilobytes."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    path = "/" + server.address.split("/", 3)[3]
    await loop.sock_sendall(
        sock,
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode(),
    )
    head = b""
    while b"\r\n\r\n" not in head:  # the 101; the server sends nothing more before the hello
        chunk = await asyncio.wait_for(loop.sock_recv(sock, 1024), 5.0)
        assert chunk, "the lobby closed the handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head[:80]
    for message in ({"type": "hello", "version": 1, "name": "mute"}, {"type": "watch", "table": table}):
        await loop.sock_sendall(sock, masked_frame(json.dumps(message).encode()))
    return sock


def masked_frame(payload: bytes) -> bytes:
    """One client text frame (RFC 6455: a client's frames are masked), under 64 KB."""
    mask = os.urandom(4)
    size = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + len(payload).to_bytes(2)
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def test_a_client_that_stops_reading_is_closed_and_its_queue_stays_bounded(serve: Any) -> None:
    # No heartbeat and no time limit on a send, small socket buffers: the connection is closed by its queue's
    # bound, a count of messages and bytes, after the same few deals whatever the machine's speed (the heartbeat
    # that once did it, at one second, also closed scripted players the loaded machine kept from reading in time).
    # About six deals fill it; twelve at most keep the players' own messages under the flood guard's burst.
    queue, deals = (16, 16 * 1024), 12
    async with serve(heartbeat=None, send_within=None, queue=queue, send_buffer=4096) as server:
        assert server.lobby is not None
        ann, bob = await seated(server, "ann", "bob")
        room = server.lobby.rooms[1]
        mute = await silent_spectator(server, room.number)
        try:
            await wait_for(lambda: any(p.name == "mute" for p in room.watchers))
            link = next(p.link for p in room.watchers if p.name == "mute")
            assert isinstance(link, Connection)
            await ann.send("start")
            for _ in range(deals):  # deals, each sending the spectator its tables and the reveal
                await asyncio.gather(ann.play_deal(), bob.play_deal())
                assert all(c.queued <= queue[1] and c.queue.qsize() <= queue[0] for c in server.connections)
                if not any(p.name == "mute" for p in server.lobby.people.values()):
                    break
            else:
                raise AssertionError(f"the client that stopped reading was not closed in {deals} deals")
            await wait_for(lambda: len(server.connections) == 2)
            assert link.reason == "not_reading"
            assert ann.client.closed is None and bob.client.closed is None  # the players play on
            await asyncio.gather(ann.play_deal(), bob.play_deal())
        finally:
            mute.close()
        await ann.close()
        await bob.close()


async def test_no_token_a_wrong_host_or_a_web_page_is_refused(serve: Any) -> None:
    async with serve() as server:
        bare = server.address.split("?")[0]
        async with aiohttp.ClientSession() as s:
            for url, headers in [
                (bare, {}),
                (bare + "?token=wrong", {}),
                (server.address, {"Host": "evil.example"}),
                (server.address, {"Origin": "http://evil.example"}),
            ]:
                async with s.get(url, headers=headers) as r:
                    assert r.status == 403
        with pytest.raises(JoinError, match="refused"):
            await LobbyClient(bare + "?token=wrong", "x").connect()


async def test_a_client_of_another_version_is_refused_with_a_clear_message(serve: Any) -> None:
    async with serve() as server, aiohttp.ClientSession() as s:
        ws = await s.ws_connect(LobbyClient(server.address, "x").url)
        await ws.send_str(json.dumps({"type": "hello", "version": 99, "name": "old"}))
        msg = json.loads((await ws.receive(timeout=5)).data)
        assert msg["type"] == "bye" and msg["reason"] == "version" and "another version" in msg["message"]
        await ws.close()


async def test_the_first_message_must_be_hello(serve: Any) -> None:
    async with serve() as server, aiohttp.ClientSession() as s:
        ws = await s.ws_connect(LobbyClient(server.address, "x").url)
        await ws.send_str(json.dumps({"type": "quick"}))
        msg = json.loads((await ws.receive(timeout=5)).data)
        assert msg == {"type": "bye", "reason": "hello_first", "message": "the first message must be hello"}
        await ws.close()
