"""Scoring of the `taiwan` (S0) and `tournament` (S4) presets: units per pair, 打槍/輾過, 紅不讓, 加賭, dragons."""

from __future__ import annotations

from collections import Counter

from .arrangement import Row
from .deal import Deal, Item, Outcome, PairResult, Seat, add_home_runs, pair_order, row_outcomes
from .evaluate import Category
from .presets import Preset
from .specials import Special

SWEEP = 6  # 打槍 and 輾過, and what a fouled hand pays
HOME_RUN = 6  # 紅不讓, on top of the sweep, from each of three
DRAGON_BONUS = 13

# 加賭 per preset, in the order the bonus items are listed (§5, §6).
BONUSES: dict[Preset, dict[str, int]] = {
    Preset.TAIWAN: {
        "rush_three": 3,
        "double_monster_rush": 9,
        "middle_quads": 8,
        "back_quads": 4,
        "middle_straight_flush": 10,
        "back_straight_flush": 5,
        "three_flushes": 3,
        "six_pairs": 6,
        "two_houses_pair": 5,
        "seven_eleven": 3,
    },
    Preset.TOURNAMENT: {
        "rush_three": 3,
        "middle_quads": 8,
        "back_quads": 4,
        "middle_straight_flush": 10,
        "back_straight_flush": 5,
    },
}

_MONSTERS = (Category.QUADS, Category.STRAIGHT_FLUSH)
_SEVEN_ELEVEN = ({5: 3, 9: 2}, {5: 2, 9: 3})  # 777JJ and 77JJJ as rank-index counts


def bonus_items(seat: Seat, preset: Preset) -> list[Item]:
    """The 加賭 an arranged, non-fouled seat's own arrangement earns (paid only if it wins the pair)."""
    table = BONUSES[preset]
    assert seat.values is not None
    front, middle, back = seat.values
    played = seat.rows  # a joker counts as the card it stands for (§20.5)
    found: list[str] = []
    if front.category is Category.TRIPS:
        double = middle.category in _MONSTERS and back.category in _MONSTERS
        found.append("double_monster_rush" if double and "double_monster_rush" in table else "rush_three")
    if middle.category is Category.QUADS:
        found.append("middle_quads")
    if back.category is Category.QUADS:
        found.append("back_quads")
    if middle.category is Category.STRAIGHT_FLUSH:
        found.append("middle_straight_flush")
    if back.category is Category.STRAIGHT_FLUSH:
        found.append("back_straight_flush")
    flushes = (Category.FLUSH, Category.STRAIGHT_FLUSH)
    if len({c.suit for c in played[Row.FRONT]}) == 1 and middle.category in flushes and back.category in flushes:
        found.append("three_flushes")
    if sum(n // 2 for n in Counter(c.rank for row in played for c in row).values()) >= 6:
        found.append("six_pairs")
    if front.category is Category.PAIR and middle.category is back.category is Category.FULL_HOUSE:
        found.append("two_houses_pair")
    for row, value in ((Row.MIDDLE, middle), (Row.BACK, back)):
        if value.category is Category.FULL_HOUSE and dict(Counter(c.rank for c in played[row])) in _SEVEN_ELEVEN:
            found.append("seven_eleven")
    return [Item(name, table[name]) for name in found if name in table]


def _base(a: Seat, b: Seat) -> tuple[tuple[Outcome, Outcome, Outcome], Item | None]:
    rows = row_outcomes(a, b)
    won, lost = rows.count(Outcome.WIN), rows.count(Outcome.LOSS)
    if lost == 0 and won > 0:
        return rows, Item("sweep" if won == 3 else "crush", SWEEP)
    if won == 0 and lost > 0:
        return rows, Item("sweep" if lost == 3 else "crush", -SWEEP)
    if won != lost:
        return rows, Item("rows", 1 if won > lost else -1)
    return rows, None


def _dragon_rank(special: Special | None, preset: Preset) -> int:
    if special is None:
        return 0
    return 2 if special is Special.SUITED_DRAGON and preset is Preset.TAIWAN else 1


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for a `taiwan` or `tournament` deal."""
    preset, n = deal.preset, deal.players
    dragon = [_dragon_rank(s.special, preset) for s in seats]
    best = max(dragon)
    sole_best = best > 0 and dragon.count(best) == 1
    top_dragon = dragon.index(best) if sole_best else None

    # Each seat's own 加賭, worked out once: it is paid in every pair the seat wins.
    bonuses = [bonus_items(s, preset) if s.values is not None and not s.fouled else [] for s in seats]
    items: dict[tuple[int, int], list[Item]] = {}
    rows: dict[tuple[int, int], tuple[Outcome, Outcome, Outcome] | None] = {}
    sixes: Counter[int] = Counter()
    for i, j in pair_order(n):
        di, dj = dragon[i] > 0, dragon[j] > 0
        if di or dj:
            rows[i, j] = None
            if di and dj:
                items[i, j] = []  # two dragons tie each other
            else:
                sign = 1 if di else -1
                lst = [Item("sweep", SWEEP * sign), Item("dragon", DRAGON_BONUS * sign)]
                if n == 4 and top_dragon in (i, j):
                    lst.append(Item("home_run", HOME_RUN * sign))
                items[i, j] = lst
            continue
        if sole_best:
            rows[i, j], items[i, j] = None, []  # beneath a sole best dragon the others do not compare
            continue
        r, base = _base(seats[i], seats[j])
        rows[i, j] = r
        lst = [base] if base else []
        if base:
            winner = i if base.value > 0 else j
            sign = 1 if base.value > 0 else -1
            lst += [Item(b.kind, b.value * sign) for b in bonuses[winner]]
            if abs(base.value) == SWEEP:
                sixes[i if base.value > 0 else j] += 1
        items[i, j] = lst

    add_home_runs(items, sixes, n, HOME_RUN)
    return [PairResult(i, j, rows[i, j], tuple(items[i, j])) for i, j in pair_order(n)]
