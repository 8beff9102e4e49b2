"""Scoring of the `arcade` preset (S1): per-row 墩, 打槍 +3, 全壘打, 三同花/三順子 +2, 寶牌, 賭倍, dragons."""

from __future__ import annotations

from collections import Counter

from .arrangement import Row
from .deal import Deal, Item, Outcome, PairResult, Seat, add_home_runs, pair_order, row_outcomes, sweep_item
from .evaluate import Category, RowValue
from .specials import Special, is_three_sequence

SWEEP = 3
HOME_RUN = 6
SHAPE_BONUS = 2
DRAGON_AMOUNT = {Special.DRAGON: 36, Special.SUITED_DRAGON: 108}


def category_worth(row: Row, category: Category) -> int:
    """What a won row of ``category`` is worth before treasure: S1's table, 中墩葫蘆 read as 2 (§7, decided)."""
    if category is Category.STRAIGHT_FLUSH:
        return 5
    if category is Category.QUADS:
        return 4
    if row is Row.FRONT and category is Category.TRIPS:
        return 3
    if row is Row.MIDDLE and category is Category.FULL_HOUSE:
        return 2
    return 1


def row_worth(row: Row, value: RowValue) -> int:
    """What a won row is worth before treasure."""
    return category_worth(row, value.category)


def shape_bonus(seat: Seat) -> str | None:
    """``three_flushes`` or ``three_straights`` when a legal arranged hand has that shape (§7, §13.9)."""
    if seat.values is None or seat.fouled:
        return None
    front = seat.rows[Row.FRONT]  # a joker counts as the card it stands for (§20.5)
    _, middle, back = seat.values
    flushes = (Category.FLUSH, Category.STRAIGHT_FLUSH)
    if len({c.suit for c in front}) == 1 and middle.category in flushes and back.category in flushes:
        return "three_flushes"
    straights = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
    if is_three_sequence([c.rank for c in front]) and middle.category in straights and back.category in straights:
        return "three_straights"
    return None


def _row_items(deal: Deal, a: Seat, b: Seat, rows: tuple[Outcome, ...]) -> list[Item]:
    items: list[Item] = []
    treasure = set(deal.treasure)
    for row, outcome in zip(Row, rows, strict=True):
        if outcome is Outcome.TIE:
            continue
        winner, sign = (a, 1) if outcome is Outcome.WIN else (b, -1)
        assert winner.values is not None
        worth = row_worth(row, winner.values[row])
        items.append(Item(row.id, worth * sign))
        held = sum(1 for c in winner.rows[row] if c in treasure)  # a joker as the card it stands for (§20.5)
        if held:
            items.append(Item("treasure", worth * held * sign))
    return items


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for an `arcade` deal."""
    n = deal.players
    any_dragon = any(s.special is not None for s in seats)
    shapes = [shape_bonus(s) if deal.options.three_flush_straight else None for s in seats]
    items: dict[tuple[int, int], list[Item]] = {}
    rows: dict[tuple[int, int], tuple[Outcome, Outcome, Outcome] | None] = {}
    sweeps: Counter[int] = Counter()
    for i, j in pair_order(n):
        si, sj = seats[i].special, seats[j].special
        if si or sj:
            rows[i, j] = None
            ai, aj = DRAGON_AMOUNT.get(si, 0), DRAGON_AMOUNT.get(sj, 0)  # type: ignore[arg-type]
            if ai == aj:
                items[i, j] = []
            elif ai > aj:
                items[i, j] = [Item(si.id, ai)]  # type: ignore[union-attr]
            else:
                items[i, j] = [Item(sj.id, -aj)]  # type: ignore[union-attr]
            continue
        r = row_outcomes(seats[i], seats[j])
        rows[i, j] = r
        lst = _row_items(deal, seats[i], seats[j], r)
        sweep = sweep_item(r, SWEEP, sweeps, i, j)
        if sweep:
            lst.append(sweep)
        if shapes[i] and not shapes[j]:
            lst.append(Item(shapes[i], SHAPE_BONUS))  # type: ignore[arg-type]
        elif shapes[j] and not shapes[i]:
            lst.append(Item(shapes[j], -SHAPE_BONUS))  # type: ignore[arg-type]
        items[i, j] = lst

    if not any_dragon:  # §13.8: nobody reaches 全壘打 at a table with a dragon
        add_home_runs(items, sweeps, n, HOME_RUN)

    results = []
    for i, j in pair_order(n):
        lst = items[i, j]
        factor = 2 ** (deal.doubled(i, j) + deal.doubled(j, i))
        subtotal = sum(it.value for it in lst)
        if factor > 1 and subtotal:
            lst = [*lst, Item("double", subtotal * (factor - 1))]
        results.append(PairResult(i, j, rows[i, j], tuple(lst)))
    return results
