"""The table's top bar (game, preset, deal number, the dealer or the banker) and the player's stake.

Kept apart from the presenter, which builds everything else the table screen draws.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from app.game import Table
from app.i18n import Translator
from app.view.formatting import conversion_text, preset_name
from rules.presets import Preset

#: Columns the top bar leaves to the countdown at its right ("Time 1:00", "時間 1:00") and the padding.
CLOCK_ROOM = 12


def info_text(
    t: Translator, table: Table, dealer: int | None, seat_name: Callable[[int], str], room: int | None = None
) -> Text:
    """The top bar of ``table``: ``dealer`` is the tournament's dealer or the banker game's banker. In
    ``room`` columns (the screen's width, when known) the game's name gives way first, so that what this
    table is (preset, deal, the rate of a unit) stays on the line."""
    out = Text()
    # The game's name as the table's players call it: 十三水 on the mainland's table, 十三張 elsewhere.
    title = "common.app_title_shisanshui" if table.preset is Preset.SHISANSHUI else "common.app_title"
    out.append(t(title), style="bold")
    out.append(" · " + preset_name(t, table.preset.value))
    rest = _rest(t, table, dealer, seat_name)
    if room is not None and out.cell_len + rest.cell_len > room - CLOCK_ROOM:
        out = Text(preset_name(t, table.preset.value), style="bold")
    return out.append_text(rest)


def _rest(t: Translator, table: Table, dealer: int | None, seat_name: Callable[[int], str]) -> Text:
    """The top bar after the game's and preset's names: practice, the deal, the dealer, the rate, the joker."""
    out = Text()
    if not table.scored:
        out.append(" · " + t("common.practice"), style="italic")
    if table.totals.deals_limit:
        out.append(" · " + t("table.deal_of", n=table.number, total=table.totals.deals_limit))
    elif (position := table.totals.round_position) is not None:
        n, rnd = position
        out.append(" · " + t("table.deal_round", n=n, round=rnd))
    else:
        out.append(" · " + t("table.deal", n=table.number))
    if dealer is not None:
        out.append(" · " + t("table.banker" if table.config.banker else "table.dealer", seat=seat_name(dealer)))
    # Where the table has money (taiwan's points, the tournament's, arcade's coins) its rate is said here,
    # once: every other figure in units is a plain count of units.
    conversion = conversion_text(t, table.totals.money_style)
    if conversion is not None:
        out.append(" · " + conversion)
    rec = table.current
    if rec is not None and rec.turned is not None:  # the joker game: the turned-up card, for all to see (§20.2)
        out.append(" · " + t("table.joker_bar", card=rec.turned.symbol()), style="bold magenta")
    return out


def stake_text(t: Translator, table: Table) -> str | None:
    """A banker game: what the player has staked this deal, and what it stakes from the next deal when that
    differs ("stake 2, then 3 from the next deal"); holding the bank, which stakes nothing, "the bank" (and the
    stake from the next deal when changed); None elsewhere."""
    if not table.config.banker or table.human is None:
        return None
    rec = table.current
    now = rec.stakes.get(table.human, 1) if rec is not None and rec.banker is not None else table.wagers.stake
    if rec is not None and rec.banker == table.human:
        later = [t("table.stake_next", n=table.wagers.stake)] if table.wagers.stake != now else []
        return " · ".join([t("table.stake_banker"), *later])
    if table.wagers.stake != now:
        return t("table.stake_then", n=now, next=table.wagers.stake)
    return t("table.stake", n=now)
