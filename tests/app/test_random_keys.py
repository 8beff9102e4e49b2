"""Drive the app with a few thousand seeded random keys (and the clock running out now and then): it must
never raise. Keys go straight to the driver with a short wait for the screen after each, so that the test
stays fast; AI workers run concurrently with the keys, as they would for a player."""

from __future__ import annotations

import random

import pytest
from textual import events

from app.config import TableConfig
from app.settings import Settings
from app.tui import ChinesePokerApp
from rules.presets import Preset
from tests.app.harness import Clock, config

pytestmark = pytest.mark.slow

# Weighted so that sessions last: arranging keys often, leaving (escape, then y) rarely.
WEIGHTS = {
    "left": 10, "right": 12, "space": 8, "1": 6, "2": 6, "3": 6, "0": 3, "backspace": 2, "x": 2, "a": 5, "h": 2,
    "s": 2, "b": 2, "d": 2, "enter": 7, "n": 5, "t": 2, "4": 1, "question_mark": 1, "escape": 1, "y": 2,
    "c": 2, "e": 1, "l": 1, "q": 1, "r": 1, "up": 1, "down": 1, "tab": 1,
}
KEYS = list(WEIGHTS)
CHARS = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}


async def _drive(app: ChinesePokerApp, clock: Clock, rng: random.Random, presses: int) -> int:
    """Press up to ``presses`` keys; returns how many were pressed before the app exited (if it did)."""
    async with app.run_test(size=(80, 24)) as pilot:
        for n in range(presses):
            if app.return_code is not None or not app.is_running:
                return n
            key = rng.choices(KEYS, weights=[WEIGHTS[k] for k in KEYS])[0]
            event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
            event.set_sender(app)
            app._driver.send_message(event)
            await pilot.pause(0)
            if n % 40 == 0:
                clock.t += rng.choice([0, 5, 25, 70])  # sometimes past the time limit
                screen = app.table_screen
                if screen is not None and screen.is_current:
                    screen.tick()
            if n % 200 == 0:
                await pilot.app.workers.wait_for_complete()
                await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
    return presses


@pytest.mark.parametrize(
    ("preset", "extra", "seed"),
    [
        (Preset.TAIWAN, {"time_limit": 60}, 11),
        (Preset.ARCADE, {"coins": 500, "stake": 10}, 12),
        (Preset.SHISANSHUI, {"takeover": False, "time_limit": 30}, 13),
        (Preset.TOURNAMENT, {"watch": True}, 14),
    ],
    ids=["taiwan", "arcade", "shisanshui", "tournament-watch"],
)
async def test_random_keys_never_raise(preset, extra, seed):
    rng = random.Random(seed)
    total, budget = 0, 600
    while total < budget:  # an ended session exits the app: start another until the budget is spent
        clock = Clock()
        cfg: TableConfig = config(preset, seed=rng.randrange(1000), **extra)
        app = ChinesePokerApp(cfg, lang=rng.choice(["en", "zh-TW"]), settings=Settings(animation="off"),
                              now=clock)
        app.animation_level = "none"
        total += max(1, await _drive(app, clock, rng, budget - total))
