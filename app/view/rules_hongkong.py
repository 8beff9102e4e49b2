"""The banker game's and the `hongkong` preset's parts of the Rules screen (RULES.md §16).

The amounts come from `rules.hongkong` and `rules.deal`, never typed into the sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from app.config import STAKES
from rules import hongkong
from rules.presets import Options, TieRule
from rules.specials import Special

Tr = Callable[..., str]


REPORTS = (Special.THREE_STRAIGHTS, Special.THREE_FLUSHES, Special.SIX_PAIRS, Special.ALL_BIG, Special.ALL_SMALL)


def banker_lines(tr: Tr, options: Options) -> Iterator[str]:
    """The banker game: who compares with whom, the stakes, fouls, the rotation and the tie rule in force."""
    yield f"## {tr('heading.banker')}"
    yield ""
    stakes = tr("list_sep").join(str(s) for s in STAKES)
    for key, fmt in (
        ("banker.who", {}),
        ("banker.alone", {}),
        ("banker.stakes", {"stakes": stakes}),
        ("banker.foul", {}),
        ("banker.turns", {}),
    ):
        yield f"- {tr(key, **fmt)}"
    yield f"- {tr(f'banker.ties_{options.ties.value}')}"
    if options.ties is TieRule.TOP_CARD:
        yield f"- {tr('banker.top_card_reading')}"
    yield ""


def hongkong_lines(tr: Tr, options: Options) -> Iterator[str]:
    """S5's payout table, its 報到 and rule seven, as the table plays them."""
    seven = options.rule_seven
    yield f"## {tr('heading.scoring')}"
    yield ""
    yield tr("hongkong.rows")
    yield ""
    yield f"| {tr('western.royalties_col_row')} | {tr('western.royalties_col_worth')} |"
    yield "|---|---:|"
    for (row, category), worth in hongkong.ROW_PAYOUTS.items():
        yield f"| {tr(f'western.royalty_{row.id}_{category.name.lower()}')} | {worth} |"
    yield f"| {tr('hongkong.other_row')} | 1 |"
    yield ""
    yield f"- {tr('hongkong.no_sweep')}"
    yield ""
    yield f"## {tr('heading.reports_hongkong')}"
    yield ""
    names = tr("list_sep").join(tr(f"hongkong.report.{s.value}") for s in REPORTS)
    report = hongkong.special_amount(Special.SIX_PAIRS, seven)
    dragon = hongkong.special_amount(Special.DRAGON, seven)
    yield f"- {tr('hongkong.reports', names=names, amount=report)}"
    yield f"- {tr('hongkong.dragons', amount=dragon)}"
    yield f"- {tr('hongkong.both')}"
    yield f"- {tr('hongkong.small_big')}"
    state = tr(
        "hongkong.seven_on" if seven else "hongkong.seven_off",
        report=hongkong.REPORT_SEVEN,
        dragon=hongkong.DRAGON_SEVEN,
    )
    yield f"- {state}"
    yield ""


__all__ = ["REPORTS", "banker_lines", "hongkong_lines"]
