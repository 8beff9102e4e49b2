"""The game played headless, as `chinese-poker` plays it but with no terminal: the menu, or a quick table that
plays some deals on its own. What the bench measures in processes of its own, and what the fork server plays
unseen before it forks a tab's game (so that every cache a deal fills is filled once, and shared)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.screens.menu import MainMenu

SIZE = (120, 40)


async def play_headless(
    kind: str,
    deals: int,
    then: Callable[[int], Awaitable[None]] | None = None,
    size: tuple[int, int] = SIZE,
    *,
    on_frame: Callable[[MainMenu], None] | None = None,
) -> int:
    """The game as ``chinese-poker`` runs it, headless: its menu, or a quick-play table of four with the coach at
    its standard budget that plays ``deals`` deals (auto-arrange, READY, the next deal), then awaits ``then``
    with the deals played while the game is still open; returns the deals played. ``on_frame`` is called once the
    menu's first frame is out, before what the menu does then (a returning player's Continue check,
    :attr:`MainMenu.when_drawn`). The bench's measure, and the fork server's unseen deal (:mod:`app.forkserver`)."""
    from app.config import TableConfig
    from app.settings import Settings
    from app.tui import ChinesePokerApp

    if kind == "menu":
        app = ChinesePokerApp(menu=True, settings=Settings(animation="off"), offer_guide=False)
    else:
        settings = Settings(animation="off", coach="standard")
        app = ChinesePokerApp(TableConfig.quick(), settings=settings, offer_guide=False)
    app.animation_level = "none"
    drawn = asyncio.Event()

    def frame(menu: MainMenu) -> None:
        if not drawn.is_set():  # the first menu's first frame only
            if on_frame is not None:
                on_frame(menu)
            drawn.set()

    app.when_menu_drawn.append(frame)
    played = 0
    async with app.run_test(size=size) as pilot:

        async def settle() -> None:
            for _ in range(3):  # the workers' answers post messages that may start more workers
                await app.workers.wait_for_complete()
                await pilot.pause()

        if kind == "menu":
            # The menu is up when its first frame is drawn: what a player waits for (MainMenu.when_drawn, called
            # before the menu's own work that follows). Not after settle(), whose idle checks poll the clock (some
            # 0.1 s of sleeping that no terminal shows). Set by the time the test harness hands over, as a rule.
            try:
                await asyncio.wait_for(drawn.wait(), 60)
            except TimeoutError:
                raise RuntimeError("the menu's first frame never came out") from None
        else:
            await settle()
        if kind == "table":
            for _ in range(deals):
                for key in ("a", "enter", "n"):  # auto-arrange, READY (the coach prices it), the next deal
                    await pilot.press(key)
                    await settle()
                played += 1
        if then is not None:
            await then(played)
    return played
