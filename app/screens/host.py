"""Host settings for a new table (開闢新局, rules/RULES.md §10–§11): preset, scoring, clock, takeover, how many
players, opponents.

One line a setting, changed with ←/→; switching the preset resets its options to the preset's defaults
(:meth:`TableConfig.with_preset`). A row offers only what exists with the other choices, and follows them when
they change (:mod:`app.view.host_form`: the first banker among the seated players, 換三張's ways at the table's
size, the rows of the preset, the banker game and arcade's coins only where they apply). Start dismisses the
screen with the :class:`TableConfig` (the menu then posts ``StartTable``); Escape goes back with ``None``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from ai import Level
from app.config import TableConfig
from app.i18n import Translator
from app.screens.base import MENU_CSS, BaseScreen
from app.screens.rules_screen import RulesView
from app.view.formatting import preset_name
from app.view.host_form import OPTION_ROWS, ROWS, SEATS, TABLE_ROWS, FormRow, fit, shown
from app.view.rules_text import RulesText, level_note, preset_description
from app.widgets.form import ChoiceRow
from rules.presets import Preset

MATCHED = "matched"  # the level choice that follows the player's rating (RULES.md §24.5)


class HostScreen(BaseScreen[TableConfig | None]):
    """The host's choices for a new table; dismisses with the :class:`TableConfig` or ``None``."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "menu.key.back"),
        Binding("s", "start", "host.key.start"),
        # Before the form's own scrolling (which would scroll rather than move at 80×24), one entry for both.
        Binding("up", "row(-1)", "host.key.rows", show=False, priority=True),
        Binding("down", "row(1)", "host.key.rows", key_display="↑↓", priority=True),
    ]

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        t: Translator | None = None,
    ) -> None:
        super().__init__(t=t)
        self.config = fit(config or TableConfig())  # a record from before a choice depended on another: as shown

    def compose(self) -> ComposeResult:
        """The preset, the table's rows, the opponents' levels, the options' rows (:mod:`app.view.host_form`),
        then Start and Back."""
        t = self.t
        c = self.config
        yield Static(t("host.title"), classes="screen-title")
        with Horizontal(id="host-columns"):
            with VerticalScroll(id="host-body", classes="form"):
                presets = [(p, preset_name(t, p.value)) for p in Preset]
                yield ChoiceRow(t("host.preset_label"), presets, c.preset, id="preset")
                yield Static(preset_description(t, c.preset), id="preset-desc", classes="row-note")
                yield from (self._row(row) for row in TABLE_ROWS)
                # `matched`: the level nearest the player's rating, chosen when the table starts (RULES.md §24.5)
                levels: list[tuple[Level | str, str]] = [(lv, t(f"host.level.{lv.value}")) for lv in Level]
                levels.append((MATCHED, t("host.level.matched")))
                for seat, name in SEATS:
                    label = t("host.seat_label", seat=t(f"host.seat.{name}"))
                    chosen = MATCHED if seat in c.matched else c.levels[seat - 1]
                    row = ChoiceRow(label, levels, chosen, id=f"level{seat}")
                    row.display = seat in c.seats  # an empty chair has no level to choose
                    yield row
                # What the level last chosen is, in a player's words (measured by the coach: issue 39).
                yield Static(self._level_text(c.levels[0]), id="level-note", classes="row-note")
                yield Static(t("host.options_heading"), classes="section arranged-only")
                yield from (self._row(row) for row in OPTION_ROWS)
                with Horizontal(classes="buttons"):
                    yield Button(t("host.start"), id="start", variant="primary", compact=True)
                    yield Button(t("host.back"), id="back", compact=True)
            # With room to spare, the chosen rules in full beside the form (updated as they change).
            with VerticalScroll(id="host-rules", classes="doc"):
                yield RulesView("", id="host-rules-text")
        yield self.too_small()
        yield self.footer()

    def _row(self, row: FormRow) -> ChoiceRow:
        return ChoiceRow(
            self.t(row.label), row.choices(self.t, self.config), row.value(self.config), id=row.id, classes=row.classes
        )

    def after_compose(self) -> None:
        """Show the preset's own rows and focus the first setting."""
        self._preset_classes()
        self.query_one("#preset", ChoiceRow).focus()

    def _preset_classes(self) -> None:
        # Each preset's (and the banker game's, and arcade's coins') own rows show only with it.
        groups = shown(self.config)
        self.set_class(Preset.ARCADE.value in groups, "-arcade")
        self.set_class(Preset.WESTERN.value in groups, "-western")
        self.set_class(Preset.HONGKONG.value in groups, "-hongkong")
        self.set_class("arranged" not in groups, "-ladder")
        self.set_class("banker" in groups, "-banker")
        self.set_class("coins" in groups, "-coins")

    def _players_changed(self) -> None:
        # The rows that depend on the table's size: the seats' levels, who may bank first, 換三張's ways.
        c = self.config
        for seat, _name in SEATS:
            self.query_one(f"#level{seat}", ChoiceRow).display = seat in c.seats
        for row in (ROWS["first_banker"], ROWS["exchange"]):
            self.query_one(f"#{row.id}", ChoiceRow).set_choices(row.choices(self.t, c), row.value(c))
        self.config = fit(c)

    @on(ChoiceRow.Changed)
    def _changed(self, event: ChoiceRow.Changed) -> None:
        field, value = event.row.id, event.value
        if value != event.row.value:
            # Overtaken: each row's messages reach the screen by their own path, so a row's older value (set by
            # a preset the player has already moved past) can arrive after the newer preset's. The row holds the
            # value shown; its own newer message follows.
            return
        c = self.config
        if field == "preset":
            if value is not c.preset:
                self.config = c.with_preset(value)  # the preset's own defaults, shown
                self.query_one("#preset-desc", Static).update(preset_description(self.t, value))
                self._follow(c)
                self._preset_classes()
                self._refresh_rules()
        elif field in ("level1", "level2", "level3"):
            self._level_changed(int(field[-1]), value)
        elif field in ROWS:
            row = ROWS[field]
            self.config = row.apply(c, value)
            if self.config == c:
                return
            self._follow(c, but=field)  # a row another one moves (rule seven's ties)
            if field == "players":
                self._players_changed()
            if row.groups:
                self._preset_classes()
            if row.rules:
                self._refresh_rules()

    def _follow(self, before: TableConfig, but: str = "") -> None:
        """Show again every row whose value the last change moved (from ``before``), but the one changed."""
        for row in ROWS.values():
            if row.id != but and row.value(self.config) != row.value(before):
                self.query_one(f"#{row.id}", ChoiceRow).select(row.value(self.config))

    def _level_changed(self, seat: int, value: Level | str) -> None:
        c = self.config
        self.query_one("#level-note", Static).update(self._level_text(value))
        matched = tuple(s for s in c.matched if s != seat)
        if value == MATCHED:
            self.config = replace(c, matched=tuple(sorted((*matched, seat))))
        else:
            levels: list[Level] = list(c.levels)
            levels[seat - 1] = value  # type: ignore[assignment]
            self.config = replace(c, levels=(levels[0], levels[1], levels[2]), matched=matched)

    def _level_text(self, level: Level | str) -> str:
        """What ``level`` is, from the coach's measure; for `matched`, how it chooses."""
        return level_note(self.t, level) if isinstance(level, Level) else self.t("host.level_note.matched")

    def _refresh_rules(self) -> None:
        # Drawn only while the pane is on screen (from about 110 columns); at 80×24 it stays empty.
        if not self.has_class("-wide"):
            return
        markdown = self._rules_markdown()
        if self.query_one("#host-rules-text", RulesView).source != markdown:
            self.call_later(self._show_rules, markdown)

    async def _show_rules(self, markdown: str) -> None:
        await self.query_one("#host-rules-text", RulesView).show(markdown)
        self.query_one("#host-rules", VerticalScroll).scroll_home(animate=False)
        if self._rules_markdown() != markdown:  # the settings changed while it was drawn: draw them as they are
            self._refresh_rules()

    def on_resize(self, event: events.Resize) -> None:
        """Fill the rules pane when the terminal grows wide enough to show it (the base screen's own handler
        runs too)."""
        # After the refresh: the breakpoint classes are set by Screen's own resize handler, which runs later.
        self.call_after_refresh(self._refresh_rules)

    def _rules_markdown(self) -> str:
        c = self.config
        exchange = (c.exchange, c.exchange_way)
        return RulesText(self.t, c.preset, c.options, c.banker, exchange=exchange, players=c.players).markdown()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """↑/↓ move between the settings, but scroll the rules pane when it has the focus."""
        if action == "row":
            focused = self.focused
            return focused is None or focused.id != "host-rules"
        return super().check_action(action, parameters)

    def action_row(self, delta: int) -> None:
        """The next (+1) or previous (-1) setting or button."""
        if delta > 0:
            self.focus_next()
        else:
            self.focus_previous()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_start(self) -> None:
        """Close with the chosen table."""
        self.dismiss(self.config)

    def action_back(self) -> None:
        """Close without starting a table."""
        self.dismiss(None)
