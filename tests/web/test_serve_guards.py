"""`chinese-poker serve` against what a web page, a DNS-rebound name or a careless client may send (issue 37):
a real server on 127.0.0.1 (no token, at most one game) and one on 127.0.0.2 (the token), spoken to with plain
HTTP and aiohttp's websocket client, no browser.

- Another site's page or a name that is not the server's is refused (403) before anything runs, in every mode.
- Games are limited: past the limit the page says so (503) and a websocket is refused before a process starts,
  a burst of them included. A frame is checked before the game sees it, and a frame over the limit closes.
- Remote input makes no traceback and no 500: a cookie of raw bytes, a size that is not one, a URL over 8 KB;
  the server's whole output is read for "Traceback" and for the token.

One server a module (a game process is the slow part: two tests start one each, and end it before they end).
"""

from __future__ import annotations

import asyncio
import http.client
import re
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from app.commands.serve_cmds import web_installed
from tests.web.served import Served, need, need_aiohttp, serve, wait_until

aiohttp = need_aiohttp()

GAME_UP = 20.0  # seconds for a game process to draw its first frame (a loaded machine imports slowly)
GAME_GONE = 10.0  # seconds for a game to end once its connection is closed


def base(served: Served) -> tuple[str, int]:
    """The address and port a server listens on."""
    parts = urlsplit(served.url)
    assert parts.hostname is not None and parts.port is not None
    return parts.hostname, parts.port


def token_of(served: Served) -> str:
    found = re.search(r"token=([^&\s]+)", served.url)
    assert found, served.url
    return found.group(1)


def get(served: Served, path: str = "/", headers: dict[str, str] | None = None) -> tuple[int, str]:
    """GET ``path`` from the server with these headers (a ``Host`` among them replaces the real one)."""
    host, port = base(served)
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


async def handshake(
    served: Served, query: str = "", *, origin: str | None = None, headers: dict[str, str] | None = None
) -> int:
    """The status a websocket handshake to ``/ws`` gets (101 when it opened; it is closed at once)."""
    host, port = base(served)
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(f"http://{host}:{port}/ws{query}", origin=origin, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


def logged(served: Served) -> str:
    """The server's output up to now, all of it: a line logged before this call is in it.

    The output arrives through a pipe and a thread, so a request whose one log line is known (a URL over 8 KB,
    which aiohttp refuses and logs) is sent with a mark, and its line waited for: anything logged before it has
    arrived by then."""
    mark = uuid.uuid4().hex
    assert get(served, f"/?mark={mark}&pad={'x' * 9000}")[0] == 400
    wait_until(lambda: mark in served.text(), 10, "the server's log line of a URL over 8 KB")
    return served.text()


def no_traceback(served: Served) -> str:
    """The server's whole output, checked to hold no traceback (and no 500 answered for an error)."""
    text = logged(served)
    # A 500 as a status of its own, not three digits inside the random marks the log lines carry (ff5009e5…)
    assert "Traceback" not in text and not re.search(r"(?<![0-9a-f])500(?![0-9a-f])", text), text
    return text


@pytest.fixture(scope="module")
def loopback(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The default server (127.0.0.1, no token), at most one game at once."""
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with serve(tmp_path_factory.mktemp("home"), "127.0.0.1", "--lang", "en", "--max-games", "1") as served:
        yield served


@pytest.fixture(scope="module")
def tokened(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server on 127.0.0.2: not the default address, so it asks for its token."""
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with serve(tmp_path_factory.mktemp("home"), "127.0.0.2", "--lang", "en") as served:
        yield served


def room(served: Served) -> None:
    """Wait until the server runs no game (a test before may have ended one a moment ago)."""
    wait_until(lambda: not served.games_now() and get(served)[0] == 200, GAME_GONE, "the server to run no game")


# ------------------------------------------------------------------------------- item 2: pages of its own only


def test_the_page_asks_only_this_server_and_its_fonts_answer(tokened: Served) -> None:
    """Issue 40, item 13: every address on the page is this server's (no font from Google), and each answers,
    the CJK font among them; the fonts too are only for whoever has the token."""
    host, port = base(tokened)
    query = f"?token={token_of(tokened)}"
    status, page = get(tokened, "/" + query)
    assert status == 200 and "googleapis" not in page
    found = re.findall(r'(?:src=|href=|url\(|data-session-websocket-url=)"([^"]+)"', page)
    addresses = {urlsplit(url) for url in found}
    assert {a.netloc for a in addresses} == {f"{host}:{port}"}, found
    paths = {a.path for a in addresses}
    assert {"/fonts/cjk-regular.woff2", "/fonts/cjk-bold.woff2"} <= paths, paths
    for path in paths - {"/ws"}:
        assert get(tokened, path + query)[0] == 200, path
    assert get(tokened, "/fonts/cjk-regular.woff2")[0] == 403


@pytest.mark.parametrize("served_by", ["loopback", "tokened"])
async def test_another_sites_page_or_a_rebound_name_is_refused(served_by: str, request: pytest.FixtureRequest) -> None:
    served: Served = request.getfixturevalue(served_by)
    host, port = base(served)
    query = f"?token={token_of(served)}" if served_by == "tokened" else ""
    rebound = {"Host": f"evil.example:{port}"}
    for path in ("/", "/static/js/textual.js", "/ws"):
        status, body = get(served, path + query, rebound)
        assert status == 403 and "not served at the name" in body and "evil" not in body, (path, status, body)
    for origin in ("http://evil.example", "null", f"http://{host}:{port + 1}", f"https://{host}:{port}"):
        assert get(served, "/" + query, {"Origin": origin})[0] == 403, origin
        assert await handshake(served, query, origin=origin) == 403, origin
    assert await handshake(served, query, headers=rebound) == 403
    assert not served.games_now(), "a refused request started a game"
    if served_by == "tokened":  # refused before the token is looked at: the token does not let it in
        status, body = get(served, "/" + query, rebound)
        assert status == 403 and "token" not in body


async def test_a_tab_closed_at_once_is_no_error(loopback: Served) -> None:
    """Issue 40, item 14: a game ended before it drew anything (its tab closed at once) is logged as no failure
    (textual-serve's reader took it for "Application failed to start")."""
    for _ in range(2):
        room(loopback)
        assert await handshake(loopback) == 101  # opened, then closed at once
    room(loopback)
    assert "failed" not in logged(loopback)


async def test_the_names_of_this_server_are_let_in(loopback: Served) -> None:
    port = base(loopback)[1]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost:18000", "127.0.0.1"):
        status, page = get(loopback, "/", {"Host": host})
        assert status == 200 and f"ws://{host}/ws" in page, (host, status)
    assert get(loopback, "/", {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})[0] == 200
    assert get(loopback, "/", {"Host": "localhost:18000", "Origin": "http://localhost:18000"})[0] == 200
    assert get(loopback, "/static/js/textual.js", {"Origin": f"http://127.0.0.1:{port}"})[0] == 200


# ------------------------------------------------------------------- item 3: games, frames and their limits


async def test_games_are_limited_and_a_burst_does_not_overshoot(loopback: Served) -> None:
    room(loopback)
    host, port = base(loopback)
    async with aiohttp.ClientSession() as session:
        # Three websockets at once against a limit of one: one game starts, the others are refused (503).
        tries = await asyncio.gather(
            *(session.ws_connect(f"http://{host}:{port}/ws") for _ in range(3)), return_exceptions=True
        )
        opened = [t for t in tries if isinstance(t, aiohttp.ClientWebSocketResponse)]
        refused = [t.status for t in tries if isinstance(t, aiohttp.WSServerHandshakeError)]
        assert len(opened) == 1 and refused == [503, 503], tries
        status, page = get(loopback)
        assert status == 503 and "1 of 1" in page and "Close a tab" in page, (status, page)
        assert await handshake(loopback) == 503
        assert len(loopback.games_now()) <= 1
        await opened[0].close()
    room(loopback)  # the closed tab's game ends, and its place is free again


BAD_FRAMES = [
    "x",
    "{}",
    "[]",
    "[1]",
    '{"stdin": "a"}',
    '["zzz", 1]',
    '["stdin", 5]',
    '["stdin", ["a"]]',
    '["stdin", "\\ud800"]',
    '["stdin"]',
    '["resize", {"width": 1e308, "height": 24}]',
    '["resize", {"width": -5, "height": -5}]',
    '["resize", {"width": "80", "height": 24}]',
    '["resize", {"width": true, "height": 24}]',
    '["resize", {"width": 80.0, "height": 24}]',
    '["resize", {"width": 1001, "height": 24}]',
    '["resize", {"width": 80}]',
    '["resize", 80, 24]',
    '["ping", {"a": 1}]',
    '["focus", 1]',
    "[" * 5000 + "]" * 5000,
]


async def test_frames_are_checked_before_the_game_sees_them(loopback: Served) -> None:
    room(loopback)
    host, port = base(loopback)
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"http://{host}:{port}/ws?width=100&height=30", origin=f"http://{host}:{port}") as ws,
    ):
        first = await ws.receive(timeout=GAME_UP)
        assert first.type == aiohttp.WSMsgType.BINARY, first  # the game is up and draws
        for frame in BAD_FRAMES:
            await ws.send_str(frame)
        await ws.send_bytes(b"\x00binary")
        await ws.send_json(["resize", {"width": 90, "height": 28}])  # a good frame after the bad ones still works
        await ws.send_json(["ping", "after"])
        drew = False
        for _ in range(1000):  # frames are handled in order: the pong comes after all of the above
            message = await ws.receive(timeout=GAME_UP)
            if message.type == aiohttp.WSMsgType.BINARY:
                drew = True
            elif message.type == aiohttp.WSMsgType.TEXT and message.json() == ["pong", "after"]:
                break
            else:
                assert message.type == aiohttp.WSMsgType.TEXT, message
        else:
            pytest.fail("no pong")
        if not drew:  # the resize's new frame may follow the pong
            assert (await ws.receive(timeout=GAME_UP)).type == aiohttp.WSMsgType.BINARY
        assert len(loopback.games_now()) == 1, "the game ended on a bad frame"

        # A frame over 16 KiB closes the connection (1009: too big) before any of it reaches the game.
        await ws.send_str('["stdin", "' + "z" * (16 * 1024) + '"]')
        for _ in range(1000):
            if (await ws.receive(timeout=GAME_UP)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                break
        assert ws.close_code == 1009
    room(loopback)
    text = no_traceback(loopback)
    assert len(re.findall("dropped", text)) == 1, text  # one line for the first bad frame, none for the others


# ------------------------------------------------------------- item 9: remote input makes no traceback, no token


async def test_a_bad_terminal_size_is_400_before_any_game(tokened: Served) -> None:
    token = token_of(tokened)
    for width, height in [
        ("-5", "-5"),
        ("0", "24"),
        ("1001", "24"),
        ("80", "99999"),
        ("abc", "24"),
        ("1e3", "24"),
        ("80.0", "24"),
        ("+80", "24"),
        ("%2080", "24"),
        ("%D9%A8%D9%A0", "24"),
        ("", "24"),
    ]:
        assert await handshake(tokened, f"?token={token}&width={width}&height={height}") == 400, (width, height)
    assert not tokened.games_now(), "a bad size started a game"
    no_traceback(tokened)


def test_a_cookie_or_token_of_raw_bytes_is_403_not_500(tokened: Served) -> None:
    port = base(tokened)[1]
    for cookie in (f"chinese-poker-{port}=\xff\xfe", f"chinese-poker-{port}=é", f"chinese-poker-{port}="):
        assert get(tokened, "/", {"Cookie": cookie})[0] == 403, cookie
    for token in ("%FF%FE", "%C3%A9", "%ED%A0%80", ""):
        assert get(tokened, f"/?token={token}")[0] == 403, token
    assert get(tokened, f"/?token={token_of(tokened)}")[0] == 200
    no_traceback(tokened)


def test_a_url_over_8_kb_is_one_line_without_the_token(tokened: Served) -> None:
    token = token_of(tokened)
    before = len(tokened.text().splitlines())
    status, _ = get(tokened, f"/?token={token}&x={'a' * 9000}")
    assert status == 400
    text = logged(tokened)
    new = text.splitlines()[before:]
    assert len(new) == 2 and all(len(line) < 400 for line in new), new  # its line, and the mark's
    assert "Traceback" not in text and text.count(token) == 1, text  # once: the address printed at start-up
