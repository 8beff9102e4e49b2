"""The messages the screens send the App, in one place so that no screen imports another to talk to it: the menu
asks for a table, the Settings screen reports saved settings. (A part's message to its own screen is nested in
the part that sends it, as Textual's widgets do: :class:`app.screens.table.thinking.Thinking.Answered`.)"""

from __future__ import annotations

from textual.message import Message

from app.config import TableConfig
from app.settings import Settings


class StartTable(Message):
    """The player chose a table to play (or watch); the App starts it."""

    def __init__(self, config: TableConfig) -> None:
        super().__init__()
        self.config = config


class SettingsChanged(Message):
    """The player saved new settings (already written to disk); the App applies them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


__all__ = ["SettingsChanged", "StartTable"]
