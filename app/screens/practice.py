"""The Practice menu: the drills, each with the player's record under the chosen rules (accuracy, speed,
personal bests, the trend over the last runs), and the run's settings: the rules (`p`), timed or not (`t`)
and how many questions (`l`). Enter starts the highlighted drill (:class:`app.screens.drill.DrillScreen`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Sparkline, Static
from textual.widgets.option_list import Option

from app.game.drills import RUN_LENGTHS, Drill, DrillRun
from app.screens.base import MENU_CSS, BaseScreen
from app.screens.drill import DrillScreen
from app.store.database import History
from app.store.stats import drill_stats
from app.widgets.option_menu import OptionMenu
from rules.presets import Preset

PRESETS = tuple(Preset)


class PracticeScreen(BaseScreen[None]):
    """The drills and the run's settings (see the module docstring)."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "drills.key.start", key_display="⏎", priority=True),
        Binding("p", "cycle_rules", "drills.key.rules"),
        Binding("t", "toggle_timed", "drills.key.timed"),
        Binding("l", "cycle_length", "drills.key.length"),
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
    ]

    def __init__(self, history: History | None, preset: Preset = Preset.TAIWAN, *,
                 now: Callable[[], float] | None = None, seed: int | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history, self.preset = history, preset
        self.timed, self.items = False, RUN_LENGTHS[0]
        self.now, self.seed = now, seed  # tests inject the clock and the questions' seed
        self.runs = 0

    def compose(self) -> ComposeResult:
        yield Static(self.t("drills.title"), classes="screen-title")
        yield Static(self.t("drills.intro"), id="practice-intro")
        yield Static(id="practice-settings")
        yield OptionMenu(*self._options(), id="practice-list")
        yield Static(id="practice-about")
        yield Static(id="practice-stats")
        yield Static(self.t("drills.trend"), id="practice-trend-label")
        yield Sparkline([], id="practice-trend")
        yield self.too_small()
        yield self.footer()

    def _options(self) -> list[Option]:
        return [Option(Text.assemble((f" {n} ", "bold"), "  ", self.t(f"drills.drill.{d.value}")), id=d.value)
                for n, d in enumerate(Drill, 1)]

    def after_compose(self) -> None:
        menu = self.query_one("#practice-list", OptionList)
        if menu.highlighted is None:
            menu.highlighted = 0
        menu.focus()
        self.describe()

    @property
    def drill(self) -> Drill:
        menu = self.query_one("#practice-list", OptionList)
        return list(Drill)[menu.highlighted or 0]

    def describe(self) -> None:
        """The settings line, and the highlighted drill's description and record."""
        t = self.t
        self.query_one("#practice-settings", Static).update(t(
            "drills.settings", rules=t(f"host.preset.{self.preset.value}.name"),
            timed=t("drills.on") if self.timed else t("drills.off"), items=self.items))
        drill = self.drill
        self.query_one("#practice-about", Static).update(t(f"drills.about.{drill.value}"))
        stats = None if self.history is None else drill_stats(self.history, drill.value, self.preset.value)
        line = t("drills.stats_none")
        if stats is not None and stats.accuracy is not None:
            line = t("drills.stats_line", accuracy=f"{stats.accuracy:.0%}", questions=stats.questions,
                     seconds=f"{stats.seconds or 0:.1f}",
                     best="–" if stats.best_accuracy is None else f"{stats.best_accuracy:.0%}",
                     fastest="–" if stats.fastest is None else f"{stats.fastest:.1f}")
        self.query_one("#practice-stats", Static).update(line)
        trend = list(stats.trend) if stats is not None else []
        self.query_one("#practice-trend", Sparkline).data = trend
        for selector in ("#practice-trend", "#practice-trend-label"):
            self.query_one(selector).display = len(trend) > 1

    @on(OptionList.OptionHighlighted, "#practice-list")
    def _highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.describe()

    def action_start(self) -> None:
        """Start the highlighted drill."""
        kwargs: dict[str, object] = {"items": self.items, "timed": self.timed}
        if self.now is not None:
            kwargs["now"] = self.now
        if self.seed is not None:
            kwargs["seed"] = self.seed + self.runs
        self.runs += 1
        run = DrillRun(self.drill, self.preset, **kwargs)  # type: ignore[arg-type]
        self.app.push_screen(DrillScreen(run, self.history, t=self._translator, settings=self._settings))

    def on_screen_resume(self) -> None:
        """Back from a run: its record is in the numbers, and the list has the keys again."""
        if self.is_mounted and self.query("#practice-list"):
            self.query_one("#practice-list", OptionList).focus()
            self.describe()

    def action_cycle_rules(self) -> None:
        self.preset = PRESETS[(PRESETS.index(self.preset) + 1) % len(PRESETS)]
        self.describe()

    def action_toggle_timed(self) -> None:
        self.timed = not self.timed
        self.describe()

    def action_cycle_length(self) -> None:
        self.items = RUN_LENGTHS[(RUN_LENGTHS.index(self.items) + 1) % len(RUN_LENGTHS)]
        self.describe()

    def action_back(self) -> None:
        self.dismiss(None)
