"""The table screen: three opponents, the player's rows and hand, the countdown, the reveal and its scoring.

The game itself is :class:`app.game.Table`; this screen turns keys and clicks into its methods, runs the AI in
thread workers (their answers come back as messages), animates the reveal through an injectable scheduler, and
draws everything from the table's state after every change (:meth:`TableScreen.redraw`).

The same concept on another floor: the screen of :mod:`app.game.table`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Static

from app.config import TableConfig
from app.game import ArrangeError, Phase, Table
from app.game.conduct import Next
from app.game.drills.arrange_drill import ArrangeTable
from app.game.journal import Journal
from app.game.leaving import Leave
from app.game.replay import OneDeal
from app.i18n import Translator
from app.screens.base import GAME_SCREEN, BaseScreen
from app.screens.results import ResultsScreen
from app.screens.summary import SummaryScreen
from app.screens.table.arranging import Arranging
from app.screens.table.betting import Betting
from app.screens.table.clock import Clock
from app.screens.table.coaching import Coaching
from app.screens.table.helping import Helping
from app.screens.table.keys import SHOWN, TABLE_BINDINGS, Keys, table_bindings, table_keys, with_key_actions
from app.screens.table.leaving import Leaving
from app.screens.table.pacing import Pacing
from app.screens.table.part import Answer
from app.screens.table.passing import Passing
from app.screens.table.thinking import Thinking
from app.settings import Settings
from app.view.cards import CardLook
from app.view.exchange import passed_text
from app.view.presenter import TablePresenter
from app.view.reveal_player import RevealPlayer, Scheduler
from app.widgets.chrome import GameFooter
from app.widgets.table_widgets import Board, CardClicked, HandView, RowClicked, RowsView, SeatPanel
from rules.ledger import EndReason

HUGE = 48  # lines from which the opponents get three-line cards (-huge, on top of the shared -tall)
RING = (116, 40)  # columns and lines from which the opponents sit round the board (-ring)
VAST = (172, 48)  # from here the player's rows and hand sit side by side in the opponents' largest cards (-vast)


@with_key_actions
class TableScreen(BaseScreen[Leave | None]):
    """A session at the table. Dismisses with :attr:`Leave.MENU` when the player went back to the menu (the
    session kept), else (None) when the session is over and its summary was seen.

    Its parts, one job each, each in the module of its name: :attr:`arranging` (the arranging keys and READY),
    :attr:`thinking` (the computer's requests in workers), :attr:`passing` (the exchange's passes),
    :attr:`coaching` (the coach and the review), :attr:`helping` (auto-arrange, hints), :attr:`betting` (the
    stake, 賭倍), :attr:`clock` (the countdown), :attr:`pacing` (the watched deals, the bell), :attr:`leaving`
    (the leave dialog, taking a seat) and :attr:`keys` (whether a key acts, why not, the help). The screen
    conducts: it deals, follows what the table asks next, reveals and draws. Each key's ``action_<name>`` is made
    from the key's spec (:data:`app.screens.table.keys.TABLE_KEYS` names the part that does its work); the
    parts' answers from workers come back as messages nested in the part that sends them."""

    SCREEN_CLASSES = GAME_SCREEN

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(
        self,
        config: TableConfig,
        *,
        t: Translator | None = None,
        settings: Settings | None = None,
        now: Callable[[], float] = time.monotonic,
        scheduler: Scheduler | None = None,
        table: Table | None = None,
        journal: Journal | None = None,
        open_review: bool = False,
    ) -> None:
        """``table``: a table to go on with (a continued session, a stored deal); otherwise a new one for
        ``config``, recording into ``journal``. ``open_review``: the coach's review over it at once."""
        super().__init__(t=t or Translator(), settings=settings or Settings())
        self.table = table or Table(config, now=now, sort=self.settings.sort, journal=journal)
        self.view = TablePresenter(self.table, self.t)
        self._scheduler = scheduler
        self.reveal = RevealPlayer(self.table, self.view, self.schedule, self._pace, self.redraw)
        # The parts, one job each (the class docstring); each sees the screen through a protocol of its own.
        self.arranging, self.thinking = Arranging(self), Thinking(self)
        self.passing, self.coaching, self.helping = Passing(self), Coaching(self), Helping(self)
        self.betting, self.pacing, self.clock = Betting(self), Pacing(self), Clock(self)
        self.keys, self.leaving = Keys(self), Leaving(self)
        self._drawn: dict[str, Text | str] = {}
        self.open_review = open_review

    # ---- composition

    @property
    def live_settings(self) -> Settings:
        """The App's settings (they may change in the Settings screen), else the ones given."""
        return getattr(self.app, "settings", None) or self.settings

    @property
    def keymap(self) -> dict[str, str]:
        """The player's own keys (the settings' ``keys``)."""
        return self.live_settings.keymap if self.is_attached else self.settings.keymap

    def key_bindings(self) -> Mapping[str, Sequence[Binding]] | None:
        """The table's keys with the player's own in place of the defaults, when they set any."""
        keymap = self.keymap
        return BindingsMap(table_bindings(table_keys(keymap))).key_to_bindings if keymap else None

    @property
    def look(self) -> CardLook:
        """How cards are drawn (arcade: the treasure on show marked in every row and hand)."""
        look, rec = CardLook(deck=self.live_settings.deck, suits=self.live_settings.suits), self.table.current
        return look.with_treasure(rec.treasure) if rec is not None and rec.treasure else look

    def compose(self) -> ComposeResult:
        look = CardLook(self.settings.deck, self.settings.suits)
        yield self.too_small()
        with Vertical(id="game", classes="game-body"):
            with Horizontal(id="topbar"):
                yield Static(id="info")
                yield Static(id="countdown")
            # One grid, two shapes (game.tcss): the opponents across the top, or (-ring) West and East down
            # the sides of the board with North above it, as round a table.
            with Container(id="tablegrid"):
                for pos in ("left", "top", "right"):
                    yield SeatPanel(look, id=f"seat-{pos}", classes="seat")
                yield Board(id="board")
                yield Static(id="sidebar", classes="sidebar")
                with Horizontal(id="me"):
                    with Vertical(id="me-cards"):
                        yield RowsView(look, id="rows")
                        yield HandView(look, id="hand")
                    yield Static(id="me-side", classes="sidebar")
            yield Static(id="message")
        yield GameFooter()

    def on_mount(self) -> None:
        self.coaching.use_budget()
        self.clock.start()
        self.deal()
        if self.open_review:
            self.call_after_refresh(self.coaching.open_review)

    def on_screen_suspend(self) -> None:
        # Textual tells the screen, not its parts (plain objects, not widgets), that a dialog covers it.
        self.clock.suspend()

    def on_screen_resume(self) -> None:
        self.coaching.use_budget()
        self.clock.resume()
        self.pacing.auto_next()  # a next deal that waited for a dialog to close comes now

    def on_resize(self, event: events.Resize) -> None:
        """Redraw for the new size (the base screen updates the too-small notice); -huge: big opponents' cards;
        -ring: the opponents round the board."""
        self.set_class(event.size.height >= HUGE, "-huge")
        self.set_class(event.size.width >= VAST[0] and event.size.height >= VAST[1], "-vast")
        self.set_class(event.size.width >= RING[0] and event.size.height >= RING[1], "-ring")
        self.call_after_refresh(self.redraw_resized)  # the breakpoint classes decide the card size

    def redraw_resized(self) -> None:
        """Redraw everything after a resize, then again once the layout has settled if the board was measured
        mid-way (the breakpoint classes re-lay the seats one refresh later): the board's story is fitted to
        the board's final size, never left at the header lines measured for another."""
        self.redraw()
        self.call_after_refresh(self._board_settled)

    @on(Board.Resized)
    def _board_settled(self) -> None:
        # Also the board's own resize: a layout pass after the last redraw (the message line wrapping to two lines
        # takes one from the board) left the story fitted to the old size; a redraw measured mid-way must not stay.
        if not self.is_mounted:
            return
        region = self.query_one("#board").content_region
        if region.height and self.view.board.size != (region.width, region.height):
            self.redraw()

    # ---- helpers

    @property
    def open(self) -> bool:
        """True while the screen is at the table (not closed: the player went back to the menu, or the summary
        was seen); what was scheduled or thought for it before then no longer applies."""
        return self.is_mounted and self in self.app.screen_stack

    def schedule(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds, if the screen is still open (tests inject a manual
        scheduler)."""

        def run() -> None:
            if self.open:
                callback()

        if self._scheduler is not None:
            self._scheduler(delay, run)
        else:
            self.set_timer(delay, run)

    def _pace(self) -> tuple[str, str]:
        """The Settings animation speed and Textual's animation level."""
        return self.live_settings.animation, self.app.animation_level

    def say(self, text: str, kind: str = "info") -> None:
        """Set the message line (``kind`` info, warning or error)."""
        self.view.message = (text, kind)

    def close_dialogs(self) -> None:
        """Close whatever is open above the table."""
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def error(self, exc: ArrangeError) -> None:
        """Show a refused move's reason."""
        self.say(self.view.error_text(exc), "error")

    # ---- dealing and the AI

    def deal(self) -> None:
        """Start the next deal and set the computers thinking."""
        self.reveal.cancel()
        self.view.show_hint(None)
        step = self.table.deal()
        if self.table.phase in (Phase.OVER, Phase.ROUND_SUMMARY):
            self.show_summary()
            return
        self.say("")
        if step.coach_passes is not None:  # Continue: the passes made before the player left, priced again
            self.coaching.ask_passes(step.coach_passes)
        if step.coach is not None:  # Continue: a READY pressed before the player left
            self.coaching.ask(*step.coach)
        for request in step.requests:  # 換三張's passes first, when the table passes cards; else the decisions
            self.thinking.think(request)
        if step.scored is not None:  # a stored deal shown again: every decision is in
            self.start_reveal()
        self.redraw()

    @on(Answer)
    def _answer(self, message: Answer) -> None:
        # A worker's answer comes to the screen as a message (a worker's thread never calls into the UI): the
        # part that asked takes it here, on the UI thread. A Textual handler, so it stays on the screen.
        message.deliver(message)

    def follow(self, step: Next) -> None:
        """Do what the table asks after a call: the coach prices the player's decision (or passes) at once,
        the requests go to workers, a scored deal is revealed; then redraw."""
        if step.coach is not None:
            self.coaching.ask(*step.coach)
        if step.passed and self.table.human is not None:  # what the player gave and got, round by round
            self.say(passed_text(self.t, self.table, self.table.human, self.view.seat_name, last=True))
        if step.coach_passes is not None:
            self.coaching.ask_passes(step.coach_passes)
        for request in step.requests:
            self.thinking.think(request)
        if step.scored is not None:
            self.coaching.history_notice()
            self.start_reveal()
        self.redraw()

    # ---- the reveal

    def start_reveal(self) -> None:
        """Begin the reveal (or jump to its end without animation)."""
        self.say("")
        self.reveal.start()

    # ---- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "explain":  # the last word on a key no other binding takes (never shown)
            return True
        return SHOWN[self.keys.verdict(action, parameters).allowed]

    def on_key(self, event: events.Key) -> None:
        """A printable key the table does not bind says so (the bound ones act or explain themselves)."""
        if self.app.screen is self:
            self.keys.stray(event.key, event.character)

    def next_deal(self) -> None:
        """`n` once the results are up (the reveal cut short first); a stored deal shown again closes."""
        if self.table.phase is Phase.REVEALING:
            self.reveal.finish()
        self.deal()

    def open_results(self) -> None:
        """enter once the results are up: the results panel (then the next deal, or the coach's review)."""
        rec = self.table.current
        if rec is None or rec.result is None:
            return

        def done(answer: str | None) -> None:
            """Handle the dialog's answer."""
            if answer == "next":
                self.next_deal()
            elif answer == "coach":
                self.coaching.open_review()

        self.app.push_screen(ResultsScreen(self.table, rec, self.look, t=self.t), done)

    @on(CardClicked)
    def _card_clicked(self, message: CardClicked) -> None:
        if self.check_action("select", ()) is not True or self.table.arrange is None:
            self.keys.explain("space")  # a click that cannot act says why, as the key would
            return
        self.arranging.click_card(message.card)

    @on(RowClicked)
    def _row_clicked(self, message: RowClicked) -> None:
        if self.table.arrange is None or self.check_action("place", (int(message.row),)) is not True:
            self.keys.explain(str(int(message.row) + 1))
            return
        self.arranging.click_row(message.row)

    # ---- summaries

    def show_summary(self) -> None:
        """The round summary (continue or leave) or the session summary (then back to the menu)."""
        table = self.table
        self.reveal.cancel()
        if isinstance(table, OneDeal | ArrangeTable):  # a stored deal, a drill: back to where it was opened
            self.close_dialogs()
            self.dismiss(None)
            return

        def done(answer: str | None) -> None:
            """Handle the dialog's answer."""
            if table.phase is Phase.ROUND_SUMMARY:
                if answer == "continue":
                    self.deal()
                    return
                table.outcome.end(EndReason.LEFT)
                self.show_summary()
                return
            self.close_dialogs()  # one may still be open above the table (the clock ran out under it)
            self.dismiss(None)

        self.redraw()
        self.app.push_screen(SummaryScreen(table, t=self.t), done)

    # ---- drawing

    def put(self, selector: str, content: Text | str) -> Static:
        """Update a Static only when its content changed (an update costs a layout pass)."""
        widget = self.query_one(selector, Static)
        if self._drawn.get(selector) != content:
            self._drawn[selector] = content
            widget.update(content, layout=False)
        return widget

    def redraw(self) -> None:
        """Draw everything from the table's state."""
        if not self.open:
            return
        view = self.view
        view.look = look = self.look
        view.show_odds = self.live_settings.row_odds == "on"
        view.board.tall = big = self.has_class("-tall")
        pos = view.positions()
        for where in ("left", "top", "right"):
            self.query_one(f"#seat-{where}", SeatPanel).show(view.seat_model(pos[where]), look)
            # An empty chair (a table of two or three) is left out of the layout: its column (or, round the
            # table, North's row) goes to the seats in play and the board (game.tcss, -no-left and the like).
            self.set_class(self.table.seating.is_empty(pos[where]), f"-no-{where}")
        vast = self.has_class("-vast")
        self.query_one("#rows", RowsView).show(view.rows_model(), look, big, huge=vast)
        self.query_one("#hand", HandView).show(view.hand_model(), look, big, huge=vast)
        me = self.query_one("#me")
        me.border_title = view.me_title()
        me.border_subtitle = view.me_money()
        self.put("#info", view.info_text(self.size.width))  # narrow: the game's name gives way to the rate
        board = self.query_one("#board").content_region
        view.board.size = (board.width, board.height) if board.height else None
        self.put("#board", view.board.text())
        # Once the cards are down the hand's lines go to the board, which then tells the reveal.
        revealed = self.table.phase not in (Phase.ARRANGING, Phase.EXCHANGING)
        if revealed != self.has_class("-revealed"):
            self.set_class(revealed, "-revealed")
            self.call_after_refresh(self.redraw)  # the board's new size decides how much of the story fits
        side = "#me-side" if self.has_class("-ring") else "#sidebar" if self.has_class("-wide") else None
        if side is not None:
            self.put(side, view.sidebar_text(self.query_one(side).content_region.height or None))
        text, kind = view.message_line()
        msg = self.put("#message", text)
        for k in ("info", "warning", "error"):
            msg.set_class(kind == k, f"-{k}")
        # A message longer than the line wraps to a second (the board gives up a line meanwhile): at 80×24 a
        # hint, a foul or a suggestion no longer loses its end. Set only when it changes: a layout pass.
        lines = 1 if cell_len(str(text)) <= max(1, msg.size.width) else 2
        if msg.styles.height is None or msg.styles.height.value != lines:
            msg.styles.height = lines
        self.clock.show()
        self.refresh_bindings()
        self.pacing.auto_next()
