"""The Statistics screen: the player's record under one preset at a time (←/→ or p for another), with trend
charts of the units lost to the coach and of the seconds taken to arrange over the last deals, each with its
axes labelled and their units (:func:`app.view.chart.column_chart`), and where the player stands in the
preset's family (RULES.md §24, :mod:`app.view.standing`): the rating with its interval and the levels it lies
between, the accuracy and the result told apart, the rating over time with its band and the accuracy by week.

Every figure counts the player's own decisions only, and the screen says so: how many of the seat's deals
that is, and what the others (the computer's: a time-out, a takeover) were and made for the seat.

The numbers are :func:`app.store.stats.compute_stats`'s; this screen only lays them out in words.

The same concept on another floor: the screen of :mod:`app.store.stats`' numbers.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from app.game.rating import Standing, standing
from app.screens.base import MENU_CSS, BaseScreen
from app.store.database import History
from app.store.stats import PresetStats, compute_stats
from app.view.chart import Axes, column_chart
from app.view.coach import percent
from app.view.formatting import preset_name, signed, units_text
from app.view.standing import (
    priced_note,
    pricing_text,
    rating_chart,
    rating_line,
    standing_lines,
    weeks_chart,
)
from rules.presets import Preset

PRESETS = tuple(p.value for p in Preset)


class StatsScreen(BaseScreen[None]):
    """One preset's statistics; see the module docstring."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the scrolling body would otherwise take ←/→ for itself
        Binding("left", "turn(-1)", "stats.key.other", key_display="←→", priority=True),
        Binding("right,p", "turn(1)", "stats.key.other", show=False, priority=True),
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
    ]
    SCROLL_BODY = "stats-body"

    def __init__(self, history: History | None, preset: str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history = history
        self.preset = preset or PRESETS[0]
        self.stats: PresetStats | None = None
        self.standing: Standing | None = None
        self._progress_seen: object = None  # the pricing's progress last drawn

    def compose(self) -> ComposeResult:
        yield Static(self.t("stats.title"), classes="screen-title")
        with VerticalScroll(id="stats-body", classes="doc"):
            yield Static(id="stats-preset", classes="section")
            yield Static(id="stats-counts")
            yield Static(id="stats-numbers")
            yield Static(id="stats-extremes")
            yield Static(id="stats-rating-label", classes="section")
            yield Static(id="stats-pricing")
            yield Static(id="stats-rating")
            yield Static(id="stats-standing")
            yield Static(id="stats-rating-chart-label", classes="section")
            yield Static(id="stats-rating-chart", classes="stats-chart")
            yield Static(id="stats-weeks-label", classes="section")
            yield Static(id="stats-weeks", classes="stats-chart")
            yield Static(id="stats-loss-label", classes="section")
            yield Static(id="stats-loss", classes="stats-chart")
            yield Static(id="stats-seconds-label", classes="section")
            yield Static(id="stats-seconds", classes="stats-chart")
        yield self.too_small()
        yield self.footer()

    def after_compose(self) -> None:
        self.show()
        self.query_one("#stats-body").focus()

    def show(self) -> None:
        """Compute and draw the current preset's statistics."""
        t = self.t
        name = preset_name(t, self.preset)
        self.query_one("#stats-preset", Static).update(t("stats.preset", preset=name))
        numbers = self.query_one("#stats-numbers", Static)
        counts = self.query_one("#stats-counts", Static)
        if self.history is None:
            numbers.update(t("history.off_here"))
            counts.display = False
            return
        s = self.stats = compute_stats(self.history, self.preset)
        counts.display = s.seat_deals > 0
        counts.update(self.counts(s))
        if s.deals == 0:
            numbers.update(t("stats.none"))
        else:
            numbers.update(self.numbers(s))
        # the value axes: units lost in hundredths, at least one unit high; seconds whole, at least ten high
        for key, trend, number, least in (
            ("loss", s.loss_trend, "{:.2f}", 1.0),
            ("seconds", s.seconds_trend, "{:.0f}", 10.0),
        ):
            chart = self.query_one(f"#stats-{key}", Static)
            label = self.query_one(f"#stats-{key}-label", Static)
            chart.display = label.display = len(trend) > 1
            if len(trend) > 1:
                label.update(t(f"stats.{key}_trend", n=len(trend), low=f"{min(trend):.1f}", high=f"{max(trend):.1f}"))
                axes = Axes(t(f"stats.{key}_axis"), t("stats.deals_axis", n=len(trend)), number, least)
                chart.update(Text("\n".join(column_chart(trend, axes)), no_wrap=True, overflow="crop"))
        self.query_one("#stats-extremes", Static).update(self.extremes(s) if s.deals else "")
        self.show_standing()

    def show_standing(self) -> None:
        """The rating, accuracy and luck of the preset's family, the rating over time and the accuracy by week
        (RULES.md §24)."""
        assert self.history is not None
        t = self.t
        arranged = Preset(self.preset).arranged
        found = self.standing = standing(self.history, self.preset) if arranged else None
        label = self.query_one("#stats-rating-label", Static)
        label.display = found is not None
        label.update(t("rating.title"))
        line = self.query_one("#stats-rating", Static)
        line.display = found is not None
        lines = self.query_one("#stats-standing", Static)
        lines.display = found is not None
        chart = self.query_one("#stats-rating-chart", Static)
        chart_label = self.query_one("#stats-rating-chart-label", Static)
        drawn = rating_chart(t, found) if found is not None else []
        chart.display = chart_label.display = bool(drawn)
        weeks_label = self.query_one("#stats-weeks-label", Static)
        weeks = self.query_one("#stats-weeks", Static)
        by_week = weeks_chart(t, found) if found is not None else []
        weeks.display = weeks_label.display = bool(by_week)
        if found is None:
            return
        line.update(rating_line(t, found, self.preset))
        self.watch_pricing(force=True)
        lines.update(Text("\n".join(standing_lines(t, found))))
        if drawn:
            chart_label.update(t("rating.chart_title"))
            chart.update(Text("\n".join(drawn), no_wrap=True, overflow="crop"))
        if by_week:
            weeks_label.update(t("rating.weeks_title"))
            weeks.update(Text("\n".join(by_week), no_wrap=True, overflow="crop"))

    def on_mount(self) -> None:
        """Follow the background pricing of past deals (:mod:`app.game.backlog`): its bar, then the figures it
        made."""
        self.set_interval(0.5, self.watch_pricing)

    def watch_pricing(self, force: bool = False) -> None:
        """Draw the pricing's bar (or what it left out); the figures again once it has finished."""
        progress = getattr(self.app, "backlog_progress", None)
        if progress is self._progress_seen and not force:
            return
        finished_now = progress is not None and progress.finished and not force
        self._progress_seen = progress
        line = self.query_one("#stats-pricing", Static)
        text = pricing_text(self.t, progress) or priced_note(self.t, progress)
        line.update(text)
        line.display = bool(text) and self.standing is not None
        if finished_now and self.history is not None:
            self.show()

    def counts(self, s: PresetStats) -> Text:
        """What the figures count: the player's own decisions of the seat's deals, and the others."""
        t = self.t
        out = Text(t("stats.counts", own=s.deals, all=s.seat_deals), style="italic")
        if s.computer_deals > 0:
            out.append(
                "\n" + t("stats.others", n=s.computer_deals, timeouts=s.timeouts, units=units_text(t, s.seat_units)),
                style="yellow",
            )
        return out

    def numbers(self, s: PresetStats) -> RichTable:
        """The figures, one to a line."""
        t = self.t
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()

        def line(key: str, value: str) -> None:
            grid.add_row(t(f"stats.{key}"), value)

        line("deals", str(s.deals))
        line("units", t("stats.units_value", mean=f"{s.mean:+.2f}", ci=f"{s.ci95:.2f}", total=signed(s.units)))
        rows = s.rows_won + s.rows_lost
        line(
            "rows",
            t("stats.rows_value", won=s.rows_won, lost=s.rows_lost, share=percent(s.rows_won / rows) if rows else "–"),
        )
        line("sweeps", t("stats.sweeps_value", given=s.sweeps_given, taken=s.sweeps_taken))
        line("fouls", str(s.fouls))
        line("specials", str(s.specials))
        if s.priced and s.mean_loss is not None and s.best_share is not None:
            line(
                "coach",
                t(
                    "stats.coach_value",
                    loss=units_text(t, s.mean_loss, places=2, sign=False),
                    best=percent(s.best_share),
                    n=s.priced,
                ),
            )
        else:
            line("coach", t("stats.coach_none"))
        line("seconds", "–" if s.median_seconds is None else t("stats.seconds_value", s=f"{s.median_seconds:.1f}"))
        return grid

    def extremes(self, s: PresetStats) -> Text:
        """The best and the worst deals, by id (open them from History)."""
        t = self.t
        best = ", ".join(t("stats.deal_units", id=d, units=signed(u)) for d, u in s.best) or "–"
        worst = ", ".join(t("stats.deal_units", id=d, units=signed(u)) for d, u in s.worst) or "–"
        return Text(t("stats.best", deals=best) + "\n" + t("stats.worst", deals=worst))

    def action_turn(self, step: int) -> None:
        """Another preset."""
        self.preset = PRESETS[(PRESETS.index(self.preset) + int(step)) % len(PRESETS)]
        self.show()

    def action_back(self) -> None:
        self.dismiss(None)
