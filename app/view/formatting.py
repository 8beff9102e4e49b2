"""How the game's numbers and names read on screen, in one place for the table, the results panel and the
summaries: signed amounts, money in the table's currency, seat names, scored items and reveal steps."""

from __future__ import annotations

from app.i18n import Translator
from rules.ledger import Currency, MoneyStyle
from rules.presets import Preset
from rules.specials import Special

#: The i18n names of the seats, by seat number (the player sits south).
SEAT_KEYS = ("south", "east", "north", "west")

#: Scored items that are a special hand (their names are ``common.special.*``).
SPECIAL_IDS = frozenset(s.value for s in Special)


def signed(n: int) -> str:
    """``+4``, ``-2``, ``0``: ASCII signs keep the width the same in every terminal."""
    return f"+{n:,}" if n > 0 else f"{n:,}"


def preset_name(t: Translator, preset: object) -> str:
    """A preset's name in the player's language (``preset``: a :class:`rules.presets.Preset` or its value), from
    ``common.preset``: the one place every screen, the table's top bar and the rules text read it."""
    return t(f"common.preset.{getattr(preset, 'value', preset)}")


def unit_word(t: Translator) -> str:
    """The scoring unit's one word in the player's language, for text built in Python (the command line's):
    en "units", zh-TW 賭, zh-CN 水. The word is named once, in ``common.units``; an amount reads through
    :func:`units_text`, and a string of the tables names the unit as ``{unit_word}`` (:data:`app.i18n.UNIT_WORD`)."""
    return t("common.units")


def units_text(t: Translator, value: int | float | str, *, places: int | None = None, sign: bool = True) -> str:
    """An amount in units with the unit's word: ``+3 units``, ``1 unit``, ``-3.8 units``, ``+3 賭``, ``-6.3 水``.

    ``value`` is a whole number (signed unless ``sign`` is False), a float (shown to ``places`` decimals, one
    by default) or text already formatted ("0.42 ± 0.10"); the English plural follows the figure shown."""
    if isinstance(value, str):
        n = value
    elif isinstance(value, float) or places is not None:
        n = f"{value:{'+' if sign else ''}.{1 if places is None else places}f}"
    else:
        n = signed(value) if sign else f"{value:,}"
    return t("common.amount", n=n)


NOT_COUNTED = "–"  # a standing where nothing is counted (a practice table)


def conversion_text(t: Translator, style: MoneyStyle) -> str | None:
    """What one unit is worth where the table has money ("1 unit = 100 pts", "1 unit = 10 coins"), said once
    on screen; None where units are all there is (or nothing is counted)."""
    if style.unit_worth is None or style.currency is Currency.NONE:
        return None
    return t(f"common.conversion.{style.worth_in.value}", n=f"{style.unit_worth:,}")


def money_text(t: Translator, style: MoneyStyle, value: int) -> str:
    """A seat's standing in the table's currency (``style``, from the ledger): units, tournament points,
    arcade coins, or a dash when nothing is counted (a practice table: the top bar says "practice" once). A
    units total reads in units alone, taiwan's too: what a unit is worth there is said once, on the top bar
    (:func:`conversion_text`)."""
    if not style.counted:
        return NOT_COUNTED
    if style.currency is Currency.UNITS:
        return t("table.money.units", units=units_text(t, value))
    return t(f"table.money.{style.currency.value}", n=f"{value:,}")


def deal_units_text(t: Translator, style: MoneyStyle, units: int) -> str:
    """A deal's units for one seat, with the points or coins they are worth where a unit has a worth."""
    worth = style.points_of(units) if style.counted else None  # a practice table's units are worth nothing
    if worth is None:
        return t("results.units", n=signed(units))
    key = "results.units_coins" if style.worth_in is Currency.COINS else "results.units_points"
    return t(key, n=signed(units), p=signed(worth))


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
    if kind in SPECIAL_IDS:
        return t(f"common.special.{kind}")
    return kind


__all__ = [
    "SEAT_KEYS",
    "SPECIAL_IDS",
    "conversion_text",
    "deal_units_text",
    "item_name",
    "money_text",
    "seat_name",
    "signed",
    "unit_word",
    "units_text",
]
