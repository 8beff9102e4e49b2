"""A lobby's client (`chinese-poker join`, the menu's "Join a lobby", and the tests' scripted players).

:class:`LobbyClient` connects with aiohttp, sends the client's messages and reads the server's, each checked
against :mod:`.protocol`; it keeps what the server said last (the lobby's tables, the table, the hand) and the
seat's token, which :class:`Tokens` keeps on this machine so that a client started again comes back to its seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import aiohttp

from app.paths import data_dir

from .protocol import MAX_MESSAGE, VERSION, ProtocolError, decode, encode


class JoinError(ValueError):
    """An address that is not a lobby's, or a lobby that refused or could not be reached (said for people)."""


def lobby_url(address: str) -> str:
    """The WebSocket URL of a lobby's address as `chinese-poker host` prints it (``http://H:P/lobby?token=T``; the
    scheme and path may be left out); :class:`JoinError` when it has no host or no token."""
    text = address.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    token = parse_qs(parts.query).get("token", [""])[0]
    if parts.scheme not in ("http", "ws") or not parts.hostname or not token:
        raise JoinError("a lobby's address is http://HOST:PORT/lobby?token=TOKEN, as `chinese-poker host` prints it")
    try:
        port = parts.port or 8765
    except ValueError:
        raise JoinError("the address's port is not a number from 1 to 65535") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"ws://{host}:{port}/lobby?{urlencode({'token': token})}"


class Tokens:
    """Seat tokens kept on this machine by lobby address (``lobby-tokens.json`` in the data folder): a client
    started again after a drop comes back to its seat (within the hold; later, its seat from the next deal)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "lobby-tokens.json"

    def get(self, url: str) -> str | None:
        """The token kept for ``url``'s lobby."""
        try:
            found = json.loads(self.path.read_text(encoding="utf-8")).get(url)
        except (OSError, ValueError, AttributeError):
            return None
        return found if isinstance(found, str) else None

    def put(self, url: str, token: str) -> None:
        """Keep ``token`` for ``url`` (the last 20 lobbies); a folder that cannot be written keeps nothing."""
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
            kept = kept if isinstance(kept, dict) else {}
        except (OSError, ValueError):
            kept = {}
        kept.pop(url, None)
        kept[url] = token
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(dict(list(kept.items())[-20:])), encoding="utf-8")
        except OSError:
            pass


class LobbyClient:
    """One connection to a lobby (see the module docstring). Use :meth:`connect`, then :meth:`send` and
    :meth:`receive`; :meth:`close` at the end."""

    def __init__(self, address: str, name: str, *, token: str | None = None, tokens: Tokens | None = None) -> None:
        self.url = lobby_url(address)
        self.name = name
        self.tokens = tokens
        self.token = token if token is not None else (tokens.get(self.url) if tokens is not None else None)
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.me: int | None = None
        self.tables: list[dict[str, Any]] = []
        self.table: dict[str, Any] | None = None
        self.hand: dict[str, Any] | None = None
        self.closed: str | None = None  # why the connection ended (a bye's reason, or how it closed)
        self.received = 0  # bytes received: the tests' record of the wire

    async def connect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Connect and say hello; the ``welcome``. :class:`JoinError` when refused or unreachable."""
        self.session = aiohttp.ClientSession()
        try:
            self.ws = await self.session.ws_connect(
                self.url, timeout=aiohttp.ClientWSTimeout(ws_close=5.0), max_msg_size=MAX_MESSAGE * 16
            )
        except aiohttp.WSServerHandshakeError as exc:
            await self.close()
            raise JoinError(f"the lobby refused: {exc.status} (a wrong or missing token?)") from None
        except (aiohttp.ClientError, OSError) as exc:
            await self.close()
            raise JoinError(f"cannot reach the lobby: {exc}") from None
        fields: dict[str, Any] = {"version": VERSION, "name": self.name}
        if self.token:
            fields["token"] = self.token
        await self.send("hello", **fields)
        kind, data = await self.receive(timeout)
        if kind != "welcome":
            await self.close()
            raise JoinError(str(data.get("message", kind)))
        return data

    async def send(self, kind: str, **fields: Any) -> None:
        """Send a client message (checked against the protocol before it goes)."""
        assert self.ws is not None
        await self.ws.send_str(encode(kind, "client", **fields))

    async def send_raw(self, text: str | bytes) -> None:
        """Send anything (the tests' hostile clients)."""
        assert self.ws is not None
        if isinstance(text, bytes):
            await self.ws.send_bytes(text)
        else:
            await self.ws.send_str(text)

    async def receive(self, timeout: float = 10.0) -> tuple[str, dict[str, Any]]:
        """The next server message, its type and fields; ``("closed", {"reason": ...})`` once the connection is
        gone. TimeoutError when nothing comes within ``timeout`` seconds."""
        assert self.ws is not None
        msg = await self.ws.receive(timeout=timeout)
        if msg.type is not aiohttp.WSMsgType.TEXT:
            reason = self.closed or (msg.extra if isinstance(msg.extra, str) else None) or str(self.ws.close_code)
            self.closed = reason
            return "closed", {"reason": reason, "code": self.ws.close_code}
        self.received += len(msg.data.encode("utf-8"))
        try:
            kind, data = decode(msg.data, "server")
        except ProtocolError as exc:
            return "closed", {"reason": f"the lobby sent what this client cannot read: {exc}"}
        self._note(kind, data)
        return kind, data

    def _note(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "welcome":
            self.me = data["you"]
        elif kind == "lobby":
            self.tables, self.table, self.hand = data["tables"], None, None
        elif kind == "table":
            self.table = data
        elif kind == "hand":
            self.hand = data
        elif kind == "seated":
            self.token = data["token"]
            if self.tokens is not None:
                self.tokens.put(self.url, data["token"])
        elif kind == "bye":
            self.closed = data["reason"]
        elif kind in ("over", "left"):
            self.hand = None

    async def close(self) -> None:
        """Close the connection (a seat is then held for the hold)."""
        if self.ws is not None and not self.ws.closed:
            with contextlib.suppress(TimeoutError, aiohttp.ClientError, OSError):
                await asyncio.wait_for(self.ws.close(), 3.0)
        if self.session is not None:
            await self.session.close()
