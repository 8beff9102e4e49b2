"""The Rules screen's document: the rules of one preset as the game plays them, as Markdown put together from
``rules.toml`` sentences. Every amount in it (sweeps, bonuses, row worths, special hands, dragons, session sizes)
is read from the rules modules, so the text cannot drift from the scoring code. Plain Python: the Rules screen
(:mod:`app.screens.rules_screen`) and the host screen draw it."""

from __future__ import annotations

from collections.abc import Iterator

from ai import MEASURED, MEASURED_HANDS, THRESHOLDS, Level
from app.config import TIME_LIMITS, TableConfig
from app.i18n import Translator
from app.view import rules_variants as variants
from app.view.rules_hongkong import banker_lines, hongkong_lines
from app.view.rules_western import western_lines
from rules import arcade, shisanshui, taiwan, western
from rules.arrangement import Row
from rules.cards import parse_cards
from rules.evaluate import Wheel, evaluate_row
from rules.presets import Options, Preset
from rules.scoring import home_run_bonus, sweep_bonus
from rules.session import (
    DEFAULT_RAKE,
    ROUND_DEALS,
    TOURNAMENT_DEALS,
    TOURNAMENT_START_POINTS,
    TREASURE_SIZE,
    VIP_RAKE,
)
from rules.specials import Special

from .formatting import preset_name, units_text

# Example rows for arcade's row worths (§7): the amounts come from arcade.row_worth on these.
_WORTH_EXAMPLES: tuple[tuple[str, Row, str], ...] = (
    ("front_trips", Row.FRONT, "5s 5h 5d"),
    ("middle_house", Row.MIDDLE, "7s 7h 7d 5c 5s"),
    ("quads", Row.BACK, "8s 8h 8c 8d Js"),
    ("straight_flush", Row.BACK, "9h 8h 7h 6h 5h"),
)


def _pct(rate: float) -> int:
    return round(rate * 100)


def join(*parts: str) -> str:
    """Sentences run together: a space between them, except next to CJK full-width punctuation."""

    def full_width(ch: str) -> bool:
        return "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef"

    out = ""
    for part in parts:
        if out and part and not (full_width(out[-1]) or full_width(part[0])):
            out += " "
        out += part
    return out


def level_note(t: Translator, level: Level) -> str:
    """What a computer level is, in a player's words, from what the coach measured of it (issue 39): the share of
    deals it misjudges, and what it gives up a deal on average. The host form can show it beside the level's
    choice, as it shows :func:`preset_description` beside the preset's."""
    measured = MEASURED[level]
    lost = units_text(t, measured.mean, places=2, sign=False)
    return t(f"host.level_note.{level.value}", often=f"{measured.off:.0%}", lost=lost)


def preset_description(t: Translator, preset: Preset) -> str:
    """The one-line description of a preset, its numbers read from the rules modules."""
    return t(
        f"host.preset.{preset.value}.desc",
        majority=western.MAJORITY,
        sweep=sweep_bonus(preset),
        home_run=home_run_bonus(preset),
        unit=preset.points_per_unit,
        deals=TOURNAMENT_DEALS,
        points=f"{TOURNAMENT_START_POINTS:,}",
        round=ROUND_DEALS,
    )


class RulesText:
    """Builds the Markdown of one preset's rules in one language."""

    def __init__(
        self,
        t: Translator,
        preset: Preset,
        options: Options | None = None,
        banker: bool | None = None,
        exchange: variants.Exchange = variants.NO_EXCHANGE,
        players: int | None = None,
    ) -> None:
        self.t, self.preset, self.exchange = t, preset, exchange  # 換三張 (§21): rounds and way, as hosted
        self.players = players  # the table's size, when the rules are shown for a table (None: any size)
        self.options = options or preset.default_options
        self.banker = preset.banker_by_default if banker is None else banker  # a banker game (§16)

    def tr(self, key: str, **fmt: object) -> str:
        """A sentence of rules.toml, with the (decided) tag available as ``{decided}``."""
        return self.t(f"rules.{key}", decided=self.t("rules.decided"), **fmt)

    def markdown(self) -> str:
        """The whole document; where it holds a reading this game chose (the † the rule book calls "decided"),
        a last line says what the mark means."""
        text = "\n".join(self._lines())
        mark = self.t("rules.decided")
        return text + "\n\n" + self.t("rules.decided_note", mark=mark) if mark in text else text

    def _pairs(self) -> int:
        """How many pairs compare their rows at this table (with the banker, each player with the banker only)."""
        n = self.players or 4
        return n - 1 if self.banker else n * (n - 1) // 2

    def _lines(self) -> Iterator[str]:
        p = self.preset
        yield f"# {preset_name(self.t, p.value)}"
        yield ""
        yield preset_description(self.t, p)
        yield ""
        if not p.arranged:  # the pattern ladder: no rows, no fouls, no table rules about arranging
            yield from variants.ladder_lines(self.tr, self.t)
            yield from self._section("session")
            yield from self._bullets(self.tr("session_ladder"))
            return
        yield from self._rows()
        yield from self._foul()
        if p.taiwan_family:
            yield from self._taiwan()
        elif p is Preset.ARCADE:
            yield from self._arcade()
        elif p is Preset.WESTERN:
            yield from western_lines(self.tr, self.options)
        elif p is Preset.HONGKONG:
            yield from hongkong_lines(self.tr, self.options)
        elif p is Preset.BACKROW:
            yield from variants.backrow_lines(self.tr)
        else:
            yield from self._shisanshui()
        if self.banker:
            yield from banker_lines(self.tr, self.options)
        yield from variants.exempt_lines(self.tr, p, self.options)
        yield from variants.joker_lines(self.tr, self.options)  # 鬼牌 (RULES.md §20)
        yield from variants.exchange_lines(self.tr, self.exchange)
        yield from self._session()
        yield from self._table()

    # ------------------------------------------------------------ common

    def _section(self, key: str) -> Iterator[str]:
        yield f"## {self.tr(f'heading.{key}')}"
        yield ""

    def _bullets(self, *sentences: str) -> Iterator[str]:
        for sentence in sentences:
            yield f"- {sentence}"
        yield ""

    def _rows(self) -> Iterator[str]:
        o = self.options
        yield from self._section("rows")
        wheel = self.tr("wheel_low") if o.wheel is Wheel.LOW else self.tr("wheel_second")
        default = self.preset.default_options.wheel
        wheel_default = self.tr("wheel_is_default") if o.wheel is default else self.tr("wheel_changed")
        yield from self._bullets(
            self.tr("rows_split"),
            *(() if self.players is None else (self.tr("rows_pairs", players=self.players, pairs=self._pairs()),)),
            self.tr("rows_order"),
            self.tr("rows_front"),
            self.tr("rows_ties"),
            join(wheel, wheel_default),
            self.tr("rows_front_vs_middle"),
            join(self.tr("tiebreak_on") if o.suit_tiebreak else self.tr("tiebreak_off"), self.tr("tiebreak_rule")),
        )

    def _foul(self) -> Iterator[str]:
        yield from self._section("foul")
        family = "taiwan" if self.preset.taiwan_family else self.preset.value  # the two share their scoring
        sweep = self.tr(f"foul_sweep_{family}", sweep=sweep_bonus(self.preset))
        yield self.tr("foul_rule")
        yield ""
        plain = not self.preset.bonuses  # no sweep bonus against a foul
        loses = self.tr("foul_loses_western") if plain else self.tr("foul_loses")
        yield from self._bullets(join(loses, sweep), self.tr("foul_two"), self.tr("foul_no_bonus"))
        yield self.tr("foul_ui")
        yield ""

    def _table(self) -> Iterator[str]:
        yield from self._section("table")
        limits = self.t("rules.list_sep").join(str(s) for s in TIME_LIMITS if s)
        yield from self._bullets(
            self.tr("table_scored"),
            self.tr("table_players"),
            self.tr("table_time", limits=limits, default=TableConfig().time_limit),
            self.tr("table_takeover"),
            self.tr("table_ready"),
            self.tr("table_leave"),
            self.tr("table_watch"),
            *self._coach(),
            self._levels(),
            self.tr("table_continue"),
            self.tr("table_retry"),
            self.tr("table_practice"),
        )

    def _coach(self) -> tuple[str, ...]:
        """The coach's bullets: its bounds and its advice, and how a deal of several decisions is priced (none
        in the pattern ladder, where nobody decides anything)."""
        if not self.preset.arranged:
            return (self.tr("table_coach_none"),)
        bounds = dict(zip(("best", "good", "inaccuracy", "mistake"), THRESHOLDS[self.preset], strict=True))
        return self.tr("table_coach", **bounds), self.tr("table_whole")

    def _levels(self) -> str:
        """What each computer level is (issue 39), from what the coach measured of it. (The pattern ladder, where
        every level is alike, has no table section to say it in.)"""
        notes = " ".join(level_note(self.t, lv) for lv in Level)
        return self.tr("table_levels", hands=f"{MEASURED_HANDS:,}", levels=notes)

    def _session(self) -> Iterator[str]:
        yield from self._section("session")
        p = self.preset
        if p is Preset.TAIWAN:
            yield from self._bullets(self.tr("session_taiwan", unit=p.points_per_unit))
        elif p is Preset.TOURNAMENT:
            yield from self._bullets(
                self.tr(
                    "session_tournament",
                    deals=TOURNAMENT_DEALS,
                    points=f"{TOURNAMENT_START_POINTS:,}",
                    unit=p.points_per_unit,
                    limit=p.default_time_limit,
                ),
                self.tr("session_tournament_out"),
                self.tr("session_tournament_dealer"),
            )
        elif p is Preset.ARCADE:
            yield from self._bullets(self.tr("session_arcade", deals=ROUND_DEALS))
        elif p is Preset.WESTERN:
            yield from self._bullets(self.tr("session_western"))
        elif p is Preset.HONGKONG:
            yield from self._bullets(self.tr("session_hongkong"))
        elif p is Preset.BACKROW:
            yield from self._bullets(self.tr("session_backrow"))
        else:
            yield from self._bullets(self.tr("session_shisanshui"))

    # ------------------------------------------------------------ taiwan and tournament

    def _taiwan(self) -> Iterator[str]:
        p = self.preset
        sweep, home = taiwan.SWEEP, taiwan.HOME_RUN
        yield from self._section("scoring")
        yield (
            self.tr("tw_unit", unit=p.points_per_unit)
            if p is Preset.TAIWAN
            else self.tr("tw_unit_tournament", unit=p.points_per_unit)
        )
        yield ""
        yield f"| {self.tr('tw_col_rows')} | {self.tr('tw_col_result')} |"
        yield "|---|---:|"
        for key, result in (
            ("tw_2w1l", "+1"),
            ("tw_1w2l", "−1"),
            ("tw_even", "0"),
            ("tw_3w", f"+{sweep}"),
            ("tw_crush", f"+{sweep}"),
            ("tw_lost", f"−{sweep}"),
        ):
            yield f"| {self.tr(key)} | {result} |"
        yield ""

        yield from self._section("sweeps_taiwan")
        yield from self._bullets(
            self.tr("tw_home_run", sweep=sweep, home=home, each=sweep + home, total=(sweep + home) * 3),
            self.tr("four_only"),
            self.tr("tw_home_run_counts", sweep=sweep),
        )

        table = taiwan.BONUSES[p]
        yield from self._section("bonuses_taiwan")
        yield f"| {self.tr('tw_col_bonus')} | {self.tr('tw_col_when')} | {self.tr('tw_col_amount')} |"
        yield "|---|---|---:|"
        for name, amount in table.items():
            yield f"| {self.tr(f'bonus.{name}.name')} | {self.tr(f'bonus.{name}.when')} | +{amount} |"
        yield ""
        notes = [self.tr("tw_bonus_add"), self.tr("tw_bonus_paid"), self.tr("tw_bonus_foul")]
        if "double_monster_rush" in table:
            notes.append(self.tr("tw_bonus_instead"))
        if "six_pairs" in table:
            notes.append(self.tr("pairs_count"))
        missing = [name for name in taiwan.BONUSES[Preset.TAIWAN] if name not in table]
        if missing:
            names = self.t("rules.list_sep").join(self.tr(f"bonus.{name}.name") for name in missing)
            notes.append(self.tr("tw_bonus_missing", names=names))
        yield from self._bullets(*notes)

        yield from self._section("dragons")
        same = self.tr("tw_dragon_suited") if p is Preset.TAIWAN else self.tr("tw_dragon_equal")
        yield from self._bullets(
            self.tr("dragon_what"),
            self.tr("tw_dragon_pays", sweep=sweep, bonus=taiwan.DRAGON_BONUS, each=sweep + taiwan.DRAGON_BONUS),
            same,
            self.tr("tw_dragon_best", home=home),
            self.tr("dragon_declared"),
        )

    # ------------------------------------------------------------ arcade

    def _arcade(self) -> Iterator[str]:
        yield from self._arcade_scoring()
        yield from self._arcade_bonuses()
        yield from self._section("coins")
        config = TableConfig()
        yield from self._bullets(
            self.tr("ar_stake", stake=config.stake, coins=f"{config.coins:,}"),
            self.tr("ar_rake", rake=_pct(DEFAULT_RAKE), vip=_pct(VIP_RAKE)),
            self.tr("ar_overdraft"),
        )

    def _arcade_scoring(self) -> Iterator[str]:
        """What each row is worth (a table of examples), and 打槍 and 全壘打 on top."""
        sweep, home = arcade.SWEEP, arcade.HOME_RUN
        yield from self._section("scoring")
        yield self.tr("ar_rows")
        yield ""
        yield f"| {self.tr('ar_col_row')} | {self.tr('ar_col_worth')} |"
        yield "|---|---:|"
        for key, row, cards in _WORTH_EXAMPLES:
            worth = arcade.row_worth(row, evaluate_row(parse_cards(cards), Wheel.SECOND))
            yield f"| {self.tr(f'ar_worth_{key}')} | {worth} |"
        yield f"| {self.tr('ar_worth_other')} | 1 |"
        yield ""
        yield from self._bullets(self.tr("ar_house_decided"))

        yield from self._section("sweeps_arcade")
        rows_won = 3
        yield from self._bullets(
            self.tr("ar_sweep", sweep=sweep),
            self.tr("ar_home_run", home=home, rows=rows_won, sweep=sweep, total=(rows_won + sweep + home) * 3),
            self.tr("four_only"),
            self.tr("ar_sweep_counts"),
        )

    def _arcade_bonuses(self) -> Iterator[str]:
        """The bonuses beside the rows: the shapes, 賭倍, the treasure cards and the dragons."""
        yield from self._section("shapes")
        state = self.tr("shapes_state_on") if self.options.three_flush_straight else self.tr("shapes_state_off")
        yield from self._bullets(
            join(self.tr("ar_shapes", bonus=arcade.SHAPE_BONUS), state),
            self.tr("ar_shapes_front"),
            self.tr("sequence3"),
            self.tr("ar_shapes_once"),
        )

        yield from self._section("double")
        yield from self._bullets(self.tr("ar_double"), self.tr("ar_double_factor"))

        yield from self._section("treasure")
        front = arcade.row_worth(Row.FRONT, evaluate_row(parse_cards("5s 5h 5d")))
        yield from self._bullets(
            self.tr("ar_treasure", size=TREASURE_SIZE),
            self.tr("ar_treasure_value", worth=front, total=front * 2),
            self.tr("ar_treasure_not"),
        )

        yield from self._section("dragons")
        plain, suited = arcade.DRAGON_AMOUNT[Special.DRAGON], arcade.DRAGON_AMOUNT[Special.SUITED_DRAGON]
        yield from self._bullets(
            self.tr("dragon_what"),
            self.tr("ar_dragon_pays", plain=plain, suited=suited),
            self.tr("ar_dragon_two", suited=suited),
            self.tr("ar_dragon_pair"),
            self.tr("dragon_declared"),
        )

    # ------------------------------------------------------------ shisanshui

    def _shisanshui(self) -> Iterator[str]:
        w = shisanshui.WEIGHTS
        sweep, home = shisanshui.SWEEP, shisanshui.HOME_RUN
        yield from self._section("scoring")
        yield f"| {self.tr('ss_col_row')} | {self.tr('ss_col_won')} | {self.tr('ss_col_lost')} |"
        yield "|---|---:|---:|"
        for row in Row:
            yield f"| {self.tr(f'ss_row_{row.id}')} | +{w[row]} | −{w[row]} |"
        yield ""
        yield from self._bullets(self.tr("ss_tie"))

        yield from self._section("row_bonuses")
        yield f"| {self.tr('ss_col_bonus')} | {self.tr('ss_col_extra')} | {self.tr('ss_col_total')} |"
        yield "|---|---:|---:|"
        front, middle, back = w[Row.FRONT], w[Row.MIDDLE], w[Row.BACK]
        rush, quads, sflush = shisanshui.RUSH_THREE, shisanshui.QUADS, shisanshui.STRAIGHT_FLUSH
        yield f"| {self.tr('ss_bonus_rush')} | +{rush} | {front + rush} |"
        yield f"| {self.tr('ss_bonus_quads')} | +{quads} | {middle + quads} / {back + quads} |"
        yield f"| {self.tr('ss_bonus_sflush')} | +{sflush} | {middle + sflush} / {back + sflush} |"
        yield ""
        yield from self._bullets(self.tr("ss_bonus_foul"))

        yield from self._section("sweeps_shisanshui")
        rows = sum(w.values())
        yield from self._bullets(
            self.tr("ss_sweep", sweep=sweep, rows=rows, total=rows + sweep),
            self.tr("ss_home_run", home=home, each=rows + sweep + home, total=(rows + sweep + home) * 3),
            self.tr("four_only"),
            self.tr("ss_sweep_counts"),
        )

        yield from self._section("specials")
        yield self.tr("ss_specials_intro")
        yield ""
        yield f"| {self.tr('ss_col_special')} | {self.tr('ss_col_what')} | {self.tr('ss_col_pays')} |"
        yield "|---|---|---:|"
        for special in Special:  # low to high: the Special enum is in ladder order
            amount = shisanshui.SPECIAL_AMOUNTS[special]
            what = self.tr(f"special.{special.id}.what")
            if special is Special.FIVE_PAIRS_TRIPS:  # its amount is the (decided) reading of §8
                what = join(what, self.t("rules.decided"))
            yield f"| {self.tr(f'special.{special.id}.name')} | {what} | {amount} |"
        yield ""
        yield from self._bullets(
            self.tr("ss_specials_declare"),
            self.tr("ss_specials_paid"),
            self.tr("ss_specials_two"),
            self.tr("pairs_count"),
            self.tr("ss_counts"),
            self.tr("sequence3"),
            self.tr("ss_specials_split"),
            self.tr("dragon_declared"),
        )
