"""How the game's numbers and names read on screen, in one place for the table, the results panel and the
summaries: signed amounts, money in the table's currency, seat names, scored items and reveal steps."""

from __future__ import annotations

from collections.abc import Iterable

from app.game import ItemLine, RevealStep, Table
from app.i18n import Translator
from rules.ledger import Currency
from rules.presets import Preset
from rules.session import points_for
from rules.specials import Special

#: The i18n names of the seats, by seat number (the player sits south).
SEAT_KEYS = ("south", "east", "north", "west")


def signed(n: int) -> str:
    """``+4``, ``-2``, ``0``: ASCII signs keep the width the same in every terminal."""
    return f"+{n:,}" if n > 0 else f"{n:,}"


def money_text(t: Translator, preset: Preset, currency: Currency, value: int) -> str:
    """A seat's standing in the table's currency: units (with the points they stand for in taiwan),
    tournament points, arcade coins, or "practice" when nothing is counted."""
    if currency is Currency.NONE:
        return t("common.practice")
    if preset is Preset.TAIWAN:
        return t("table.money.taiwan", units=signed(value), points=signed(points_for(preset, value)))
    if currency is Currency.UNITS:
        return t("table.money.units", units=signed(value))
    return t(f"table.money.{currency.value}", n=f"{value:,}")


def points_per_unit(table: Table) -> int | None:
    """What a unit is worth in the results' points column: the preset's points (taiwan, tournament), the
    stake in arcade, none otherwise."""
    if table.preset is Preset.ARCADE:
        return table.config.stake
    if table.preset in (Preset.TAIWAN, Preset.TOURNAMENT):
        return table.preset.points_per_unit
    return None


def seat_name(t: Translator, seat: int, human: int | None, *, short: bool = False) -> str:
    """The name the player sees for ``seat`` ("You" for the player's own, ``human``)."""
    group = "seat_short" if short else "seat"
    if seat == human:
        return t(f"common.{group}.you")
    return t(f"common.{group}.{SEAT_KEYS[seat]}")


def item_name(t: Translator, kind: str, preset: Preset) -> str:
    """The name of a scored item (``sweep`` → 打槍, taiwan ``six_pairs`` → 六輪車, a special → its name)."""
    for key in (f"results.item.{preset.value}.{kind}", f"results.item.{kind}"):
        if t.has(key) or Translator("en").has(key):
            return t(key)
    if kind in {s.value for s in Special}:
        return t(f"common.special.{kind}")
    return kind


def step_title(t: Translator, step: RevealStep, preset: Preset) -> str:
    """The heading of a reveal step ("Fronts 頭道", "打槍 Sweeps", "紅不讓" or "全壘打", …)."""
    if step.kind == "row" and step.row is not None:
        return t(f"results.step.{step.row.id}")
    if step.kind == "home_runs":
        return t(
            "results.step.home_runs_taiwan"
            if preset in (Preset.TAIWAN, Preset.TOURNAMENT)
            else "results.step.home_runs"
        )
    return t(f"results.step.{step.kind}")


def group_lines(lines: Iterable[ItemLine]) -> dict[tuple[int, str], tuple[int, list[int]]]:
    """Reveal lines grouped by (winner, kind): the total and who paid it, in the order they came."""
    out: dict[tuple[int, str], tuple[int, list[int]]] = {}
    for ln in lines:
        value, losers = out.get((ln.winner, ln.kind), (0, []))
        out[(ln.winner, ln.kind)] = (value + ln.value, [*losers, ln.loser])
    return out


__all__ = [
    "SEAT_KEYS",
    "group_lines",
    "item_name",
    "money_text",
    "points_per_unit",
    "seat_name",
    "signed",
    "step_title",
]
