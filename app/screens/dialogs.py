"""The table's dialogs: declaring a special hand (報到), a yes/no question, the host's choice when time is up
without takeover, and picking a seat to take (接玩)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.i18n import Translator
from app.screens.base import BaseModal
from app.view.formatting import units_text
from app.widgets.chrome import GameFooter
from app.widgets.option_menu import OptionMenu
from rules.specials import Special


class DeclareScreen(BaseModal[Special | str | None]):
    """報到: pick a special hand to declare, or arrange instead. Dismisses with the Special, or "arrange"."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "table.key.cancel")]

    def __init__(
        self, specials: list[Special], *, values: dict[Special, float] | None = None, t: Translator | None = None
    ) -> None:
        super().__init__(t=t)
        self.specials = specials
        self.values = values or {}  # what each declaration is worth at this table, in units

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.t("table.declare.title"), classes="dialog-title")
            options = [Option(self._label(s), id=s.id) for s in self.specials]
            options.append(Option(self.t("table.declare.arrange"), id="arrange"))
            yield OptionMenu(*options, id="declare-list")
        yield GameFooter()

    def _label(self, special: Special) -> str:
        name = self.t(f"common.special.{special.id}")
        if special not in self.values:
            return name
        return self.t("table.declare.worth", special=name, units=units_text(self.t, f"{self.values[special]:+g}"))

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        chosen: Special | str = next((s for s in self.specials if s.id == event.option.id), "arrange")
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(BaseModal[bool]):
    """A yes/no question (leaving the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "table.key.yes"),
        Binding("n,escape", "answer(False)", "table.key.no"),
    ]

    def __init__(self, text: str, *, t: Translator | None = None) -> None:
        super().__init__(t=t)
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.text, classes="dialog-body")
            yield Static(self.t("table.confirm.keys"), classes="dialog-keys")
        yield GameFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TimeoutScreen(BaseModal[str]):
    """Time is up and computer takeover is off (rules/RULES.md §10): the host lets the computer play the seat or ends
    the table. Dismisses with "computer" or "end"; there is no cancel (the table cannot go on without an answer).
    Keys `c` / `e`, or ↑↓ and enter, or a click."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "choose('computer')", "table.timeout.key_computer"),
        Binding("e", "choose('end')", "table.timeout.key_end"),
    ]

    def compose(self) -> ComposeResult:
        options = []
        for choice, key in (("computer", "C"), ("end", "E")):
            prompt = Text.assemble((f" {key} ", "bold reverse"), " ", (self.t(f"table.timeout.{choice}"), "bold"))
            prompt.append("\n     " + self.t(f"table.timeout.{choice}_note"), style="dim")
            options.append(Option(prompt, id=choice))
        with Vertical(classes="dialog timeout-dialog"):
            yield Static(self.t("table.timeout.title"), classes="dialog-title")
            yield Static(self.t("table.timeout.body"), classes="dialog-body")
            yield OptionMenu(*options, id="timeout-list")
            yield Static(self.t("table.timeout.keys"), classes="dialog-keys")
        yield GameFooter()

    def after_compose(self) -> None:
        """The choices take the arrow keys."""
        self.query_one("#timeout-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#timeout-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "computer")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class SeatPickScreen(BaseModal[int | None]):
    """接玩: which seat to take (1–4) from the next deal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "pick(0)", "table.key.seat1"),
        Binding("2", "pick(1)", "table.key.seat2"),
        Binding("3", "pick(2)", "table.key.seat3"),
        Binding("4", "pick(3)", "table.key.seat4"),
        Binding("escape", "pick(-1)", "table.key.cancel"),
    ]

    def __init__(
        self, names: list[str], out: list[bool], *, empty: frozenset[int] = frozenset(), t: Translator | None = None
    ) -> None:
        """``names`` and ``out`` by seat; ``empty``: the empty chairs of a smaller table, not offered at all."""
        super().__init__(t=t)
        self.names = names
        self.out = out
        self.empty = empty

    def compose(self) -> ComposeResult:
        lines = [self.t("table.take.title"), ""]
        for k, name in enumerate(self.names):
            if k not in self.empty:
                lines.append(f"  {k + 1}  {name}" + (f"  ({self.t('table.status.out')})" if self.out[k] else ""))
        with Vertical(classes="dialog"):
            yield Static("\n".join(lines), classes="dialog-body")
        yield GameFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        seat = int(parameters[0]) if action == "pick" and parameters else -1  # type: ignore[call-overload]
        if seat in self.empty:
            return False  # an empty chair's key is not shown
        if 0 <= seat < 4 and self.out[seat]:
            return None
        return True

    def action_pick(self, seat: int) -> None:
        self.dismiss(None if seat < 0 else seat)


__all__ = ["ConfirmScreen", "DeclareScreen", "SeatPickScreen", "TimeoutScreen"]
