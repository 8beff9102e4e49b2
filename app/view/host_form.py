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

The same concept on another floor: the form that shows these choices, :mod:`app.screens.host`.
"""

from __future__ import annotations

from dataclasses import replace

from app.config import TableConfig, seats_for
from rules.exchange import MAX_ROUNDS, Direction
from rules.presets import Preset

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
    if c.preset is Preset.ARCADE and c.scored:
        groups.add("coins")
    return frozenset(groups)


__all__ = ["OFF", "ExchangeValue", "banker_seats", "exchange_fit", "exchange_value", "exchange_values", "fit", "shown"]
