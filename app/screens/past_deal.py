"""A stored deal on screen again: its reveal at the table (and the coach's review), or a retry of it followed by
both tries side by side (:class:`TriesScreen`).

Both run the real table screen over a :class:`app.game.replay.OneDeal`; this module finds the deal in the
history, builds that table and says what happens when it closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from rich import box
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from ai import Review
from app.game.record import DealRecord, read_stored
from app.game.replay import OneDeal, RetryJournal, Tries, compare_tries
from app.i18n import Translator
from app.screens.base import BaseModal
from app.screens.table import TableScreen
from app.settings import Settings
from app.store.database import History
from app.store.validate import DamagedRow
from app.view.cards import CardLook, cards_text
from app.view.coach import VERDICT_STYLE, loss_text, row_hand
from app.view.formatting import units_text
from app.view.reveal_player import Scheduler
from app.widgets.chrome import GameFooter
from rules.arrangement import Row


class GameApp(Protocol):
    """What opening a stored deal needs of :class:`app.tui.GameApp` (a protocol: the App imports this
    module)."""

    history: History | None
    settings: Settings
    now: Callable[[], float]
    scheduler: Scheduler | None
    want_menu: bool
    table_screen: TableScreen | None

    @property
    def t(self) -> Translator: ...

    def notify(self, message: str, *, severity: SeverityLevel = "information") -> None: ...

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> Any: ...

    def exit(self, *args: Any, **kw: Any) -> None: ...


def open_stored_deal(app: GameApp, deal_id: int, *, review: bool = False, retry: bool = False) -> bool:
    """Push the table screen on stored deal ``deal_id``; False (with a notice) when it cannot be shown."""
    history = app.history
    row = None if history is None else history.deal(deal_id)
    if row is None or row.data is None:
        damage = None if history is None else history.damaged.why("deals", deal_id)
        if damage is not None:
            history.damaged.take()  # type: ignore[union-attr]
            app.notify(app.t("history.bad_deal", id=deal_id, why=damage.why), severity="error")
        else:
            app.notify(app.t("history.no_deal", id=deal_id), severity="error")
        return False
    try:
        stored, first_review = read_stored(row.data, row.review)
    except DamagedRow as exc:
        app.notify(app.t("history.bad_deal", id=deal_id, why=str(exc)), severity="error")
        return False
    if retry and stored.human is None:
        app.notify(app.t("history.no_retry"), severity="warning")
        return False
    limit = 0
    if retry and row.session is not None and history is not None:
        session = history.session(row.session)
        limit = int(session.config.get("time_limit", 0)) if session is not None else 0
    journal = RetryJournal(history, deal_id) if retry else None
    table = OneDeal(
        stored, retry=retry, review=first_review, time_limit=limit, journal=journal, now=app.now, sort=app.settings.sort
    )
    screen = TableScreen(
        table.config,
        t=app.t,
        settings=app.settings,
        scheduler=app.scheduler,
        table=table,
        open_review=review and not retry,
    )

    def closed(_: Any) -> None:
        app.table_screen = None
        tries = compare_tries(table, first_review)
        if tries is not None:
            app.push_screen(
                TriesScreen(tries, CardLook(app.settings.deck, app.settings.suits), t=app.t), lambda _: _after(app)
            )
            return
        _after(app)

    app.table_screen = screen
    app.push_screen(screen, closed)
    return True


def _after(app: GameApp) -> None:
    """Started straight at a deal (`chinese-poker replay`): quit once it is closed."""
    if not app.want_menu:
        app.exit()


class TriesScreen(BaseModal[None]):
    """The first try and the retry of a deal, row by row, with their units and the coach's verdicts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", "history.key.close", key_display="esc"),
    ]

    def __init__(self, tries: Tries, look: CardLook | None = None, *, t: Translator | None = None) -> None:
        super().__init__(t=t)
        self.tries, self.look = tries, look or CardLook()

    def compose(self) -> ComposeResult:
        yield self.too_small()
        with VerticalScroll(classes="dialog review-dialog game-body"):
            yield Static(self.t("history.tries.title", n=self.tries.first.number), classes="dialog-title")
            yield Static(self.render_tries(), id="tries-body")
        yield GameFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def render_tries(self) -> Group:
        """The two plays in two columns."""
        t, tries = self.t, self.tries
        seat = tries.seat
        first, again = tries.units
        grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=True, padding=(0, 1))
        grid.add_column("", no_wrap=True)
        grid.add_column(t("history.tries.first", units=units_text(t, first)))
        grid.add_column(t("history.tries.again", units=units_text(t, again)))
        for row in Row:
            grid.add_row(
                t(f"common.row.{row.id}"), self._cell(tries.first, seat, row), self._cell(tries.retry, seat, row)
            )
        grid.add_row("", self._verdict(tries.first_review), self._verdict(tries.retry_review))
        diff = again - first
        key = "better" if diff > 0 else "worse" if diff < 0 else "same"
        return Group(grid, Text(t(f"history.tries.{key}", units=units_text(t, abs(diff), sign=False)), style="bold"))

    def _cell(self, rec: DealRecord, seat: int, row: Row) -> Text:
        d = rec.decisions[seat]
        if d.arrangement is None:
            return Text(
                self.t(f"common.special.{d.declare.id}") if row is Row.FRONT and d.declare else "", style="bold yellow"
            )
        out = cards_text(d.arrangement.rows[row], self.look)
        out.append("  " + row_hand(self.t, d, row))
        return out

    def _verdict(self, review: Review | None) -> Text:
        if review is None:
            return Text(self.t("history.tries.unpriced"), style="dim italic")
        return Text(loss_text(self.t, review), style=VERDICT_STYLE[review.verdict])
