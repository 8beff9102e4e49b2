"""The lobby screen: joining a lobby (`chinese-poker join`, the menu's "Join a lobby") or hosting one ("Host a
lobby": the server runs in this game, and the host joins it). The lobby's tables, then the table: the hand
arranged with the table's keys, READY sent to the server, the reveal shown, each deal kept in the history.

The connection (hosting, joining, reading the lobby's messages, closing) is :mod:`app.screens.lobby_link`'s; what is
said is built by :mod:`app.view.lobby`. The server decides everything; this screen only shows and asks.

The same concept on another floor: :mod:`app.lobby.lobby` (the server's lobby), :mod:`app.view.lobby`.
"""

from __future__ import annotations

import getpass
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from ai import Budget, Level, TableView, choose
from app.config import TableConfig
from app.game.arrange import ArrangeError, ArrangeState
from app.game.backlog import price_one
from app.heap import giving_back
from app.screens.base import BaseModal, BaseScreen
from app.screens.lobby_link import LobbyLink
from app.store.validate import Mode
from app.view import lobby as words
from app.widgets.chrome import GameFooter
from rules.arrangement import Row
from rules.cards import format_cards, parse_cards
from rules.specials import detect_specials

ROWS = {"1": Row.FRONT, "2": Row.MIDDLE, "3": Row.BACK}

LOBBY_HOST = "127.0.0.1"  # the menu's "Host a lobby" listens on this machine only, as `chinese-poker host` does
LOBBY_PORT = 8765  # `chinese-poker host`'s port; when another program holds it, any free port (the screen says which)


def player_name() -> str:
    """The name the menu's lobby entries give the player: their user name, as `chinese-poker join` does."""
    try:
        return getpass.getuser() or "player"
    except (OSError, KeyError, ImportError):  # no user name in this environment (a container, no LOGNAME)
        return "player"


class JoinDialog(BaseModal[str | None]):
    """The menu's "Join a lobby": type (or paste) the address `chinese-poker host` or a host's screen shows; ⏎
    dismisses with it, and an address that is not a lobby's says what is wrong."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "menu.key.back", key_display="esc")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.t("lobby.join.title"), classes="dialog-title")
            yield Static(self.t("lobby.join.prompt"), classes="dialog-body")
            yield Input(placeholder="http://127.0.0.1:8765/lobby?token=…", max_length=300, id="join-input")
            yield Static("", id="join-error", classes="dialog-body")
        yield GameFooter()

    def after_compose(self) -> None:
        self.query_one("#join-input", Input).focus()

    @on(Input.Submitted, "#join-input")
    def _submitted(self, event: Input.Submitted) -> None:
        address = event.value.strip()
        try:
            from app.lobby.client import JoinError, lobby_url
        except ImportError:  # without the web extra the lobby screen says what to install
            self.dismiss(address)
            return
        try:
            lobby_url(address)
        except JoinError as exc:
            self.query_one("#join-error", Static).update(self.t("lobby.join.wrong", why=str(exc)))
            self.app.bell()
            return
        self.dismiss(address)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(BaseScreen[None]):
    """A lobby, joined at ``address`` as ``name`` (or hosted here: ``host`` starts the server first)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "lobby.key.leave"),
        Binding("up", "choose(-1)", "lobby.key.up", show=False),
        Binding("down", "choose(1)", "lobby.key.down", show=False),
        Binding("left", "move(-1)", "lobby.key.left", show=False),
        Binding("right", "move(1)", "lobby.key.right", show=False),
        Binding("space", "select", "lobby.key.select", show=False),
        Binding("1", "place('1')", "lobby.key.front", show=False),
        Binding("2", "place('2')", "lobby.key.middle", show=False),
        Binding("3", "place('3')", "lobby.key.back", show=False),
        Binding("0", "unplace", "lobby.key.unplace", show=False),
        Binding("x", "return_all", "lobby.key.return_all", show=False),
        Binding("a", "auto", "lobby.key.auto"),
        Binding("enter", "ready", "lobby.key.ready"),
        Binding("o", "open", "lobby.key.open"),
        Binding("q", "quick", "lobby.key.quick"),
        Binding("j", "sit", "lobby.key.sit"),
        Binding("w", "watch", "lobby.key.watch"),
        Binding("s", "start", "lobby.key.start"),
        Binding("f", "fill", "lobby.key.fill"),
        Binding("n", "next", "lobby.key.next"),
    ]

    def __init__(self, address: str | None, name: str, *, host: tuple[str, int] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.link = LobbyLink(self, address, name, host)  # the connection: hosting, joining, reading, closing
        self.chosen = 0
        self.state: ArrangeState | None = None
        self.hand: dict[str, Any] | None = None
        self.note = ""
        self.shown = ""  # the last reveal or summary

    def compose(self) -> ComposeResult:
        """The address line, the lobby or the table, the hand, and a line of notes."""
        with VerticalScroll(id="lobby-box"):
            yield Static("", id="lobby-address")
            yield Static("", id="lobby-main")
            yield Static("", id="lobby-hand")
            yield Static("", id="lobby-shown")
            yield Static("", id="lobby-note")
        yield self.footer()

    def on_mount(self) -> None:
        """Connect (hosting first, when asked): :meth:`.lobby_link.LobbyLink.open`."""
        self.link.open()

    async def on_unmount(self) -> None:
        """Gone (the App closing with the lobby open): the connection closed, and the lobby hosted here stopped."""
        await self.link.close()

    def take(self, kind: str, data: dict[str, Any]) -> None:
        """One message of the server's: what changes on the screen."""
        if kind == "hand":
            self._hand(data)
        elif kind == "reveal":
            self.shown = str(words.reveal_text(self.t, data["record"]).plain)
            self._keep(data["record"])
            self.state, self.hand = None, None
        elif kind == "over":
            self.shown = str(words.over_text(self.t, data).plain)
            self.state, self.hand = None, None
        elif kind in ("refused", "bye"):
            self.note = data["message"]
        elif kind == "invited":
            self.note = self.t("lobby.invited", code=data["code"])
        elif kind == "left":
            self.note = self.t("lobby.left." + data["reason"]) if data["reason"] in ("left", "time", "dropped") else ""
        elif kind == "closed":
            self.note = self.t("lobby.closed", why=data.get("reason"))
        self.draw()

    def _hand(self, data: dict[str, Any]) -> None:
        cards = parse_cards(data["cards"])
        same = self.hand is not None and self.hand["deal"] == data["deal"] and self.state is not None
        if not same or sorted(self.state.hand) != sorted(cards):  # type: ignore[union-attr]
            self.state = ArrangeState.new(cards)
        self.hand = data
        self.shown = ""

    def _keep(self, record: dict[str, Any]) -> None:
        """The player's own deal, into their history (a deal at a table with people)."""
        history = getattr(self.app, "history", None)
        if record.get("human") is None or history is None:
            return
        try:
            deal_id = history.record_deal(None, record, Mode.TABLE)
        except Exception as exc:  # a history that cannot be written: the game goes on, and says so
            self.note = self.t("lobby.not_kept", why=str(exc)[:80])
            return
        self.price(history, deal_id)

    def price(self, history: Any, deal_id: int) -> None:
        """The coach prices the deal just kept, as it prices a deal at a table when it is played (else only the
        next start's backlog would): in a thread worker, so that the table goes on meanwhile."""
        settings = getattr(self.app, "settings", None)
        coach = getattr(settings, "coach", "off")
        if history.read_only or coach == "off":
            return
        levels = None
        table = self.link.client.table if self.link.client is not None else None
        if table is not None:
            try:
                config = TableConfig.from_dict(table["config"])
                levels = [config.watch_level, *config.levels]
            except (KeyError, TypeError, ValueError):
                levels = None  # the defaults price it
        self._price(history, deal_id, Budget(coach), levels)

    @work(thread=True, group="coach")
    @giving_back
    def _price(self, history: Any, deal_id: int, budget: Budget, levels: list[Level] | None) -> None:
        price_one(history, deal_id, budget, levels)

    def draw(self) -> None:
        """Show the lobby or the table as last told."""
        if not self.is_mounted:
            return
        t, client = self.t, self.link.client
        address = self.link.address if self.link.server is not None else ""
        self.query_one("#lobby-address", Static).update(t("lobby.hosting", address=address) if address else "")
        main: Text | str = ""
        if client is not None and client.table is not None:
            main = words.table_text(t, client.table)
        elif client is not None:
            main = words.tables_text(t, client.tables, self.chosen)
        self.query_one("#lobby-main", Static).update(main)
        ask = self.hand["ask"] if self.hand is not None else None
        self.query_one("#lobby-hand", Static).update(words.hand_text(t, self.state, ask))
        self.query_one("#lobby-shown", Static).update(self.shown)
        self.query_one("#lobby-note", Static).update(self.note)

    # ---- the lobby's keys

    async def _send(self, kind: str, **fields: Any) -> None:
        if self.link.connected:
            self.note = ""
            await self.link.client.send(kind, **fields)

    def _table(self) -> dict[str, Any] | None:
        tables = self.link.client.tables if self.link.client is not None else []
        return tables[self.chosen] if 0 <= self.chosen < len(tables) else None

    def action_choose(self, step: int) -> None:
        """Move between the lobby's tables."""
        count = len(self.link.client.tables) if self.link.client is not None else 0
        self.chosen = max(0, min(count - 1, self.chosen + step))
        self.draw()

    async def action_open(self) -> None:
        """開闢新局: a table of the quick rules, three people and the computer, 60 s."""
        config = TableConfig.quick()
        await self._send("open", settings={"time_limit": config.time_limit}, config=config.to_dict())

    async def action_quick(self) -> None:
        """馬上加入."""
        await self._send("quick")

    async def action_sit(self) -> None:
        """加入本桌 / 接玩: the chosen table's first seat no person holds (an empty one first)."""
        table = self._table()
        if table is None:
            return
        free = [s for s in table["seats"] if s["kind"] == "empty"] + [
            s for s in table["seats"] if s["kind"] == "computer"
        ]
        if free:
            await self._send("sit", table=table["id"], seat=free[0]["seat"])

    async def action_watch(self) -> None:
        """觀戰 the chosen table."""
        table = self._table()
        if table is not None:
            await self._send("watch", table=table["id"])

    async def action_start(self) -> None:
        """The host deals the first deal."""
        await self._send("start")

    async def action_fill(self) -> None:
        """The host's 電腦接玩."""
        await self._send("fill")

    async def action_next(self) -> None:
        """Ready for the next deal."""
        table = self.link.client.table if self.link.client is not None else None
        if table is not None:
            await self._send("next", deal=table["deal"])

    async def action_leave(self) -> None:
        """Leave the table; in the lobby, leave the lobby (and stop hosting)."""
        if self.link.client is not None and self.link.client.table is not None:
            await self._send("leave")
            return
        await self.link.close()
        self.dismiss(None)

    # ---- arranging

    def _change(self, fn: Any) -> None:
        if self.state is None:
            return
        try:
            self.state = fn(self.state)
        except ArrangeError as exc:
            self.note = str(exc)
        self.draw()

    def action_move(self, step: int) -> None:
        """The cursor along the hand."""
        self._change(lambda s: s.move(step))

    def action_select(self) -> None:
        """Select the card under the cursor."""
        self._change(lambda s: s.toggle_select())

    def action_place(self, key: str) -> None:
        """The selection into a row."""
        self._change(lambda s: s.place(ROWS[key]))

    def action_unplace(self) -> None:
        """The selection back into the hand."""
        self._change(lambda s: s.unplace())

    def action_return_all(self) -> None:
        """Every card back into the hand."""
        self._change(lambda s: s.return_all())

    @work(thread=True, exclusive=True, group="auto")
    @giving_back
    def action_auto(self) -> None:
        """Auto-arrange: the computer's play for this hand (HARD), placed for the player to change or send."""
        state, table = self.state, self.link.client.table if self.link.client is not None else None
        if state is None or table is None:
            return
        config = TableConfig.from_dict(table["config"])
        view = TableView(preset=config.preset, options=config.options, players=config.players)
        choice = choose(state.hand, view, Level.HARD, seed=1)
        arrangement = choice.decision.arrangement
        if arrangement is not None:
            self.app.call_from_thread(self._change, lambda s: s.with_arrangement(arrangement))

    async def action_ready(self) -> None:
        """READY (or, in 換三張, pass the three cards selected)."""
        hand, state = self.hand, self.state
        if hand is None or state is None or hand["ask"] is None:
            return
        if hand["ask"] == "pass":
            if len(state.selected) != 3:
                self.note = self.t("lobby.pick_three")
                return self.draw()
            cards = format_cards(sorted(state.selected, reverse=True))
            return await self._send("pass", deal=hand["deal"], round=hand["round"], seat=hand["seat"], cards=cards)
        arrangement = state.arrangement() if state.legal else None
        if arrangement is None:
            specials = [s.id for s in detect_specials(state.hand) if s.id in hand["specials"].split()]
            if not specials:
                self.note = self.t("lobby.not_complete")
                return self.draw()
            return await self._send("arrange", deal=hand["deal"], seat=hand["seat"], declare=specials[0])
        await self._send("arrange", deal=hand["deal"], seat=hand["seat"], **arrangement.to_dict())


__all__ = ["LOBBY_HOST", "LOBBY_PORT", "JoinDialog", "LobbyScreen", "player_name"]
