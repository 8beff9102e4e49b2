"""The one leave dialog: the same at every table, watched table and drill (``esc``), its choices spelled out.

The choices come from :func:`app.game.leaving.leave_choices`; the dialog dismisses with the
:class:`~app.game.leaving.Leave` chosen. The first is the default, the one that keeps everything: it is
highlighted and focused, and enter or a second ``esc`` take it. Each choice also has its letter (``m`` back to
the menu, ``c`` the computer plays on, ``t`` take a seat, ``e`` end, ``k`` keep going).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.game.leaving import Leave
from app.i18n import Translator
from app.screens.base import BaseModal
from app.widgets.chrome import GameFooter
from app.widgets.option_menu import OptionMenu

KEYS: dict[Leave, str] = {Leave.MENU: "m", Leave.COMPUTER: "c", Leave.TAKE: "t", Leave.END: "e", Leave.STAY: "k"}


class LeaveScreen(BaseModal[Leave]):
    """Leave the table, the watched table or the drill: dismisses with the :class:`Leave` chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "default", "table.leave.key_default", key_display="esc", show=False),  # the keys line
        *(Binding(key, f"choose('{choice.value}')", f"table.leave.key_{choice.value}") for choice, key in KEYS.items()),
    ]

    def __init__(
        self, choices: tuple[Leave, ...], *, drill: bool = False, watching: bool = False, t: Translator | None = None
    ) -> None:
        """``choices``: :func:`~app.game.leaving.leave_choices`, the default first; ``drill`` and ``watching``
        choose the words."""
        super().__init__(t=t)
        self.choices, self.drill, self.watching = choices, drill, watching

    def _words(self, choice: Leave) -> tuple[str, str]:
        """A choice's label and its note (a drill's end and keep going read as the drill's)."""
        key = f"{choice.value}_drill" if self.drill and choice in (Leave.END, Leave.STAY) else choice.value
        return self.t(f"table.leave.{key}"), self.t(f"table.leave.{key}_note")

    def compose(self) -> ComposeResult:
        options = []
        for choice in self.choices:
            label, note = self._words(choice)
            head = Text.assemble((f" {KEYS[choice].upper()} ", "bold reverse"), " ", (label, "bold"))
            prompt = Group(head, Padding(Text(note, style="dim"), (0, 0, 0, 5)))  # the note hangs under the label
            options.append(Option(prompt, id=choice.value))
        title = "drill" if self.drill else "watch" if self.watching else "table"
        with Vertical(classes="dialog leave-dialog"):
            yield Static(self.t(f"table.leave.title_{title}"), classes="dialog-title")
            yield OptionMenu(*options, id="leave-list")
            yield Static(self.t("table.leave.keys", default=self._words(self.choices[0])[0]), classes="dialog-keys")
        yield GameFooter()

    def after_compose(self) -> None:
        """The default is highlighted and focused: enter takes it."""
        menu = self.query_one("#leave-list", OptionList)
        menu.highlighted = 0
        menu.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":  # only the letters of the choices offered here act (and show)
            return Leave(str(parameters[0])) in self.choices
        return True

    @on(OptionList.OptionSelected, "#leave-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(Leave(event.option.id or self.choices[0].value))

    def action_default(self) -> None:
        """A second ``esc``: the default, the choice that keeps everything."""
        self.dismiss(self.choices[0])

    def action_choose(self, choice: str) -> None:
        self.dismiss(Leave(choice))


__all__ = ["LeaveScreen"]
