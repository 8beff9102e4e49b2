"""The board, the centre of the table screen: the treasure and the doubles, what the player's hand offers while
arranging, the reveal's story fitted to the board's size, then the deal in one line and the viewer's account.

:class:`BoardText` is held by :class:`~app.view.presenter.TablePresenter` as ``view.board`` (the presenter imports
this module, never the reverse: the board sees it through :class:`Presenting`); the screen tells it the board's
size (:attr:`BoardText.size`) and draws :meth:`BoardText.text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.console import Console
from rich.text import Text

from app.game import ArrangeState, DealRecord, Phase, RevealStep, StepKind, Table
from app.game.exemption import exempt_of
from app.i18n import Translator
from app.view.account import build_account, built_account_text, seat_account_text
from app.view.cards import CardLook, cards_text
from app.view.coach import coach_status, who_finished
from app.view.exchange import exchange_board
from app.view.ladder import ladder_board
from app.view.story import Narrator

_CONSOLE = Console(width=200, legacy_windows=False)  # only measures how the board's text wraps


class Presenting(Protocol):
    """What the board reads of its presenter (a protocol: the presenter imports this)."""

    table: Table
    t: Translator
    look: CardLook

    def seat_name(self, seat: int, short: bool = False) -> str: ...

    def shown_steps(self) -> int: ...


class BoardText:
    """The board's text for one presenter. ``size`` is the board's width and lines once it is on screen (None
    before: a ``tall`` board is then taken to have room, a short one not)."""

    def __init__(self, view: Presenting) -> None:
        self.view = view
        self.table, self.t = view.table, view.t  # a presenter's table and words never change
        self.size: tuple[int, int] | None = None
        self.tall = False  # the screen's tall layout: the story's beats spread out

    def text(self) -> Text:
        """The centre of the table: treasure and doubles, instructions, the reveal's story, the deal."""
        table = self.table
        rec = table.current
        out = Text()
        if rec is not None and table.preset.treasure:
            out.append_text(self._arcade_line(rec))
        if table.exchange.active:
            out.append_text(exchange_board(self.t, table, self.view.seat_name))
        if table.phase is Phase.ARRANGING:
            out.append_text(self._arranging_board(rec))
            return out
        if rec is None or rec.result is None:
            return out
        steps = table.reveal.steps[: self.view.shown_steps()]
        if table.phase is Phase.REVEALING:
            if not steps:
                out.append(self.t("table.board.revealing"), style="bold")
                return out
            # The board keeps the whole story of the reveal where it fits; else it shows the latest beat.
            return self.told(out, rec, steps) or Text.assemble(out, self.narrator.step_text(rec, steps[-1]))
        return self._after_reveal(out, rec, steps)

    def _arcade_line(self, rec: DealRecord) -> Text:
        """Arcade: the treasure cards, the player's 賭倍 while arranging, and who has doubled the viewer."""
        table, out = self.table, Text()
        out.append(self.t("table.treasure") + " ", style="bold")
        out.append_text(cards_text(rec.treasure, self.view.look) if rec.treasure else Text(self.t("common.none")))
        if table.human is not None and table.phase is Phase.ARRANGING:
            target = table.wagers.double
            out.append("   " + self.t("table.double_label") + " ", style="bold")
            out.append(self.view.seat_name(target) if target is not None else self.t("table.double_none"))
        # Who has doubled the viewer (賭倍), as soon as they have decided: it is said at the table.
        by = [s for s, target in sorted(rec.doubles.items()) if target == table.viewer and s != table.viewer]
        if by:
            out.append(
                "   " + self.t("table.doubled_by", seats=", ".join(self.view.seat_name(s) for s in by)),
                style="bold yellow",
            )
        out.append("\n")
        return out

    def _arranging_board(self, rec: DealRecord | None) -> Text:
        """While the cards are arranged: what the viewer is waiting for, or what the player's hand offers."""
        table, out = self.table, Text()
        st = table.arrange
        waiting = [self.view.seat_name(s) for s in rec.seats if s not in rec.decisions] if rec else []
        if table.watching:
            out.append(self.t("table.board.watching"), style="bold")
            if waiting:
                out.append("\n" + self.t("table.board.waiting", seats=", ".join(waiting)))
        elif table.human_ready:
            if not table.preset.arranged and st is not None:  # the ladder: the hand went in as dealt
                out.append(ladder_board(self.t, st.hand) + "\n", style="bold yellow")
            out.append(self.t("table.board.waiting", seats=", ".join(waiting)), style="bold")
            if rec is not None and rec.computer_for_human:  # decided_by says who decided
                out.append("\n" + self.t("table.msg.takeover"), style="yellow")
        elif st is not None:
            out.append_text(self._hand_offers(st))
            if st.received & set(st.loose):  # 換三張: the marks under the hand, explained
                got = [c for c in st.loose if c in st.received]
                out.append("\n" + self.t("table.board.received", cards=" ".join(c.symbol() for c in got)))
        return out

    def _hand_offers(self, st: ArrangeState) -> Text:
        """The line over the player's hand: a declared special, the ladder's pattern, 免擺, the specials the
        cards make, or the instruction to arrange."""
        t = self.t
        if st.declared is not None:
            return Text(t("table.board.declared", special=t(f"common.special.{st.declared.id}")), style="bold yellow")
        if not self.table.preset.arranged:
            return Text(ladder_board(t, st.hand), style="bold yellow")
        exempt = exempt_of(st.hand, self.table.config.options)
        if exempt is not None and not st.specials:
            hand = f"{t(f'common.category.{exempt.category.id}')} {' '.join(c.symbol() for c in exempt.cards)}"
            return Text(t("table.board.exempt", hand=hand), style="bold yellow")
        if st.specials:
            names = ", ".join(t(f"common.special.{s.id}") for s in sorted(st.specials, key=lambda s: -s.rung))
            return Text(t("table.board.can_declare", specials=names), style="bold yellow")
        return Text(t("table.board.arrange"))

    def _after_reveal(self, out: Text, rec: DealRecord, steps: Sequence[RevealStep]) -> Text:
        """After the reveal: the deal in one line and what to do next (then, with room, the whole story)."""
        table = self.table
        results = self.narrator.figures(rec, rec.units or (0,) * 4)
        out.append(self.t("table.board.deal_over", results=results), style="bold")
        finished = who_finished(self.t, rec)  # the clock ran out, or the player left the seat: which one
        if finished:
            out.append("\n" + finished, style="yellow")
        coach = coach_status(self.t, table.coach, rec, rec.human) if rec.human is not None else ""
        if coach:
            out.append("\n" + coach, style="bold cyan")
        out.append("\n" + self.t("table.board.next_keys"), style="bold italic")
        # The viewer's account, as the results panel itemises it, where the board has room for it: in full,
        # else one named line a seat met.
        account = build_account(self.t, rec, table.viewer, table.human)  # built once, drawn in full or compact
        if account is not None:
            for compact in (False, True):
                with_account = Text.assemble(out, "\n", built_account_text(self.t, account, table.human, compact))
                if self._fits(with_account):
                    return with_account
        # No room for the account: as much of the story as fits, and where the rest is (never the header alone).
        told = self.told(
            Text.assemble(out, "\n"), rec, [step for step in steps if step.kind is not StepKind.TOTALS], cut=True
        )
        return told or out

    def account_text(self, compact: bool = False) -> Text:
        """The viewer's account of the deal in a few aligned lines, as the results panel itemises it."""
        rec = self.table.current
        if rec is None:
            return Text()
        return seat_account_text(self.t, rec, self.table.viewer, self.table.human, compact)

    def _fits(self, text: Text) -> bool:
        """Whether ``text`` fits the board as it wraps there (before the board is measured: a tall board)."""
        if self.size is None:
            return self.tall
        width, height = self.size
        return len(text.wrap(_CONSOLE, max(1, width))) <= height

    @property
    def narrator(self) -> Narrator:
        """The reveal's story told in the presenter's words and seat names, for the board's current height."""
        return Narrator(self.t, self.table.preset, self.view.seat_name, self.tall)

    def told(self, before: Text, rec: DealRecord, steps: Sequence[RevealStep], cut: bool = False) -> Text | None:
        """``before`` and the story, spread out where that fits the board, else compact; else (``cut``, after
        the reveal) the compact story's first lines with a last one saying where the rest is, so the board
        never shows the header alone; None when nothing fits."""
        narrator = self.narrator
        for spread in (True, False):
            told = narrator.story(rec, steps, spread)
            story = Text.assemble(before, told)
            if self._fits(story):
                return story
        if not cut or self.size is None or not steps:
            return None
        more = Text(self.t("table.board.story_more"), style="italic")
        lines = told.split("\n")  # the compact story, the loop's last: cut, not told again
        for keep in range(len(lines) - 1, 0, -1):
            shortened = Text.assemble(before, Text("\n").join(lines[:keep]), "\n", more)
            if self._fits(shortened):
                return shortened
        return Text.assemble(before, more)  # not one line of the story fits: at least where it is
