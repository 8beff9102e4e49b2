"""What the New table form offers, given the other choices: the host's choices that depend on another one.

Plain functions of a :class:`TableConfig` (no Textual), so that the form (:mod:`app.screens.host`) and the
tests agree on which combinations exist:

- the first banker (§16.1) is one of the seated players: at 3 you, East or West; at 2 you or North;
- 換三張's ways (§21) are those the table has: at 3 nobody sits across (across would pass clockwise), at 2
  every way reaches the other player, so only how many rounds is a choice;
- each computer seat's level is asked only for a seated opponent;
- a preset's own options, the banker game's and arcade's coins show only where they apply (the screen's
  classes, from :func:`shown`).

:func:`fit` turns any config into the one the form shows for it: what a settings record from before these
rules becomes, visibly, when the form opens it.

Each row of the form is one :class:`FormRow` of :data:`TABLE_ROWS` and :data:`OPTION_ROWS`, in the order shown:
the label, the choices, the value a config holds and what a choice makes of the config, the group of tables
it shows with, and whether the rules pane follows it. The form draws, applies and re-shows every row from that
spec alone; the preset (with its description) and the opponents' levels (with the level's note) are the form's
own.

The same concept on another floor: the form that shows these choices, :mod:`app.screens.host`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from app.config import PLAYERS, TIME_LIMITS, TableConfig, seats_for
from app.config import STAKES as PLAYER_STAKES
from app.i18n import Translator
from rules import arcade
from rules.evaluate import Wheel
from rules.exchange import MAX_ROUNDS, Direction
from rules.presets import TieRule
from rules.session import DEFAULT_RAKE, VIP_RAKE

STAKES = (1, 5, 10, 20, 50, 100)  # coins a 墩 in arcade
RAKES = (DEFAULT_RAKE, VIP_RAKE)
SEATS = ((1, "east"), (2, "north"), (3, "west"))  # the computer seats whose level the host picks

ExchangeValue = tuple[int, Direction]  # 換三張's row: (rounds, way); off is (0, clockwise)
OFF: ExchangeValue = (0, Direction.CLOCKWISE)


def banker_seats(players: int) -> tuple[int, ...]:
    """The seats that may hold the bank first: the seated ones, the player (0) first."""
    return seats_for(players)


def exchange_ways(players: int) -> tuple[Direction, ...]:
    """The ways 換三張 can go at a table of ``players`` (RULES.md §21)."""
    if players == 2:
        return (Direction.CLOCKWISE,)  # every way reaches the other player: one way, named "with North"
    if players == 3:
        return (Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.ROTATE)
    return tuple(Direction)


def exchange_values(players: int) -> tuple[ExchangeValue, ...]:
    """The exchange row's values: off, then each way once, then each way twice."""
    return (OFF, *((n, w) for n in range(1, MAX_ROUNDS + 1) for w in exchange_ways(players)))


def exchange_fit(value: ExchangeValue, players: int) -> ExchangeValue:
    """The offered value that plays as ``value`` does at ``players``: across at three passes clockwise, and
    at two every way is the same one (RULES.md §21)."""
    rounds, way = value
    if not rounds:
        return OFF
    if way not in exchange_ways(players):
        way = Direction.CLOCKWISE
    return rounds, way


def exchange_value(c: TableConfig) -> ExchangeValue:
    """The exchange row's value for a config, fitted to its table size."""
    return exchange_fit((c.exchange, c.exchange_way), c.players)


def fit(c: TableConfig) -> TableConfig:
    """``c`` as the form can show it: every dependent choice one the form offers (the first banker is a seated
    player already, by :class:`TableConfig` itself)."""
    rounds, way = exchange_value(c)
    if (rounds, way) != (c.exchange, c.exchange_way):
        c = replace(c, exchange=rounds, exchange_way=way)
    return c


def shown(c: TableConfig) -> frozenset[str]:
    """The groups of rows that apply to ``c`` (the host screen's classes): ``arranged`` (not in the ladder,
    where nobody arranges: no clock, no 換三張, no joker, no 免擺), ``banker``, ``coins`` (arcade's stake and
    rake, scored only: a practice table has no coins) and the presets' own (``arcade``, ``western``,
    ``hongkong``)."""
    groups = {c.preset.value}
    if c.preset.arranged:
        groups.add("arranged")
    if c.banker:
        groups.add("banker")
    if c.preset.plays_for_coins and c.scored:
        groups.add("coins")
    return frozenset(groups)


def exchange_choices(t: Translator, players: int = 4) -> list[tuple[ExchangeValue, str]]:
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


Choices = Callable[[Translator, TableConfig], list[tuple[Any, str]]]


@dataclass(frozen=True)
class FormRow:
    """One setting of the New table form (see the module docstring)."""

    id: str  # the row's widget id
    label: str  # its label's key (host.toml)
    choices: Choices
    value: Callable[[TableConfig], Any]  # the value a config holds, as the row shows it
    apply: Callable[[TableConfig, Any], TableConfig]  # the config with the row's choice made
    classes: str = ""  # the group of tables it shows with (game.tcss): arranged-only, banker-only, ...
    rules: bool = False  # the rules pane says what it is: a change redraws the pane
    groups: bool = False  # a change may show or hide other rows (:func:`shown`)


def _setting(
    row_id: str, choices: Choices, classes: str = "", *, rules: bool = False, groups: bool = False, label: str = ""
) -> FormRow:
    """A row of the table's own settings: a :class:`TableConfig` field of the row's name (its label
    ``host.<id>_label`` unless ``label`` names another)."""
    return FormRow(
        row_id,
        f"host.{label or row_id}_label",
        choices,
        lambda c: getattr(c, row_id),
        lambda c, v: replace(c, **{row_id: v}),
        classes,
        rules,
        groups,
    )


def _option(row_id: str, choices: Choices, classes: str = "arranged-only", *, label: str = "") -> FormRow:
    """A row of the rules' options (:class:`rules.presets.Options`), which the rules pane shows."""
    return FormRow(
        row_id,
        f"host.{label or row_id}_label",
        choices,
        lambda c: getattr(c.options, row_id),
        lambda c, v: replace(c, options=replace(c.options, **{row_id: v})),
        classes,
        rules=True,
    )


def _on_off(t: Translator, _c: TableConfig) -> list[tuple[Any, str]]:
    return [(True, t("host.on")), (False, t("host.off"))]


def _off_or(on: str) -> Choices:
    """Off first, then on as ``on`` says it."""
    return lambda t, _c: [(False, t("host.off")), (True, t(on))]


TABLE_ROWS: tuple[FormRow, ...] = (
    _setting("scored", lambda t, _c: [(True, t("host.scored")), (False, t("host.practice"))], groups=True),
    _setting(
        "time_limit",
        lambda t, _c: [(s, t("host.time_off") if s == 0 else t("host.seconds", n=s)) for s in TIME_LIMITS],
        "arranged-only",  # nobody arranges in the ladder: nothing to time
        label="time",
    ),
    FormRow("takeover", "host.takeover_label", _on_off, lambda c: c.takeover, lambda c, v: replace(c, takeover=v)),
    _setting(
        "players",
        lambda t, _c: [(n, t(f"host.players_{n}")) for n in sorted(PLAYERS, reverse=True)],
        rules=True,
        groups=True,
    ),
    FormRow(
        "banker", "host.banker_label", _on_off, lambda c: c.banker, lambda c, v: replace(c, banker=v), "", True, True
    ),
    _setting(
        "banker_moves",
        lambda t, _c: [(True, t("host.banker_moves")), (False, t("host.banker_stays"))],
        "banker-only",
    ),
    _setting("first_banker", lambda t, c: banker_choices(t, c.players), "banker-only"),
    _option("ties", lambda t, _c: [(r, t(f"host.ties.{r.value}")) for r in TieRule], "banker-only"),
    _setting("player_stake", lambda t, _c: [(s, t("host.player_stake", n=s)) for s in PLAYER_STAKES], "banker-only"),
)
"""The table's rows, above the opponents' levels."""

OPTION_ROWS: tuple[FormRow, ...] = (
    _option("wheel", lambda t, _c: [(Wheel.LOW, t("host.wheel_low")), (Wheel.SECOND, t("host.wheel_second"))]),
    _option(
        "suit_tiebreak",
        lambda t, _c: [(False, t("host.tiebreak_off")), (True, t("host.tiebreak_on"))],
        label="tiebreak",
    ),
    _option("exempt", _off_or("host.exempt_on")),
    FormRow(
        "exchange",  # 換三張: rounds and way in one row
        "host.exchange_label",
        lambda t, c: exchange_choices(t, c.players),
        exchange_value,
        lambda c, v: replace(c, exchange=v[0], exchange_way=v[1]),
        "arranged-only",
        rules=True,
    ),
    _option("joker", _off_or("host.joker_on")),  # 鬼牌, RULES.md §20
    _option(
        "three_flush_straight",
        lambda t, _c: [(True, t("host.shapes_on", n=arcade.SHAPE_BONUS)), (False, t("host.off"))],
        "arcade-only",
        label="shapes",
    ),
    _option("royalties", _off_or("host.royalties_on"), "western-only"),
    FormRow(
        "rule_seven",  # its ties follow it (TableConfig.with_rule_seven)
        "host.rule_seven_label",
        _off_or("host.rule_seven_on"),
        lambda c: c.options.rule_seven,
        lambda c, v: c.with_rule_seven(v),
        "hongkong-only",
        rules=True,
    ),
    _setting("stake", lambda t, _c: [(s, t("host.stake", n=s)) for s in STAKES], "coins-only"),
    _setting(
        "rake",
        lambda t, _c: [
            (RAKES[0], t("host.rake", pct=round(RAKES[0] * 100))),
            (RAKES[1], t("host.rake_vip", pct=round(RAKES[1] * 100))),
        ],
        "coins-only",
    ),
)
"""The rules' options and the coins, below the options' heading."""

ROWS: dict[str, FormRow] = {row.id: row for row in (*TABLE_ROWS, *OPTION_ROWS)}


__all__ = [
    "OFF",
    "OPTION_ROWS",
    "RAKES",
    "ROWS",
    "SEATS",
    "STAKES",
    "TABLE_ROWS",
    "ExchangeValue",
    "FormRow",
    "banker_choices",
    "banker_seats",
    "exchange_choices",
    "exchange_fit",
    "exchange_value",
    "exchange_values",
    "fit",
    "shown",
]
