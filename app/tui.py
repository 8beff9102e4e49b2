"""The Textual application: the main menu and the table.

``ChinesePokerApp`` owns what every screen shares — the translator, the settings, the clock — and moves between
the menu and a table: the menu posts :class:`StartTable`; a finished table returns to the menu (or quits when
the app was started straight at a table).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App, CSSPathType, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from app.config import TableConfig
from app.game.leaving import Leave
from app.heap import give_back, giving_back
from app.i18n import Translator, resolve_language
from app.paths import asset
from app.screens.commands import game_commands
from app.screens.dialogs import ConfirmScreen
from app.screens.menu import MainMenu
from app.screens.messages import SettingsChanged, StartTable
from app.screens.settings import describe_load, notify_load_warning
from app.settings import Settings, load_settings, save_settings, settings_path
from app.store.database import History, HistoryOff, Opened, SessionRow, history_path, open_history
from app.widgets import chrome
from app.widgets.textual_private import parse_style_sheets_once

if TYPE_CHECKING:  # what a table, the guide and the coach bring is imported where they open (issue 44)
    from app.game.backlog import PricingProgress
    from app.game.journal import Journal
    from app.game.resume import ContinueCheck
    from app.screens.table import TableScreen
    from app.store.salvage import Salvaged
    from app.view.reveal_player import Scheduler


def _check_doc(doc: dict[str, Any], known: set[str]) -> None:
    """:func:`app.game.transfer.check_doc`, loaded when a damaged history is salvaged (not at every start)."""
    from app.game.transfer import check_doc

    check_doc(doc, known)


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a folder the player may not read counts as one that does (the guide is for a
    first start, and a folder that refuses is not that)."""
    try:
        return path.exists()
    except OSError:
        return True


class ChinesePokerApp(App[None]):
    """Chinese Poker (十三張): one player against three computer players."""

    CSS_PATH: ClassVar[CSSPathType] = [str(asset("styles", "game.tcss"))]
    TITLE = "Chinese Poker"
    # Not annotated: App declares them `ClassVar[...] | None`, which a type checker reads as instance variables.
    HORIZONTAL_BREAKPOINTS = chrome.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = chrome.VERTICAL_BREAKPOINTS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands (theme, keys, screenshot, quit) and the game's own (:mod:`app.screens.commands`)."""
        yield from super().get_system_commands(screen)
        yield from game_commands(self, screen, self.t)

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        menu: bool = False,
        lang: str | None = None,
        settings: Settings | None = None,
        now: Callable[[], float] = time.monotonic,
        scheduler: Scheduler | None = None,
        history: Opened | None = None,
        replay: int | None = None,
        offer_guide: bool | None = None,
        wall: Callable[[], float] = time.time,
        lobby: str | None = None,
        lobby_name: str = "player",
    ) -> None:
        """``config`` starts straight at a table; ``menu`` opens the main menu first; ``replay`` opens a stored
        deal's review.

        ``settings`` default to the saved ones; ``history`` to the history file in the data folder; ``now``
        and ``scheduler`` are injected by tests (the table's clock and the reveal's timer), ``wall`` too (the
        calendar's clock: what today is, for the deal of the day).
        """
        parse_style_sheets_once()  # each screen with a style sheet of its own had every sheet parsed again
        super().__init__()
        self.wall = wall
        report = None
        if offer_guide is None:  # the very first start: no settings file and no history yet
            offer_guide = settings is None and not _exists(settings_path()) and not _exists(history_path())
        self.offer_guide = offer_guide
        if settings is None:
            settings, report = load_settings()
        self.settings: Settings = settings
        self.lang = resolve_language(lang, settings.language)
        self.translator = Translator(self.lang)
        # The whole notice, in the start-up language: shown once by whichever screen comes first.
        self.settings_warning: str | None = None if report is None else describe_load(report, self.translator)
        self.now = now
        self.scheduler = scheduler
        self.start_config = config
        self.want_menu = (menu or config is None) and replay is None
        self.table_screen: TableScreen | None = None
        self.backlog_progress: PricingProgress | None = None  # how far the background pricing of old deals is
        self.last_config: TableConfig | None = None  # the last table's, to pre-fill the menu's New table
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        if history is None:
            history = open_history(check=_check_doc)
        self.opened = history
        self.history: History | None = self.opened.history
        self._continue_check: ContinueCheck | None = None  # the menu's Continue test (:meth:`resumable`)
        # Called as each menu's first frame is out (the bench reads the start-up there: app/screens/headless.py).
        self.when_menu_drawn: list[Callable[[MainMenu], None]] = []
        if self.history is not None:
            self.history.on_moved = self._history_moved
        self.replay = replay
        self.lobby = (lobby, lobby_name) if lobby is not None else None  # `join`: straight to that lobby

    @property
    def t(self) -> Translator:
        """The translator every screen uses (``app.t("table.key.ready")``)."""
        return self.translator

    def set_language(self, lang: str) -> None:
        """Switch language (the settings screen calls this); screens made afterwards use it."""
        self.lang = lang
        self.translator = Translator(lang)

    def on_mount(self) -> None:
        self.title = self.t("common.app_title")
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError, AttributeError):
            # Not on Windows, nor where the loop may not take signals (a test's thread): the periodic save holds.
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self._hung_up)
        self.show_settings_warning()
        self.show_history_notice()
        self.price_backlog()
        if self.replay is not None:
            self.open_deal(self.replay, review=True)
            return
        if self.lobby is not None:
            from app.screens.lobby import LobbyScreen

            self.push_screen(LobbyScreen(self.lobby[0], self.lobby[1], t=self.t), lambda _: self.exit())
            return
        if self.want_menu and self.start_config is None:
            self.show_menu()
            if self.offer_guide:
                self.push_screen(ConfirmScreen(self.t("guide.offer"), t=self.t), self._guide_offered)
            return
        self.start_table(self.start_config or TableConfig.quick())

    def price_backlog(self) -> None:
        """With the coach on, price the player's stored deals that have no verdict (the game ended before the
        coach's answer was written, or the history was imported or played before prices were kept:
        :mod:`app.game.backlog`) in a thread worker, held while the player is at a table, so that nothing waits
        for it; :attr:`backlog_progress` says how far it is."""
        history = self.history
        if history is None or history.read_only or self.settings.coach == "off" or not history.unpriced(1):
            return  # nothing to price: the coach and numpy stay unloaded (most starts, and the menu's 0.5 s)
        from ai import Budget
        from app.game.backlog import price_backlog

        budget = Budget(self.settings.coach)

        def told(progress: PricingProgress) -> None:
            self.backlog_progress = progress  # read by the menu's and Statistics' bar (one assignment: thread-safe)
            give_back()  # told after each deal priced: its arrays' pages go back before the next (app.heap)

        @giving_back
        def work() -> None:
            worker = get_current_worker()
            # Held while the player sits at a table: the pricing shares the cores with the table's own workers.
            price_backlog(
                history,
                budget,
                cancelled=lambda: worker.is_cancelled,
                paused=lambda: self.table_screen is not None,
                progress=told,
            )

        self.run_worker(work, name="coach_backlog", group="backlog", thread=True, exclusive=True)

    def show_settings_warning(self) -> None:
        """Tell the player, once, that the settings file could not be used (wherever the app starts)."""
        warning, self.settings_warning = self.settings_warning, None
        if warning:
            notify_load_warning(self, warning)
        if not self.settings.keymap:
            return  # no keys of the player's own to check (and the table's keys stay unloaded: the start-up)
        from app.screens.table.keys import keymap_problems

        for problem, binding_id, keys in keymap_problems(self.settings.keymap):  # the player's own keys
            notify_load_warning(self, self.t(f"settings.keys_{problem}", id=binding_id, keys=keys))

    def _guide_offered(self, yes: bool | None) -> None:
        """Offered once: the settings file written now says so at the next start."""
        self.offer_guide = False
        with contextlib.suppress(OSError):
            save_settings(self.settings)
        if yes:
            self.start_guide()

    def start_guide(self) -> None:
        """Learn to play: the guided first deal."""
        from app.screens.guide import GuideScreen

        self.push_screen(GuideScreen(t=self.t, settings=self.settings, now=self.now, scheduler=self.scheduler))

    def on_unmount(self) -> None:
        """Closing with a table open (Ctrl+Q, a closed terminal) is back to the menu: the session is kept as it
        stands (the deal in progress and its clock) for Continue; the file is closed."""
        self.keep_table()
        if self.history is not None:
            self.history.close()

    def keep_table(self) -> None:
        """Keep the open table's session for Continue, as *Back to the menu* does (once: the table is let go)."""
        screen, self.table_screen = self.table_screen, None
        if screen is None:
            return
        screen.leaving.keep()

    def _hung_up(self) -> None:
        """The terminal closed (SIGHUP): back to the menu, as Ctrl+Q; the session is kept before anything else
        (drawing on a terminal that is gone may fail)."""
        self.keep_table()
        self.exit()

    def show_history_notice(self) -> None:
        """Say, once, that a corrupt history was moved aside, or that the history is off for this run."""
        opened = self.opened
        if opened.moved_aside is not None:
            self._history_moved(opened.moved_aside, opened.salvaged)
        if opened.off is not None:
            self.notify(self.t(f"history.off.{opened.off.value}"), severity="warning", timeout=12)

    def _history_moved(self, path: Path, salvaged: Salvaged | None = None) -> None:
        """Damage met (at start-up, or while playing): the file was set aside and a fresh one started with what
        could still be read of it."""
        if salvaged is None and self.history is not None:
            salvaged = self.history.salvaged
        if salvaged is None:
            self.notify(self.t("history.moved_aside", path=str(path)), severity="warning", timeout=12)
            return
        self.notify(
            self.t("history.salvaged", path=str(path), recovered=salvaged.recovered, lost=salvaged.lost),
            severity="warning",
            timeout=12,
        )

    def notify_damaged(self) -> None:
        """Say once that stored rows were skipped because they do not read back (the History screen's pages)."""
        skipped = 0 if self.history is None else self.history.damaged.take()
        if skipped:
            self.notify(self.t("history.skipped", n=skipped), severity="warning", timeout=12)

    def history_off(self, why: HistoryOff) -> None:
        """A write failed: no more recording this run (the table's journal has told the player)."""
        self.history = None

    def journal(self) -> Journal:
        """A new session's journal (it records nothing when the history is off)."""
        from app.game.journal import Journal

        return Journal(self.history, on_off=self.history_off)

    def resumable(self, *, checked: bool = True) -> SessionRow | None:
        """The session the menu offers to continue, if any. Not ``checked``: a session not yet rebuilt is taken
        to rebuild (the menu's first frame, which the check would hold back by loading the table: it follows)."""
        if self.history is None:
            return None
        return self.history.resumable(self._can_continue if checked else self._may_continue)

    def _may_continue(self, row: SessionRow) -> bool:
        """What the Continue check found for ``row``; True when it has not looked at it yet."""
        check = self._continue_check
        known = None if check is None or check.history is not self.history else check.known(row)
        return known is not False

    def _can_continue(self, row: SessionRow) -> bool:
        """Whether ``row`` can be rebuilt: asked only of a session there is, so that a menu with none to offer
        does not load the table behind the check (the start-up, issue 44)."""
        history = self.history
        if history is None:
            return False
        if self._continue_check is None or self._continue_check.history is not history:
            from app.game.resume import can_continue

            self._continue_check = can_continue(history)  # one a history: it keeps what it found out
        return self._continue_check(row)

    def continue_table(self, row: SessionRow) -> None:
        """Sit down again at a stored session (the menu's Continue)."""
        history = self.history
        if history is None:
            return
        from app.game.resume import RestoreError, restore_table
        from app.screens.table import TableScreen

        try:
            if not history.holding.claim(row.id, os.getpid()):
                self.notify(self.t("history.taken"), severity="warning")
                return
            table = restore_table(row, history.session_deals(row.id), history, now=self.now)
        except RestoreError as exc:
            self.notify(str(exc), severity="error")
            return
        except Exception as exc:
            self.notify(self.t("history.off.unavailable") + f" ({exc})", severity="error")
            return
        table.journal.on_off = self.history_off  # type: ignore[union-attr]
        self.last_config = table.config
        screen = TableScreen(table.config, t=self.t, settings=self.settings, scheduler=self.scheduler, table=table)
        self.table_screen = screen
        self.push_screen(screen, self._table_closed)

    def open_deal(self, deal_id: int, *, review: bool = False, retry: bool = False) -> None:
        """Show a stored deal again (its reveal; ``review``: straight to the coach's review), or retry it."""
        from app.screens.past_deal import open_stored_deal

        if not open_stored_deal(self, deal_id, review=review, retry=retry) and not self.want_menu:
            self.exit(return_code=2)

    def menu_config(self) -> TableConfig | None:
        """What the menu's New table starts from: the last table's settings (a fresh seed, a seat at the table)."""
        if self.last_config is None:
            return None
        return replace(self.last_config, watch=False, seed=None)

    def show_menu(self) -> None:
        """Push the main menu (pre-filled with the last table's settings)."""
        menu = MainMenu(self.menu_config())
        menu.when_drawn.extend(self.when_menu_drawn)
        self.push_screen(menu)

    def start_table(self, config: TableConfig) -> None:
        """Sit down at a table with ``config`` (its matched seats given their level first, and the player told
        which: RULES.md §24.5)."""
        from app.game.rating import resolve_matched
        from app.screens.table import TableScreen
        from app.view.standing import matched_text

        config, matched = resolve_matched(config, self.history)
        if matched is not None:
            self.notify(matched_text(self.t, matched), timeout=8)
        screen = TableScreen(
            config, t=self.t, settings=self.settings, now=self.now, scheduler=self.scheduler, journal=self.journal()
        )
        self.table_screen = screen
        self.last_config = config
        self.push_screen(screen, self._table_closed)

    def _table_closed(self, left: Any) -> None:
        self.table_screen = None
        if left is Leave.MENU:  # back to the menu, even from a table the game was started at
            self.want_menu = True
        if not self.want_menu:
            self.exit()
            return
        menu = next((s for s in self.screen_stack if isinstance(s, MainMenu)), None)
        if menu is None:
            self.show_menu()
        else:
            menu.last_config = self.menu_config()  # New table and Rules follow the table just played

    @on(StartTable)
    def _start_table(self, message: StartTable) -> None:
        """The menu chose a table: sit down at it (the menu stays underneath)."""
        message.stop()
        self.start_table(message.config)

    @on(SettingsChanged)
    def _settings_changed(self, message: SettingsChanged) -> None:
        """The Settings screen saved new settings: the language, card look and theme follow them."""
        settings = message.settings
        self.settings = settings
        self.set_language(resolve_language(None, settings.language))
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        # Said here, in the language just chosen: the Settings screen still speaks the one it opened in.
        self.notify(self.translator("settings.saved"), timeout=2)
