"""The lobby screen's connection: the lobby hosted in this game (when asked), the client joined to it, the task
that reads its messages until it closes, and closing it all. One part of :class:`app.screens.lobby.LobbyScreen`,
held as ``screen.link``; the screen shows what the messages say and sends what the keys ask.

The reader is a task of the App's loop rather than a worker: it lives as long as the connection, and what waits
for the App's workers to finish (a Pilot test's settling, the random-key walk) must not wait for it.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from app.i18n import Translator


class Screen(Protocol):
    """What the connection tells its lobby screen (a protocol: the screen imports this)."""

    note: str

    @property
    def t(self) -> Translator: ...

    def take(self, kind: str, data: dict[str, Any]) -> None: ...

    def draw(self) -> None: ...


class LobbyLink:
    """A lobby joined at ``address`` as ``player`` (or hosted here first: ``host`` is where the server listens)."""

    def __init__(self, screen: Screen, address: str | None, player: str, host: tuple[str, int] | None) -> None:
        self.screen = screen
        self.address, self.player, self.host = address, player, host
        self.server: Any = None  # the lobby this game hosts (app.lobby.server.LobbyServer)
        self.client: Any = None  # app.lobby.client.LobbyClient
        self._reader: asyncio.Task[None] | None = None  # reads the lobby's messages (:meth:`open`)

    @property
    def connected(self) -> bool:
        """Whether messages can be sent to the lobby now."""
        return self.client is not None and self.client.ws is not None and not self.client.ws.closed

    def open(self) -> None:
        """Connect (hosting first, when asked) in a task of the running loop, which then reads the messages."""
        self._reader = asyncio.get_running_loop().create_task(self.connect())

    async def close(self) -> None:
        """Stop reading, close the connection, and stop the lobby hosted here."""
        if self._reader is not None:
            self._reader.cancel()
        client, server, self.client, self.server = self.client, self.server, None, None
        if client is not None:
            await client.close()
        if server is not None:
            await server.stop()

    async def connect(self) -> None:
        """Host (when asked), join, then read the lobby's messages until it closes."""
        screen = self.screen
        try:
            await self._connect()
        except Exception as exc:  # a fault of the connection's: said on the screen, never a crash of the game
            screen.note = screen.t("lobby.closed", why=str(exc)[:120] or type(exc).__name__)
            screen.draw()

    async def _connect(self) -> None:
        screen = self.screen
        try:
            from app.lobby.client import JoinError, LobbyClient, Tokens
        except ImportError:
            screen.note = screen.t("lobby.needs_web")
            return screen.draw()
        if self.host is not None:
            from app.lobby.server import LobbyServer

            host, port = self.host
            try:
                self.server = LobbyServer(host, port)
                self.address = await self.server.start()
            except OSError as exc:
                if port == 0:
                    screen.note = screen.t("lobby.cannot_host", why=str(exc))
                    return screen.draw()
                try:  # the port is another program's (another lobby, say): any free one, shown with the address
                    self.server = LobbyServer(host, 0)
                    self.address = await self.server.start()
                except OSError as again:
                    screen.note = screen.t("lobby.cannot_host", why=str(again))
                    return screen.draw()
        self.client = LobbyClient(self.address or "", self.player, tokens=Tokens())
        try:
            await self.client.connect()
        except JoinError as exc:
            screen.note = screen.t("lobby.cannot_join", why=str(exc))
            return screen.draw()
        screen.draw()
        for _ in range(10**9):  # until the connection closes
            kind, data = await self.client.receive(timeout=None)
            screen.take(kind, data)
            if kind == "closed":
                break
