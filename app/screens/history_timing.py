"""How long the History screen takes to open on a given history file, headless (`chinese-poker bench`)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from textual.app import App

from app.screens.history import HistoryScreen
from app.store.database import open_history


def time_history_screen(path: Path, size: tuple[int, int] = (120, 40)) -> float:
    """Seconds from pushing the History screen to its first page being listed (the file opened first)."""

    class Bench(App[None]):
        seconds = 0.0

    app = Bench()

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            t = time.perf_counter()
            history = open_history(path).history
            screen = HistoryScreen(history)
            await app.push_screen(screen)
            await pilot.pause()
            app.seconds = time.perf_counter() - t
            assert screen.rows, "the bench's history lists no deal"
            if history is not None:
                history.close()

    asyncio.run(run())
    return app.seconds
