"""The `?` screen: every key the table has, with what it does, in the player's language (its lines are made of the
table's one list of keys, :data:`app.screens.table.keys.TABLE_KEYS`, for the keys the table's verdict has:
:meth:`app.screens.table.keys.Keys.help_lines`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich import box
from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from app.i18n import Translator
from app.screens.base import BaseModal
from app.widgets.chrome import GameFooter


class HelpScreen(BaseModal[None]):
    """The table's keys, one line each (``lines``: the keys as written and the i18n key of the line, for the keys
    this table has; the table screen gives :meth:`app.screens.table.keys.Keys.help_lines`). Any of escape, enter,
    `?` or `q` closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,question_mark,q", "close", "table.key.close", key_display="esc"),
    ]

    def __init__(self, *, lines: Sequence[tuple[str, str]], t: Translator | None = None) -> None:
        super().__init__(t=t)
        self.lines = lines

    def compose(self) -> ComposeResult:
        grid = RichTable(
            box=box.SIMPLE, show_header=False, show_edge=False, pad_edge=False, padding=(0, 1), expand=True
        )
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for keys, text in self.rows():
            grid.add_row(keys, text)
        yield self.too_small()
        with VerticalScroll(classes="dialog help-dialog game-body"):
            yield Static(self.t("table.help.title"), classes="dialog-title")
            yield Static(grid)
            yield Static(self.t("table.help.mouse"), classes="dialog-keys")
            yield Static(self.t("table.help.marks"), classes="dialog-keys")
        yield GameFooter()

    def rows(self) -> list[tuple[str, str]]:
        """The keys this table has, each with its explanation."""
        return [(keys, self.t(text)) for keys, text in self.lines]

    def action_close(self) -> None:
        self.dismiss(None)
