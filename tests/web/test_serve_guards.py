"""`chinese-poker serve` against what a web page, a DNS-rebound name or a careless client may send (issue 37):
a real server on 127.0.0.1 (no token) and one on 127.0.0.2 (the token), spoken to with plain HTTP and aiohttp's
websocket client, no browser.

- Another site's page or a name that is not the server's is refused (403) before anything runs, in every mode.

One server a module; none of these tests starts a game.
"""

from __future__ import annotations

import http.client
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import aiohttp
import pytest

from app.commands.serve_cmds import web_installed
from tests.web.served import Served, need, serve


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


async def handshake(served: Served, query: str = "", *, origin: str | None = None,
                    headers: dict[str, str] | None = None) -> int:
    """The status a websocket handshake to ``/ws`` gets (101 when it opened; it is closed at once)."""
    host, port = base(served)
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(f"http://{host}:{port}/ws{query}", origin=origin, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


@pytest.fixture(scope="module")
def loopback(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The default server (127.0.0.1, no token)."""
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with serve(tmp_path_factory.mktemp("home"), "127.0.0.1", "--lang", "en") as served:
        yield served


@pytest.fixture(scope="module")
def tokened(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server on 127.0.0.2: not the default address, so it asks for its token."""
    need(web_installed(), "textual-serve is not installed (pip install -e '.[web]')")
    with serve(tmp_path_factory.mktemp("home"), "127.0.0.2", "--lang", "en") as served:
        yield served


# ------------------------------------------------------------------------------- item 2: pages of its own only


@pytest.mark.parametrize("served_by", ["loopback", "tokened"])
async def test_another_sites_page_or_a_rebound_name_is_refused(served_by: str, request: pytest.FixtureRequest
                                                              ) -> None:
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


async def test_the_names_of_this_server_are_let_in(loopback: Served) -> None:
    port = base(loopback)[1]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost:18000", "127.0.0.1"):
        status, page = get(loopback, "/", {"Host": host})
        assert status == 200 and f"ws://{host}/ws" in page, (host, status)
    assert get(loopback, "/", {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})[0] == 200
    assert get(loopback, "/", {"Host": "localhost:18000", "Origin": "http://localhost:18000"})[0] == 200
    assert get(loopback, "/static/js/textual.js", {"Origin": f"http://127.0.0.1:{port}"})[0] == 200
