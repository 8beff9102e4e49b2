"""What the table shows of the three-card exchange (換三張, rules/RULES.md §21), and the player's hand: the
presenter's parts that read :mod:`app.game.exchange`, kept apart so that `presenter` stays small.

Plain functions of the presenter's table and translator; they return the same models and text the presenter
would, so the widgets never learn there is an exchange.

The same concept on another floor: the view's side of :mod:`app.game.exchange`.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from app.game import Phase, Table
from app.i18n import Translator
from app.view.formatting import SEAT_KEYS
from app.view.models import HandModel
from rules.cards import Card, format_cards
from rules.exchange import giver, receiver

SeatName = Callable[[int], str]


def way_text(t: Translator, table: Table) -> str:
    """The way this deal's cards go, as the board says it."""
    rec = table.current
    assert rec is not None and rec.exchange is not None
    return t(f"common.way.{rec.exchange.value}")


def receiver_of(table: Table, seat: int) -> int:
    """The table seat that receives what ``seat`` passes this deal."""
    rec = table.current
    assert rec is not None and rec.exchange is not None
    return rec.seats[receiver(rec.position(seat), len(rec.seats), rec.exchange)]


def giver_of(table: Table, seat: int) -> int:
    """The table seat whose pass ``seat`` receives this deal."""
    rec = table.current
    assert rec is not None and rec.exchange is not None
    return rec.seats[giver(rec.position(seat), len(rec.seats), rec.exchange)]


def exchange_status(t: Translator, table: Table, seat: int) -> tuple[str, str]:
    """A seat panel's status while the seats choose their passes: (text, class)."""
    done = table.exchange.has_passed(seat)
    return t("table.status.passed" if done else "table.status.passing"), "ready" if done else "thinking"


def exchange_board(t: Translator, table: Table, seat_name: SeatName) -> Text:
    """The centre of the table while the seats choose: the round, the way, and what the player is to do."""
    rec = table.current
    assert rec is not None
    params = {"n": table.exchange.round + 1, "rounds": table.config.exchange, "way": way_text(t, table)}
    if table.human is None:
        return Text(t("table.board.exchange_watch", **params), style="bold")
    if table.exchange.has_passed(table.human) or table.exchange.taken:
        waiting = [seat_name(s) for s in rec.seats if not table.exchange.has_passed(s)]
        return Text(t("table.board.exchange_waiting", seats=", ".join(waiting)), style="bold")
    return Text(t("table.board.exchange", seat=seat_name(receiver_of(table, table.human)), **params), style="bold")


def passed_text(t: Translator, table: Table, seat: int, seat_name: SeatName, last: bool = False) -> str:
    """What ``seat`` gave and got in each round of this deal's exchange (``last``: the last round made only;
    empty without one)."""
    rec = table.current
    if rec is None or rec.exchange is None or not rec.passes:
        return ""
    lines = []
    for k, passes in enumerate(rec.passes):
        if last and k < len(rec.passes) - 1:
            continue
        lines.append(
            t(
                "table.msg.passed",
                given=_cards(passes[seat]),
                to=seat_name(receiver_of(table, seat)),
                got=_cards(rec.received(seat, k)),
                giver=seat_name(giver_of(table, seat)),
            )
        )
    return " ".join(lines)


def _cards(cards: tuple[Card, ...]) -> str:
    return format_cards(sorted(cards, reverse=True), symbols=True)


def hand_model(t: Translator, table: Table, hinted: frozenset[Card]) -> HandModel:
    """What the player's hand shows: the cards still to place while arranging, all 13 while choosing a pass."""
    st = table.arrange
    if table.watching:
        # The watched seat's cards are in its rows, face down until the reveal: the hand area explains.
        # Face down while the seats arrange; once the cards are shown, how to get back into the game.
        note = t("table.watch_note" if table.phase in (Phase.ARRANGING, Phase.EXCHANGING) else "table.watch_note_take")
        if table.seating.pending_seat is not None:
            note = t("table.msg.take", seat=t(f"common.seat.{SEAT_KEYS[table.seating.pending_seat]}"))
        return HandModel(note=note)
    if table.exchange.active:  # all 13 cards; once passed, the three given stay marked until the cards move
        rec = table.current
        if st is None:
            return HandModel(rec.hands[table.human] if rec is not None and table.human is not None else ())
        cursor = st.cursor if table.exchange.can_pick and st.cursor < len(st.loose) else None
        return HandModel(st.loose, cursor, st.selected, received=st.received)
    if st is None or table.phase is not Phase.ARRANGING:
        return HandModel()
    if table.human_ready:
        return HandModel(note=t("table.hand_note.ready"))
    loose = st.loose
    cursor = st.cursor if st.cursor < len(loose) else None
    note = ""
    if not loose:
        note = t("table.hand_note.placed") if st.legal else t("table.hand_note.fix")
    if st.declared is not None:
        note = t("table.hand_note.declared", special=t(f"common.special.{st.declared.id}"))
    return HandModel(loose, cursor, st.selected, hinted, note, st.received)
