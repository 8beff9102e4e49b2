"""The `western` preset's part of the Rules screen (RULES.md §15): 2-4 scoring and its royalties table.

Kept apart from `rules_screen` so that each preset's text stays small; the amounts are read from
`rules.western`, never typed into the sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules import western
from rules.presets import Options

Tr = Callable[..., str]


def _result(rows: str) -> int:
    won, lost = rows.count("W"), rows.count("L")
    return won - lost + (western.MAJORITY if won > lost else -western.MAJORITY if lost > won else 0)


def western_lines(tr: Tr, options: Options) -> Iterator[str]:
    """The scoring sections of a `western` table under ``options`` (``tr`` reads ``rules.toml``)."""
    yield f"## {tr('heading.scoring')}"
    yield ""
    yield tr("western.rows")
    yield ""
    yield f"| {tr('western.col_rows')} | {tr('western.col_result')} |"
    yield "|---|---:|"
    for key, rows in (("r_3w", "WWW"), ("r_2w1t", "WWT"), ("r_2w1l", "WWL"), ("r_1w2t", "WTT"), ("r_even", "WTL")):
        yield f"| {tr(f'western.{key}')} | +{_result(rows)} |" if _result(rows) else f"| {tr(f'western.{key}')} | 0 |"
    yield ""
    yield f"## {tr('heading.majority_western')}"
    yield ""
    for sentence in (tr("western.majority", majority=western.MAJORITY), tr("western.no_bonus"), tr("western.foul")):
        yield f"- {sentence}"
    yield ""
    yield f"## {tr('heading.royalties_western')}"
    yield ""
    state = tr("western.royalties_state_on") if options.royalties else tr("western.royalties_state_off")
    yield f"{state} {tr('western.royalties_rule')}"
    yield ""
    yield f"| {tr('western.royalties_col_row')} | {tr('western.royalties_col_worth')} |"
    yield "|---|---:|"
    for (row, category), worth in western.ROYALTIES.items():
        yield f"| {tr(f'western.royalty_{row.id}_{category.name.lower()}')} | {worth} |"
    yield ""
    yield f"- {tr('western.royalties_paid')}"
    yield ""


__all__ = ["western_lines"]
