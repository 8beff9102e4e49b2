"""The History screen: every stored deal, newest first, filtered by preset, session and the coach's verdict.

Enter shows the highlighted deal again at the table (its reveal, then `c` for the review), `c` opens its
review at once, `r` retries it. The list reads a page of deals at a time (:data:`PAGE`), so it opens as
fast on a long history as on a short one; `m` reads the next, older page.

A deal whose hand the player did not decide is marked (the computer completed it at the time-out, or played
the seat for them): it scored for the seat, but it is not the player's play, and a verdict filter lists only
the player's own decisions (:meth:`app.game.record.DealRecord.own`). The list keeps its place: after a deal
is seen again, reviewed or retried, and after a filter changes, the cursor is on the deal it was on, or on
the nearest one still listed (:meth:`HistoryScreen.reload`).
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from ai import Verdict
from app.game.rating import list_accuracies
from app.game.record import Decider, read_stored
from app.screens.base import MENU_CSS, BaseScreen
from app.store.database import DealRow, History, Mode
from app.store.validate import DamagedRow
from app.view.coach import VERDICT_STYLE, accuracy_text
from app.view.daily import code_label
from app.view.formatting import preset_name, signed
from rules.presets import Preset

PAGE = 200
PRESETS: tuple[str | None, ...] = (None, *(p.value for p in Preset))
VERDICTS: tuple[str | None, ...] = (None, *(v.value for v in Verdict))


def when(played: float) -> str:
    """A deal's date and time, short (local time)."""
    return time.strftime("%m-%d %H:%M", time.localtime(played))


def _verdict(value: str | None) -> Verdict | None:
    """The coach's verdict on a listed deal; None for none, or for one this version does not know."""
    try:
        return None if value is None else Verdict(value)
    except ValueError:
        return None


def decider_mark(row: DealRow) -> str | None:
    """How the list marks a deal whose hand the player did not decide: ``timeout`` (the computer completed it
    when the clock ran out), ``computer`` (it played the seat: the player left, or took over), ``unknown``
    (an old record that does not say); None for the player's own, and for a deal nobody played (watched)."""
    if row.human is None or row.decider == Decider.PLAYER.value:
        return None
    if row.decider is None:
        return "unknown"
    return "timeout" if row.decider == Decider.TIMEOUT.value else "computer"


class HistoryScreen(BaseScreen[None]):
    """Past deals in a table; filters cycle with their keys (see the module docstring)."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "history.key.open", key_display="⏎", priority=True),
        Binding("c", "open_review", "history.key.review"),
        Binding("r", "retry", "history.key.retry"),
        Binding("p", "cycle_preset", "history.key.preset"),
        Binding("v", "cycle_verdict", "history.key.verdict"),
        Binding("s", "toggle_session", "history.key.session"),
        Binding("m", "more", "history.key.more"),
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
    ]

    def __init__(self, history: History | None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history = history
        self.preset: str | None = None
        self.verdict: str | None = None
        self.session: int | None = None
        self.rows: list[DealRow] = []
        self.accuracies: dict[int, float] = {}  # the listed priced deals' accuracy, by id
        self.complete = False  # every matching deal is listed
        # (the deal the cursor was on, the deal it was put on): a filter that hides the first keeps it in mind,
        # so that the cursor comes back to it when a later filter lists it again
        self._place_kept: tuple[int, int | None] | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.t("history.title"), classes="screen-title")
        yield Static(id="history-filters")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="history-detail")
        yield self.too_small()
        yield self.footer()

    def after_compose(self) -> None:
        table = self.query_one("#history-table", DataTable)
        if not table.columns:
            # The coach's verdict and its figure before the rows and sweeps: at 80 columns the last column is
            # the one cut, and a verdict without its number says too little.
            for key in ("id", "when", "rules", "deal", "units", "coach", "accuracy", "rows", "sweeps"):
                table.add_column(self.t(f"history.col.{key}"), key=key)
        self.reload()
        table.focus()

    # ---- loading

    def reload(self) -> None:
        """Read the first page for the filters in force, keeping the cursor on the deal it was on: on it when
        it is still listed (reading older pages to reach it), else on the nearest deal listed, the next older
        first."""
        here = self.highlighted()
        target = None if here is None else here.id
        if self._place_kept is not None and (here is None or here.id == self._place_kept[1]):
            target = self._place_kept[0]  # the cursor was not moved since: the deal chosen before
        self.rows, self.complete = [], False
        self.query_one("#history-table", DataTable).clear()
        self._load_page()
        if target is not None:
            while not self.complete and self.rows and self.rows[-1].id > target:
                self._load_page()
            placed = self._place(target)
            self._place_kept = (target, placed)
        self._describe_filters()

    def _place(self, deal_id: int) -> int | None:
        """The cursor on deal ``deal_id``, or on the nearest one listed (the list runs newest first); the id of
        the deal it is on (None: nothing listed)."""
        if not self.rows:
            return None
        older = next((k for k, row in enumerate(self.rows) if row.id <= deal_id), None)
        if older is None:
            at = len(self.rows) - 1
        elif older > 0 and deal_id - self.rows[older].id > self.rows[older - 1].id - deal_id:
            at = older - 1  # the newer neighbour is nearer
        else:
            at = older
        self.query_one("#history-table", DataTable).move_cursor(row=at, animate=False)
        return self.rows[at].id

    def _load_page(self) -> None:
        if self.history is None or self.complete:
            self._detail()
            return
        before = self.rows[-1].id if self.rows else None
        page = self.history.deals(
            preset=self.preset,
            session=self.session,
            verdict=self.verdict,
            limit=PAGE,
            before=before,
            own_only=self.verdict is not None,
        )
        self.complete = len(page) < PAGE
        self.rows.extend(page)
        # Each priced deal's accuracy (RULES.md §24.3), normalised by the table it was played at: one query a page.
        self.accuracies.update(list_accuracies(self.history, [(r.id, r.loss) for r in page if r.verdict]))
        table = self.query_one("#history-table", DataTable)
        for row in page:
            table.add_row(*self._cells(row), key=str(row.id))
        self._detail()
        notify_damaged = getattr(self.app, "notify_damaged", None)
        if notify_damaged is not None:  # rows of the page that do not read back were left out: say so once
            notify_damaged()

    def _cells(self, row: DealRow) -> list[Text | str]:
        t = self.t
        deal = t("history.deal_in", session=row.session, n=row.number) if row.session else t("history.deal_alone")
        if row.mode == Mode.RETRY.value:
            deal = t("history.retry_of", id=row.retry_of)
        elif row.mode == Mode.DRILL.value:
            deal = t("history.drill_deal")
        elif row.mode == Mode.WATCH.value:
            deal += " " + t("history.watched")
        if row.players != 4 and row.mode != Mode.DRILL.value:
            deal += " " + t("history.players", n=row.players)  # rows and 打槍 are against fewer opponents
        mark = decider_mark(row)
        deal_cell = Text(deal)
        if mark is not None:
            deal_cell.append(" · " + t(f"history.by_{mark}"), style="yellow")
        if row.people:  # a lobby's table: another person decided a seat (their record's ``person``)
            deal_cell.append(" · " + t("history.with_people"), style="cyan")
        units = Text(
            "" if row.units is None else signed(row.units),
            style="green" if (row.units or 0) > 0 else "red" if (row.units or 0) < 0 else "",
        )
        rows = "" if row.rows_won is None else f"{row.rows_won}"
        sweeps = "" if row.sweeps_given is None else f"{row.sweeps_given}/{row.sweeps_taken}"
        coach = Text("")
        verdict = _verdict(row.verdict)
        if verdict is not None:
            coach = Text(t(f"coach.verdict.{verdict.value}"), style=VERDICT_STYLE[verdict])
            if row.loss:
                coach.append(f" −{row.loss:.2f}")
        elif row.fouled:
            coach = Text(t("history.foul"), style="red")
        accuracy = self.accuracies.get(row.id)
        return [
            str(row.id),
            when(row.played),
            preset_name(t, row.preset),
            deal_cell,
            units,
            coach,
            "" if accuracy is None else accuracy_text(accuracy),
            rows,
            sweeps,
        ]

    def _describe_filters(self) -> None:
        t = self.t
        preset = t("history.all") if self.preset is None else preset_name(t, self.preset)
        verdict = t("history.all") if self.verdict is None else t(f"coach.verdict.{self.verdict}")
        session = t("history.all") if self.session is None else t("history.session_n", session=self.session)
        line = t("history.filters", preset=preset, verdict=verdict, session=session)
        if self.verdict is not None:  # the verdict filter says what it counts
            line += "\n" + t("history.own_only")
        self.query_one("#history-filters", Static).update(line)

    def _detail(self) -> None:
        t = self.t
        if self.history is None:
            text = t("history.off_here")
        elif not self.rows:
            text = t("history.empty")
        else:
            more = "" if self.complete else " " + t("history.more_hint")
            text = t("history.count", shown=len(self.rows)) + more
            code = self._code()
            text += f" · {code}" if code else ""
        self.query_one("#history-detail", Static).update(text)

    def _code(self) -> str:
        """The highlighted deal's code (read from its stored record; none for a deal dealt by its seed)."""
        row = self.highlighted()
        full = None if row is None or self.history is None else self.history.deal(row.id)
        if full is None:
            return ""
        try:
            record, _ = read_stored(full.data, None)
        except DamagedRow:  # read_stored raises the one damaged-row error only
            return ""
        return code_label(self.t, record.code)

    @on(DataTable.RowHighlighted, "#history-table")
    def _moved(self) -> None:
        self._detail()

    # ---- the highlighted deal

    def highlighted(self) -> DealRow | None:
        """The deal under the cursor, if any."""
        table = self.query_one("#history-table", DataTable)
        if not self.rows or table.cursor_row is None or not 0 <= table.cursor_row < len(self.rows):
            return None
        return self.rows[table.cursor_row]

    @on(DataTable.RowSelected, "#history-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def _open(self, *, review: bool = False, retry: bool = False) -> None:
        row = self.highlighted()
        opener = getattr(self.app, "open_deal", None)
        if row is not None and opener is not None:
            opener(row.id, review=review, retry=retry)

    def action_open(self) -> None:
        """Show the highlighted deal again: its reveal at the table."""
        self._open()

    def action_open_review(self) -> None:
        """The coach's review of the highlighted deal."""
        self._open(review=True)

    def action_retry(self) -> None:
        """Play the highlighted deal again against the same decisions."""
        self._open(retry=True)

    # ---- filters

    def action_cycle_preset(self) -> None:
        self.preset = PRESETS[(PRESETS.index(self.preset) + 1) % len(PRESETS)]
        self.reload()

    def action_cycle_verdict(self) -> None:
        self.verdict = VERDICTS[(VERDICTS.index(self.verdict) + 1) % len(VERDICTS)]
        self.reload()

    def action_toggle_session(self) -> None:
        """Only the highlighted deal's session, or every session again."""
        row = self.highlighted()
        self.session = None if self.session is not None or row is None else row.session
        self.reload()

    def action_more(self) -> None:
        """Read the next, older page of deals."""
        self._load_page()

    def action_back(self) -> None:
        self.dismiss(None)

    def on_screen_resume(self) -> None:
        """Back from a deal: a retry may have added a row."""
        if self.is_mounted and self.query("#history-table"):
            self.reload()
