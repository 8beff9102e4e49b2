"""The table screen: three opponents, the player's rows and hand, the countdown, the reveal and its scoring.

The game itself is :class:`app.game.Table`; this screen turns keys and clicks into its methods, runs the AI in
thread workers (their answers come back as messages), animates the reveal through an injectable scheduler, and
draws everything from the table's state after every change (:meth:`TableScreen.redraw`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ai import Choice
from app.config import TableConfig
from app.game import (
    AIRequest,
    ArrangeError,
    DealRecord,
    Phase,
    Table,
    choice_arrangements,
    count_frames,
    hint_row,
    row_winners,
    run_ai,
    tally_after,
)
from app.i18n import Translator
from app.settings import Settings
from app.widgets.base import GameFooter, TooSmall, translate_bindings
from app.widgets.cards import CardLook, cards_text
from app.widgets.table_widgets import (
    CardClicked,
    HandModel,
    HandView,
    RowClicked,
    RowLine,
    RowsModel,
    RowsView,
    SeatModel,
    SeatPanel,
)
from rules.arrangement import ROW_SIZES, Row
from rules.cards import Card
from rules.deal import Outcome
from rules.presets import Preset

SEAT_KEYS = ("south", "east", "north", "west")
# Seconds per reveal step for each Settings animation speed ("off" shows the end at once).
STEP_DELAY = {"off": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.4}
COUNT_FRAMES = 12
Scheduler = Callable[[float, Callable[[], None]], Any]


class AIDone(Message):
    """A worker's answer: ``choice`` for ``request``."""

    def __init__(self, request: AIRequest, choice: Choice) -> None:
        super().__init__()
        self.request = request
        self.choice = choice


def signed(n: int) -> str:
    """``+4``, ``-2``, ``0``: ASCII signs keep the width the same in every terminal."""
    return f"+{n:,}" if n > 0 else f"{n:,}"


# ------------------------------------------------------------------------------------------------- modals


class DeclareScreen(ModalScreen[Any]):
    """報到: pick a special hand to declare, or arrange instead. Dismisses with the Special, or "arrange"."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "table.key.cancel")]

    def __init__(self, t: Translator, specials: list[Any]) -> None:
        super().__init__(classes="game-screen")  # scopes assets/styles/game.tcss
        self.t = t
        self.specials = specials
        translate_bindings(self, t)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.t("table.declare.title"), classes="dialog-title")
            options = [Option(self.t(f"common.special.{s.id}"), id=s.id) for s in self.specials]
            options.append(Option(self.t("table.declare.arrange"), id="arrange"))
            yield OptionList(*options, id="declare-list")
        yield GameFooter()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        chosen = next((s for s in self.specials if s.id == event.option.id), "arrange")
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (leaving the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "table.key.yes"),
        Binding("n,escape", "answer(False)", "table.key.no"),
    ]

    def __init__(self, t: Translator, text: str) -> None:
        super().__init__(classes="game-screen")  # scopes assets/styles/game.tcss
        self.t = t
        self.text = text
        translate_bindings(self, t)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.text, classes="dialog-body")
            yield Static(self.t("table.confirm.keys"), classes="dialog-keys")
        yield GameFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TimeoutScreen(ModalScreen[str]):
    """Time is up and computer takeover is off (RULES.md §10): the host lets the computer play the seat or ends
    the table. Dismisses with "computer" or "end"; there is no cancel (the table cannot go on without an answer).
    Keys `c` / `e`, or ↑↓ and enter, or a click."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "choose('computer')", "table.timeout.key_computer"),
        Binding("e", "choose('end')", "table.timeout.key_end"),
    ]

    def __init__(self, t: Translator) -> None:
        super().__init__(classes="game-screen")  # scopes assets/styles/game.tcss
        self.t = t
        translate_bindings(self, t)

    def compose(self) -> ComposeResult:
        options = []
        for choice, key in (("computer", "C"), ("end", "E")):
            prompt = Text.assemble((f" {key} ", "bold reverse"), " ", (self.t(f"table.timeout.{choice}"), "bold"))
            prompt.append("\n     " + self.t(f"table.timeout.{choice}_note"), style="dim")
            options.append(Option(prompt, id=choice))
        with Vertical(classes="dialog timeout-dialog"):
            yield Static(self.t("table.timeout.title"), classes="dialog-title")
            yield Static(self.t("table.timeout.body"), classes="dialog-body")
            yield OptionList(*options, id="timeout-list")
            yield Static(self.t("table.timeout.keys"), classes="dialog-keys")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#timeout-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#timeout-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "computer")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class SeatPickScreen(ModalScreen[int | None]):
    """接玩: which seat to take (1–4) from the next deal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "pick(0)", "table.key.seat1"),
        Binding("2", "pick(1)", "table.key.seat2"),
        Binding("3", "pick(2)", "table.key.seat3"),
        Binding("4", "pick(3)", "table.key.seat4"),
        Binding("escape", "pick(-1)", "table.key.cancel"),
    ]

    def __init__(self, t: Translator, names: list[str], out: list[bool]) -> None:
        super().__init__(classes="game-screen")  # scopes assets/styles/game.tcss
        self.t = t
        self.names = names
        self.out = out
        translate_bindings(self, t)

    def compose(self) -> ComposeResult:
        lines = [self.t("table.take.title"), ""]
        for k, name in enumerate(self.names):
            lines.append(f"  {k + 1}  {name}" + (f"  ({self.t('table.status.out')})" if self.out[k] else ""))
        with Vertical(classes="dialog"):
            yield Static("\n".join(lines), classes="dialog-body")
        yield GameFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and 0 <= int(parameters[0]) < 4 and self.out[int(parameters[0])]:  # type: ignore[call-overload]
            return None
        return True

    def action_pick(self, seat: int) -> None:
        self.dismiss(None if seat < 0 else seat)


# ------------------------------------------------------------------------------------------- the table


_MOVE = Binding.Group("table.key.move", compact=True)
_PLACE = Binding.Group("table.key.place", compact=True)

ARRANGE_ACTIONS = frozenset(
    {"move", "select", "place", "unplace", "clear", "auto", "hint", "sort", "ready", "declare", "double"}
)


class TableScreen(Screen[None]):
    """A session at the table. Dismisses (None) when the session is over and its summary was seen."""

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
        super().__init__(classes="game-screen")  # scopes assets/styles/game.tcss
        self.t = t or Translator()
        self.settings = settings or Settings()
        self.table = Table(config, now=now, sort=self.settings.sort)
        self._scheduler = scheduler
        self._shown = 0  # reveal steps shown
        self._frame: int | None = None  # count-up frame of the totals step
        self._token = 0  # bumps on skip / new deal so that scheduled callbacks of an old reveal do nothing
        self._helper_token = 0
        self._clock: Any = None  # the countdown's interval timer (paused while the host chooses at a time-out)
        self.clock_paused = False
        self._message: tuple[str, str] = ("", "")  # (text, kind: info | warning | error)
        self._hint: tuple[Card, Row] | None = None
        self._takeover_note = False
        self._drawn: dict[str, Text | str] = {}
        translate_bindings(self, self.t)

    # ---- composition

    @property
    def look(self) -> CardLook:
        """How cards are drawn, from the App's settings (they may change in the Settings screen)."""
        s = getattr(self.app, "settings", None) or self.settings
        return CardLook(deck=s.deck, suits=s.suits)

    def compose(self) -> ComposeResult:
        look = CardLook(self.settings.deck, self.settings.suits)
        yield TooSmall(self.t)
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

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(TooSmall).show_size(event.size.width, event.size.height)
        self.call_after_refresh(self.redraw)  # the breakpoint classes decide the card size

    # ---- helpers

    def schedule(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds (tests inject a manual scheduler)."""
        if self._scheduler is not None:
            self._scheduler(delay, callback)
        else:
            self.set_timer(delay, callback)

    @property
    def speed(self) -> str:
        """The Settings animation speed."""
        s = getattr(self.app, "settings", None) or self.settings
        return s.animation if s.animation in STEP_DELAY else "normal"

    def instant(self) -> bool:
        """No animation: the Settings speed is off or Textual's animation level is none (tests)."""
        return self.speed == "off" or self.app.animation_level == "none"

    def step_delay(self) -> float:
        """Seconds between reveal steps; shorter at Textual's reduced animation level."""
        delay = STEP_DELAY[self.speed]
        return delay * (0.6 if self.app.animation_level == "basic" else 1.0)

    def dealer(self) -> int | None:
        """Who deals the deal on the table (tournaments): the record's, until the next deal is dealt."""
        rec = self.table.current
        return rec.dealer if rec is not None else self.table.dealer

    def seat_name(self, seat: int, short: bool = False) -> str:
        """The name the player sees for ``seat`` ("You" for the player's own)."""
        group = "seat_short" if short else "seat"
        if seat == self.table.human:
            return self.t(f"common.{group}.you")
        return self.t(f"common.{group}.{SEAT_KEYS[seat]}")

    def positions(self) -> dict[str, int]:
        """Table seats by screen position, the viewer at the bottom."""
        v = self.table.viewer
        return {"bottom": v, "right": (v + 1) % 4, "top": (v + 2) % 4, "left": (v + 3) % 4}

    def say(self, text: str, kind: str = "info") -> None:
        """Set the message line (``kind`` info, warning or error)."""
        self._message = (text, kind)

    def error(self, exc: ArrangeError) -> None:
        """Show a refused move's reason."""
        params = dict(exc.params)
        if "row" in params:
            params["row"] = self.t(f"common.row.{params['row']}")
        self.say(self.t(f"table.error.{exc.code}", **params), "error")

    def money_text(self, seat: int, value: int | None = None) -> str:
        """A seat's standing in the table's currency (``value`` overrides the current one)."""
        currency = self.table.currency
        if currency == "none":
            return self.t("common.practice")
        v = self.table.money()[seat] if value is None else value
        if self.table.preset is Preset.TAIWAN:
            return self.t("table.money.taiwan", units=signed(v), points=signed(v * 100))
        if currency == "units":
            return self.t("table.money.units", units=signed(v))
        return self.t(f"table.money.{currency}", n=f"{v:,}")

    # ---- dealing and the AI

    def deal(self) -> None:
        """Start the next deal and set the computers thinking."""
        self._token += 1
        self._shown = 0
        self._frame = None
        self._hint = None
        self._takeover_note = False
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

    def think_delay(self, seat: int) -> float:
        """A little "thinking…" time per computer seat so the table feels alive (none in tests)."""
        if self.instant():
            return 0.0
        rec = self.table.current
        u = random.Random(f"think:{rec.seed if rec else 0}:{seat}").random()
        return (0.4 + 1.4 * u) * STEP_DELAY[self.speed] / STEP_DELAY["normal"]

    @on(AIDone)
    def _ai_done(self, message: AIDone) -> None:
        req, choice = message.request, message.choice
        if req.purpose == "decide":
            delay = self.think_delay(req.seat)
            if delay > 0:
                self.schedule(delay, lambda: self._accept(req, choice))
            else:
                self._accept(req, choice)
        elif req.purpose == "takeover":
            if self.table.accept_takeover(req, choice):
                self._takeover_note = True
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
                self._hint = (card, row)
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
        self._hint = None
        self.say(self.t("table.msg.time_up"), "warning")
        # A dialog opened while arranging (keys, declare, leave) no longer applies: the question replaces it.
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.redraw()
        self.app.push_screen(TimeoutScreen(self.t), self._host_chose)

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
        widget = self.query_one("#countdown", Static)
        left = self.table.time_left()
        if left is None:
            self._put("#countdown", "")
            widget.set_class(False, "-warning")
            widget.set_class(False, "-danger")
            return
        secs = int(left + 0.999)
        self._put("#countdown", self.t("table.countdown", time=f"{secs // 60}:{secs % 60:02d}"))
        widget.set_class(5 < secs <= 15, "-warning")
        widget.set_class(secs <= 5, "-danger")

    # ---- the reveal

    def start_reveal(self) -> None:
        """Begin the reveal (or jump to its end without animation)."""
        self._token += 1
        self.say("")
        self._shown = 0
        self._frame = None
        self._hint = None
        if self.instant():
            self.finish_reveal()
            return
        token = self._token
        self.schedule(self.step_delay() * 0.5, lambda: self.advance(token))

    def advance(self, token: int | None = None) -> None:
        """Show the next reveal step (called by the scheduler; tests may call it directly)."""
        if token is not None and token != self._token:
            return
        if self.table.phase is not Phase.REVEALING:
            return
        steps = self.table.steps
        self._shown = min(len(steps), self._shown + 1)
        token = self._token
        if steps[self._shown - 1].kind == "totals":
            self._frame = 0
            self.schedule(self.step_delay() / COUNT_FRAMES, lambda: self.count(token))
        else:
            self.schedule(self.step_delay(), lambda: self.advance(token))
        self.redraw()

    def count(self, token: int) -> None:
        """One frame of the totals counting up or down."""
        if token != self._token or self._frame is None:
            return
        self._frame += 1
        if self._frame >= COUNT_FRAMES:
            self.finish_reveal()
            return
        self.schedule(self.step_delay() / COUNT_FRAMES, lambda: self.count(token))
        self.redraw()

    def finish_reveal(self) -> None:
        """Jump to the end of the reveal (space/enter, or no animation)."""
        self._token += 1
        self._shown = len(self.table.steps)
        self._frame = None
        self.table.finish_reveal()
        self.redraw()

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
            self._hint = None
            self.say("")
        self.redraw()

    def _set(self, state: Any) -> None:
        self.table.arrange = state

    def action_move(self, delta: int) -> None:
        st = self.table.arrange
        assert st is not None
        self._set(st.move(int(delta)))
        self._hint = None if self._hint is None or self._hint[0] != self.table.arrange.cursor_card else self._hint
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
            self._hint = None
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
        self._hint = None
        self.say(self.t("table.msg.ready"))
        self.after_decision()

    def action_double(self) -> None:
        target = self.table.cycle_double()
        if target is None:
            self.say(self.t("table.msg.double_none"))
        else:
            self.say(self.t("table.msg.double", seat=self.seat_name(target)))
        self.redraw()

    def action_declare(self) -> None:
        st = self.table.arrange
        assert st is not None
        specials = sorted(st.specials, key=lambda s: -s.rung)

        def done(choice: Any) -> None:
            """Handle the dialog's answer."""
            current = self.table.arrange
            if choice is None or current is None or not self.table.can_arrange:
                return
            if choice == "arrange":
                self._change(lambda: self._set(current.declare(None)))
            else:
                self._change(lambda: self._set(current.return_all().declare(choice)))
                self.say(self.t("table.msg.declared", special=self.t(f"common.special.{choice.id}")))
                self.redraw()

        self.app.push_screen(DeclareScreen(self.t, specials), done)

    def action_skip(self) -> None:
        self.finish_reveal()

    def action_next(self) -> None:
        if self.table.phase is Phase.REVEALING:
            self.finish_reveal()
        self.deal()

    def action_results(self) -> None:
        from app.screens.results import ResultsScreen

        rec = self.table.current
        if rec is None or rec.result is None:
            return

        def done(answer: str | None) -> None:
            """Handle the dialog's answer."""
            if answer == "next":
                self.action_next()

        self.app.push_screen(ResultsScreen(self.t, self.table, rec, self.look), done)

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

        self.app.push_screen(SeatPickScreen(self.t, names, out), done)

    def action_help(self) -> None:
        from app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.t, self.table.preset, self.table.watching))

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

        self.app.push_screen(ConfirmScreen(self.t, text), done)

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
        from app.screens.summary import SummaryScreen

        table = self.table
        self._token += 1

        def done(answer: str | None) -> None:
            """Handle the dialog's answer."""
            if table.phase is Phase.ROUND_SUMMARY:
                if answer == "continue":
                    self.deal()
                    return
                table.end("left")
                self.show_summary()
                return
            # A dialog may still be open above the table (the clock ran out under it): close it too.
            while self.app.screen is not self and len(self.app.screen_stack) > 1:
                self.app.pop_screen()
            self.dismiss(None)

        self.redraw()
        self.app.push_screen(SummaryScreen(self.t, table, self.seat_name), done)

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
        look = self.look
        pos = self.positions()
        for where in ("left", "top", "right"):
            self.query_one(f"#seat-{where}", SeatPanel).show(self.seat_model(pos[where]), look)
        big = self.has_class("-tall")
        self.query_one("#rows", RowsView).show(self.rows_model(), look, big)
        self.query_one("#hand", HandView).show(self.hand_model(), look, big)
        me = self.query_one("#me")
        me.border_title = self.me_title()
        me.border_subtitle = (
            self.money_text(pos["bottom"], self.display_money(pos["bottom"])) if self.table.currency != "none" else ""
        )
        self._put("#info", self.info_text())
        self._put("#board", self.board_text())
        if self.has_class("-wide"):
            self._put("#sidebar", self.sidebar_text())
        text, kind = self._message
        msg = self._put("#message", self.foul_text() or text)
        for k in ("info", "warning", "error"):
            msg.set_class(kind == k and not self.foul_text(), f"-{k}")
        msg.set_class(bool(self.foul_text()), "-error")
        self.update_countdown()
        self.refresh_bindings()

    # -- view models

    def revealed_rows(self) -> int:
        """How many rows the reveal has shown (3 once past the row steps, or after it)."""
        if self.table.phase is Phase.REVEALING:
            return sum(1 for s in self.table.steps[: self._shown] if s.kind == "row")
        if self.table.phase in (Phase.RESULTS, Phase.ROUND_SUMMARY) or (
            self.table.phase is Phase.OVER and self.table.current is not None and self.table.current.result is not None
        ):
            return 3
        return 0

    def shown_steps(self) -> int:
        """How many reveal steps are on show."""
        if self.table.phase is Phase.REVEALING:
            return self._shown
        return len(self.table.steps)

    def display_money(self, seat: int) -> int:
        """Money as the count-up shows it: before the deal until the totals step, then counting."""
        rec = self.table.current
        money = self.table.money()[seat]
        if rec is None or rec.result is None or not rec.before or self.table.phase is not Phase.REVEALING:
            return money
        if self._frame is None:
            return rec.before[seat]
        frames = count_frames(rec.before[seat], rec.after[seat], COUNT_FRAMES)
        return frames[min(self._frame, len(frames) - 1)]

    def _row_line(self, rec: DealRecord | None, seat: int, row: Row, shown: int, short: bool) -> RowLine:
        label = self.t(f"table.row_label.{row.id}", size=ROW_SIZES[row])
        decision = rec.decisions.get(seat) if rec else None
        if rec is None or decision is None or row >= shown or rec.result is None:
            own = seat == self.table.human or (rec is not None and seat == rec.human)
            if own and decision is not None and decision.arrangement is not None:
                return RowLine(label, tuple(decision.arrangement.rows[row]), ROW_SIZES[row])  # one's own cards
            return RowLine(label, None, ROW_SIZES[row])
        if decision.arrangement is None:
            hand = sorted(decision.cards, reverse=True)
            cut = ((0, 3), (3, 8), (8, 13))[row]
            return RowLine(label, tuple(hand[cut[0] : cut[1]]), ROW_SIZES[row])
        cards = decision.arrangement.rows[row]
        value = decision.arrangement.values(self.table.config.options.wheel)[row]
        group = "category_short" if short else "category"
        name = self.t(f"common.{group}.{value.category.id}")
        marks = Text()
        style = ""
        if rec.fouled(seat):
            style = "red"
        if short:
            if seat in row_winners(rec, row):
                marks.append("★", style="bold yellow")
                style = style or "bold green"
        else:
            for other in self._others(seat):
                if other not in rec.seats:
                    continue
                o = rec.outcome(seat, other, row)
                marks.append(" " + self.seat_name(other, short=True))
                if o is Outcome.WIN:
                    marks.append("▲", style="bold green")
                elif o is Outcome.LOSS:
                    marks.append("▼", style="bold red")
                elif o is Outcome.TIE:
                    marks.append("=", style="dim")
                else:
                    marks.append("·", style="dim")
        return RowLine(label, tuple(cards), ROW_SIZES[row], name, style, marks)

    def _others(self, seat: int) -> list[int]:
        pos = self.positions()
        return [s for s in (pos["left"], pos["top"], pos["right"], pos["bottom"]) if s != seat]

    def seat_model(self, seat: int) -> SeatModel:
        """What an opponent's panel shows."""
        table = self.table
        rec = table.current
        level = (
            self.t(f"common.level.{table.level_of(seat).value}")
            if table.is_computer(seat)
            else self.t("common.level.person")
        )
        title = f"{self.seat_name(seat)} · {level}"
        if self.dealer() == seat:
            title += " · " + self.t("table.dealer_mark")
        status = table.status(seat)
        shown = self.revealed_rows()
        classes = status.value
        if rec is None or seat not in rec.seats:
            status_text = self.t("table.status.out")
            classes = "out"
        elif table.phase is Phase.ARRANGING:
            status_text = self.t(f"table.status.{status.value}")
        elif rec.result is not None and rec.fouled(seat) and shown:
            status_text = self.t("table.status.foul")
            classes = "foul"
        else:
            status_text = ""
        tally = ""
        note = ""
        if rec is not None and rec.result is not None and seat in rec.seats and table.phase is not Phase.ARRANGING:
            tally = signed(tally_after(table.steps, self.shown_steps())[seat])
            decision = rec.decisions.get(seat)
            if decision is not None and decision.declare is not None and shown:
                note = self.t(f"common.special.{decision.declare.id}")
        rows = tuple(self._row_line(rec, seat, r, shown, short=True) for r in Row)
        money = "" if table.currency == "none" else self.money_text(seat, self.display_money(seat))
        if self.dealer() == seat:
            classes += " dealer"
        return SeatModel(title, money, status_text, classes, tally, rows, note)

    def rows_model(self) -> RowsModel:
        """What the player's rows show: the arrangement in progress, or the revealed rows."""
        table = self.table
        st = table.arrange
        seat = self.positions()["bottom"]
        rec = table.current
        if st is not None and table.phase is Phase.ARRANGING and table.human == seat:
            fouled = {r for pair in st.fouls() for r in pair}
            lines = []
            for row in Row:
                cat = st.row_category(row)
                name = "" if cat is None else self.t(f"common.category.{cat.id}")
                if cat is not None and st.room(row) > 0:
                    name = self.t("table.so_far", hand=name)
                lines.append(
                    RowLine(
                        self.t(f"table.row_label.{row.id}", size=ROW_SIZES[row]),
                        st.row_cards(row),
                        ROW_SIZES[row],
                        name,
                        "bold red" if row in fouled else "bold",
                    )
                )
            hint = self._hint
            return RowsModel(
                tuple(lines), st.cursor_card, st.selected, hint[0] if hint else None, hint[1] if hint else None
            )
        shown = self.revealed_rows()
        if rec is not None and seat in (table.human, rec.human) and seat in rec.decisions and not shown:
            # READY (or taken over) but not revealed yet: the player still sees their own rows.
            decision = rec.decisions[seat]
            lines = []
            for row in Row:
                cards = decision.arrangement.rows[row] if decision.arrangement else ()
                lines.append(
                    RowLine(self.t(f"table.row_label.{row.id}", size=ROW_SIZES[row]), tuple(cards), ROW_SIZES[row])
                )
            return RowsModel(tuple(lines))
        return RowsModel(tuple(self._row_line(rec, seat, r, shown, short=False) for r in Row))

    def hand_model(self) -> HandModel:
        """What the player's hand shows."""
        table = self.table
        st = table.arrange
        if table.watching:
            # The watched seat's cards are in its rows, face down until the reveal: the hand area explains.
            # Face down while the seats arrange; once the cards are shown, how to get back into the game.
            note = self.t("table.watch_note" if table.phase is Phase.ARRANGING else "table.watch_note_take")
            if table.pending_seat is not None:
                note = self.t("table.msg.take", seat=self.t(f"common.seat.{SEAT_KEYS[table.pending_seat]}"))
            return HandModel(note=note)
        if st is None or table.phase is not Phase.ARRANGING:
            return HandModel()
        if table.human_ready:
            return HandModel(note=self.t("table.hand_note.ready"))
        loose = st.loose
        cursor = st.cursor if st.cursor < len(loose) else None
        hint = self._hint[0] if self._hint else None
        note = ""
        if not loose:
            note = self.t("table.hand_note.placed") if st.legal else self.t("table.hand_note.fix")
        if st.declared is not None:
            note = self.t("table.hand_note.declared", special=self.t(f"common.special.{st.declared.id}"))
        return HandModel(loose, cursor, st.selected, hint, note)

    def me_title(self) -> str:
        """The player's area title: name, dealer, this deal's tally."""
        table = self.table
        seat = self.positions()["bottom"]
        name = self.seat_name(seat)
        if table.watching:
            return self.t(
                "table.watching_title",
                seat=self.t(f"common.seat.{SEAT_KEYS[seat]}"),
                level=self.t(f"common.level.{table.level_of(seat).value}"),
            )
        parts = [name]
        rec = table.current
        if self.dealer() == seat:
            parts.append(self.t("table.dealer_mark"))
        if rec is not None and table.phase is not Phase.ARRANGING and rec.result is not None and seat in rec.seats:
            parts.append(self.t("table.this_deal", n=signed(tally_after(table.steps, self.shown_steps())[seat])))
        return " · ".join(parts)

    def info_text(self) -> Text:
        """The top bar: game, preset, deal number and dealer."""
        table = self.table
        out = Text()
        out.append(self.t("common.app_title"), style="bold")
        out.append(" · " + self.t(f"common.preset.{table.preset.value}"))
        if not table.scored:
            out.append(" · " + self.t("common.practice"), style="italic")
        if table.deals_limit:
            out.append(" · " + self.t("table.deal_of", n=table.number, total=table.deals_limit))
        elif table.arcade is not None:
            from rules.session import deal_in_round

            n = max(1, table.number)
            out.append(" · " + self.t("table.deal_round", n=deal_in_round(n), round=(n - 1) // 6 + 1))
        else:
            out.append(" · " + self.t("table.deal", n=table.number))
        dealer = self.dealer()
        if dealer is not None:
            out.append(" · " + self.t("table.dealer", seat=self.seat_name(dealer)))
        return out

    def board_text(self) -> Text:
        """The centre of the table: treasure and doubles, instructions, the reveal's story, the deal."""
        table = self.table
        rec = table.current
        out = Text()
        look = self.look
        if rec is not None and table.preset is Preset.ARCADE:
            out.append(self.t("table.treasure") + " ", style="bold")
            out.append_text(cards_text(rec.treasure, look) if rec.treasure else Text(self.t("common.none")))
            if table.human is not None and table.phase is Phase.ARRANGING:
                target = table.human_double
                out.append("   " + self.t("table.double_label") + " ", style="bold")
                out.append(self.seat_name(target) if target is not None else self.t("table.double_none"))
            out.append("\n")
        if table.phase is Phase.ARRANGING:
            st = table.arrange
            if table.watching:
                waiting = [self.seat_name(s) for s in rec.seats if s not in rec.decisions] if rec else []
                out.append(self.t("table.board.watching"), style="bold")
                if waiting:
                    out.append("\n" + self.t("table.board.waiting", seats=", ".join(waiting)))
            elif table.human_ready:
                waiting = [self.seat_name(s) for s in rec.seats if s not in rec.decisions] if rec else []
                out.append(self.t("table.board.waiting", seats=", ".join(waiting)), style="bold")
                if self._takeover_note:
                    out.append("\n" + self.t("table.msg.takeover"), style="yellow")
            elif st is not None:
                if st.declared is not None:
                    out.append(
                        self.t("table.board.declared", special=self.t(f"common.special.{st.declared.id}")),
                        style="bold yellow",
                    )
                elif st.specials:
                    ordered = sorted(st.specials, key=lambda s: -s.rung)
                    names = ", ".join(self.t(f"common.special.{s.id}") for s in ordered)
                    out.append(self.t("table.board.can_declare", specials=names), style="bold yellow")
                else:
                    out.append(self.t("table.board.arrange"))
            return out
        if rec is None or rec.result is None:
            return out
        steps = table.steps[: self.shown_steps()]
        tall = self.has_class("-tall")
        if table.phase is Phase.REVEALING:
            if not steps:
                out.append(self.t("table.board.revealing"), style="bold")
                return out
            # A tall board keeps the whole story of the reveal; a short one shows the latest beat.
            shown = steps if tall else steps[-1:]
            out.append_text(Text("\n").join(self.step_text(rec, step) for step in shown))
            return out
        # After the reveal: the deal in one line and what to do next (then, with room, the whole story).
        parts = [f"{self.seat_name(s)} {signed(rec.units[s] if rec.units else 0)}" for s in rec.seats]
        out.append(self.t("table.board.deal_over", results="  ".join(parts)), style="bold")
        if rec.computer_for_human:
            out.append("\n" + self.t("table.msg.takeover_done"), style="yellow")
        out.append("\n" + self.t("table.board.next_keys"), style="bold italic")
        if tall:
            out.append("\n")
            out.append_text(Text("\n").join(self.step_text(rec, step) for step in steps if step.kind != "totals"))
        return out

    def step_text(self, rec: DealRecord, step: Any) -> Text:
        """One reveal beat: its title, then who scored what (rows: each seat's gain; items: named lines)."""
        from app.screens.results import item_name, step_title

        table = self.table
        out = Text(step_title(self.t, step, table.preset), style="bold")
        if step.kind == "totals":
            units = rec.units or (0,) * 4
            out.append("  " + "  ".join(f"{self.seat_name(s)} {signed(units[s])}" for s in rec.seats))
            return out
        if step.kind == "row":
            gains = [f"{self.seat_name(s)} {signed(step.delta[s])}" for s in rec.seats if step.delta[s]]
            if gains:
                out.append("  " + "  ".join(gains))
            fouls = [self.seat_name(s) for s in rec.seats if rec.fouled(s)]
            if fouls and step.row is Row.FRONT:
                out.append("\n" + self.t("results.fouled", seats=", ".join(fouls)), style="red")
            return out
        lines = [
            self.t("results.line", winner=self.seat_name(w), item=item_name(self.t, kind, table.preset), value=value,
                   losers=", ".join(self.seat_name(lo) for lo in losers))
            for (w, kind), (value, losers) in group_lines(step.lines).items()
        ]
        if lines:
            # One per line when there is room; run on (and wrap) on a short board.
            out.append("\n" + ("\n" if self.has_class("-tall") else "  ·  ").join(lines))
        return out

    def sidebar_text(self) -> Text:
        """The wide layout's side panel: standings and the last deals."""
        table = self.table
        out = Text(self.t("table.sidebar.totals") + "\n", style="bold")
        money = [self.display_money(s) for s in range(4)]
        for s in sorted(range(4), key=lambda s: (-money[s], s)):
            out.append(self.seat_name(s) + " ")
            out.append((self.money_text(s, money[s]) if table.currency != "none" else self.t("common.practice")) + "\n")
        # The deal being revealed joins the list once its reveal is over.
        done = table.history[:-1] if table.phase is Phase.REVEALING else table.history
        if done:
            out.append("\n" + self.t("table.sidebar.history") + "\n", style="bold")
            viewer = self.positions()["bottom"]
            for rec in done[-8:][::-1]:
                units = rec.units[viewer] if rec.units else 0
                out.append(self.t("table.sidebar.deal_line", n=rec.number, units=signed(units)) + "\n")
        return out

    def foul_text(self) -> str:
        """The live foul warning naming the offending rows, or empty."""
        st = self.table.arrange
        if st is None or self.table.phase is not Phase.ARRANGING or self.table.human_ready or st.declared:
            return ""
        fouls = st.fouls()
        if not fouls:
            return ""
        parts = []
        for upper, lower in fouls:
            uc, lc = st.row_category(upper), st.row_category(lower)
            parts.append(
                self.t(
                    "table.foul_pair",
                    upper=self.t(f"common.row.{upper.id}"),
                    upper_hand=self.t(f"common.category.{uc.id}") if uc else "",
                    lower=self.t(f"common.row.{lower.id}"),
                    lower_hand=self.t(f"common.category.{lc.id}") if lc else "",
                )
            )
        return self.t("table.foul", rows="; ".join(parts))


def group_lines(lines: Any) -> dict[tuple[int, str], tuple[int, list[int]]]:
    """Reveal lines grouped by (winner, kind): the total and who paid it, in the order they came."""
    out: dict[tuple[int, str], tuple[int, list[int]]] = {}
    for ln in lines:
        value, losers = out.get((ln.winner, ln.kind), (0, []))
        out[(ln.winner, ln.kind)] = (value + ln.value, [*losers, ln.loser])
    return out
