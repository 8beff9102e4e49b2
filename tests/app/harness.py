"""The shared harness of the app tests: an injected clock and scheduler, table configs, the game's App set up
for tests, a bare App that pushes one screen, and the waits a Pilot test needs."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import App
from textual.screen import Screen

from ai import Level
from app.config import TableConfig
from app.i18n import Translator
from app.screens.messages import SettingsChanged, StartTable
from app.screens.table import TableScreen
from app.settings import Settings
from app.tui import ChinesePokerApp
from app.widgets.textual_private import drawn_and_idle
from rules.presets import Preset
from tests.clock import Clock

SIZE = (80, 24)
SIZES = [(80, 24), (120, 40)]
LANGS = ["en", "zh-TW"]


class Manual:
    """An injected scheduler: callbacks wait until the test runs them."""

    def __init__(self) -> None:
        self.pending: list[Callable[[], None]] = []

    def __call__(self, delay: float, callback: Callable[[], None]) -> None:
        self.pending.append(callback)

    def run_one(self) -> bool:
        """Run the oldest waiting callback; False when none waits."""
        if not self.pending:
            return False
        self.pending.pop(0)()
        return True


def config(preset: Preset = Preset.TAIWAN, seed: int = 1, **kw) -> TableConfig:
    """A seeded table of ``preset`` with its default options and normal-level computers."""
    kw.setdefault("levels", (Level.NORMAL,) * 3)
    kw.setdefault("watch_level", Level.NORMAL)
    return TableConfig(preset=preset, options=preset.default_options, seed=seed, **kw)


def make_app(
    cfg: TableConfig | None = None,
    *,
    lang: str = "en",
    animation: str = "off",
    clock=None,
    scheduler=None,
    menu: bool = False,
    coach: str = "off",
) -> ChinesePokerApp:
    """The game's App at ``cfg`` (or the menu), animations off unless ``animation`` names a speed, and the coach
    off: pricing each deal's play was a tenth of the Pilot tests' CPU. A test that looks at what the coach says
    (its line, the review, a screen it draws on) takes :func:`coached_app`; the random-key walks play with the
    coach at the game's default."""
    app = ChinesePokerApp(
        cfg if cfg is not None or menu else config(),
        menu=menu,
        lang=lang,
        settings=Settings(animation=animation, coach=coach),
        now=clock or Clock(),
        scheduler=scheduler,
    )
    if animation == "off":
        app.animation_level = "none"
    return app


def coached_app(cfg: TableConfig | None = None, **kw) -> ChinesePokerApp:
    """:func:`make_app` with the coach on, at its quickest budget."""
    return make_app(cfg, coach="quick", **kw)


async def settle(pilot) -> None:
    """Let the AI workers finish and their messages land."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def drawn(pilot, most: int = 20) -> None:
    """Pause until the screen has run what waited for a refresh (the table redraws once the board has its new
    size, ``call_after_refresh``) and drawn it, at most ``most`` times.

    A modal leaves the screen under it showing at its edges, as that screen was last drawn: a snapshot of one
    waits for both to be drawn. (``pilot.pause`` decides the program is idle from the CPU it uses, which under
    load comes early now and then.)"""
    in_a_row = 0
    for _ in range(most):
        await pilot.pause()
        screen = pilot.app.screen
        # Twice in a row, with nothing in the screen's queue: a callback waiting for the refresh is first a
        # message there, and a redraw it makes may ask for one more. (Textual's own bookkeeping: no public way
        # to ask, so the adapter reads it.)
        in_a_row = in_a_row + 1 if drawn_and_idle(screen) else 0
        if in_a_row == 2:
            return


async def play_a_deal(pilot) -> None:
    """Auto-arrange the player's hand, press READY and let the reveal (and every worker) finish."""
    await settle(pilot)
    await pilot.press("a")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


def table_screen(app: ChinesePokerApp) -> TableScreen:
    """The App's table screen (which must be there)."""
    screen = app.table_screen
    assert isinstance(screen, TableScreen)
    return screen


class ScreenApp(App[None]):
    """A bare App that pushes one screen, with the attributes the game's App offers (``translator``,
    ``settings``); it records the tables asked for, the settings saved and what the screen dismissed with,
    and follows a saved language the way the game's App does."""

    def __init__(
        self,
        make_screen: Callable[[], Screen],
        lang: str = "en",
        *,
        settings: Settings | None = None,
        animate: bool = True,
    ) -> None:
        super().__init__()
        self.translator = Translator(lang)
        self.settings = settings
        if not animate:
            self.animation_level = "none"
        self.make_screen = make_screen
        self.started: list[TableConfig] = []
        self.changed: list[Settings] = []
        self.results: list[object] = []  # what the pushed screen dismissed with

    def on_mount(self) -> None:
        self.push_screen(self.make_screen(), self.results.append)

    @on(StartTable)
    def _start_table(self, message: StartTable) -> None:
        self.started.append(message.config)

    @on(SettingsChanged)
    def _settings_changed(self, message: SettingsChanged) -> None:
        self.changed.append(message.settings)
        self.translator = Translator(message.settings.language or "en")


def suggested(request):
    """The helper's suggestions for ``request``, as the table takes them (auto-arrange, answered at once), priced
    on 12 tables: the tests that take them want a sound legal play, not the coach's precision (whose pricing, at a
    table of three or a banker game, with no bank to draw on, was seconds a deal)."""
    from dataclasses import replace

    from app.game import choice_suggestions, run_ai

    request = replace(request, tables=12)
    return choice_suggestions(run_ai(request), request)
