"""The table screen: three opponents, the player's rows and hand, the countdown, the reveal and its scoring.

The game itself is :class:`app.game.Table`; this screen turns keys and clicks into its methods, runs the AI in
thread workers (their answers come back as messages), animates the reveal through an injectable scheduler, and
draws everything from the table's state after every change (:meth:`TableScreen.redraw`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Static

from ai import Choice
from app.config import TableConfig
from app.game import AIRequest, ArrangeError, Phase, Table, choice_arrangements, hint_row, run_ai
from app.i18n import Translator
from app.messages import AIDone
from app.screens.base import GAME_SCREEN, BaseScreen
from app.screens.dialogs import ConfirmScreen, DeclareScreen, SeatPickScreen, TimeoutScreen
from app.screens.formatting import SEAT_KEYS
from app.screens.help import HelpScreen
from app.screens.presenter import TablePresenter
from app.screens.results import ResultsScreen
from app.screens.reveal_player import RevealPlayer, Scheduler
from app.screens.summary import SummaryScreen
from app.settings import Settings
from app.widgets.base import GameFooter
from app.widgets.cards import CardLook
from app.widgets.table_widgets import CardClicked, HandView, RowClicked, RowsView, SeatPanel
from rules.arrangement import Row
from rules.presets import Preset
from rules.specials import Special

_MOVE = Binding.Group("table.key.move", compact=True)
_PLACE = Binding.Group("table.key.place", compact=True)

ARRANGE_ACTIONS = frozenset(
    {"move", "select", "place", "unplace", "clear", "auto", "hint", "sort", "ready", "declare", "double"}
)


class TableScreen(BaseScreen[None]):
    """A session at the table. Dismisses (None) when the session is over and its summary was seen."""

    SCREEN_CLASSES = GAME_SCREEN

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "table.key.move", key_display="←", group=_MOVE),
        Binding("right", "move(1)", "table.key.move", key_display="→", group=_MOVE),
        Binding("space", "select", "table.key.select", key_display="␣"),
        Binding("space", "skip", "table.key.skip", key_display="␣"),
        Binding("1", "place(0)", "table.key.front", group=_PLACE),
        Binding("2", "place(1)", "table.key.middle", group=_PLACE),
        Binding("3", "place(2)", "table.key.back", group=_PLACE),
        Binding("0,backspace", "unplace", "table.key.unplace"),
        Binding("x", "clear", "table.key.clear"),
        Binding("a", "auto", "table.key.auto"),
        Binding("h", "hint", "table.key.hint"),
        Binding("s", "sort", "table.key.sort"),
        Binding("b", "declare", "table.key.declare"),
        Binding("d", "double", "table.key.double"),
        Binding("enter", "ready", "table.key.ready", key_display="⏎"),
        Binding("enter", "skip", "table.key.skip", key_display="⏎"),
        Binding("enter", "results", "table.key.results", key_display="⏎"),
        Binding("n", "next", "table.key.next"),
        Binding("t", "take", "table.key.take"),
        Binding("question_mark", "help", "table.key.help", key_display="?"),
        Binding("escape", "leave", "table.key.leave", key_display="esc"),
    ]

    def __init__(
        self,
        config: TableConfig,
        *,
        t: Translator | None = None,
        settings: Settings | None = None,
        now: Callable[[], float] = time.monotonic,
        scheduler: Scheduler | None = None,
    ) -> None:
        super().__init__(t=t or Translator(), settings=settings or Settings())
        self.table = Table(config, now=now, sort=self.settings.sort)
        self.view = TablePresenter(self.table, self.t)
        self._scheduler = scheduler
        self.reveal = RevealPlayer(self.table, self.view, self.schedule, self._pace, self.redraw)
        self._clock: Timer | None = None  # the countdown's timer (paused while the host chooses at a time-out)
        self.clock_paused = False
        self._drawn: dict[str, Text | str] = {}

    # ---- composition

    @property
    def live_settings(self) -> Settings:
        """The App's settings (they may change in the Settings screen), else the ones given."""
        return getattr(self.app, "settings", None) or self.settings

    @property
    def look(self) -> CardLook:
        """How cards are drawn."""
        return CardLook(deck=self.live_settings.deck, suits=self.live_settings.suits)

    def compose(self) -> ComposeResult:
        look = CardLook(self.settings.deck, self.settings.suits)
        yield self.too_small()
        with Vertical(id="game", classes="game-body"):
            with Horizontal(id="topbar"):
                yield Static(id="info")
                yield Static(id="countdown")
            with Horizontal(id="opponents"):
                for pos in ("left", "top", "right"):
                    yield SeatPanel(look, id=f"seat-{pos}", classes="seat")
            with Horizontal(id="middle"):
                yield Static(id="board")
                yield Static(id="sidebar")
            with Vertical(id="me"):
                yield RowsView(look, id="rows")
                yield HandView(look, id="hand")
            yield Static(id="message")
        yield GameFooter()

    def on_mount(self) -> None:
        self._clock = self.set_interval(0.25, self.tick)
        self.deal()

    def on_resize(self) -> None:
        """Redraw for the new size (the base screen updates the too-small notice)."""
        self.call_after_refresh(self.redraw)  # the breakpoint classes decide the card size

    # ---- helpers

    def schedule(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds (tests inject a manual scheduler)."""
        if self._scheduler is not None:
            self._scheduler(delay, callback)
        else:
            self.set_timer(delay, callback)

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
        self.view.reset()
        self.view.takeover_note = False
        if self.table.phase in (Phase.DEALING, Phase.RESULTS, Phase.ROUND_SUMMARY):
            if self.table.phase is Phase.DEALING:
                self.table.start_deal()
            else:
                self.table.next()
        if self.table.phase is Phase.OVER:
            self.show_summary()
            return
        if self.table.phase is Phase.ROUND_SUMMARY:
            self.show_summary()
            return
        self.say("")
        for request in self.table.computer_requests():
            self.think(request)
        self.redraw()

    @work(thread=True, group="ai")
    def think(self, request: AIRequest) -> None:
        """A computer seat (or the helper for the human) decides, off the UI thread."""
        self.post_message(AIDone(request, run_ai(request)))

    @on(AIDone)
    def _ai_done(self, message: AIDone) -> None:
        req, choice = message.request, message.choice
        if req.purpose == "decide":
            delay = self.reveal.think_delay(req.seat)
            if delay > 0:
                self.schedule(delay, lambda: self._accept(req, choice))
            else:
                self._accept(req, choice)
        elif req.purpose == "takeover":
            if self.table.accept_takeover(req, choice):
                self.view.takeover_note = True
                self.say(self.t("table.msg.takeover"), "warning")
            self.after_decision()
        elif req.purpose in ("suggest", "hint"):
            self._helper_done(req, choice)

    def _accept(self, req: AIRequest, choice: Choice) -> None:
        if self.table.accept(req, choice):
            self.after_decision()

    def after_decision(self) -> None:
        """Someone decided: reveal once everyone has."""
        if self.table.phase is Phase.ARRANGING and self.table.all_decided:
            self.table.score()
            self.start_reveal()
        self.redraw()

    def _helper_done(self, req: AIRequest, choice: Choice) -> None:
        st = self.table.arrange
        deal = self.table.current.number if self.table.current else -1
        if req.deal != deal or st is None or not self.table.can_arrange:
            return  # an old deal's answer, or the player can no longer arrange (ready, or the time is up)
        # The player may have moved cards while the helper thought: its answer no longer fits, drop it.
        now_fixed = st.suggestion_fixed() if req.purpose == "suggest" else (None if st.complete else st.fixed())
        if req.fixed != now_fixed:
            return
        if req.purpose == "suggest":
            arrangements = choice_arrangements(choice)
            if not choice.kept_fixed:
                self.say(self.t("table.msg.no_completion"), "warning")
            try:
                self.table.arrange = st.with_suggestions(arrangements)
            except ArrangeError as exc:
                self.error(exc)
            else:
                if choice.kept_fixed:
                    self.say(self.t("table.msg.suggestion", n=1, total=len(self.table.arrange.suggestions)))
        else:
            arr = choice.decision.arrangement
            card = st.cursor_card
            row = None if arr is None or not choice.kept_fixed else hint_row(st, arr)
            if row is None or card is None:
                self.say(self.t("table.msg.no_hint"), "warning")
            else:
                self.view.hint = (card, row)
                self.say(self.t("table.msg.hint", card=self.look.label(card), row=self.t(f"common.row.{row.id}")))
        self.redraw()

    # ---- the clock

    def tick(self) -> None:
        """Every quarter second: redraw the countdown; at zero the computer completes the hand (takeover on)
        or the host chooses (takeover off)."""
        table = self.table
        if table.timed_out():
            request = table.on_timeout()
            if request is None:
                self.ask_host()
                return
            self.say(self.t("table.msg.timeout"), "warning")
            self.think(request)
            self.redraw()
            return
        self.update_countdown()

    def pause_clock(self, paused: bool) -> None:
        """Stop (or restart) the countdown's timer."""
        self.clock_paused = paused
        if self._clock is not None:
            if paused:
                self._clock.pause()
            else:
                self._clock.resume()

    def ask_host(self) -> None:
        """Time is up with takeover off: the countdown stops and the host chooses in a dialog."""
        self.pause_clock(True)
        self.view.hint = None
        self.say(self.t("table.msg.time_up"), "warning")
        self.close_dialogs()  # one opened while arranging (keys, declare, leave) no longer applies
        self.redraw()
        self.app.push_screen(TimeoutScreen(t=self.t), self._host_chose)

    def _host_chose(self, choice: str | None) -> None:
        table = self.table
        if not table.awaiting_host:
            return
        request = table.resolve_timeout(choice == "computer")
        self.pause_clock(False)
        if request is None:
            self.say("")
            self.show_summary()
            return
        self.say(self.t("table.msg.computer_seat"), "warning")
        self.think(request)
        self.redraw()

    def update_countdown(self) -> None:
        """Draw the time left; warning colours near the end."""
        text, alarm = self.view.countdown()
        widget = self._put("#countdown", text)
        for level in ("warning", "danger"):
            widget.set_class(alarm == level, f"-{level}")

    # ---- the reveal

    def start_reveal(self) -> None:
        """Begin the reveal (or jump to its end without animation)."""
        self.say("")
        self.reveal.start()

    def finish_reveal(self) -> None:
        """Jump to the end of the reveal (space/enter, or no animation)."""
        self.reveal.finish()

    # ---- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        table = self.table
        st = table.arrange
        arranging = table.can_arrange
        if action in ARRANGE_ACTIONS:
            if action == "double" and table.preset is not Preset.ARCADE:
                return False
            if action == "declare" and (st is None or not st.specials):
                return False
            if not arranging:
                return False if table.human is None or table.phase is not Phase.ARRANGING else None
            assert st is not None
            declared = st.declared is not None
            if action == "select":
                return None if declared or st.cursor_card is None else True
            if action == "place":
                return True if st.can_place(Row(int(parameters[0]))) else None  # type: ignore[call-overload]
            if action == "unplace":
                return True if not declared and any(st.where(c) is not None for c in st.targets()) else None
            if action == "clear":
                return True if st.placed or (declared and not st.declared.is_dragon) else None  # type: ignore[union-attr]
            if action in ("auto", "hint"):
                return None if declared or (action == "hint" and st.complete) else True
            if action == "ready":
                return True if st.ready_problem() is None else None
            return True
        if action == "skip":
            return table.phase is Phase.REVEALING
        if action == "results":
            return table.phase is Phase.RESULTS and table.current is not None and table.current.result is not None
        if action == "next":
            if table.phase is Phase.RESULTS:
                return True
            return None if table.phase is Phase.REVEALING else False
        if action == "take":
            return (True if table.phase is not Phase.OVER else None) if table.watching else False
        return True

    def _change(self, fn: Callable[[], Any]) -> None:
        """Apply an arranging change; a refused move shows its reason instead."""
        try:
            fn()
        except ArrangeError as exc:
            self.error(exc)
        else:
            self.view.hint = None
            self.say("")
        self.redraw()

    def _set(self, state: Any) -> None:
        self.table.arrange = state

    def action_move(self, delta: int) -> None:
        st = self.table.arrange
        assert st is not None
        self._set(st.move(int(delta)))
        hint = self.view.hint
        self.view.hint = None if hint is None or hint[0] != self.table.arrange.cursor_card else hint
        self.redraw()

    def action_select(self) -> None:
        st = self.table.arrange
        assert st is not None
        self._change(lambda: self._set(st.toggle_select()))

    def action_place(self, row: int) -> None:
        st = self.table.arrange
        assert st is not None
        self._change(lambda: self._set(st.place(Row(int(row)))))

    def action_unplace(self) -> None:
        st = self.table.arrange
        assert st is not None
        self._change(lambda: self._set(st.unplace()))

    def action_clear(self) -> None:
        st = self.table.arrange
        assert st is not None
        self._change(lambda: self._set(st.return_all()))

    def action_sort(self) -> None:
        st = self.table.arrange
        assert st is not None
        self.table.sort = "suit" if st.sort == "rank" else "rank"
        self._set(st.set_sort(self.table.sort))
        self.say(self.t(f"table.msg.sorted_{self.table.sort}"))
        self.redraw()

    def action_auto(self) -> None:
        st = self.table.arrange
        assert st is not None
        nxt = st.next_suggestion()
        if nxt is not None:
            self._set(nxt)
            self.say(self.t("table.msg.suggestion", n=nxt.suggestion + 1, total=len(nxt.suggestions)))
            self.view.hint = None
            self.redraw()
            return
        self.say(self.t("table.msg.thinking"))
        self.think(self.table.suggest_request())
        self.redraw()

    def action_hint(self) -> None:
        self.say(self.t("table.msg.thinking"))
        self.think(self.table.hint_request())
        self.redraw()

    def action_ready(self) -> None:
        try:
            self.table.ready()
        except ArrangeError as exc:
            self.error(exc)
            self.redraw()
            return
        self.view.hint = None
        self.say(self.t("table.msg.ready"))
        self.after_decision()

    def action_double(self) -> None:
        target = self.table.cycle_double()
        if target is None:
            self.say(self.t("table.msg.double_none"))
        else:
            self.say(self.t("table.msg.double", seat=self.view.seat_name(target)))
        self.redraw()

    def action_declare(self) -> None:
        st = self.table.arrange
        assert st is not None
        specials = sorted(st.specials, key=lambda s: -s.rung)

        def done(choice: Special | str | None) -> None:
            """Handle the dialog's answer."""
            current = self.table.arrange
            if choice is None or current is None or not self.table.can_arrange:
                return
            if not isinstance(choice, Special):  # "arrange": no declaration after all
                self._change(lambda: self._set(current.declare(None)))
            else:
                self._change(lambda: self._set(current.return_all().declare(choice)))
                self.say(self.t("table.msg.declared", special=self.t(f"common.special.{choice.id}")))
                self.redraw()

        self.app.push_screen(DeclareScreen(specials, t=self.t), done)

    def action_skip(self) -> None:
        self.finish_reveal()

    def action_next(self) -> None:
        if self.table.phase is Phase.REVEALING:
            self.finish_reveal()
        self.deal()

    def action_results(self) -> None:
        rec = self.table.current
        if rec is None or rec.result is None:
            return

        def done(answer: str | None) -> None:
            """Handle the dialog's answer."""
            if answer == "next":
                self.action_next()

        self.app.push_screen(ResultsScreen(self.table, rec, self.look, t=self.t), done)

    def action_take(self) -> None:
        names = [self.t(f"common.seat.{SEAT_KEYS[s]}") for s in range(4)]
        out = [self.table.seat_out(s) for s in range(4)]

        def done(seat: int | None) -> None:
            """Handle the dialog's answer."""
            if seat is None:
                return
            try:
                self.table.take_seat(seat)
            except ArrangeError as exc:
                self.error(exc)
            else:
                self.say("")  # the hand area says which seat is taken from the next deal
            self.redraw()

        self.app.push_screen(SeatPickScreen(names, out, t=self.t), done)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.table.preset, self.table.watching, t=self.t))

    def action_leave(self) -> None:
        table = self.table
        if table.watching:
            text = self.t("table.confirm.leave_watch")
        elif table.config.takeover:
            text = self.t("table.confirm.leave_takeover")
        else:
            text = self.t("table.confirm.leave_end")

        def done(yes: bool | None) -> None:
            """Handle the dialog's answer."""
            if not yes or table.phase is Phase.OVER:  # the clock may have ended the table meanwhile
                return
            request = table.leave()
            if table.phase is Phase.OVER:
                self.show_summary()
                return
            self.say(self.t("table.msg.left"), "warning")
            if request is not None:
                self.think(request)
            self.redraw()

        self.app.push_screen(ConfirmScreen(text, t=self.t), done)

    @on(CardClicked)
    def _card_clicked(self, message: CardClicked) -> None:
        st = self.table.arrange
        if self.check_action("select", ()) is not True or st is None:
            return
        self._change(lambda: self._set(st.move_to(message.card).toggle_select()))

    @on(RowClicked)
    def _row_clicked(self, message: RowClicked) -> None:
        st = self.table.arrange
        if st is None or self.check_action("place", (int(message.row),)) is not True:
            return
        self._change(lambda: self._set(st.place(message.row)))

    # ---- summaries

    def show_summary(self) -> None:
        """The round summary (continue or leave) or the session summary (then back to the menu)."""
        table = self.table
        self.reveal.cancel()

        def done(answer: str | None) -> None:
            """Handle the dialog's answer."""
            if table.phase is Phase.ROUND_SUMMARY:
                if answer == "continue":
                    self.deal()
                    return
                table.end("left")
                self.show_summary()
                return
            self.close_dialogs()  # one may still be open above the table (the clock ran out under it)
            self.dismiss(None)

        self.redraw()
        self.app.push_screen(SummaryScreen(table, self.view.seat_name, t=self.t), done)

    # ---- drawing

    def _put(self, selector: str, content: Text | str) -> Static:
        """Update a Static only when its content changed (an update costs a layout pass)."""
        widget = self.query_one(selector, Static)
        if self._drawn.get(selector) != content:
            self._drawn[selector] = content
            widget.update(content, layout=False)
        return widget

    def redraw(self) -> None:
        """Draw everything from the table's state."""
        if not self.is_mounted:
            return
        view = self.view
        view.look = look = self.look
        view.tall = big = self.has_class("-tall")
        pos = view.positions()
        for where in ("left", "top", "right"):
            self.query_one(f"#seat-{where}", SeatPanel).show(view.seat_model(pos[where]), look)
        self.query_one("#rows", RowsView).show(view.rows_model(), look, big)
        self.query_one("#hand", HandView).show(view.hand_model(), look, big)
        me = self.query_one("#me")
        me.border_title = view.me_title()
        me.border_subtitle = view.me_money()
        self._put("#info", view.info_text())
        self._put("#board", view.board_text())
        if self.has_class("-wide"):
            self._put("#sidebar", view.sidebar_text())
        text, kind = view.message_line()
        msg = self._put("#message", text)
        for k in ("info", "warning", "error"):
            msg.set_class(kind == k, f"-{k}")
        self.update_countdown()
        self.refresh_bindings()
