"""The lobby's server (`chinese-poker host`, the menu's "Host a lobby"): aiohttp WebSockets on one path.

Every request needs the access token (``?token=``, compared in constant time); a ``Host`` that is not this
server's own (DNS rebinding) or any ``Origin`` (a web page: no page ever talks to the lobby, the browser's
client is the game served by ``serve``, whose connection has none) is refused with 403. Each connection is held
to the protocol (:mod:`.protocol`): 64 KB a message (aiohttp closes a longer frame with 1009), ``hello`` first,
no unknown type, a bounded rate, a bounded queue of what it has not yet read; past any of them it is closed with
a ``bye`` saying why, and the tables play on. The computer's decisions run in a small pool of threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import socket
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from aiohttp import WebSocketError, WSMsgType, web

from app.game.requests import AIRequest, PassRequest, run_ai, run_pass
from app.heap import giving_back

from .answers import Misbehaved
from .lobby import HOLD, MAX_PEOPLE, MAX_TABLES, RESULTS_WAIT, Lobby
from .people import Answer, Person, Timer
from .protocol import CLOSES, MAX_MESSAGE, VERSION, ProtocolError, decode, encode

log = logging.getLogger("chinese_poker.lobby")

PATH = "/lobby"
TOKEN_PARAM = "token"
DEFAULT_PORT = 8765
HEARTBEAT = 10.0  # seconds between pings: a connection that stops answering is noticed within twice this
HELLO_WITHIN = 10.0  # seconds a new connection has to say hello
RATE, BURST = 20.0, 40  # messages a second a client may send, and how many at once
QUEUE, QUEUE_BYTES = 256, 1 << 20  # what may wait for a client to read, in messages and bytes
SEND_WITHIN = 10.0  # seconds one message may take to go out before the client counts as not reading


class Runner:
    """The lobby's :class:`~.people.Runner` on the server's loop: timers, and the computer in threads."""

    def __init__(self, loop: asyncio.AbstractEventLoop, workers: int = 2) -> None:
        self.loop = loop
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lobby-ai")

    def later(self, seconds: float, then: Callable[[], None]) -> Timer:
        """``then`` in ``seconds`` on the loop."""
        return self.loop.call_later(seconds, _guarded, then)

    def compute(self, request: AIRequest | PassRequest, then: Callable[[Answer], None]) -> None:
        """Answer ``request`` in a thread, ``then`` the answer on the loop."""
        future = self.loop.run_in_executor(self.pool, _answer, request)

        def done(f: asyncio.Future[Answer]) -> None:
            if not f.cancelled() and f.exception() is None:
                _guarded(lambda: then(f.result()))

        future.add_done_callback(done)

    def close(self) -> None:
        """Stop the threads (a request being answered finishes; none queued starts)."""
        self.pool.shutdown(wait=False, cancel_futures=True)


@giving_back
def _answer(request: AIRequest | PassRequest) -> Answer:
    return run_pass(request) if isinstance(request, PassRequest) else run_ai(request)


def _guarded(fn: Callable[[], None]) -> None:
    """A timer's or an answer's work: a fault of ours is logged, never the end of the server."""
    try:
        fn()
    except Exception:
        log.exception("lobby: a table's step failed")


class Connection:
    """One client's WebSocket as the lobby's :class:`~.people.Link`: what is sent waits in a bounded queue that a
    task of its own writes out, so that nothing ever waits for a client."""

    def __init__(
        self,
        ws: web.WebSocketResponse,
        limits: tuple[int, int] = (QUEUE, QUEUE_BYTES),
        send_within: float | None = SEND_WITHIN,
    ) -> None:
        self.ws, self.limits = ws, limits
        self.send_within = send_within  # None: only the queue's bound closes a client that stops reading
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0  # bytes waiting
        self.reason: str | None = None
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        """Queue ``text``; a client that has let too much wait is closed (``not_reading``)."""
        if self.reason is not None:
            return
        if self.queue.qsize() >= self.limits[0] or self.queued + len(text) > self.limits[1]:
            self.close("not_reading")
            return
        self.queued += len(text)
        self.queue.put_nowait(text)

    def close(self, reason: str) -> None:
        """Say ``bye`` (when the client still reads) and close."""
        if self.reason is not None:
            return
        self.reason = reason
        if reason == "not_reading":
            self.writer.cancel()
            asyncio.get_running_loop().create_task(self._shut(None))
            return
        self.queue.put_nowait(encode("bye", "server", reason=reason, message=CLOSES[reason]))
        self.queue.put_nowait(None)

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return await self._shut(self.reason)
            self.queued -= len(text)
            try:
                await asyncio.wait_for(self.ws.send_str(text), self.send_within)
            except (TimeoutError, ConnectionError, RuntimeError):
                self.reason = self.reason or "not_reading"
                return await self._shut(None)

    async def _shut(self, reason: str | None) -> None:
        """Close the WebSocket; ``reason`` None: the client does not read (or is gone), so the connection is
        dropped at once, since a close frame would only wait behind what it has not read."""
        if reason is not None:
            code = 1001 if reason == "shutdown" else 1013 if reason == "full" else 1008
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(self.ws.close(code=code, message=reason.encode()), 2.0)
        if not self.ws.closed and self.ws._req is not None and self.ws._req.transport is not None:
            self.ws._req.transport.abort()  # a client that does not read, or never answers the close


def host_allowed(header: str, bound: str) -> bool:
    """Whether a request's ``Host`` names this server: its bound address or this machine's loopback names; bound
    to every address, any address or this machine's name (never a name a web page's site could rebind)."""
    name = header.rsplit(":", 1)[0] if header.count(":") == 1 or header.startswith("[") else header
    name = name.strip("[]").lower()
    if name in {bound.lower(), "127.0.0.1", "localhost", "::1"}:
        return True
    try:
        address = ipaddress.ip_address(bound)
    except ValueError:
        return False
    if not address.is_unspecified:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        here = socket.gethostname().lower()
        return name in {here, f"{here}.local"}


class LobbyServer:
    """A lobby on ``host``:``port`` (port 0: any free one), with its access token."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        *,
        token: str | None = None,
        max_tables: int = MAX_TABLES,
        max_people: int = MAX_PEOPLE,
        hold: float = HOLD,
        results_wait: float = RESULTS_WAIT,
        second: float = 1.0,
        queue: tuple[int, int] = (QUEUE, QUEUE_BYTES),
        heartbeat: float | None = HEARTBEAT,
        send_within: float | None = SEND_WITHIN,
        send_buffer: int | None = None,
    ) -> None:
        self.host, self.port = host, port
        self.token = token or secrets.token_urlsafe(16)
        self.limits = {
            "max_tables": max_tables,
            "max_people": max_people,
            "hold": hold,
            "results_wait": results_wait,
            "second": second,
        }
        self.queue = queue  # what may wait for one client to read: messages, bytes
        # Both injected by the tests, so that no wall-clock interval decides what a test checks: pings every
        # ``heartbeat`` seconds (None: none), and how long one message may take to go out (None: no limit).
        self.heartbeat, self.send_within = heartbeat, send_within
        # The bytes a connection's socket and aiohttp's writer may hold before a send waits for the client (None:
        # the system's and aiohttp's own, which on loopback take hundreds of kilobytes): the tests make them small,
        # so that a client that stops reading fills its queue within a deal or two.
        self.send_buffer = send_buffer
        self.connections: set[Connection] = set()
        self.lobby: Lobby | None = None
        self.runner: Runner | None = None
        self._site: web.AppRunner | None = None

    @property
    def address(self) -> str:
        """The address to join, token included."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{PATH}?{TOKEN_PARAM}={self.token}"

    async def start(self) -> str:
        """Listen; the address to join. OSError when the address cannot be listened on."""
        self.runner = Runner(asyncio.get_running_loop())
        self.lobby = Lobby(self.runner, **self.limits)  # type: ignore[arg-type]
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get(PATH, self._handle)
        app.router.add_route("*", "/{tail:.*}", self._nothing)
        self._site = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._site.setup()
        site = web.TCPSite(self._site, self.host, self.port)
        await site.start()
        sockets = getattr(site._server, "sockets", None)  # the port chosen when asked for 0
        if self.port == 0 and sockets:
            self.port = int(sockets[0].getsockname()[1])
        return self.address

    async def stop(self) -> None:
        """Close every connection (``bye`` ``shutdown``) and stop listening."""
        for conn in list(self.connections):
            conn.close("shutdown")
        writers = [c.writer for c in self.connections]
        if writers:
            await asyncio.wait(writers, timeout=3.0)
        if self._site is not None:
            await self._site.cleanup()
        if self.runner is not None:
            self.runner.close()

    async def _nothing(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=403 if not self._allowed(request) else 404, text="chinese-poker lobby\n")

    def _allowed(self, request: web.Request) -> bool:
        token = request.query.get(TOKEN_PARAM, "")
        return (
            secrets.compare_digest(token.encode(), self.token.encode())
            and host_allowed(request.headers.get("Host", ""), self.host)
            and "Origin" not in request.headers
        )

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        if not self._allowed(request):
            return web.Response(status=403, text="refused: this lobby needs its address with its token\n")
        if self.send_buffer is not None:
            ws = web.WebSocketResponse(
                max_msg_size=MAX_MESSAGE, heartbeat=self.heartbeat, writer_limit=self.send_buffer
            )
            if request.transport is not None:
                request.transport.set_write_buffer_limits(high=self.send_buffer)
                sock = request.transport.get_extra_info("socket")
                if sock is not None:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
        else:
            ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=self.heartbeat)
        await ws.prepare(request)
        conn = Connection(ws, self.queue, self.send_within)
        self.connections.add(conn)
        person: Person | None = None
        try:
            person = await self._serve(ws, conn)
        finally:
            self.connections.discard(conn)
            if person is not None and self.lobby is not None and person.link is conn:
                self.lobby.dropped(person, closed=conn.reason not in (None, "shutdown"))
            conn.close(conn.reason or "shutdown")
            await asyncio.wait([conn.writer], timeout=3.0)
        return ws

    async def _serve(self, ws: web.WebSocketResponse, conn: Connection) -> Person | None:
        """Read the client's messages until it goes or is closed; the person it was."""
        assert self.lobby is not None
        person: Person | None = None
        allowance, last = float(BURST), time.monotonic()
        while conn.reason is None:
            try:
                msg = await ws.receive(timeout=None if person is not None else HELLO_WITHIN)
            except TimeoutError:
                conn.close("hello_first")
                break
            if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                if msg.type is WSMsgType.ERROR:  # aiohttp has closed it: a frame over the limit (1009), or no pong
                    error = ws.exception()
                    conn.reason = (
                        "too_big" if isinstance(error, WebSocketError) and error.code == 1009 else "not_reading"
                    )
                break
            now = time.monotonic()
            allowance = min(BURST, allowance + (now - last) * RATE)
            last = now
            if allowance < 1:
                conn.close("flood")
                break
            allowance -= 1
            if msg.type is not WSMsgType.TEXT:
                conn.close("malformed")
                break
            try:
                person = self._take(conn, person, msg.data)
            except ProtocolError as exc:
                conn.close(exc.reason)
            except Misbehaved as exc:
                conn.close(exc.reason)
        return person

    def _take(self, conn: Connection, person: Person | None, text: str) -> Person | None:
        """One message: the hello (the version first), or one for the lobby."""
        assert self.lobby is not None
        if person is None:
            try:
                first: Any = json.loads(text)
            except ValueError:
                raise ProtocolError("malformed", "not JSON") from None
            if not isinstance(first, dict) or first.get("type") != "hello":
                raise ProtocolError("hello_first", "hello first")
            if first.get("version") != VERSION:
                raise ProtocolError("version", f"version {first.get('version')!r}")
            _, data = decode(text, "client")
            return self.lobby.hello(conn, data)
        kind, data = decode(text, "client")
        self.lobby.receive(person, kind, data)
        return person


def serve_forever(host: str, port: int, announce: Callable[[str], None], **limits: Any) -> None:
    """`chinese-poker host`: run a lobby until Ctrl+C (``announce`` gets the address to join)."""

    async def main() -> None:
        server = LobbyServer(host, port, **limits)
        address = await server.start()
        announce(address)
        try:
            await asyncio.Event().wait()
        finally:
            await server.stop()

    asyncio.run(main())
