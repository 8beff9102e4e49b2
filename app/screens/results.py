"""The results panel after a deal: the viewer's account (:mod:`app.view.account`: every item against each seat
met, adding up to the deal, then the points or coins it makes) and every seat's totals; `?` opens the Rules
screen at the section of the deal's largest item."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from app.game import DealRecord, Table
from app.i18n import Translator
from app.screens.base import BaseModal
from app.screens.rules_screen import RulesScreen
from app.view.cards import CardLook
from app.view.results_panel import PANEL, ResultsView
from app.widgets.chrome import GameFooter


class ResultsScreen(BaseModal[str | None]):
    """The deal's results over the table: the parts of :data:`app.view.results_panel.PANEL`, the viewer's
    account and every seat's totals among them. Dismisses with "next" (`n`), "coach" (`c`), or None (closed);
    `?` opens the Rules screen over it."""

    DEFAULT_CSS = """
    ResultsScreen .account-title { text-style: bold; }
    ResultsScreen .account-wide { display: none; }
    ResultsScreen.-wide .account-wide { display: block; }
    ResultsScreen.-wide .account-narrow { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "close('next')", "results.key.next"),
        Binding("c", "close('coach')", "results.key.coach"),
        Binding("escape,enter,r", "close", "results.key.close", key_display="esc"),
        Binding("question_mark", "rules", "results.key.rules", key_display="?"),
    ]

    def __init__(
        self, table: Table, record: DealRecord, look: CardLook | None = None, *, t: Translator | None = None
    ) -> None:
        super().__init__(t=t)
        self.table = table
        self.record = record
        self.look = look or CardLook()
        self.view = ResultsView(self.t, table, record)

    def compose(self) -> ComposeResult:
        yield self.too_small()
        with VerticalScroll(classes="dialog results-dialog game-body"):
            for part in PANEL:
                yield Static(part.draw(self.view), id=part.id, classes=part.classes)
        yield GameFooter()

    def refresh_coach(self) -> None:
        """The coach's answer came: redraw the parts it changes."""
        for part in PANEL:
            if part.live:
                self.query_one(f"#{part.id}", Static).update(part.draw(self.view))

    def action_close(self, answer: str | None = None) -> None:
        self.dismiss(answer)

    def action_rules(self) -> None:
        """`?`: the table's rules, opened at the section that explains the deal's largest item."""
        config = self.table.config
        self.app.push_screen(
            RulesScreen.of_table(config, t=self.t, settings=self.settings, section=self.view.rules_section())
        )
