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
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from ai import Level
from app.config import PLAYERS, TIME_LIMITS, TableConfig
from app.config import STAKES as PLAYER_STAKES
from app.i18n import Translator
from app.screens.base import MENU_CSS, BaseScreen
from app.screens.rules_screen import RulesView
from app.view.formatting import preset_name
from app.view.host_form import banker_seats, exchange_value, exchange_values, fit, shown
from app.view.rules_text import RulesText, level_note, preset_description
from app.widgets.form import ChoiceRow
from rules import arcade
from rules.evaluate import Wheel
from rules.exchange import Direction
from rules.presets import Preset, TieRule
from rules.session import DEFAULT_RAKE, VIP_RAKE

STAKES = (1, 5, 10, 20, 50, 100)  # coins a 墩 in arcade
RAKES = (DEFAULT_RAKE, VIP_RAKE)
SEATS = ((1, "east"), (2, "north"), (3, "west"))  # the computer seats whose level the host picks
MATCHED = "matched"  # the level choice that follows the player's rating (RULES.md §24.5)


def exchange_choices(t: Translator, players: int = 4) -> list[tuple[tuple[int, Direction], str]]:
    """換三張's host choices at a table of ``players``, rounds and way in one row (so that the form fits
    80×24): off, then each way once, then each way twice; at two the one way is "with North"."""

    def label(rounds: int, way: Direction) -> str:
        if not rounds:
            return t("host.exchange_off")
        where = t("host.exchange_with_north") if players == 2 else t(f"host.exchange_{way.value}")
        return t(f"host.exchange_{'once' if rounds == 1 else 'twice'}", way=where)

    return [((n, w), label(n, w)) for n, w in exchange_values(players)]


def banker_choices(t: Translator, players: int) -> list[tuple[int, str]]:
    """Who may hold the bank first: the seated players only (you, then the opponents in seat order)."""
    names = dict(SEATS)
    return [(s, t("common.seat.you") if s == 0 else t(f"host.seat.{names[s]}")) for s in banker_seats(players)]


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
        """One row a setting, the preset's own options below, then Start and Back."""
        t = self.t
        c = self.config
        on_off = [(True, t("host.on")), (False, t("host.off"))]
        yield Static(t("host.title"), classes="screen-title")
        with Horizontal(id="host-columns"):
            with VerticalScroll(id="host-body", classes="form"):
                presets = [(p, preset_name(t, p.value)) for p in Preset]
                yield ChoiceRow(t("host.preset_label"), presets, c.preset, id="preset")
                yield Static(preset_description(t, c.preset), id="preset-desc", classes="row-note")
                scored = [(True, t("host.scored")), (False, t("host.practice"))]
                yield ChoiceRow(t("host.scored_label"), scored, c.scored, id="scored")
                yield ChoiceRow(
                    t("host.time_label"),
                    [(s, t("host.time_off") if s == 0 else t("host.seconds", n=s)) for s in TIME_LIMITS],
                    c.time_limit,
                    id="time_limit",
                    classes="arranged-only",  # nobody arranges in the ladder: nothing to time
                )
                yield ChoiceRow(t("host.takeover_label"), on_off, c.takeover, id="takeover")
                players = [(n, t(f"host.players_{n}")) for n in sorted(PLAYERS, reverse=True)]
                yield ChoiceRow(t("host.players_label"), players, c.players, id="players")
                yield ChoiceRow(t("host.banker_label"), on_off, c.banker, id="banker")
                moves = [(True, t("host.banker_moves")), (False, t("host.banker_stays"))]
                yield ChoiceRow(
                    t("host.banker_moves_label"), moves, c.banker_moves, id="banker_moves", classes="banker-only"
                )
                yield ChoiceRow(
                    t("host.first_banker_label"),
                    banker_choices(t, c.players),
                    c.first_banker,
                    id="first_banker",
                    classes="banker-only",
                )
                ties = [(r, t(f"host.ties.{r.value}")) for r in TieRule]
                yield ChoiceRow(t("host.ties_label"), ties, c.options.ties, id="ties", classes="banker-only")
                stakes = [(s, t("host.player_stake", n=s)) for s in PLAYER_STAKES]
                yield ChoiceRow(
                    t("host.player_stake_label"), stakes, c.player_stake, id="player_stake", classes="banker-only"
                )
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
                yield ChoiceRow(
                    t("host.wheel_label"),
                    [(Wheel.LOW, t("host.wheel_low")), (Wheel.SECOND, t("host.wheel_second"))],
                    c.options.wheel,
                    id="wheel",
                    classes="arranged-only",
                )
                yield ChoiceRow(
                    t("host.tiebreak_label"),
                    [(False, t("host.tiebreak_off")), (True, t("host.tiebreak_on"))],
                    c.options.suit_tiebreak,
                    id="suit_tiebreak",
                    classes="arranged-only",
                )
                yield ChoiceRow(
                    t("host.exempt_label"),
                    [(False, t("host.off")), (True, t("host.exempt_on"))],
                    c.options.exempt,
                    id="exempt",
                    classes="arranged-only",
                )
                yield ChoiceRow(
                    t("host.exchange_label"),
                    exchange_choices(t, c.players),
                    exchange_value(c),
                    id="exchange",
                    classes="arranged-only",
                )
                yield ChoiceRow(
                    t("host.joker_label"),
                    [(False, t("host.off")), (True, t("host.joker_on"))],
                    c.options.joker,
                    id="joker",
                    classes="arranged-only",
                )  # 鬼牌, RULES.md §20
                yield ChoiceRow(
                    t("host.shapes_label"),
                    [(True, t("host.shapes_on", n=arcade.SHAPE_BONUS)), (False, t("host.off"))],
                    c.options.three_flush_straight,
                    id="three_flush_straight",
                    classes="arcade-only",
                )
                yield ChoiceRow(
                    t("host.royalties_label"),
                    [(False, t("host.off")), (True, t("host.royalties_on"))],
                    c.options.royalties,
                    id="royalties",
                    classes="western-only",
                )
                yield ChoiceRow(
                    t("host.rule_seven_label"),
                    [(False, t("host.off")), (True, t("host.rule_seven_on"))],
                    c.options.rule_seven,
                    id="rule_seven",
                    classes="hongkong-only",
                )
                yield ChoiceRow(
                    t("host.stake_label"),
                    [(s, t("host.stake", n=s)) for s in STAKES],
                    c.stake,
                    id="stake",
                    classes="coins-only",
                )
                yield ChoiceRow(
                    t("host.rake_label"),
                    [
                        (RAKES[0], t("host.rake", pct=round(RAKES[0] * 100))),
                        (RAKES[1], t("host.rake_vip", pct=round(RAKES[1] * 100))),
                    ],
                    c.rake,
                    id="rake",
                    classes="coins-only",
                )
                with Horizontal(classes="buttons"):
                    yield Button(t("host.start"), id="start", variant="primary", compact=True)
                    yield Button(t("host.back"), id="back", compact=True)
            # With room to spare, the chosen rules in full beside the form (updated as they change).
            with VerticalScroll(id="host-rules", classes="doc"):
                yield RulesView("", id="host-rules-text")
        yield self.too_small()
        yield self.footer()

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
        self.query_one("#first_banker", ChoiceRow).set_choices(banker_choices(self.t, c.players), c.first_banker)
        self.query_one("#exchange", ChoiceRow).set_choices(exchange_choices(self.t, c.players), exchange_value(c))
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
            if value is c.preset:
                return
            self.config = c.with_preset(value)
            self._show_options()
            self._refresh_rules()
        elif field == "rule_seven":
            self.config = c.with_rule_seven(value)
            self.query_one("#ties", ChoiceRow).select(self.config.options.ties)
            self._refresh_rules()
        elif field == "banker":
            self.config = replace(c, banker=value)
            self._preset_classes()
            self._refresh_rules()
        elif field in ("wheel", "suit_tiebreak", "three_flush_straight", "royalties", "ties", "exempt", "joker"):
            self.config = replace(c, options=replace(c.options, **{field: value}))
            self._refresh_rules()
        elif field in ("level1", "level2", "level3"):
            seat = int(field[-1])
            self.query_one("#level-note", Static).update(self._level_text(value))
            matched = tuple(s for s in c.matched if s != seat)
            if value == MATCHED:
                self.config = replace(c, matched=tuple(sorted((*matched, seat))))
            else:
                levels: list[Level] = list(c.levels)
                levels[seat - 1] = value
                self.config = replace(c, levels=(levels[0], levels[1], levels[2]), matched=matched)
        elif field == "players":
            if value == c.players:
                return
            self.config = replace(c, players=value)  # an empty chair's first bank passes on (TableConfig)
            self._players_changed()
            self._refresh_rules()
        elif field == "scored":
            self.config = replace(c, scored=value)
            self._preset_classes()  # a practice table has no coins to stake or rake
        elif field == "exchange":  # 換三張: rounds and way in one row
            self.config = replace(c, exchange=value[0], exchange_way=value[1])
            self._refresh_rules()
        elif field in ("time_limit", "takeover", "stake", "rake", "banker_moves", "player_stake", "first_banker"):
            self.config = replace(c, **{field: value})

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

    def _show_options(self) -> None:
        # A new preset brings its own defaults (TableConfig.with_preset); show them.
        c = self.config
        self.query_one("#preset-desc", Static).update(preset_description(self.t, c.preset))
        rows: dict[str, Any] = {
            "wheel": c.options.wheel,
            "suit_tiebreak": c.options.suit_tiebreak,
            "three_flush_straight": c.options.three_flush_straight,
            "royalties": c.options.royalties,
            "rule_seven": c.options.rule_seven,
            "exempt": c.options.exempt,
            "joker": c.options.joker,
            "ties": c.options.ties,
            "banker": c.banker,
            "time_limit": c.time_limit,
        }
        for row_id, value in rows.items():
            self.query_one(f"#{row_id}", ChoiceRow).select(value)
        self._preset_classes()

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
