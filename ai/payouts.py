"""What each legal split is paid under a preset, whoever the opponents are: bonuses and row worths.

These mirror `rules.taiwan`, `rules.arcade`, `rules.shisanshui`, `rules.western`, `rules.hongkong` and
`rules.backrow` in vectorised form; a test checks
them against the rules scorer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from rules.arcade import category_worth as arcade_worth
from rules.arrangement import Row
from rules.backrow import row_worth as backrow_worth
from rules.evaluate import Category
from rules.hongkong import category_worth as hongkong_worth
from rules.presets import Options, Preset
from rules.shisanshui import category_worth as shisanshui_worth
from rules.taiwan import BONUSES
from rules.western import category_worth as western_worth

from .features import SplitFeatures, gather, is_cat

C = Category
# Plain ints, not Category members, wherever a category meets a numpy array: numpy looks up `__array_ufunc__`
# on an IntEnum operand through the enum metaclass's `__getattr__` and swallows whatever is raised there, so a
# Ctrl+C that arrived during that lookup was lost (tests/ai/test_interrupts.py). `is_cat` converts its own.
_PAIR, _TRIPS, _FULL_HOUSE = int(C.PAIR), int(C.TRIPS), int(C.FULL_HOUSE)
_QUADS, _STRAIGHT_FLUSH = int(C.QUADS), int(C.STRAIGHT_FLUSH)


@functools.cache
def _bonus_by_category(preset: Preset) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The single-row 加賭 of ``preset`` by category, front, middle and back (made once a preset; read only)."""
    table = BONUSES[preset]
    front, middle, back = np.zeros(9), np.zeros(9), np.zeros(9)
    front[_TRIPS] = table["rush_three"]
    middle[_QUADS], middle[_STRAIGHT_FLUSH] = table["middle_quads"], table["middle_straight_flush"]
    back[_QUADS], back[_STRAIGHT_FLUSH] = table["back_quads"], table["back_straight_flush"]
    for rows in (front, middle, back):
        rows.flags.writeable = False
    return front, middle, back


def taiwan_bonus(f: SplitFeatures, preset: Preset) -> npt.NDArray[np.float64]:
    """The 加賭 each split earns when it wins a pair (taiwan or tournament table)."""
    table = BONUSES[preset]
    fc, mc, bc = f.cats()
    # Single-row bonuses by category, looked up instead of tested one by one.
    front_by_cat, middle_by_cat, back_by_cat = _bonus_by_category(preset)
    bonus: npt.NDArray[np.float64] = gather(front_by_cat, fc) + gather(middle_by_cat, mc) + gather(back_by_cat, bc)
    trips = fc == _TRIPS
    if "double_monster_rush" in table:
        monsters = (mc >= _QUADS) & (bc >= _QUADS)
        bonus += np.where(trips & monsters, table["double_monster_rush"] - table["rush_three"], 0)
    flushes = is_cat(mc, C.FLUSH, C.STRAIGHT_FLUSH) & is_cat(bc, C.FLUSH, C.STRAIGHT_FLUSH)
    if "three_flushes" in table:
        bonus += np.where(f.front_suited & flushes, table["three_flushes"], 0)
    if "six_pairs" in table and f.hand_pairs >= 6:
        bonus += table["six_pairs"]
    if "two_houses_pair" in table:
        bonus += np.where((fc == _PAIR) & (mc == _FULL_HOUSE) & (bc == _FULL_HOUSE), table["two_houses_pair"], 0)
    if "seven_eleven" in table:
        se = ((mc == _FULL_HOUSE) & f.middle_seven_eleven) | ((bc == _FULL_HOUSE) & f.back_seven_eleven)
        bonus += np.where(se, table["seven_eleven"], 0)
    return bonus


# The presets whose rows are priced one by one (a won row takes its worth: rules.presets.Preset.rows_priced).
ROW_PRICED = frozenset(p for p in Preset if p.rows_priced)


# What a won row of a category takes under each preset, by its scoring module; every preset named, so that one
# added says what its rows take. Where no row takes a worth of its own (the taiwanese family's pair settles its
# rows together, §5; nobody arranges in the ladder, §19), shisanshui's 1-2-3 weights only order the splits.
_WORTH: dict[Preset, Callable[[Row, Category, Options], int]] = {
    Preset.TAIWAN: lambda row, cat, _: shisanshui_worth(row, cat),
    Preset.TOURNAMENT: lambda row, cat, _: shisanshui_worth(row, cat),
    Preset.ARCADE: lambda row, cat, _: arcade_worth(row, cat),
    Preset.SHISANSHUI: lambda row, cat, _: shisanshui_worth(row, cat),
    Preset.WESTERN: lambda row, cat, options: western_worth(row, cat, options.royalties),
    Preset.HONGKONG: lambda row, cat, _: hongkong_worth(row, cat),
    Preset.BACKROW: lambda row, _, __: backrow_worth(row),
    Preset.LADDER: lambda row, cat, _: shisanshui_worth(row, cat),
}


def worth_by_category(row: Row, preset: Preset, options: Options | None = None) -> npt.NDArray[np.float64]:
    """Worth of a won row by category (index = category), before treasure (western: 1, or its royalty)."""
    worth, opts = _WORTH[preset], options or preset.default_options
    return np.array([worth(row, cat, opts) for cat in Category], dtype=float)


def row_worths(f: SplitFeatures, preset: Preset, options: Options | None = None) -> npt.NDArray[np.float64]:
    """(3, n): what each row of each split takes when it wins (arcade incl. treasure; shisanshui; western)."""
    out = np.empty((3, f.size))
    for row, cats in zip(Row, f.cats(), strict=True):
        out[row] = worth_by_category(row, preset, options)[cats]
    if preset.treasure:
        out *= 1 + f.treasure
    return out


def arcade_shape(f: SplitFeatures, options: Options) -> npt.NDArray[np.bool_]:
    """Whether each split earns arcade's shape bonus of 三同花/三順子 (:data:`rules.arcade.SHAPE_BONUS`; legal splits
    only, so never a foul)."""
    if not options.three_flush_straight:
        return np.zeros(f.size, dtype=bool)
    _, mc, bc = f.cats()
    flushes = is_cat(mc, C.FLUSH, C.STRAIGHT_FLUSH) & is_cat(bc, C.FLUSH, C.STRAIGHT_FLUSH)
    straights = is_cat(mc, C.STRAIGHT, C.STRAIGHT_FLUSH) & is_cat(bc, C.STRAIGHT, C.STRAIGHT_FLUSH)
    shape: npt.NDArray[np.bool_] = (f.front_suited & flushes) | (f.front_sequence & straights)
    return shape
