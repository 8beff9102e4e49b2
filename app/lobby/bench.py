"""The lobby measured for `chinese-poker bench` (issue 43's closing note): how long a person waits from the last
READY to the reveal at a table of three people, and what the server's memory comes to with ten tables in play.

- :func:`measure_latency` runs a :class:`~.server.LobbyServer` on 127.0.0.1 in this process, seats three scripted
  people at one table (the computer in the fourth seat) and plays some deals. The latency is measured on the
  clients' side, as the people feel it: from the moment the last person's client sends its READY (``arrange``) to
  the moment the slowest of the three clients has read the ``reveal``. The people answer as a table does, the
  computer having decided first (a person takes seconds, the computer a fraction of one), and the last person only
  once the others show ready: what is timed is the server's path from READY to the reveal, not the computer's
  thinking. The server's own record (:attr:`.room.Room.latencies`, READY taken to the reveal sent) is reported
  beside it.
- :func:`measure_tables` starts the server in a process of its own (``python -m app.lobby.bench serve``: the C heap
  set as `chinese-poker host` sets it, its limits but as many tables as asked if more), so that the bench's own
  memory does not count; it reads the child's resident set (VmRSS) idle, then opens ten tables of two scripted
  people and two computers, plays a deal at each and reads it again (and the peak, VmHWM) while the ten tables wait
  on their results. The real `host` also holds the command line's modules, about 2 MB more, which this floor may
  not import.

Every wait is bounded: each message within :data:`WAIT` seconds, each deal within a bounded number of messages.

The same concept on another floor: the lobby's side of :mod:`ai.bench` (the search) and :mod:`app.store.bench`
(the history); `chinese-poker bench` (app/commands/bench_cmds.py) gathers them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from typing import Any

from rules.arrangement import stand_in
from rules.cards import format_cards, parse_cards

from .client import LobbyClient
from .server import LobbyServer

LOBBY_TARGETS = {
    # A person notices a pause of a quarter of a second between pressing READY and seeing the reveal.
    "latency_median_ms": 250.0,
    # The server's whole resident set with ten tables playing (the lobby's most). The host usually plays at one of
    # them on the same small machine (2 cores here), its own game's table held to 100 MB (GAME_TARGETS): the whole
    # lobby may cost half as much again, no more, or hosting would crowd out the host's own game.
    "tables_rss_mb": 150.0,
}
DEALS = 5  # deals the table of three plays for the latency
TABLES = 10  # tables at once for the memory (the lobby's own limit, app.lobby.lobby.MAX_TABLES)
PEOPLE = 3  # people at the latency's table; the computer plays the fourth seat
TABLE_PEOPLE = 2  # people at each of the memory's tables; the computer plays the other two
WAIT = 15.0  # seconds any one expected message may take (a busy 2-core machine, ten tables' computers at once)
MESSAGES = 200  # messages read at most while waiting for one
SETTINGS = {"time_limit": 0}  # no clock: a slow machine must not turn the scripted people into the computer
CONFIG = {"players": 4}


class BenchError(RuntimeError):
    """The lobby did not do what the bench needs (a table ended, a client was closed, a child did not start)."""


class ScriptedPerson:
    """A person played by script over a :class:`~.client.LobbyClient`: answers what it is asked with a plain legal
    arrangement (or the first three cards to pass), once the seats it waits for show ready."""

    def __init__(self, address: str, name: str) -> None:
        self.client = LobbyClient(address, name)
        self.answered: set[tuple[int, int, str]] = set()  # (deal, round, ask): each question answered once
        self.waits_for: set[int] = set()  # seats that must show ready before this person sends READY
        self.sent_at: float | None = None  # when this deal's READY went out (perf_counter)

    async def connect(self) -> None:
        """Connect and say hello."""
        await self.client.connect(WAIT)

    async def close(self) -> None:
        """Close the connection."""
        await self.client.close()

    async def expect(self, kind: str) -> dict[str, Any]:
        """Read until a message of ``kind``; its fields."""
        for _ in range(MESSAGES):
            got, data = await self.client.receive(WAIT)
            if got == kind:
                return data
            if got in ("closed", "over", "refused"):
                raise BenchError(f"{self.client.name}: {got} {data} while waiting for {kind}")
        raise BenchError(f"{self.client.name}: no {kind} in {MESSAGES} messages")

    def _others_ready(self) -> bool:
        table = self.client.table
        if not self.waits_for:
            return True
        if table is None or table.get("state") != "playing":
            return False
        ready = {s["seat"] for s in table["seats"] if s.get("status") == "ready"}
        return self.waits_for <= ready

    async def _answer(self) -> None:
        """Answer the hand's question, if one is open and (for READY) the seats waited for are ready."""
        hand = self.client.hand
        if hand is None or not hand["ask"]:
            return
        asked = (hand["deal"], hand["round"], hand["ask"])
        if asked in self.answered:
            return
        cards = parse_cards(hand["cards"])
        if hand["ask"] == "pass":
            self.answered.add(asked)
            three = format_cards(cards[:3])
            await self.client.send("pass", deal=hand["deal"], round=hand["round"], seat=hand["seat"], cards=three)
        elif hand["ask"] == "arrange" and self._others_ready():
            self.answered.add(asked)
            rows = stand_in(cards).to_dict()  # before the clock starts: a person's rows are ready when they press
            self.sent_at = time.perf_counter()
            await self.client.send("arrange", deal=hand["deal"], seat=hand["seat"], **rows)

    async def play_deal(self) -> tuple[float, float]:
        """Answer until the reveal; when this person sent READY and when the reveal was read (perf_counter). The
        ``next`` is left to the caller, so that the table waits on its results meanwhile."""
        self.sent_at = None
        await self._answer()  # asked while the caller waited for something else
        for _ in range(MESSAGES):
            kind, data = await self.client.receive(WAIT)
            if kind == "reveal":
                revealed = time.perf_counter()
                if self.sent_at is None:
                    raise BenchError(f"{self.client.name}: revealed before its READY (deal {data['deal']})")
                return self.sent_at, revealed
            if kind in ("closed", "over", "refused"):
                raise BenchError(f"{self.client.name}: {kind} {data} during a deal")
            await self._answer()
        raise BenchError(f"{self.client.name}: no reveal in {MESSAGES} messages")


async def seat_table(address: str, people: int, prefix: str) -> list[ScriptedPerson]:
    """A table of four opened by the first of ``people`` scripted people (its host, seat 0), the others at the
    next seats, the computer playing the rest once the host starts it (not started here)."""
    seated = [ScriptedPerson(address, f"{prefix}{i}") for i in range(people)]
    for person in seated:
        await person.connect()
    host = seated[0]
    await host.client.send("open", settings=SETTINGS, config=CONFIG)
    table = (await host.expect("seated"))["table"]
    for seat, person in enumerate(seated[1:], start=1):
        await person.client.send("sit", table=table, seat=seat)
        await person.expect("seated")
    return seated


async def _close_all(people: list[ScriptedPerson]) -> None:
    for person in people:
        with contextlib.suppress(Exception):
            await person.close()


def _ms(seconds: list[float]) -> tuple[float, float]:
    """The median and the largest, in milliseconds."""
    return round(statistics.median(seconds) * 1000, 2), round(max(seconds) * 1000, 2)


async def measure_latency(deals: int = DEALS, people: int = PEOPLE) -> dict[str, Any]:
    """The READY-to-reveal latency over ``deals`` deals at a table of ``people`` people and the computer (see the
    module docstring): the clients' median and largest, and the server's own."""
    server = LobbyServer("127.0.0.1", 0)
    address = await server.start()
    seated: list[ScriptedPerson] = []
    try:
        seated = await seat_table(address, people, "person ")
        # The others wait for the computer; the last waits for every other seat too, so that its READY is the last.
        computer = set(range(people, 4))
        for person in seated[:-1]:
            person.waits_for = computer
        seated[-1].waits_for = set(range(4)) - {people - 1}
        await seated[0].client.send("start")
        felt: list[float] = []
        for deal in range(1, deals + 1):
            times = await asyncio.gather(*(p.play_deal() for p in seated))
            last_ready = max(sent for sent, _ in times)
            felt.append(max(revealed for _, revealed in times) - last_ready)
            if deal < deals:
                for person in seated:
                    await person.client.send("next", deal=deal)
        rooms = list(server.lobby.rooms.values()) if server.lobby is not None else []
        server_side = [s for room in rooms for s in room.latencies]
    finally:
        await _close_all(seated)
        await server.stop()
    median, largest = _ms(felt)
    server_median, server_largest = _ms(server_side) if server_side else (0.0, 0.0)
    return {
        "deals": deals,
        "people": people,
        "latency_median_ms": median,
        "latency_max_ms": largest,
        "server_latency_median_ms": server_median,
        "server_latency_max_ms": server_largest,
    }


def _status_mb(pid: int) -> dict[str, float]:
    """A process's resident set now (VmRSS) and its peak (VmHWM), in MB (Linux: /proc/PID/status)."""
    found: dict[str, float] = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            key = line.split(":", 1)[0]
            if key in ("VmRSS", "VmHWM"):
                found[key] = round(int(line.split()[1]) / 1024, 1)
    if len(found) != 2:
        raise BenchError(f"no VmRSS and VmHWM for process {pid}")
    return found


async def measure_tables(tables: int = TABLES, people: int = TABLE_PEOPLE) -> dict[str, Any]:
    """The lobby server's memory in a process of its own: idle, then with ``tables`` tables of ``people`` scripted
    people and the computer, each having played a deal (see the module docstring)."""
    args = [sys.executable, "-m", "app.lobby.bench", "serve", str(tables)]
    with tempfile.TemporaryFile() as errors:
        child = await asyncio.create_subprocess_exec(
            *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=errors
        )
        seated: list[list[ScriptedPerson]] = []
        try:
            assert child.stdout is not None
            line = await asyncio.wait_for(child.stdout.readline(), 60.0)  # a cold start imports numpy and the rules
            if not line:
                await asyncio.wait_for(child.wait(), 10.0)
                errors.seek(0)
                tail = errors.read().decode(errors="replace")[-500:]
                raise BenchError(f"the lobby server ended with status {child.returncode} before it listened: {tail}")
            address = json.loads(line)["address"]
            idle = _status_mb(child.pid)
            for t in range(tables):
                seated.append(await seat_table(address, people, f"t{t} person "))
            for table in seated:
                await table[0].client.send("start")
            everyone = [p for table in seated for p in table]
            await asyncio.gather(*(p.play_deal() for p in everyone))
            playing = _status_mb(child.pid)  # each table waits on its results: all ten are still open
        finally:
            await _close_all([p for table in seated for p in table])
            if child.stdin is not None:
                child.stdin.close()
            try:
                await asyncio.wait_for(child.wait(), 10.0)
            except TimeoutError:
                child.kill()
                await child.wait()
    return {
        "tables": tables,
        "people_per_table": people,
        "server_idle_rss_mb": idle["VmRSS"],
        "tables_rss_mb": playing["VmRSS"],
        "tables_peak_rss_mb": playing["VmHWM"],
        "tables_growth_mb": round(playing["VmRSS"] - idle["VmRSS"], 1),
    }


def run_lobby_bench(deals: int = DEALS, tables: int = TABLES) -> dict[str, Any]:
    """The lobby's section of `chinese-poker bench`: :func:`measure_latency` over ``deals`` deals and
    :func:`measure_tables` with ``tables`` tables, with its ``targets`` (:data:`LOBBY_TARGETS`, each limit,
    measured, met) and the seconds the whole took."""
    started = time.perf_counter()

    async def both() -> dict[str, Any]:
        latency = await asyncio.wait_for(measure_latency(deals), 60.0 + 10.0 * deals)
        memory = await asyncio.wait_for(measure_tables(tables), 180.0)
        return {**latency, **memory}

    report = asyncio.run(both())
    report["seconds"] = round(time.perf_counter() - started, 2)
    report["targets"] = {
        name: {"limit": limit, "measured": report[name], "met": report[name] <= limit}
        for name, limit in LOBBY_TARGETS.items()
    }
    return report


async def _serve(tables: int) -> None:
    """The child's lobby: listen on any free port of 127.0.0.1, print the address as one JSON line, and serve
    until standard input closes."""
    server = LobbyServer("127.0.0.1", 0, max_tables=max(tables, 1))
    address = await server.start()
    print(json.dumps({"address": address, "pid": os.getpid()}), flush=True)
    try:
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    """The child: ``serve [TABLES]``, a lobby holding at least TABLES tables, until standard input closes."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "serve":
        print("usage: python -m app.lobby.bench serve [TABLES]", file=sys.stderr)
        return 2
    from app.heap import keep_heap_small

    keep_heap_small()  # as app.__main__ does for `chinese-poker host`
    tables = int(args[1]) if len(args) > 1 and args[1].isdigit() else TABLES
    asyncio.run(_serve(tables))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
