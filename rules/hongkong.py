"""Scoring of the `hongkong` preset (S5, RULES.md §16): every row paid by the winner's hand, and 報到.

S5 gives two payout tables. The main one (its 赔率 and 报到 passages): a won row pays at least 1 注,
more for trips in front, a full house in the middle and a four of a kind or straight flush in the middle or
the back; a declared 報到 wins 3 注, a dragon 13. Rule seven (玩法规则七, the option ``rule_seven``) keeps the
row table and pays a 13-card hand 7 and a 報到 4. There is no sweep bonus and no 全壘打 in either.
"""

from __future__ import annotations

from .arrangement import Row
from .deal import Deal, Item, PairResult, Seat, pair_order, row_outcomes, won_rows
from .evaluate import Category
from .specials import Special

# 赔率: what a won row takes when it holds one of these; every other won row takes 1.
ROW_PAYOUTS: dict[tuple[Row, Category], int] = {
    (Row.FRONT, Category.TRIPS): 3,  # 三条摆“头”
    (Row.MIDDLE, Category.FULL_HOUSE): 2,  # 夫佬（满堂红）摆“二道”
    (Row.MIDDLE, Category.QUADS): 8,  # 四条 作“二道”
    (Row.BACK, Category.QUADS): 4,  # 四条摆“尾”
    (Row.MIDDLE, Category.STRAIGHT_FLUSH): 10,  # 同花顺 作“二道”
    (Row.BACK, Category.STRAIGHT_FLUSH): 5,  # 同花顺摆“尾”
}
REPORT, DRAGON = 3, 13  # 报到 胜三注; 一条龙 胜十三注
REPORT_SEVEN, DRAGON_SEVEN = 4, 7  # rule seven: 报到 赔四倍; 13张 赔七倍


def category_worth(row: Row, category: Category) -> int:
    """What a won row of ``category`` takes (both tables use the same rows)."""
    return ROW_PAYOUTS.get((row, category), 1)


def special_amount(special: Special, rule_seven: bool = False) -> int:
    """What a declared special wins from each hand it meets."""
    if special.is_dragon:
        return DRAGON_SEVEN if rule_seven else DRAGON
    return REPORT_SEVEN if rule_seven else REPORT


def _special_items(deal: Deal, i: int, j: int, si: Special | None, sj: Special | None) -> list[Item]:
    seven = deal.options.rule_seven
    if si and sj:
        # 倘若庄家及闲家同时报道，由庄家赔闲家: the banker pays the player's amount. Without a banker two
        # declarations tie (decided, §16.3).
        if deal.banker == i:
            return [Item(sj.id, -special_amount(sj, seven))]
        if deal.banker == j:
            return [Item(si.id, special_amount(si, seven))]
        return []
    if si:
        return [Item(si.id, special_amount(si, seven))]
    assert sj is not None
    return [Item(sj.id, -special_amount(sj, seven))]


def score_pairs(deal: Deal, seats: list[Seat]) -> list[PairResult]:
    """Itemised pair results for a `hongkong` deal (a banker game is scored pair by pair by `rules.banker`)."""
    out = []
    for i, j in pair_order(deal.players):
        si, sj = seats[i].special, seats[j].special
        if si or sj:
            out.append(PairResult(i, j, None, tuple(_special_items(deal, i, j, si, sj))))
            continue
        r = row_outcomes(seats[i], seats[j])
        out.append(PairResult(i, j, r, tuple(won_rows(seats[i], seats[j], r, category_worth))))
    return out
