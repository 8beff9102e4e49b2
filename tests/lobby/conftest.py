"""The lobby's tests: a server on loopback per test, stopped at the end whatever happened."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

pytest.importorskip("aiohttp")

from app.lobby.server import LobbyServer


@asynccontextmanager
async def lobby(**limits: Any) -> AsyncIterator[LobbyServer]:
    """A lobby on 127.0.0.1 (any free port), stopped on the way out."""
    limits.setdefault("results_wait", 30.0)
    server = LobbyServer("127.0.0.1", 0, **limits)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def serve() -> Callable[..., Any]:
    """``async with serve(...) as server``: a lobby for the test."""
    return lobby
