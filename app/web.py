"""Serving the game to a browser (`chinese-poker serve`): textual-serve's :class:`Server`, safe by default.

Only the ``serve`` command imports this module, and only when the ``[web]`` extra (textual-serve, which brings
aiohttp) is installed. Every websocket the page opens runs its own game process (``python -m app``, the main
menu) over the same data folder, so every tab is a player of its own on the same history; the history's
``BEGIN IMMEDIATE`` writes and busy timeout (``app.store.database``) let two tabs record deals at once.

What this adds to textual-serve's server:

- **An access token** on any address but 127.0.0.1 (``localhost``, ``::1``): every request (the page, its scripts, the
  websocket) needs it, in the URL (``?token=``) or in the cookie the page's first request sets, else it is
  answered 403 before anything runs, so no game process is started for it.
- **The page's URLs follow the address the browser used** (the ``Host`` header) rather than the bound one, so
  that a server bound to ``0.0.0.0`` hands out addresses that reach it.
- **Tabs share the game's memory**: each tab's game is forked from a fork server that has loaded the game and
  played a deal unseen (:mod:`app.forkserver`), which the first game to draw starts: that tab's game, and any
  opened in the seconds the fork server loads, start as processes of their own, as every game does where it
  cannot run.
- **A game process ends with its tab**: closing the tab closes the websocket, the game is told to quit (as
  Ctrl+Q: a table's session stays open, offered by the menu's Continue next time), and a game that has not
  ended :data:`QUIT_GRACE` seconds later is terminated, then killed. Stopping the server ends them all alike.
- **Only pages of its own**: a request whose ``Host`` is not a name this server is served at, or whose ``Origin``
  is another site's (or ``null``), is answered 403 before anything else (the token too), so that neither a page
  the player visits nor a DNS-rebound name can drive a game (:class:`ServedNames`).
- **At most ``max_games`` games at once** (8 by default): past that the page says so (503) and a websocket is
  refused before any process starts. A frame from the browser is at most :data:`MAX_FRAME` bytes and is checked
  before anything of it reaches a game (:func:`read_frame`); the terminal's size must be a sane whole number.
- **A game ends with its server**, however the server ended (even ``kill -9``): on Linux the kernel hangs the game
  up (SIGHUP, as a closed terminal does: the table's session is kept for Continue, then the game quits).
- **One line a log record, and no token in it** (:class:`OneLineLog`): remote input may make aiohttp log an
  error, never a traceback quoting the URL.
- **A page of its own, with fonts of its own** (``assets/web/page.html``, ``assets/fonts/``): nothing on it loads
  from another host (textual-serve's asks Google for its font), the terminal's font covers the game's Chinese
  (a browser without CJK fonts drew it as empty boxes), the keys go to the game from the start, and a click on a
  terminal that does not have the keys only gives them (it would also press the menu item under the pointer).
- **The listening socket is bound before serving**, so that a port in use is a :class:`ServeError` (one
  ``error:`` line from the command) rather than a traceback from inside aiohttp.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import errno
import hmac
import html
import logging
import os
import secrets
import signal
import socket
import sys
import webbrowser
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, hdrs, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from app.forkserver import ForkServer, ForkServerError
from app.paths import asset
from app.web_input import (
    MAX_FRAME,
    MAX_GAMES,
    TOKEN_PARAM,
    BadFrame,
    BadRequest,
    OneLineLog,
    font_size,
    needs_token,
    read_frame,
    same_origin,
    served_names,
    size_of,
    split_host,
)

log = logging.getLogger("chinese-poker.serve")

QUIT_GRACE = 3.0
"""Seconds a game has to end by itself after its tab closed before it is terminated (then as long again
before it is killed)."""

TITLE = "Chinese Poker 十三張"

PAGE = "page.html"
"""The page, a template in ``assets/web/`` (textual-serve's own, made to load nothing from another host)."""

FONTS_ROUTE = "fonts"
"""The route (``/fonts/``) of ``assets/fonts/``: the CJK subset the page's terminal draws Chinese with."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ServeError(Exception):
    """The server cannot start (the port is in use, the address is not this machine's): one ``error:`` line."""


def game_command(lang: str | None = None) -> list[str]:
    """The game process one tab runs: this interpreter's ``python -m app`` at the main menu."""
    command = [sys.executable, "-m", "app"]
    if lang:
        command += ["play", "--menu", "--lang", lang]
    return command


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; a :class:`ServeError` saying why when there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ServeError(f"cannot listen on {host!r}: {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        # As aiohttp does: a restarted server may take the port back from connections still closing.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is in use (choose another with --port)") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ServeError(f"{host} is not an address of this machine") from None
        if exc.errno == errno.EACCES:
            raise ServeError(f"not allowed to listen on port {port} (ports below 1024 need root)") from None
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.setblocking(False)
    return sock


def url_of(host: str, port: int, token: str | None) -> str:
    """The address to open in a browser."""
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):  # every address: this machine's own name reaches it from elsewhere too
        shown = socket.gethostname()
    query = "" if token is None else f"/?{TOKEN_PARAM}={token}"
    return f"http://{shown}:{port}{query}"


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def hang_up_with_this_process() -> Callable[[], None] | None:
    """On Linux, what a game process runs before it starts (a ``preexec_fn``) so that the kernel hangs it up
    (SIGHUP) when the server that starts it ends, however it ended: ``kill -9`` included, where no code of the
    server runs. The game takes SIGHUP as a closed terminal: it keeps its table's session for Continue before it
    draws anything more (its output pipe is broken by then) and quits. None elsewhere (no such call)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    server = os.getpid()

    def in_the_game() -> None:
        # A server run under nohup passes SIGHUP on ignored: the game takes it as its own until its app handles it.
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        prctl(PR_SET_PDEATHSIG, int(signal.SIGHUP), 0, 0, 0)
        if os.getppid() != server:  # the server ended between the fork and the call: no signal will come
            os.kill(os.getpid(), signal.SIGHUP)

    return in_the_game


class GameProcess(AppService):
    """One tab's game: started without a shell (so that ending it ends the game, not a shell around it), and
    sure to end when the tab goes, or the server."""

    def __init__(
        self,
        argv: Sequence[str],
        forks: Callable[[], Awaitable[ForkServer | None]] | None = None,
        drawn: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = list(argv)
        self.forks = forks  # the server's fork server (once it has loaded), when it runs: the game is forked from it
        self.drawn = drawn  # told once, when the game first draws
        self.greeted = False  # whether the game has drawn anything yet (it is up and reads its input)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        forks = None if self.forks is None else await self.forks()
        if forks is not None and forks.alive and self.argv[1:2] == ["-m"]:
            with contextlib.suppress(ForkServerError):  # it ended meanwhile: the game starts on its own below
                forked = await forks.spawn(self.argv[2], self.argv[3:], environment)
                self._process = forked  # type: ignore[assignment]  # what is used of a Process (app.forkserver)
                self._stdin = forked.stdin
                return forked  # type: ignore[return-value]
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            # Python between fork and exec, in a server with threads: it imports nothing and takes no lock.
            preexec_fn=hang_up_with_this_process(),
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def on_data(self, payload: bytes) -> None:
        if not self.greeted and self.drawn is not None:
            self.drawn()
        self.greeted = True
        await super().on_data(payload)

    async def stop(self) -> None:
        """Ask the game to quit; terminate it if it has not ended within :data:`QUIT_GRACE`, then kill it.

        A game still starting (nothing drawn yet: a tab closed at once) has no table to keep and would read
        the quit only once its imports are done, so it is terminated at once; its output is no longer read
        first, since textual-serve's reader would take that end for a game that failed to start and log an
        error (a tab closed is no error)."""
        process = self._process
        if not self.greeted and self._task is not None:
            self._task.cancel()  # the reader ends quietly on cancellation
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.greeted:
            # A game that does not answer (or whose pipe is gone) is ended below.
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(super().stop(), QUIT_GRACE)
        if process is not None:
            ends: tuple[Callable[[], None], ...] = (process.terminate, process.kill)
            if self.greeted:
                ends = (lambda: None, *ends)  # first, time to end by itself after the quit
            for end in ends:
                with contextlib.suppress(ProcessLookupError):
                    end()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), QUIT_GRACE)
                    break
        if self._task is not None and not self._task.done():  # the reader of the game's output ends with it
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._task, QUIT_GRACE)
            self._task = None


class GameServer(Server):
    """textual-serve's server running one game process a websocket (at most ``max_games`` at once), for pages of
    its own only, with an access token when one is given."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        host: str,
        port: int,
        token: str | None = None,
        open_browser: bool = False,
        max_games: int = MAX_GAMES,
        fork_games: bool = True,
    ) -> None:
        super().__init__(" ".join(argv), host=host, port=port, title=TITLE, templates_path=asset("web"))
        self.argv = list(argv)
        self.token = token
        self.open_browser = open_browser
        self.url = url_of(host, port, token)
        self.names = served_names(host)
        self.max_games = max_games
        self.places = 0  # websockets holding a game: starting, running or ending (counted before any await)
        self.games: set[GameProcess] = set()
        self.forks: ForkServer | None = None  # started with the server (fork_games), used once it is ready
        self.fork_games = fork_games
        self.cookie = f"chinese-poker-{port}"  # per port: two servers on one machine keep their own tokens

    def initialize_logging(self) -> None:
        # Warnings only: textual-serve's start-up banner and per-request lines would bury the one URL that matters.
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler.addFilter(OneLineLog(self.token))
        logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_static(f"/{FONTS_ROUTE}", asset("fonts"), name=FONTS_ROUTE)
        # In this order: a page of another site is refused before it can learn whether it had the token.
        app.middlewares.append(self._check_origin)
        if self.token is not None:
            app.middlewares.append(self._check_token)
        return app

    @web.middleware
    async def _check_origin(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Only a page of this server: a ``Host`` that is one of its names (aiohttp refuses two), an ``Origin``
        (when there is one: a browser sends it on every websocket and on a script's request to another site) that
        is the page's own."""
        where = split_host(request.host)
        if where is None or where[0] not in self.names:
            return refuse(
                403,
                "this server is not served at the name in the address (open the address `chinese-poker serve` printed)",
            )
        origins = request.headers.getall(hdrs.ORIGIN, [])
        if origins and (len(origins) > 1 or not same_origin(origins[0], request.scheme, request.host)):
            return refuse(403, "a page of another site may not use this game")
        return await handler(request)

    @web.middleware
    async def _check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """No request goes further without the token: in the URL (which then sets the cookie) or the cookie."""
        assert self.token is not None
        in_url = self.is_token(request.query.get(TOKEN_PARAM))
        in_cookie = self.is_token(request.cookies.get(self.cookie))
        if not (in_url or in_cookie):
            return refuse(
                403,
                "this game needs its access token: open the address `chinese-poker serve` printed, with its ?token=",
            )
        response = await handler(request)
        if in_url and not in_cookie and not response.prepared:
            # The page's scripts and its websocket carry no query: the cookie lets them in.
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict")
        return response

    def is_token(self, given: str | None) -> bool:
        """Whether ``given`` is the token, in constant time. Only ASCII can be: a cookie of raw bytes arrives as
        lone surrogates, which :func:`hmac.compare_digest` (and UTF-8) cannot take."""
        assert self.token is not None
        return given is not None and given.isascii() and hmac.compare_digest(given, self.token)

    def full(self) -> bool:
        """Whether the server runs as many games as it may (counting those starting and ending)."""
        return self.places >= self.max_games

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page (:data:`PAGE`), its URLs on the address the browser used (``Host``, a name of ours by now), not
        the bound one; a page saying so (503) when the server runs as many games as it may."""
        if self.full():
            text = (
                f"All the games this server may run at once are being played ({self.places} of "
                f"{self.max_games}, one a browser tab). Close a tab of the game, then reload this page."
            )
            page = (
                f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(TITLE)}</title></head>"
                f"<body><h1>{html.escape(TITLE)}</h1><p>{html.escape(text)}</p></body></html>\n"
            )
            return web.Response(status=503, text=page, content_type="text/html", headers={"Retry-After": "10"})
        base = f"{request.scheme}://{request.host}"
        static = request.app.router["static"].url_for(filename="/")
        fonts = request.app.router[FONTS_ROUTE].url_for(filename="/")
        websocket = request.app.router["websocket"].url_for()
        ws_scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": font_size(request.query),
            "app_websocket_url": f"{ws_scheme}://{request.host}{websocket}",
            "config": {"static": {"url": f"{base}{static}".rstrip("/") + "/"}},
            "fonts_url": f"{base}{fonts}".rstrip("/") + "/",
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template(PAGE, request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: start its game, pass keys and sizes to it, end it when the tab goes. A size that is not
        sane is a 400 and a full server a 503, both before the handshake, so that no game starts."""
        try:
            width, height = size_of(request.query)
        except BadRequest as exc:
            raise web.HTTPBadRequest(text=f"400: {exc}\n") from None
        if self.full():
            raise web.HTTPServiceUnavailable(
                text=f"503: this server runs as many games as it may ({self.places} of "
                f"{self.max_games}): close a tab of the game\n"
            )
        self.places += 1  # now, before any await: a burst of connections cannot overshoot
        try:
            return await self._play(request, width, height)
        finally:
            self.places -= 1

    async def _play(self, request: web.Request, width: int, height: int) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_FRAME)
        game: GameProcess | None = None
        try:
            await websocket.prepare(request)
            game = GameProcess(
                self.argv,
                self.fork_server,
                self._a_game_drew,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.games.add(game)
            await game.start(width, height)
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken connection must not take the server down with it
            log.warning("a browser connection failed: %s", error)
        finally:
            if game is not None:
                # Shielded: a server shutting down cancels this handler, and the game must still be ended.
                await asyncio.shield(game.stop())
                self.games.discard(game)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """Pass the page's frames to its game, each checked first (:func:`read_frame`).

        A bad frame is dropped, never passed on; the first of a connection is logged as one warning line, the
        rest quietly (a client must not fill the log). A frame over :data:`MAX_FRAME` closes the connection
        (aiohttp does, with 1009), and the game ends as when its tab closes."""
        warned = False
        async for message in websocket:
            try:
                if message.type == WSMsgType.ERROR:
                    raise BadFrame(f"a frame over {MAX_FRAME // 1024} KiB (or broken): the connection is closed")
                if message.type != WSMsgType.TEXT:
                    raise BadFrame("not text")
                kind, data = read_frame(message.data)
            except BadFrame as bad:
                if not warned:
                    log.warning("a browser sent a frame that is %s; dropped (and any more of this tab's)", bad)
                    warned = True
                continue
            if kind == "stdin":
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize":
                await app_service.set_terminal_size(*data)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            else:  # blur, focus
                await app_service.send_meta({"type": kind})

    async def on_startup(self, app: web.Application) -> None:
        print(f"Chinese Poker is served at {self.url}", flush=True)
        if self.token is not None:
            print(
                f"warning: serving on {self.host}: anyone who can reach this address can play as you and write "
                "your history; it asks for the token above, so give the address only to those you trust",
                file=sys.stderr,
                flush=True,
            )
        print("Each browser tab is a game of its own. Press Ctrl+C to stop.", flush=True)
        if self.open_browser:
            # In a thread: a browser that runs in the foreground must not hold up the server it is to show.
            asyncio.get_running_loop().run_in_executor(None, self._open_browser)

    def _open_browser(self) -> None:
        if not webbrowser.open(self.url):
            print(f"no browser could be opened here: open {self.url} in one", file=sys.stderr, flush=True)

    async def fork_server(self) -> ForkServer | None:
        """The fork server once it has loaded, else None (the game starts on its own)."""
        return self.forks

    def _a_game_drew(self) -> None:
        """The first game to draw starts the fork server: one game alone is smaller than a fork server and its
        game, a server nobody plays at loads nothing, and the first tab's game does not share the two cores with
        the fork server's loading while it starts. The tabs opened once it has loaded share its memory."""
        if self.fork_games and getattr(self, "_forking", None) is None:
            self._forking = asyncio.create_task(self._start_forks())

    async def _start_forks(self) -> None:
        """Start the fork server (:mod:`app.forkserver`) with the environment the games share; a system where it
        cannot run starts each game as a process of its own, as before."""
        try:
            self.forks = await ForkServer.start(game_environment(self.argv, debug=self.debug))
        except Exception as exc:  # whatever it was, the games start on their own: that is said, not raised
            log.warning("each game starts on its own: %s", exc)

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(game.stop() for game in list(self.games)), return_exceptions=True)
        forking = getattr(self, "_forking", None)
        if forking is not None and not forking.done():
            forking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await forking
        if self.forks is not None:
            await self.forks.close()

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (or SIGTERM); :class:`ServeError` when the address cannot be listened on."""
        self.debug = debug
        self.initialize_logging()
        sock = bind(self.host, self.port)
        self.names = self.names.with_address(str(sock.getsockname()[0]))  # what a bound name resolved to
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C arrives as KeyboardInterrupt instead
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, self.request_exit)
        try:
            web.run_app(
                self._make_app(),
                sock=sock,
                handle_signals=False,
                loop=loop,
                print=None,
                access_log=None,
                shutdown_timeout=QUIT_GRACE * 2,
            )
        finally:
            sock.close()


async def _nothing(*_: Any) -> None:
    """A callback that does nothing (the environment's stand-in game has no page to write to)."""


def game_environment(argv: Sequence[str], width: int = 80, height: int = 24, *, debug: bool = False) -> dict[str, str]:
    """The environment textual-serve gives a tab's game (its driver, frame rate, colours, size): the fork server
    starts with it, since Textual reads some of it once, at import."""
    from textual_serve.download_manager import DownloadManager

    stand_in = GameProcess(
        argv, write_bytes=_nothing, write_str=_nothing, close=_nothing, download_manager=DownloadManager(), debug=debug
    )
    return stand_in._build_environment(width=width, height=height)


def new_token() -> str:
    """A fresh access token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def serve(
    *, host: str, port: int, open_browser: bool = False, lang: str | None = None, max_games: int = MAX_GAMES
) -> int:
    """Serve the game on ``host``:``port`` (at most ``max_games`` games at once) until stopped; 0 when stopped,
    :class:`ServeError` if it cannot."""
    token = new_token() if needs_token(host) else None
    GameServer(
        game_command(lang), host=host, port=port, token=token, open_browser=open_browser, max_games=max_games
    ).serve()
    return 0


def refuse(status: int, reason: str) -> web.Response:
    """A refusal: ``status`` and one plain line saying why."""
    return web.Response(status=status, text=f"{status}: {reason}\n")
