"""The table calls every level makes the same way: declaring a special hand, and whom to double (賭倍).

A declaration is weighed against the best arrangement's expected units (a dragon is always declared);
in arcade each seat doubles the opponent that looks weakest from the public levels at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from rules.arcade import DRAGON_AMOUNT
from rules.hongkong import special_amount
from rules.presets import Preset
from rules.scoring import home_run_bonus, sweep_bonus
from rules.shisanshui import SPECIAL_AMOUNTS
from rules.specials import Special, detect_specials
from rules.taiwan import DRAGON_BONUS

from .contract import Level, TableView

# How strong a public level looks when choosing whom to double; a person (None) counts as `normal`.
_STRENGTH: dict[str | None, int] = {None: 1, Level.EASY: 0, Level.NORMAL: 1, Level.HARD: 2, Level.EXPERT: 3}


def declaration_value(special: Special, view: TableView) -> float:
    """Expected units of a declaration from the whole table (taiwan family: 打槍 and the dragon's bonus from each,
    and 紅不讓 from each at four, as :mod:`rules.taiwan` scores a declared dragon; arcade counts one doubled pair,
    as ai/estimate.py does for arrangements)."""
    opponents = view.players - 1
    if view.preset is Preset.HONGKONG:
        return float(special_amount(special, view.rules_options.rule_seven) * opponents)
    if view.preset is Preset.SHISANSHUI:
        return float(SPECIAL_AMOUNTS[special] * opponents)
    if view.preset is Preset.ARCADE:
        return float(DRAGON_AMOUNT[special] * (opponents + 1))
    home_run = home_run_bonus(view.preset) if view.players == 4 else 0
    return float((sweep_bonus(view.preset) + DRAGON_BONUS + home_run) * opponents)


def best_declaration(hand: Sequence[int], view: TableView) -> tuple[Special, float] | None:
    """The most valuable special ``hand`` may declare under the view's preset, with its value; None if none."""
    allowed = detect_specials(hand) & view.preset.specials
    if not allowed:
        return None
    best = max(allowed, key=lambda s: (declaration_value(s, view), s.rung))
    return best, declaration_value(best, view)


def declares(special: Special, declaration_ev: float, best_ev: float, level: Level) -> bool:
    """Whether a level declares ``special`` rather than play its best arrangement.

    A dragon always (rules/RULES.md §13.1); otherwise when it is worth more, or for `easy`, whenever it pays.
    """
    return special.is_dragon or declaration_ev > best_ev or (level is Level.EASY and declaration_ev > 0)


def double_target(view: TableView) -> int | None:
    """The seat the view's seat doubles in arcade (the weakest-looking opponent, nearest first); None elsewhere,
    and in a banker game, which is played without 賭倍 (rules/RULES.md §16.1)."""
    if not view.preset.doubling(view.banker is not None):
        return None
    order = [(view.seat + k) % view.players for k in range(1, view.players)]

    def weakness(seat: int) -> int:
        lvl = view.levels[seat] if seat < len(view.levels) else None
        return _STRENGTH.get(lvl, 1)

    return min(order, key=weakness)


def table_doubles(view: TableView) -> tuple[int | None, ...]:
    """Every seat's 賭倍 target for a deal scored by the rules: one entry a seat in arcade, and nothing at all
    elsewhere and in a banker game (whose deals refuse any list of doubles, even one of Nones)."""
    if not view.preset.doubling(view.banker is not None):
        return ()
    return tuple(double_target(replace(view, seat=s)) for s in range(view.players))


def double_factors(view: TableView, seats: Sequence[int], mine: int | bool | None = True) -> np.ndarray | None:
    """Arcade 賭倍: how many times our pair with each of ``seats`` counts (doubled by us, by them, or both),
    as the computer reads the table (None at other presets). ``mine`` is the seat we double: True for
    :func:`double_target`'s, None for nobody."""
    if not view.preset.double_picks:
        return None
    if mine is True:
        mine = double_target(view)
    return np.array([2.0 ** ((mine == q) + (double_target(replace(view, seat=q)) == view.seat)) for q in seats])


def double_if_ahead(view: TableView, pair_value: float) -> int | None:
    """`expert`'s 賭倍, which it may leave out (§7.5: the pick is optional): a doubled pair counts its whole
    amount twice, so it pays only when our play is expected to win the pair (``pair_value`` > 0, what the
    play takes from one opponent on average). Then the opponent that doubles us is the one to double (the
    pair goes ×4, twice the gain of ×2 elsewhere), else :func:`double_target`'s pick; otherwise nobody
    (doubling when behind doubles the loss)."""
    target = double_target(view)
    if target is None or pair_value <= 0:
        return None
    order = [(view.seat + k) % view.players for k in range(1, view.players)]
    back = [q for q in order if double_target(replace(view, seat=q)) == view.seat]
    return back[0] if back else target
