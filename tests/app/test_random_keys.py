"""Seeded random keys over every screen, at sizes from 20×8 to 250×70, with resizes: the app must never raise.

Sessions start at the menu (which reaches the host, rankings, rules and settings screens and its tables) and
straight at a table of each preset (which reach the reveal, the results, the summaries, help and every
dialog); each screen gets keys from its own bindings most of the time, so that the walk goes deep, and any
key now and then. Dialogs a random walk seldom meets (a special hand's declaration) are also opened directly.
The run checks at the end that every screen was visited.

The everyday tier walks three sessions a dozen keys each (the same harness, at a size that catches a crash on the
way in): the menu's, which hosts tables of its own, and two that draw their table's preset, size and exchange
(a tournament of three passing cards, a back-row table of two); the soak tier (``pytest -m soak``) walks 2,000
keys shared out between all the sessions and checks that every screen was reached.
``RANDOM_KEYS=20000 pytest -m soak tests/app/test_random_keys.py`` runs a longer walk.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest
from textual import events
from textual.screen import Screen

from ai import Level
from app.config import TableConfig
from app.game.leaving import Leave
from app.game.phase import Phase
from app.screens.dialogs import ConfirmScreen, DeclareScreen, SeatPickScreen
from app.screens.table.help import HelpScreen
from app.screens.table.keys import help_lines
from app.settings import Settings
from app.tui import ChinesePokerApp
from app.widgets.textual_private import send_key
from rules.exchange import Direction
from rules.presets import Preset
from rules.specials import Special
from tests import tiers
from tests.app.harness import Clock, Manual, config
from tests.tiers import sized_daily

pytestmark = pytest.mark.slow

SOAK_KEYS = int(os.environ.get("RANDOM_KEYS", "2000"))  # the soak tier's walk, shared out between the sessions
EVERYDAY_KEYS = 12  # each everyday session's walk in the everyday tier

# Each screen's own keys (its bindings and what its widgets take); a screen not named gets ANY.
SCREEN_KEYS: dict[str, list[str]] = {
    "MainMenu": [
        "p",
        "w",
        "n",
        "n",
        "h",
        "h",
        "r",
        "r",
        "s",
        "s",
        "up",
        "down",
        "enter",
        "pageup",
        "pagedown",
        "home",
        "end",
    ],
    "HostScreen": ["s", "up", "down", "left", "right", "space", "enter", "tab", "escape"],
    "SettingsScreen": ["s", "up", "down", "left", "right", "space", "enter", "tab", "escape"],
    "RankingsScreen": ["pageup", "pagedown", "space", "up", "down", "home", "end", "escape"],
    "RulesScreen": ["p", "left", "right", "pageup", "pagedown", "space", "up", "down", "escape"],
    "TableScreen": [
        "left",
        "right",
        "right",
        "space",
        "1",
        "2",
        "3",
        "0",
        "backspace",
        "x",
        "a",
        "a",
        "h",
        "s",
        "b",
        "d",
        "enter",
        "enter",
        "n",
        "n",
        "t",
        "question_mark",
        "escape",
    ],
    "ConfirmScreen": ["y", "n", "escape", "enter", "tab"],
    # The leave dialog: "y" stands for the choice that leaves the seat (the computer plays on where the table
    # allows it, else the end: what the old yes/no question's yes did); the menu's walk also goes back to the
    # menu by it (``Session.leave``).
    "LeaveScreen": ["y", "k", "k", "down", "tab"],
    "TimeoutScreen": ["c", "e", "enter", "up", "down"],
    "SeatPickScreen": ["1", "2", "3", "4", "escape", "up", "down", "enter"],
    "DeclareScreen": ["up", "down", "enter", "escape"],
    "HelpScreen": ["escape", "enter", "question_mark", "q", "pagedown"],
    "ResultsScreen": ["n", "n", "enter", "r", "escape", "question_mark", "pagedown", "up"],
    "SummaryScreen": ["c", "l", "enter", "escape", "pagedown"],
}
ANY = [
    "left",
    "right",
    "up",
    "down",
    "pageup",
    "pagedown",
    "home",
    "end",
    "tab",
    "shift+tab",
    "enter",
    "escape",
    "space",
    "backspace",
    "question_mark",
    "ctrl+s",
    "a",
    "c",
    "e",
    "h",
    "l",
    "n",
    "p",
    "q",
    "r",
    "s",
    "t",
    "w",
    "x",
    "y",
    "z",
    "0",
    "1",
    "2",
    "3",
    "4",
    "9",
    "f1",
    "delete",
    "insert",
]
CHARS = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}
REQUIRED = set(SCREEN_KEYS) | {"reveal", "exchange"} | {f"table-{p.value}" for p in Preset}
# The edges, the 80×24 boundary from both sides, and the sizes the crash of issue 9 was seen at.
FIXED_SIZES = [(20, 8), (250, 70), (79, 24), (80, 23), (80, 24), (60, 30), (100, 23), (100, 20), (110, 34)]


def _size(rng: random.Random) -> tuple[int, int]:
    if rng.random() < 0.4:
        return rng.choice(FIXED_SIZES)
    return rng.randint(20, 250), rng.randint(8, 70)


def _visit(app: ChinesePokerApp, seen: set[str]) -> str:
    """Record where the app is; returns the current screen's class name."""
    screen = app.screen
    name = type(screen).__name__
    seen.add(name)
    table = app.table_screen
    if table is not None and table.is_attached:
        seen.add(f"table-{table.table.preset.value}")
        if table.table.phase is Phase.REVEALING:
            seen.add("reveal")
        if table.table.phase is Phase.EXCHANGING:
            seen.add("exchange")
    return name


def _dialogs(app: ChinesePokerApp) -> list[Callable[[], Screen]]:
    t = app.translator
    return [
        lambda: DeclareScreen(list(Special)[:3], t=t),
        lambda: ConfirmScreen("?", t=t),
        lambda: SeatPickScreen(["A", "B", "C", "D"], [False, True, False, False], t=t),
        lambda: HelpScreen(lines=[(keys, text) for keys, text, _ in help_lines()], t=t),
    ]


async def _drive(
    app: ChinesePokerApp,
    clock: Clock,
    scheduler: Manual,
    rng: random.Random,
    presses: int,
    seen: set[str],
    trail: list[str],
    leave: float,
) -> int:
    """Press up to ``presses`` keys; returns how many were pressed before the app exited (if it did)."""
    opened = 0
    size = _size(rng)
    async with app.run_test(size=size) as pilot:
        for n in range(presses):
            if app.return_code is not None or not app.is_running:
                return n
            name = _visit(app, seen)
            pool = SCREEN_KEYS.get(name, ANY) if rng.random() < 0.8 else ANY
            key = rng.choice(pool)
            if name in ("TableScreen", "LeaveScreen") and rng.random() < leave:
                key = "escape" if name == "TableScreen" else rng.choice(["y", "m"])  # m: back to the menu
            if name == "LeaveScreen" and key == "y":
                key = "c" if Leave.COMPUTER in getattr(app.screen, "choices", ()) else "e"
            trail.append(f"{name}:{key}")
            event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
            event.set_sender(app)
            send_key(app, event)
            await pilot.pause(0)
            # The computers answer from worker threads: wait for them at every key, so that where a walk goes
            # depends on its seed alone, never on how busy the machine is.
            await app.workers.wait_for_complete()
            await pilot.pause(0)
            for _ in range(3):  # the reveal (and the computers' thinking) move on a few steps a key
                scheduler.run_one()
            roll = rng.random()
            # Below 80×24 the table takes no move (it cannot be seen): the walk presses a few keys there, which
            # must neither raise nor act, and resizes again sooner, so that its keys still play the game.
            small = size[0] < 80 or size[1] < 24
            if roll < (0.5 if small else 0.04):
                size = _size(rng)
                while small and (size[0] < 80 or size[1] < 24):  # from a small size, back to one that shows it
                    size = _size(rng)
                trail.append(f"resize:{size}")
                await pilot.resize_terminal(*size)
            elif roll < 0.07 and app.table_screen is not None and app.table_screen.is_current:
                dialogs = _dialogs(app)  # in turn, so that a short walk opens each of them
                app.push_screen(dialogs[opened % len(dialogs)]())
                opened += 1
            if n % 30 == 0:
                clock.t += rng.choice([0, 5, 25, 70])  # sometimes past the time limit
                screen = app.table_screen
                # As its interval timer would: only once the screen is mounted (a table just pushed is
                # current before its widgets exist).
                if screen is not None and screen.is_current and screen.is_mounted:
                    screen.clock.tick()
            if n % 150 == 0:
                await app.workers.wait_for_complete()
                await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
    return presses


def _app(cfg: TableConfig | None, lang: str, clock: Clock, scheduler: Manual) -> ChinesePokerApp:
    # Animations on, with a scheduler the walk steps by hand: the reveal then lasts over several keys.
    # The coach on, at the game's default budget in the soak tier and at its quickest every day.
    coach = "standard" if tiers.SOAK else "quick"
    app = ChinesePokerApp(
        cfg,
        menu=cfg is None,
        lang=lang,
        settings=Settings(animation="fast", coach=coach),
        now=clock,
        scheduler=scheduler,
    )
    app.animation_level = "basic"  # "none" would make the reveal instant
    return app


EASY = {"levels": (Level.EASY,) * 3, "watch_level": Level.EASY}  # quick computer turns
TABLE_SCREENS = {
    "TableScreen",
    "reveal",
    "ResultsScreen",
    "HelpScreen",
    "ConfirmScreen",
    "DeclareScreen",
    "LeaveScreen",
}


@dataclass(frozen=True)
class Session:
    """Where a walk starts, its share of the keys, and the screens it must reach."""

    make: Callable[[random.Random], TableConfig | None]
    share: float
    reaches: frozenset[str]
    leave: float = 0.0  # how often a table is left at once (the menu's walk has more to see)


SESSIONS: dict[str, Session] = {
    "menu": Session(
        lambda rng: None,
        0.18,
        frozenset({"MainMenu", "HostScreen", "SettingsScreen", "RankingsScreen", "RulesScreen", "TableScreen"}),
        leave=0.3,
    ),
    "taiwan": Session(
        lambda rng: config(Preset.TAIWAN, seed=rng.randrange(1000), time_limit=60, **EASY),
        0.12,
        frozenset(TABLE_SCREENS | {"table-taiwan"}),
    ),
    "arcade": Session(
        lambda rng: config(Preset.ARCADE, seed=rng.randrange(1000), coins=500, stake=10, **EASY),
        0.26,
        frozenset(TABLE_SCREENS | {"table-arcade", "SummaryScreen"}),
    ),
    "shisanshui": Session(
        lambda rng: config(Preset.SHISANSHUI, seed=rng.randrange(1000), takeover=False, time_limit=30, **EASY),
        0.12,
        frozenset(TABLE_SCREENS | {"table-shisanshui", "TimeoutScreen"}),
    ),
    "tournament-watch": Session(
        lambda rng: config(Preset.TOURNAMENT, seed=rng.randrange(1000), watch=True, **EASY),
        0.14,
        frozenset(TABLE_SCREENS | {"table-tournament", "SeatPickScreen"}),
    ),
    "tournament": Session(
        lambda rng: config(Preset.TOURNAMENT, seed=rng.randrange(1000), scored=False, **EASY),
        0.14,
        frozenset(TABLE_SCREENS | {"table-tournament"}),
    ),
    "western": Session(
        lambda rng: config(Preset.WESTERN, seed=rng.randrange(1000), **EASY),
        0.06,
        frozenset({"TableScreen", "reveal", "table-western"}),  # the other screens: the longer walks
    ),
    "hongkong": Session(
        lambda rng: config(Preset.HONGKONG, seed=rng.randrange(1000), banker=True, **EASY),
        0.08,
        frozenset({"TableScreen", "reveal", "table-hongkong"}),
    ),
    # Back row only, with 免擺 on (issue 15): an exempt hand is dealt already arranged.
    "backrow-exempt": Session(
        lambda rng: replace(
            config(Preset.BACKROW, seed=rng.randrange(1000), **EASY),
            options=replace(Preset.BACKROW.default_options, exempt=True),
        ),
        0.06,
        frozenset({"TableScreen", "reveal", "table-backrow"}),
    ),
    # The joker (issue 15, rules/RULES.md §20): JK in some hand each deal, any arranged preset and table size.
    "joker": Session(
        lambda rng: replace(
            cfg := config(
                rng.choice([p for p in Preset if p.arranged]),
                seed=rng.randrange(1000),
                players=rng.choice((2, 3, 4)),
                **EASY,
            ),
            options=replace(cfg.options, joker=True),
        ),
        0.05,
        frozenset({"TableScreen", "reveal"}),
    ),
    # The pattern ladder (issue 15): nothing to arrange, READY and the one-beat reveal.
    "ladder": Session(
        lambda rng: config(Preset.LADDER, seed=rng.randrange(1000), **EASY),
        0.04,
        frozenset({"TableScreen", "reveal", "table-ladder"}),
    ),
    # 換三張 (issue 15): one or two rounds of passing, any way, at any table size, sometimes against the clock.
    "exchange": Session(
        lambda rng: config(
            rng.choice([p for p in Preset if p.arranged]),
            seed=rng.randrange(1000),
            exchange=rng.choice((1, 2)),
            exchange_way=rng.choice(list(Direction)),
            players=rng.choice((2, 3, 4)),
            watch=rng.random() < 0.2,
            time_limit=30,
            **EASY,
        ),
        0.08,
        frozenset({"TableScreen", "reveal", "exchange"}),
    ),
    # Tables of two or three (issue 14): any preset, sometimes watched, with coins that run out in arcade.
    "small-tables": Session(
        lambda rng: config(
            rng.choice(list(Preset)),
            seed=rng.randrange(1000),
            players=rng.choice((2, 3)),
            watch=rng.random() < 0.3,
            coins=300,
            stake=10,
            **EASY,
        ),
        0.1,
        frozenset({"TableScreen", "reveal", "ResultsScreen"}),
    ),
}


def test_the_walks_reach_every_screen():
    assert frozenset().union(*(s.reaches for s in SESSIONS.values())) == REQUIRED


# Every day the menu's walk and two that draw their table (a walk's cost is mostly drawing its screens: the
# thirteen sessions were 13 s of CPU a day); the soak tier walks every session long.
DAILY = ("menu", "exchange", "small-tables")


@sized_daily("name", list(SESSIONS), DAILY, "keys", EVERYDAY_KEYS, SOAK_KEYS)
async def test_random_keys_never_raise(home, name, keys):
    session = SESSIONS[name]
    soak = keys > EVERYDAY_KEYS
    rng = random.Random(f"random-keys-{name}")
    seen: set[str] = set()
    total, budget = 0, max(60, round(keys * session.share)) if soak else keys
    while total < budget:  # an ended session exits the app: start another until the budget is spent
        clock, scheduler = Clock(), Manual()
        app = _app(session.make(rng), rng.choice(["en", "zh-TW"]), clock, scheduler)
        trail: list[str] = []
        try:
            total += max(1, await _drive(app, clock, scheduler, rng, budget - total, seen, trail, session.leave))
        except Exception as exc:  # name the way there: the last keys and sizes
            raise AssertionError(f"{name}: {exc!r} after {trail[-30:]}") from exc
        assert app.return_code in (None, 0), f"{name}: exit {app.return_code} after {trail[-30:]}"
    # Where the walk must have gone: every screen of the session on a long walk, its first screen on a short one.
    must = session.reaches if soak else {"MainMenu" if name == "menu" else "TableScreen"}
    assert must <= seen, f"{name} never reached: {sorted(must - seen)}"
