"""The Practice menu: the drills, each with the player's record under the chosen rules (accuracy, speed,
personal bests, the trend over the last runs), and the run's settings: the rules (`p`), timed or not (`t`),
how many questions or hands (`l`), for the drills whose cards may hold it the joker (`j`, RULES.md §20) and,
for Arrange, where its hands come from (`o`). Enter starts the
highlighted drill: a quiz (:class:`app.screens.drill.DrillScreen`) or Arrange, at the table itself
(:class:`app.game.drills.arrange_drill.ArrangeTable`), followed by its result (:class:`ArrangeResultScreen`).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Sparkline, Static
from textual.widgets.option_list import Option

from ai import Verdict
from app.game.drills import JOKER_DRILLS, RUN_LENGTHS, Drill, DrillRun
from app.game.drills.arrange_drill import ArrangeJournal, ArrangeTable, Pool, hands_from, pools_for
from app.game.drills.schedule import played_well
from app.screens.base import MENU_CSS, BaseModal, BaseScreen
from app.screens.drill import DrillScreen
from app.screens.table import TableScreen
from app.store.database import History
from app.store.stats import DRILL_BEST_MIN, DrillStats, drill_stats
from app.view.formatting import preset_name, units_text
from app.widgets.chrome import GameFooter
from app.widgets.option_menu import ChoiceList
from rules.presets import Options, Preset

PRESETS = tuple(Preset)
ARRANGE = "arrange"
ENTRIES = (*(d.value for d in Drill), ARRANGE)
ARRANGE_LIMIT = 60  # seconds a hand in a timed Arrange run (the table's usual clock)


class PracticeScreen(BaseScreen[None]):
    """The drills and the run's settings (see the module docstring)."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "drills.key.start", key_display="⏎", priority=True),
        Binding("p", "cycle_rules", "drills.key.rules"),
        Binding("t", "toggle_timed", "drills.key.timed"),
        Binding("l", "cycle_length", "drills.key.length"),
        Binding("j", "toggle_joker", "drills.key.joker"),
        Binding("o", "cycle_pool", "drills.key.pool"),
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
        # Each drill's number, as the list shows it beside its name, starts it.
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, len(ENTRIES) + 1)),
    ]

    def __init__(
        self,
        history: History | None,
        preset: Preset = Preset.TAIWAN,
        *,
        now: Callable[[], float] | None = None,
        seed: int | None = None,
        options: Options | None = None,
        **kwargs: object,
    ) -> None:
        """``options``: the last table's, used while its preset is chosen (a suit tie-break the host turned on
        is drilled too); every other preset drills its own defaults."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history, self.preset = history, preset
        self.table_options = (preset, options) if options is not None else None
        self.joker = options is not None and options.joker  # a joker table's drills start with the joker
        self.timed, self.items, self.pool = False, RUN_LENGTHS[0], Pool.RANDOM
        self.now, self.seed = now, seed  # tests inject the clock and the questions' seed
        self.wall_clock: Callable[[], float] = time.time  # the schedule's clock (days, not the table's seconds)
        self.runs = 0
        self.before_arrange: DrillStats | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.t("drills.title"), classes="screen-title")
        yield Static(self.t("drills.intro"), id="practice-intro")
        yield Static(id="practice-settings")
        yield ChoiceList(*self._options(), id="practice-list")  # ↑↓ in the Footer, beside ⏎ and the numbers
        yield Static(id="practice-about")
        yield Static(id="practice-stats")
        yield Static(self.t("drills.trend"), id="practice-trend-label")
        yield Sparkline([], id="practice-trend")
        yield self.too_small()
        yield self.footer()

    def _options(self) -> list[Option]:
        return [
            Option(Text.assemble((f" {n} ", "bold"), "  ", self.t(f"drills.drill.{d}")), id=d)
            for n, d in enumerate(ENTRIES, 1)
        ]

    def after_compose(self) -> None:
        menu = self.query_one("#practice-list", OptionList)
        if menu.highlighted is None:
            menu.highlighted = 0
        menu.focus()
        self.describe()

    @property
    def entry(self) -> str:
        """The highlighted drill's id (a quiz drill's, or ``arrange``)."""
        menu = self.query_one("#practice-list", OptionList)
        return ENTRIES[menu.highlighted or 0]

    @property
    def drill(self) -> Drill | None:
        """The highlighted quiz drill (None: Arrange)."""
        return None if self.entry == ARRANGE else Drill(self.entry)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_pool":  # only Arrange has pools
            return self.is_mounted and bool(self.query("#practice-list")) and self.entry == ARRANGE
        if action == "toggle_joker":
            return self.is_mounted and bool(self.query("#practice-list")) and self.joker_applies
        return True

    @property
    def joker_applies(self) -> bool:
        """Whether the highlighted drill can deal the joker: a drill on rows or hands, under arranged rules (the
        pattern ladder has none, RULES.md §19)."""
        return self.preset.arranged and self.drill in JOKER_DRILLS

    def describe(self) -> None:
        """The settings line, and the highlighted drill's description and record."""
        t = self.t
        entry = self.entry
        key = "drills.settings_arrange" if entry == ARRANGE else "drills.settings"
        settings = t(
            key,
            rules=preset_name(t, self.preset.value),
            items=self.items,
            timed=t("drills.on") if self.timed else t("drills.off"),
            pool=t(f"drills.pool.{self.pool.value}"),
        )
        if self.joker_applies:
            settings += "  " + t("drills.settings_joker", joker=t("drills.on") if self.joker else t("drills.off"))
        self.query_one("#practice-settings", Static).update(settings)
        self.refresh_bindings()  # `o` only on Arrange
        self.query_one("#practice-about", Static).update(t(f"drills.about.{entry}"))
        stats = None if self.history is None else drill_stats(self.history, entry, self.preset.value)
        line = t("drills.stats_none")
        if entry == ARRANGE and stats is not None and stats.mean_loss is not None:
            line = t(
                "drills.stats_arrange",
                loss=units_text(t, stats.mean_loss, places=2, sign=False),
                hands=stats.questions,
                seconds=f"{stats.seconds or 0:.1f}",
                best="–" if stats.best_loss is None else f"{stats.best_loss:.2f}",
                fastest="–" if stats.fastest is None else t("drills.seconds", s=f"{stats.fastest:.1f}"),
            )
        if entry == ARRANGE and self.history is not None:
            due = len(self.history.mistakes.due(self.preset.value, self.wall()))
            line += "\n" + t("drills.mistakes_due", n=due)
        elif stats is not None and stats.accuracy is not None:
            line = t(
                "drills.stats_line",
                accuracy=f"{stats.accuracy:.0%}",
                questions=stats.questions,
                seconds=f"{stats.seconds or 0:.1f}",
                best="–" if stats.best_accuracy is None else f"{stats.best_accuracy:.0%}",
                fastest="–" if stats.fastest is None else t("drills.seconds", s=f"{stats.fastest:.1f}"),
            )
        self.query_one("#practice-stats", Static).update(line)
        trend = list(stats.trend) if stats is not None else []
        self.query_one("#practice-trend", Sparkline).data = trend
        for selector in ("#practice-trend", "#practice-trend-label"):
            self.query_one(selector).display = len(trend) > 1

    @on(OptionList.OptionHighlighted, "#practice-list")
    def _highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.describe()

    @property
    def options(self) -> Options:
        """The options the drills follow: the last table's under its preset, else the preset's defaults; the
        joker as `j` sets it, where the drill can deal it."""
        base = self.preset.default_options
        if self.table_options is not None and self.table_options[0] is self.preset:
            base = self.table_options[1]
        return replace(base, joker=self.joker and self.joker_applies)

    def wall(self) -> float:
        """The time of day for the mistakes' schedule (tests move it)."""
        return self.wall_clock()

    def action_pick(self, index: int) -> None:
        """A drill's number: highlight it and start it."""
        self.query_one("#practice-list", OptionList).highlighted = index
        self.describe()
        self.action_start()

    def action_start(self) -> None:
        """Start the highlighted drill."""
        if self.entry == ARRANGE:
            if not self.preset.arranged:  # the pattern ladder has nothing to arrange (RULES.md §19)
                self.notify(self.t("drills.no_arranging", rules=preset_name(self.t, self.preset.value)))
                return
            self.start_arrange()
            return
        drill = self.drill
        assert drill is not None
        if drill is Drill.SPECIAL and not self.preset.specials:  # western declares nothing (RULES.md §15.1)
            self.notify(self.t("drills.no_specials", rules=preset_name(self.t, self.preset.value)))
            return
        kwargs: dict[str, object] = {"items": self.items, "timed": self.timed}
        if self.now is not None:
            kwargs["now"] = self.now
        if self.seed is not None:
            kwargs["seed"] = self.seed + self.runs
        self.runs += 1
        run = DrillRun(drill, self.preset, options=self.options, **kwargs)  # type: ignore[arg-type]
        self.app.push_screen(DrillScreen(run, self.history, t=self._translator, settings=self._settings))

    def on_screen_resume(self) -> None:
        """Back from a run: its record is in the numbers, and the list has the keys again."""
        if self.is_mounted and self.query("#practice-list"):
            self.query_one("#practice-list", OptionList).focus()
            self.describe()

    def start_arrange(self) -> None:
        """Arrange: the table with the pool's hands, then the run's result."""
        seed = self.seed + self.runs if self.seed is not None else random.SystemRandom().randrange(2**31)
        self.runs += 1
        items = self.items
        if self.pool is Pool.MISTAKES:
            due = 0 if self.history is None else len(self.history.mistakes.due(self.preset.value, self.wall()))
            if due == 0:
                self.app.notify(self.t("drills.no_mistakes"), severity="warning")
                return
            items = min(items, due)
        journal = ArrangeJournal(self.history, pool=self.pool, clock=self.wall_clock)
        hands = hands_from(self.pool, self.preset, random.Random(seed), self.history, self.wall())
        table = ArrangeTable(
            self.preset,
            hands,
            items=items,
            time_limit=ARRANGE_LIMIT if self.timed else 0,
            seed=seed,
            journal=journal,
            sort=self.settings.sort,
            now=time.monotonic if self.now is None else self.now,
        )
        screen = TableScreen(
            table.config,
            t=self._translator,
            settings=self._settings,
            table=table,
            scheduler=getattr(self.app, "scheduler", None),
        )

        def closed(_: object) -> None:
            if table.reviews():
                self.app.push_screen(ArrangeResultScreen(table, journal, self.before_arrange, t=self._translator))

        self.before_arrange = None if self.history is None else drill_stats(self.history, ARRANGE, self.preset.value)
        self.app.push_screen(screen, closed)

    def action_cycle_pool(self) -> None:
        pools = pools_for(self.preset)
        self.pool = pools[(pools.index(self.pool) + 1) % len(pools)]
        self.describe()

    def action_cycle_rules(self) -> None:
        self.preset = PRESETS[(PRESETS.index(self.preset) + 1) % len(PRESETS)]
        if self.pool not in pools_for(self.preset):
            self.pool = Pool.RANDOM  # no hand is hard in backrow: its drill draws at random
        self.describe()

    def action_toggle_joker(self) -> None:
        self.joker = not self.joker
        self.describe()

    def action_toggle_timed(self) -> None:
        self.timed = not self.timed
        self.describe()

    def action_cycle_length(self) -> None:
        self.items = RUN_LENGTHS[(RUN_LENGTHS.index(self.items) + 1) % len(RUN_LENGTHS)]
        self.describe()

    def action_back(self) -> None:
        self.dismiss(None)


class ArrangeResultScreen(BaseModal[None]):
    """An Arrange run's result: the hands, the units lost a hand, the verdicts, the seconds, personal bests."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter", "close", "drills.key.back", key_display="esc")]

    def __init__(
        self, table: ArrangeTable, journal: ArrangeJournal, before: DrillStats | None, **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.table, self.journal, self.before = table, journal, before

    def compose(self) -> ComposeResult:
        yield self.too_small()
        with VerticalScroll(classes="dialog game-body"):
            yield Static(self.t("drills.result_title", drill=self.t("drills.drill.arrange")), classes="dialog-title")
            yield Static(self.summary(), id="arrange-result")
        yield GameFooter()

    def summary(self) -> Text:
        t, reviews = self.t, self.table.reviews()
        seconds = [r.seconds for r in self.table.history if r.own(0) and r.seconds is not None]
        loss = sum(r.loss for r in reviews) / len(reviews)
        out = Text(
            t(
                "drills.arrange_result",
                hands=len(reviews),
                loss=units_text(t, loss, places=2, sign=False),
                seconds=f"{sum(seconds) / len(seconds):.1f}" if seconds else "–",
                well=sum(played_well(self.table.preset, r.loss) for r in reviews),
            )
            + "\n"
        )
        counts = Counter(r.verdict for r in reviews)
        out.append(" · ".join(f"{t(f'coach.verdict.{v.value}')} {counts[v]}" for v in Verdict if counts[v]) + "\n")
        b = self.before
        if len(reviews) >= DRILL_BEST_MIN and (b is None or b.best_loss is None or loss < b.best_loss):
            out.append(t("drills.new_best_loss") + "\n", style="bold green")
        if self.journal.history is None:
            out.append(t("drills.not_recorded") + "\n", style="yellow")
        out.append(t("drills.back_hint"), style="dim italic")
        return out

    def action_close(self) -> None:
        self.dismiss(None)
