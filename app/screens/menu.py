"""The main menu: start a table (quick, hosted, or watched), read the rankings and rules, change settings.

The contract with the App: the menu posts :class:`StartTable` with the chosen :class:`TableConfig` and
leaves starting the game to the App; it pushes its own Rankings, Rules, Settings and host screens, and
calls ``app.exit()`` on Quit.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.config import TableConfig
from app.i18n import Translator
from app.screens.base import MENU_CSS, BaseScreen
from app.screens.dialogs import ConfirmScreen
from app.screens.messages import StartTable
from app.screens.settings import language_of, notify_load_warning
from app.settings import Settings
from app.store.database import History, SessionRow
from app.store.stats import has_rating_rows, rating_rows
from app.view.formatting import money_text, preset_name
from app.widgets.form import CardStrip
from app.widgets.option_menu import OptionMenu
from rules.dealcode import DealCode, daily_family, family_presets
from rules.ledger import ledger_from_dict
from rules.presets import Preset

TITLE_CARDS = "As Kh Qc Jd Ts"


class MainMenu(BaseScreen[None]):
    """The first screen: seven choices, by arrow keys and enter, by their letter, or by mouse."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "choose('continue')", "menu.key.continue"),
        Binding("p", "choose('quick')", "menu.key.quick"),
        Binding("n", "choose('new')", "menu.key.new"),
        Binding("a", "choose('daily')", "menu.key.daily", show=False),
        Binding("e", "choose('code')", "menu.key.code", show=False),
        Binding("w", "choose('watch')", "menu.key.watch"),
        Binding("o", "choose('host')", "menu.key.host", show=False),
        Binding("j", "choose('join')", "menu.key.join", show=False),
        Binding("d", "choose('practice')", "menu.key.practice", show=False),
        Binding("l", "choose('learn')", "menu.key.learn", show=False),
        Binding("h", "choose('rankings')", "menu.key.rankings"),
        Binding("r", "choose('rules')", "menu.key.rules"),
        Binding("y", "choose('history')", "menu.key.history", show=False),
        Binding("t", "choose('stats')", "menu.key.stats", show=False),
        Binding("s", "choose('settings')", "menu.key.settings"),
        Binding("q", "choose('quit')", "menu.key.quit"),
    ]

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        t: Translator | None = None,
        settings: Settings | None = None,
    ) -> None:
        """``config`` pre-fills the host settings (e.g. the last table's); the defaults otherwise."""
        super().__init__(t=t, settings=settings)
        self.last_config = config
        self._continue: SessionRow | None = None  # the session Continue continues (:meth:`items`)
        self._first_frame_out = False  # first frame out, its checks done or under way (:meth:`_first_frame_drawn`)
        self.when_drawn: list[Callable[[MainMenu], None]] = []  # called once the first frame is out, before that work
        self._resumed = 0  # screen resumes seen (:meth:`on_screen_resume`)
        self._progress_seen: object = None  # the background pricing's progress last drawn

    def compose(self) -> ComposeResult:
        """Title, a row of cards, the choices and a line describing the highlighted one."""
        t = self.t
        with Horizontal(id="menu-row"):
            with Vertical(id="menu-box"):
                yield Static(t("menu.title"), id="menu-title")
                yield Static(t("menu.subtitle"), id="menu-subtitle")
                with Center():
                    yield CardStrip(TITLE_CARDS, id="menu-cards")
                with Center(id="menu-center"):
                    yield OptionMenu(*self._options(), id="menu-list")
                yield Static("", id="menu-hint")
                # Until the first frame is out, a rating to come keeps its line (blank): no jump when it is shown.
                rating = self.rating_hint() if self._first_frame_out else self.rating_to_come()
                yield Static(rating, id="menu-rating", classes="" if rating else "-empty")
            # A newcomer's summary beside the menu, shown only when the terminal has room for it.
            with Vertical(id="menu-guide"):
                yield Static(t("menu.guide_title"), classes="section")
                yield Static(t("menu.guide"), id="menu-guide-text")
        yield self.too_small()
        yield self.footer()

    def resumable(self) -> SessionRow | None:
        """The session the App offers to continue (None without a history, or nothing to continue); before the
        menu's first frame, one not yet checked is taken to rebuild (:meth:`_first_frame_drawn` checks it)."""
        find = getattr(self.app, "resumable", None)
        return find(checked=self._first_frame_out) if callable(find) else None

    @property
    def first_frame_out(self) -> bool:
        """Whether the first frame is out (:attr:`when_drawn` called) and the menu's checks done or under way."""
        return self._first_frame_out

    @property
    def offers_continue(self) -> bool:
        """Whether the menu offers Continue now."""
        return self._continue is not None

    def items(self) -> list[tuple[str, str]]:
        """The menu's entries: Continue only when there is a session to continue."""
        self._continue = self.resumable()
        return [(item.id, item.key) for item in ITEMS if item.id != "continue" or self._continue is not None]

    def _first_frame_drawn(self) -> None:
        """What a returning player's menu does once its first frame is out: check that the session Continue
        offers rebuilds, and work out the rating line. Both load numpy and the check the table too (a quarter of
        a second), which the menu no longer waits for. A session that does not rebuild leaves the menu (or gives
        way to an older one) a moment later; a choice made before that checks first (:meth:`checked`)."""
        if self._first_frame_out:
            return
        self._first_frame_out = True  # from here on the checked answers (and only once)
        try:
            for call in self.when_drawn:
                call(self)
        finally:
            self._follow_continue()
            self._show_rating(self._progress_seen)

    def checked(self) -> None:
        """Check Continue's session now if the first frame's check has not run yet: before a choice that acts on
        it (Continue, or a new table that would put it aside)."""
        self._first_frame_drawn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("continue",):
            return self._continue is not None
        return True

    def on_screen_resume(self) -> None:
        """Back from a table or a sub-screen: Continue may have come or gone. (The first resume is the menu's own
        start, whose check follows its first frame; a later one that finds it not done yet does it now.)"""
        self._resumed += 1
        if self._first_frame_out:
            self._follow_continue()
        elif self._resumed > 1:
            self._first_frame_drawn()

    def _follow_continue(self) -> None:
        """Offer Continue as it now stands."""
        if self.is_mounted:
            menu = self.query_one("#menu-list", OptionList)
            had = self._continue
            items = self.items()
            if (had is None) != (self._continue is None) or had != self._continue:
                menu.clear_options()
                menu.add_options(self._options(items))
                menu.highlighted = 0
                self._describe(items[0][0])
            self.refresh_bindings()

    def _options(self, items: list[tuple[str, str]] | None = None) -> list[Option]:
        t = self.t
        items = self.items() if items is None else items
        labels = {item: t(f"menu.{item}") for item, _ in items}
        width = max(cell_len(label) for label in labels.values())
        options = []
        for item, key in items:
            label = labels[item]
            prompt = Text.assemble(
                (f" {key.upper()} ", "bold"),
                "  ",
                label,
                " " * (width - cell_len(label) + 2),
                (t(f"menu.{item}_alt"), "dim"),
            )
            options.append(Option(prompt, id=item))
        return options

    def watch_pricing(self) -> None:
        """The rating line follows the background pricing of past deals: its bar while it runs, then the rating
        it made (RULES.md §24; :mod:`app.game.backlog`)."""
        progress = getattr(self.app, "backlog_progress", None)
        if progress is self._progress_seen:
            return
        self._progress_seen = progress
        self._show_rating(progress)

    def _show_rating(self, progress: Any) -> None:
        """The rating line: the background pricing's bar while it runs (``progress``), else the rating."""
        bar = ""
        if progress is not None:  # a backlog being priced (the rating's words load with it, not at start-up)
            from app.view.standing import pricing_text

            bar = pricing_text(self.t, progress)
        line = self.query_one("#menu-rating", Static)
        text = bar or (self.rating_hint() if self._first_frame_out else self.rating_to_come())
        line.update(text)
        line.set_class(not text, "-empty")

    def on_mount(self) -> None:
        """Pass on a warning about a bad settings file, once (the base screen then focuses the list); once the
        first frame is out, check Continue's session and work out the rating (:meth:`_first_frame_drawn`)."""
        self.set_interval(0.5, self.watch_pricing)
        # After the first frame's other callbacks (call_later: a message, handled once they have all run).
        self.call_after_refresh(self.call_later, self._first_frame_drawn)
        warning = getattr(self.app, "settings_warning", None)
        if isinstance(warning, str) and warning:
            notify_load_warning(self, warning)
            # Shown once: the App makes a new menu after every table.
            self.app.settings_warning = None  # type: ignore[attr-defined]

    def after_compose(self) -> None:
        """Highlight and focus the first entry (also after a language change rebuilt the screen)."""
        menu = self.query_one("#menu-list", OptionList)
        menu.highlighted = 0
        menu.focus()
        first = menu.get_option_at_index(0).id
        self._describe(first or "quick")

    @on(OptionList.OptionHighlighted, "#menu-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._describe(event.option.id)

    def _describe(self, item: str) -> None:
        if item == "continue":
            self.query_one("#menu-hint", Static).update(self.continue_hint())
            return
        quick = TableConfig.quick()
        hint = self.t(
            f"menu.{item}_hint",
            preset=preset_name(self.t, quick.preset.value),
            limit=quick.time_limit,
        )
        self.query_one("#menu-hint", Static).update(hint)

    @on(OptionList.OptionSelected, "#menu-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, item: str) -> None:
        """Carry out a menu choice (the letter keys, enter and clicks all end here)."""
        menu = self.query_one("#menu-list", OptionList)
        index = next((i for i in range(menu.option_count) if menu.get_option_at_index(i).id == item), None)
        if index is not None:
            menu.highlighted = index
        _BY_ID[item].open(self)

    def rating_to_come(self) -> str:
        """Before the first frame: a blank line where the rating will be (:meth:`rating_hint`, worked out once
        the frame is out), or nothing when there will be none to show."""
        history, preset = self._rated_at()
        return "\u00a0" if history is not None and has_rating_rows(history, family_presets(preset)) else ""

    def _rated_at(self) -> tuple[History | None, Preset]:
        """The history the rating line reads (None: no history, or a preset with no rating) and the preset."""
        history = getattr(self.app, "history", None)
        preset = (self.last_config or TableConfig.quick()).preset
        return (history if isinstance(history, History) and preset.arranged else None), preset

    def rating_hint(self) -> str:
        """The player's current rating in the family of the preset quick play (or the last table) plays, with the
        levels it lies between (RULES.md §24); empty without a history or a priced deal."""
        history, preset = self._rated_at()
        rows = [] if history is None else rating_rows(history, family_presets(preset))
        if not rows:
            return ""  # nothing priced yet: nothing to say, and the rating's numpy stays unloaded (start-up)
        from app.game.rating import standing_from_rows
        from app.view.standing import rating_line

        found = standing_from_rows(daily_family(preset), rows)
        return "" if not found.priced else rating_line(self.t, found, preset.value, short=True)

    def continue_hint(self) -> str:
        """What Continue continues: the preset, the deals played, the deal in progress and the player's money."""
        row, t = self._continue, self.t
        if row is None:
            return ""
        preset = preset_name(t, row.preset)
        money = ""
        try:
            seat = int(row.state.get("player_seat") or 0)
            if row.config.get("scored", True):
                ledger = ledger_from_dict(Preset(row.preset), row.state["ledger"])
                money = money_text(t, ledger.style, ledger.money[seat])
        except (KeyError, IndexError, TypeError, ValueError):  # a row not yet checked to rebuild may not read
            money = ""
        played = t("menu.continue_played_none") if row.deals == 0 else t("menu.continue_played", deals=row.deals)
        return t("menu.continue_hint", preset=preset, played=played, playing=self._playing(), money=money or "–")

    def _playing(self) -> str:
        """The deal Continue deals again, when one was being played: its number and the time that was left."""
        row = self._continue
        if row is None:
            return ""
        from app.game.playing import Playing  # with a session to continue only (no numpy: the menu's start-up)

        playing = Playing.from_state(row.state)
        if playing is None:
            return ""
        if playing.passing is not None:  # 換三張: the pass clock is the one running, not the arrangement's
            secs = math.ceil(playing.passing)
            return self.t("menu.continue_passing", deal=playing.deal, time=f"{secs // 60}:{secs % 60:02d}")
        if playing.left is None:
            return self.t("menu.continue_playing_untimed", deal=playing.deal)
        secs = math.ceil(playing.left)
        return self.t("menu.continue_playing", deal=playing.deal, time=f"{secs // 60}:{secs % 60:02d}")

    def _code_typed(self, code: DealCode | None) -> None:
        # The code dialog dismisses with the code typed (None: the player went back).
        if code is not None:
            self.post_message(StartTable(TableConfig.for_code(code)))

    def _join_typed(self, address: str | None) -> None:
        # The join dialog dismisses with a lobby's address (None: the player went back).
        if address is not None:
            from app.screens.lobby import LobbyScreen, player_name

            self.app.push_screen(LobbyScreen(address, player_name(), t=self.t, settings=self._settings))

    def _hosted(self, config: TableConfig | None) -> None:
        # The host screen dismisses with the chosen config (None: the player went back).
        if config is not None:
            self.last_config = config
            self.start(config)

    def start(self, config: TableConfig) -> None:
        """Start a table for ``config``; with a session Continue offers, ask first: Continue offers the latest
        session only, so a new table puts that one aside."""
        self.checked()
        if self._continue is None:
            self.post_message(StartTable(config))
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(StartTable(config))

        text = self.t("menu.put_aside", session=self.continue_hint())
        self.app.push_screen(ConfirmScreen(text, t=self.t), answered)

    def _settings_closed(self, saved: Settings | None) -> None:
        if saved is None:
            return
        # The Settings screen posted SettingsChanged to the App before closing; queueing behind it lets
        # the App switch its translator first, so the menu redraws in the language the App settled on.
        self.app.call_later(self._apply_settings, saved)

    async def _apply_settings(self, saved: Settings) -> None:
        if self._settings is not None:
            self._settings = saved
        app_translator = getattr(self.app, "translator", None)
        new = app_translator if isinstance(app_translator, Translator) else language_of(saved)
        # Redraw even in the same language: the card tiles may have a new look.
        await self.set_translator(new)


class MenuItem(NamedTuple):
    """One entry of the main menu: its option id (its words in menu.toml), its key, and what choosing it does."""

    id: str
    key: str
    open: Callable[[MainMenu], None]


# One opener an item. Each imports its screen when it opens, not with the menu: the menu is the game's first
# picture and comes up in 0.5 s only without the table, the coach and numpy behind it (issue 44). Sub-screens get
# the menu's own translator so that they always speak the menu's language.


def _open_continue(menu: MainMenu) -> None:
    menu.checked()  # a session not checked yet (a key pressed as the menu came up) is checked first
    row = menu._continue
    go_on = getattr(menu.app, "continue_table", None)
    if row is not None and callable(go_on):
        go_on(row)


def _open_quick(menu: MainMenu) -> None:
    menu.start(TableConfig.quick())


def _open_watch(menu: MainMenu) -> None:
    menu.start(replace(TableConfig.quick(), watch=True))


def _open_new(menu: MainMenu) -> None:
    from app.screens.host import HostScreen

    menu.app.push_screen(HostScreen(menu.last_config, t=menu.t), menu._hosted)


def _open_daily(menu: MainMenu) -> None:
    from app.game.daily import utc_today
    from app.screens.daily import DailyScreen

    wall = getattr(menu.app, "wall", time.time)
    preset = (menu.last_config or TableConfig()).preset
    daily = DailyScreen(_history(menu), preset, today=lambda: utc_today(wall), t=menu.t, settings=menu._settings)
    menu.app.push_screen(daily)


def _open_code(menu: MainMenu) -> None:
    from app.screens.daily import CodeDialog

    menu.app.push_screen(CodeDialog(t=menu.t), menu._code_typed)


def _open_host(menu: MainMenu) -> None:
    from app.screens.lobby import LOBBY_HOST, LOBBY_PORT, LobbyScreen, player_name

    # This game runs the lobby on this machine (127.0.0.1, as `chinese-poker host` does by default) and
    # joins it; the screen shows the address, token included, for friends to join.
    host = (LOBBY_HOST, LOBBY_PORT)
    menu.app.push_screen(LobbyScreen(None, player_name(), host=host, t=menu.t, settings=menu._settings))


def _open_join(menu: MainMenu) -> None:
    from app.screens.lobby import JoinDialog

    menu.app.push_screen(JoinDialog(t=menu.t), menu._join_typed)


def _open_rankings(menu: MainMenu) -> None:
    from app.screens.rankings import RankingsScreen

    menu.app.push_screen(RankingsScreen(t=menu.t, settings=menu._settings))


def _open_rules(menu: MainMenu) -> None:
    from app.screens.rules_screen import RulesScreen

    config, known = menu.last_config or TableConfig(), menu.last_config is not None
    menu.app.push_screen(RulesScreen.of_table(config, t=menu.t, settings=menu._settings, players=known))


def _open_learn(menu: MainMenu) -> None:
    learn = getattr(menu.app, "start_guide", None)
    if callable(learn):
        learn()


def _open_practice(menu: MainMenu) -> None:
    from app.screens.practice import PracticeScreen

    last = menu.last_config or TableConfig()
    practice = PracticeScreen(_history(menu), last.preset, options=last.options, t=menu.t, settings=menu._settings)
    menu.app.push_screen(practice)


def _open_history(menu: MainMenu) -> None:
    from app.screens.history import HistoryScreen

    menu.app.push_screen(HistoryScreen(_history(menu), t=menu.t, settings=menu._settings))


def _open_stats(menu: MainMenu) -> None:
    from app.screens.stats import StatsScreen

    preset = (menu.last_config or TableConfig()).preset.value
    menu.app.push_screen(StatsScreen(_history(menu), preset, t=menu.t, settings=menu._settings))


def _open_settings(menu: MainMenu) -> None:
    from app.screens.settings import SettingsScreen

    # Edit what the App runs with; without it the Settings screen loads (and checks) the file.
    current = menu._settings or getattr(menu.app, "settings", None)
    current = current if isinstance(current, Settings) else None
    menu.app.push_screen(SettingsScreen(t=menu.t, settings=current), menu._settings_closed)


def _open_quit(menu: MainMenu) -> None:
    menu.app.exit()


def _history(menu: MainMenu) -> History | None:
    history = getattr(menu.app, "history", None)
    return history if isinstance(history, History) else None


ITEMS: tuple[MenuItem, ...] = (
    MenuItem("continue", "c", _open_continue),
    MenuItem("quick", "p", _open_quick),
    MenuItem("new", "n", _open_new),
    MenuItem("daily", "a", _open_daily),
    MenuItem("code", "e", _open_code),
    MenuItem("watch", "w", _open_watch),
    MenuItem("host", "o", _open_host),
    MenuItem("join", "j", _open_join),
    MenuItem("practice", "d", _open_practice),
    MenuItem("learn", "l", _open_learn),
    MenuItem("rankings", "h", _open_rankings),
    MenuItem("rules", "r", _open_rules),
    MenuItem("history", "y", _open_history),
    MenuItem("stats", "t", _open_stats),
    MenuItem("settings", "s", _open_settings),
    MenuItem("quit", "q", _open_quit),
)
"""The menu's entries in order: the one list the menu, its keys, the command palette and the words read."""
_BY_ID = {item.id: item for item in ITEMS}
