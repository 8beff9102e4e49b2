"""Host settings for a new table (開闢新局, rules/RULES.md §10–§11): preset, scoring, clock, takeover, how many
players, opponents.

One line a setting, changed with ←/→; switching the preset resets its options to the preset's defaults
(:meth:`TableConfig.with_preset`). Start dismisses the screen with the :class:`TableConfig` (the menu then
posts ``StartTable``); Escape goes back with ``None``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from textual import on
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
from app.view.rules_text import RulesText, preset_description
from app.widgets.form import ChoiceRow
from rules import arcade
from rules.evaluate import Wheel
from rules.exchange import Direction
from rules.presets import Preset, TieRule
from rules.session import DEFAULT_RAKE, VIP_RAKE

STAKES = (1, 5, 10, 20, 50, 100)  # coins a 墩 in arcade
RAKES = (DEFAULT_RAKE, VIP_RAKE)
SEATS = ((1, "east"), (2, "north"), (3, "west"))  # the computer seats whose level the host picks


def exchange_choices(t: Translator) -> list[tuple[tuple[int, Direction], str]]:
    """換三張's host choices, rounds and way in one row (so that the form fits 80×24): off, then each way once,
    then each way twice."""
    off: list[tuple[tuple[int, Direction], str]] = [((0, Direction.CLOCKWISE), t("host.exchange_off"))]
    return off + [((n, w), t(f"host.exchange_{'once' if n == 1 else 'twice'}", way=t(f"host.exchange_{w.value}")))
                  for n in (1, 2) for w in Direction]


def exchange_value(c: TableConfig) -> tuple[int, Direction]:
    """The row's value for a table's settings (off is one value, whatever way is stored)."""
    return (c.exchange, c.exchange_way) if c.exchange else (0, Direction.CLOCKWISE)


class HostScreen(BaseScreen[TableConfig | None]):
    """The host's choices for a new table; dismisses with the :class:`TableConfig` or ``None``."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "menu.key.back"),
        Binding("s", "start", "host.key.start"),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        t: Translator | None = None,
    ) -> None:
        super().__init__(t=t)
        self.config = config or TableConfig()

    def compose(self) -> ComposeResult:
        """One row a setting, the preset's own options below, then Start and Back."""
        t = self.t
        c = self.config
        on_off = [(True, t("host.on")), (False, t("host.off"))]
        yield Static(t("host.title"), classes="screen-title")
        with Horizontal(id="host-columns"):
            with VerticalScroll(id="host-body", classes="form"):
                presets = [(p, t(f"host.preset.{p.value}.name")) for p in Preset]
                yield ChoiceRow(t("host.preset_label"), presets, c.preset, id="preset")
                yield Static(preset_description(t, c.preset), id="preset-desc", classes="row-note")
                scored = [(True, t("host.scored")), (False, t("host.practice"))]
                yield ChoiceRow(t("host.scored_label"), scored, c.scored, id="scored")
                yield ChoiceRow(
                    t("host.time_label"),
                    [(s, t("host.time_off") if s == 0 else t("host.seconds", n=s)) for s in TIME_LIMITS],
                    c.time_limit,
                    id="time_limit",
                )
                yield ChoiceRow(t("host.takeover_label"), on_off, c.takeover, id="takeover")
                players = [(n, t(f"host.players_{n}")) for n in sorted(PLAYERS, reverse=True)]
                yield ChoiceRow(t("host.players_label"), players, c.players, id="players")
                yield ChoiceRow(t("host.banker_label"), on_off, c.banker, id="banker")
                moves = [(True, t("host.banker_moves")), (False, t("host.banker_stays"))]
                yield ChoiceRow(t("host.banker_moves_label"), moves, c.banker_moves, id="banker_moves",
                                classes="banker-only")
                firsts = [(0, t("common.seat.you")), *((s, t(f"host.seat.{n}")) for s, n in SEATS)]
                yield ChoiceRow(t("host.first_banker_label"), firsts, c.first_banker, id="first_banker",
                                classes="banker-only")
                ties = [(r, t(f"host.ties.{r.value}")) for r in TieRule]
                yield ChoiceRow(t("host.ties_label"), ties, c.options.ties, id="ties", classes="banker-only")
                stakes = [(s, t("host.player_stake", n=s)) for s in PLAYER_STAKES]
                yield ChoiceRow(t("host.player_stake_label"), stakes, c.player_stake, id="player_stake",
                                classes="banker-only")
                levels = [(lv, t(f"host.level.{lv.value}")) for lv in Level]
                for seat, name in SEATS:
                    label = t("host.seat_label", seat=t(f"host.seat.{name}"))
                    row = ChoiceRow(label, levels, c.levels[seat - 1], id=f"level{seat}")
                    row.display = seat in c.seats  # an empty chair has no level to choose
                    yield row
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
                yield ChoiceRow(t("host.exempt_label"), [(False, t("host.off")), (True, t("host.exempt_on"))],
                                c.options.exempt, id="exempt", classes="arranged-only")
                yield ChoiceRow(t("host.exchange_label"), exchange_choices(t), exchange_value(c), id="exchange",
                                classes="arranged-only")
                yield ChoiceRow(t("host.joker_label"), [(False, t("host.off")), (True, t("host.joker_on"))],
                                c.options.joker, id="joker", classes="arranged-only")  # 鬼牌, RULES.md §20
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
                yield ChoiceRow(t("host.rule_seven_label"), [(False, t("host.off")), (True, t("host.rule_seven_on"))],
                                c.options.rule_seven, id="rule_seven", classes="hongkong-only")
                yield ChoiceRow(
                    t("host.stake_label"),
                    [(s, t("host.stake", n=s)) for s in STAKES],
                    c.stake,
                    id="stake",
                    classes="arcade-only",
                )
                yield ChoiceRow(
                    t("host.rake_label"),
                    [
                        (RAKES[0], t("host.rake", pct=round(RAKES[0] * 100))),
                        (RAKES[1], t("host.rake_vip", pct=round(RAKES[1] * 100))),
                    ],
                    c.rake,
                    id="rake",
                    classes="arcade-only",
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
        self.set_class(self.config.preset is Preset.ARCADE, "-arcade")
        self._preset_classes()
        self.query_one("#preset", ChoiceRow).focus()

    def _preset_classes(self) -> None:
        # Each preset's (and the banker game's) own rows show only with it.
        c = self.config
        self.set_class(c.preset is Preset.ARCADE, "-arcade")
        self.set_class(c.preset is Preset.WESTERN, "-western")
        self.set_class(c.preset is Preset.HONGKONG, "-hongkong")
        self.set_class(not c.preset.arranged, "-ladder")
        self.set_class(c.banker, "-banker")

    @on(ChoiceRow.Changed)
    def _changed(self, event: ChoiceRow.Changed) -> None:
        field, value = event.row.id, event.value
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
        elif field in ("wheel", "suit_tiebreak", "three_flush_straight", "royalties", "ties", "exempt",
                       "joker"):
            self.config = replace(c, options=replace(c.options, **{field: value}))
            self._refresh_rules()
        elif field in ("level1", "level2", "level3"):
            levels: list[Level] = list(c.levels)
            levels[int(field[-1]) - 1] = value
            self.config = replace(c, levels=(levels[0], levels[1], levels[2]))
        elif field == "players":
            self.config = replace(c, players=value)
            for seat, _name in SEATS:
                self.query_one(f"#level{seat}", ChoiceRow).display = seat in self.config.seats
        elif field == "exchange":  # 換三張: rounds and way in one row
            self.config = replace(c, exchange=value[0], exchange_way=value[1])
            self._refresh_rules()
        elif field in ("scored", "time_limit", "takeover", "stake", "rake", "banker_moves", "player_stake",
                       "first_banker"):
            self.config = replace(c, **{field: value})

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

    def on_resize(self) -> None:
        """Fill the rules pane when the terminal grows wide enough to show it (the base screen's own handler
        runs too)."""
        # After the refresh: the breakpoint classes are set by Screen's own resize handler, which runs later.
        self.call_after_refresh(self._refresh_rules)

    def _rules_markdown(self) -> str:
        c = self.config
        return RulesText(self.t, c.preset, c.options, c.banker, exchange=(c.exchange, c.exchange_way)).markdown()

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
