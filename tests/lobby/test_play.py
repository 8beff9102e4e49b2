"""A lobby's tables played whole: people and a computer, the host's settings, leaving and coming back."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.lobby.server import LobbyServer
from tests.lobby.players import Player, wait_for

THREE = {"players": 3}


async def seated(
    server: LobbyServer, *names: str, settings: dict[str, Any] | None = None, config: dict[str, Any] | None = None
) -> list[Player]:
    """The first name opens a table (its host, seat 0), the others sit at its next seats in order."""
    people = [Player(server, n) for n in names]
    for p in people:
        await p.connect()
    host = people[0]
    await host.send("open", settings=settings or {"time_limit": 0}, config=config or THREE)
    table = (await host.kind("seated"))["table"]
    seats = (await host.kind("table"))["seats"]
    for p, seat in zip(people[1:], [s["seat"] for s in seats][1:], strict=False):
        await p.send("sit", table=table, seat=seat)
        await p.kind("seated")
    return people


async def test_two_people_and_a_computer_play_three_deals(serve: Any) -> None:
    async with serve() as server:
        ann, bob = await seated(server, "ann", "bob")
        await ann.send("start")
        for deal in (1, 2, 3):
            a, b = await asyncio.gather(ann.play_deal(), bob.play_deal())
            assert a["deal"] == b["deal"] == deal
            ra, rb = a["record"], b["record"]
            assert ra["human"] == 0 and rb["human"] == 1
            assert ra["decided_by"]["0"] == "player" and ra["decided_by"]["1"] == "person"
            assert rb["decided_by"]["1"] == "player" and rb["decided_by"]["0"] == "person"
            assert ra["decided_by"]["3"] == "normal"
            assert ra["units"] == rb["units"] and sum(ra["units"]) == 0
        await ann.send("leave")
        over = await bob.kind("over")
        assert over["reason"] == "host_left" and over["deals"] == 3
        await ann.close()
        await bob.close()


async def test_practice_counts_nothing(serve: Any) -> None:
    async with serve() as server:
        (ann,) = await seated(server, "ann", settings={"scored": False, "time_limit": 0})
        await ann.send("start")
        await ann.play_deal(next_too=False)
        table = ann.client.table
        assert table is not None and all(s["money"] == 0 for s in table["seats"])
        await ann.close()


async def test_spectators_only_where_allowed(serve: Any) -> None:
    async with serve() as server:
        ann, eve = await seated(server, "ann", "eve", settings={"spectators": False, "time_limit": 0})
        # eve sat; make her leave, then try to watch
        await eve.send("leave")
        await eve.kind("left")
        await eve.send("watch", table=1)
        assert (await eve.kind("refused"))["reason"] == "no_spectators"
        await ann.close()
        await eve.close()


async def test_no_computer_the_table_waits_for_the_host(serve: Any) -> None:
    async with serve() as server:
        ann, bob = await seated(server, "ann", "bob", settings={"takeover": False, "time_limit": 0})
        await ann.send("start")
        assert (await ann.kind("refused"))["reason"] == "seats_empty"
        await ann.send("fill")  # 電腦接玩
        await ann.send("start")
        await asyncio.gather(ann.play_deal(), bob.play_deal(next_too=False))
        # bob leaves between deals: no computer may play his seat, the next deal pauses on it
        await bob.send("leave")
        await bob.kind("left")
        await ann.send("next", deal=1)
        await ann.until(lambda k, d: k == "table" and d["state"] == "paused")
        # the host's 電腦接玩: the computer plays it and the deal goes on
        await ann.send("fill")
        record = (await ann.play_deal(next_too=False))["record"]
        assert record["decided_by"]["1"] in ("normal", "takeover")
        await ann.close()
        await bob.close()


async def test_invite_only_needs_the_hosts_code(serve: Any) -> None:
    async with serve() as server:
        (ann,) = await seated(server, "ann", settings={"invite": True, "time_limit": 0})
        bob, cat = Player(server, "bob"), Player(server, "cat")
        await bob.connect()
        await cat.connect()
        await bob.send("sit", table=1, seat=1)
        assert (await bob.kind("refused"))["reason"] == "invite_only"
        await bob.send("quick")  # 馬上加入 passes an invite-only table by
        assert (await bob.kind("seated"))["table"] != 1
        await bob.send("leave")  # the host of that new table: it ends
        await bob.kind("over")
        await ann.send("invite", seat=1)
        code = (await ann.kind("invited"))["code"]
        await bob.send("sit", table=1, seat=1, code="wrong")
        assert (await bob.kind("refused"))["reason"] == "invite_only"
        await bob.send("sit", table=1, seat=1, code=code)
        assert (await bob.kind("seated"))["seat"] == 1
        await cat.send("sit", table=1, seat=3, code=code)  # one invitation, one seat
        assert (await cat.kind("refused"))["reason"] == "invite_only"
        for p in (ann, bob, cat):
            await p.close()


async def test_over_the_time_limit_the_seat_counts_as_left(serve: Any) -> None:
    async with serve(second=0.02) as server:  # a 10 s limit lasts 0.2 s
        ann, bob = await seated(server, "ann", "bob", settings={"time_limit": 10})
        await ann.send("start")
        playing = asyncio.create_task(ann.play_deal(next_too=False))
        await bob.kind("hand")  # bob never answers
        assert (await bob.kind("left"))["reason"] == "time"
        record = (await playing)["record"]
        assert record["decided_by"]["1"] == "timeout"
        await ann.close()
        await bob.close()


async def test_a_drop_keeps_the_seat_and_coming_back_plays_on(serve: Any) -> None:
    async with serve(hold=30.0) as server:
        ann, bob = await seated(server, "ann", "bob")
        await ann.send("start")
        await bob.kind("hand", ask="arrange")
        token = bob.client.token
        await bob.close()
        await ann.until(lambda k, d: k == "table" and any(s["connected"] is False for s in d["seats"]))
        back = Player(server, "bob", token=token)
        await back.connect()
        hand = await back.kind("hand")
        assert hand["seat"] == 1 and hand["ask"] == "arrange"
        _, b = await asyncio.gather(ann.play_deal(), back.play_deal())
        assert b["record"]["decided_by"]["1"] == "player"
        await ann.close()
        await back.close()


@pytest.mark.parametrize("takeover", [True, False])
async def test_a_drop_not_back_in_time_is_a_seat_left(serve: Any, takeover: bool) -> None:
    async with serve(hold=0.2) as server:
        ann, bob = await seated(server, "ann", "bob", settings={"takeover": takeover, "time_limit": 0})
        if not takeover:
            await ann.send("fill")
        await ann.send("start")
        await bob.kind("hand", ask="arrange")
        token = bob.client.token
        await bob.close()
        if takeover:
            record = (await ann.play_deal(next_too=False))["record"]
            assert record["decided_by"]["1"] == "takeover"
            # back later, from the same machine: the seat again from the next deal
            back = Player(server, "bob", token=token)
            await back.connect()
            assert (await back.kind("seated"))["from_next"] is True
            await ann.send("next", deal=1)
            hand = await back.kind("hand", deal=2)
            assert hand["seat"] == 1
            await back.close()
        else:
            await ann.until(lambda k, d: k == "table" and d["state"] == "paused")
        await ann.close()


async def test_the_host_leaving_ends_the_table_with_its_summary(serve: Any) -> None:
    async with serve() as server:
        ann, bob = await seated(server, "ann", "bob")
        await ann.send("start")
        await bob.kind("hand")
        await ann.send("leave")
        over = await bob.kind("over")
        assert over["reason"] == "host_left" and {line["seat"] for line in over["lines"]} == {0, 1, 3}
        assert (await bob.kind("lobby"))["tables"] == []
        await wait_for(lambda: not server.lobby or not server.lobby.rooms)
        await ann.close()
        await bob.close()


async def test_quick_join_finds_a_free_seat_else_opens_a_table(serve: Any) -> None:
    async with serve() as server:
        ann, bob = Player(server, "ann"), Player(server, "bob")
        await ann.connect()
        await bob.connect()
        await ann.send("quick")
        first = await ann.kind("seated")
        await bob.send("quick")
        second = await bob.kind("seated")
        assert second["table"] == first["table"] and second["seat"] != first["seat"]
        await ann.close()
        await bob.close()


async def test_the_lobby_holds_a_set_number_of_tables_and_people(serve: Any) -> None:
    async with serve(max_tables=1, max_people=2) as server:
        ann, bob = await seated(server, "ann"), Player(server, "bob")
        await bob.connect()
        await bob.send("open", settings={}, config=THREE)
        assert (await bob.kind("refused"))["reason"] == "lobby_full"
        cat = Player(server, "cat")
        with pytest.raises(Exception, match=r"full|lobby"):
            await cat.connect()
        await ann[0].close()
        await bob.close()
