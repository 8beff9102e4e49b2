"""Scoring of the `shisanshui` preset (S2/S3): row weights 1/2/3, row bonuses, 打槍, 全壘打, 報到 specials."""

from __future__ import annotations

from collections import Counter

from .arrangement import Row
from .deal import Deal, Item, Outcome, PairResult, Seat, add_home_runs, pair_order, row_outcomes, sweep_item
from .evaluate import Category
from .specials import Special

WEIGHTS = {Row.FRONT: 1, Row.MIDDLE: 2, Row.BACK: 3}
SWEEP = 6
HOME_RUN = 12
RUSH_THREE, QUADS, STRAIGHT_FLUSH = 6, 8, 10

# What every other player pays a declared special (§8).
SPECIAL_AMOUNTS: dict[Special, int] = {
    Special.THREE_FLUSHES: 3,
    Special.THREE_STRAIGHTS: 4,
    Special.SIX_PAIRS: 4,
    Special.FIVE_PAIRS_TRIPS: 5,
    Special.FOUR_TRIPS: 6,
    Special.ONE_COLOR: 10,
    Special.ALL_SMALL: 10,
    Special.ALL_BIG: 10,
    Special.THREE_QUADS: 20,
    Special.THREE_STRAIGHT_FLUSHES: 20,
    Special.TWELVE_ROYALS: 24,
    Special.DRAGON: 36,
    Special.SUITED_DRAGON: 108,
}


def row_bonus(row: Row, category: Category) -> tuple[str, int] | None:
    """The bonus a won row of ``category`` adds to its weight: 衝三 +6, 四梅 +8, 同花順 +10 (§8, §13.12)."""
    if row is Row.FRONT and category is Category.TRIPS:
        return "rush_three", RUSH_THREE
    if category is Category.QUADS:
        return "quads", QUADS
    if category is Category.STRAIGHT_FLUSH:
        return "straight_flush", STRAIGHT_FLUSH
    return None


def category_worth(row: Row, category: Category) -> int:
    """Everything a won row of ``category`` takes: its weight plus its bonus."""
    bonus = row_bonus(row, category)
    return WEIGHTS[row] + (bonus[1] if bonus else 0)


def _won_row(seat: Seat, row: Row, sign: int) -> list[Item]:
    assert seat.values is not None
    items = [Item(row.id, WEIGHTS[row] * sign)]
    bonus = row_bonus(row, seat.values[row].category)
    if bonus:
        items.append(Item(bonus[0], bonus[1] * sign))
    return items


def _special_items(si: Special | None, sj: Special | None) -> list[Item]:
    if si and sj:
        if si.rung == sj.rung:
            return []
        return [Item(si.id, SPECIAL_AMOUNTS[si])] if si.rung > sj.rung else [Item(sj.id, -SPECIAL_AMOUNTS[sj])]
    if si:
        return [Item(si.id, SPECIAL_AMOUNTS[si])]
    assert sj is not None, "a pair is scored by its special hands only when one seat declared one"
    return [Item(sj.id, -SPECIAL_AMOUNTS[sj])]


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for a `shisanshui` deal."""
    n = deal.players
    items: dict[tuple[int, int], list[Item]] = {}
    rows: dict[tuple[int, int], tuple[Outcome, Outcome, Outcome] | None] = {}
    sweeps: Counter[int] = Counter()
    for i, j in pair_order(n):
        if seats[i].special or seats[j].special:
            rows[i, j], items[i, j] = None, _special_items(seats[i].special, seats[j].special)
            continue
        r = row_outcomes(seats[i], seats[j])
        rows[i, j] = r
        lst: list[Item] = []
        for row, outcome in zip(Row, r, strict=True):
            if outcome is Outcome.WIN:
                lst += _won_row(seats[i], row, 1)
            elif outcome is Outcome.LOSS:
                lst += _won_row(seats[j], row, -1)
        sweep = sweep_item(r, SWEEP, sweeps, i, j)
        if sweep:
            lst.append(sweep)
        items[i, j] = lst
    add_home_runs(items, sweeps, n, HOME_RUN)
    return [PairResult(i, j, rows[i, j], tuple(items[i, j])) for i, j in pair_order(n)]
