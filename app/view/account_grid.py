"""The viewer's account of a deal as the results panel draws it: every item against each seat met, zeros shown,
in aligned columns that add down to each pair's total and across to the deal's, then the money it makes.

The account itself is built by :mod:`app.view.account`; this lays it out (Rich, no Textual), and the results
panel (:mod:`app.screens.results`) shows it.
"""

from __future__ import annotations

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from app.i18n import Translator
from app.view.account import Account, cell_text, pad
from app.view.formatting import signed


def money_style(value: int | None) -> str:
    """A figure's colour: green won, red lost, plain even."""
    return "green" if value and value > 0 else "red" if value and value < 0 else ""


def account_grid(t: Translator, account: Account, inside: int, *, wide: bool = False) -> Group:
    """``account`` in columns that fit ``inside`` cells; ``wide`` adds the Rules section of each item."""
    grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 0, 0, 1), expand=False)
    cells, widths = _figure_columns(t, account)
    _add_columns(grid, t, account, widths, inside, wide)
    _add_items(grid, t, account, cells, wide)
    _add_totals(grid, t, account, wide)
    parts: list = [grid]
    if len(account.totals) > 1:
        sums = " ".join(signed(v) for v in account.totals)
        parts.append(Text(t("results.account.adds_up", sums=sums, total=signed(account.total)), style="italic"))
    return Group(*parts)


Cells = list[list[tuple[str, str]]]  # each seat met's column: (mark, figure) a line, padded to line up


def _figure_columns(t: Translator, account: Account) -> tuple[Cells, list[int]]:
    """Each seat's column of marks and figures, padded to line up, and the widths of the figure columns: one a
    seat met, then the deal's total."""
    cells = [[cell_text(line.cells[k]) for line in account.lines] for k in range(len(account.others))]
    widths = []
    for k, name in enumerate(account.names):
        mark_w = max((cell_len(m) for m, _ in cells[k]), default=0)
        value_w = max([cell_len(v) for _, v in cells[k]] + [cell_len(signed(account.totals[k]))])
        cells[k] = [(pad(m, mark_w, right=False), pad(v, value_w)) for m, v in cells[k]]
        widths.append(max(cell_len(name), mark_w + 1 + value_w))
    widths.append(
        max(
            [cell_len(signed(account.total)), cell_len(t("results.account.total"))]
            + [cell_len(signed(line.total or 0)) for line in account.lines]
            + [cell_len(signed(m.value or 0)) for m in account.money]
        )
    )
    return cells, widths


def _add_columns(grid: RichTable, t: Translator, account: Account, widths: list[int], inside: int, wide: bool) -> None:
    """The item column, a figure column a seat met and the total's, and (``wide``) the Rules column."""
    labels = [line.label for line in account.lines] + [m.label for m in account.money]
    label_w = max(cell_len(x) for x in [*labels, t("results.account.pair_total"), t("results.account.item")])
    # The table must fit the panel as drawn: were Rich to squeeze it, it would squeeze every column and
    # the figures would stop lining up. So the figures keep their widths, and a long item name (or the
    # Rules column) is cut short with an ellipsis instead.
    # Each column after the first brings its padding (one cell on its left) and the box's separator.
    figures = sum(widths) + 2 * len(widths)
    grid.add_column(
        t("results.account.item"), no_wrap=True, overflow="ellipsis", width=min(label_w, max(8, inside - figures))
    )
    for name, width in zip(account.names, widths, strict=False):
        grid.add_column(name, justify="right", no_wrap=True, width=width)
    grid.add_column(t("results.account.total"), justify="right", no_wrap=True, width=widths[-1])
    if wide:
        room = inside - figures - min(label_w, inside - figures) - 2
        heads = [x.section for x in account.lines] + [m.section for m in account.money]
        sections = [t(f"rules.heading.{s.value}") for s in heads]
        grid.add_column(
            t("results.account.rule"),
            no_wrap=True,
            overflow="ellipsis",
            style="dim",
            width=max(6, min(room, max(cell_len(x) for x in sections))),
        )


def _add_items(grid: RichTable, t: Translator, account: Account, cells: Cells, wide: bool) -> None:
    """A row an item: its marks and figures against each seat met, and what it comes to."""
    for n, line in enumerate(account.lines):
        row: list[Text | str] = [line.label]
        for k in range(len(account.others)):
            mark, value = cells[k][n]
            row.append(Text.assemble((mark, "dim"), " ", (value, money_style(line.cells[k].value))))
        total = line.total
        row.append(Text("" if total is None else signed(total), style=money_style(total)))
        if wide:
            row.append(t(f"rules.heading.{line.section.value}"))
        grid.add_row(*row, end_section=n == len(account.lines) - 1)


def _add_totals(grid: RichTable, t: Translator, account: Account, wide: bool) -> None:
    """Each pair's total and the deal's, then the lines of the money it makes."""
    totals = [Text(signed(v), style="bold " + money_style(v)) for v in account.totals]
    grid.add_row(
        Text(t("results.account.pair_total"), style="bold"),
        *totals,
        Text(signed(account.total), style="bold " + money_style(account.total)),
        *([""] if wide else []),
        end_section=bool(account.money),
    )
    blank = [""] * len(account.others)
    for m in account.money:
        value = "" if m.value is None else signed(m.value)
        row: list[Text | str] = [m.label, *blank, Text(value, style=money_style(m.value))]
        if wide:
            row.append(t(f"rules.heading.{m.section.value}"))
        grid.add_row(*row)
