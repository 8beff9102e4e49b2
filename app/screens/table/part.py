"""What every part of the table screen sees of it: the protocol each part's own ``Screen`` protocol extends.

:class:`app.screens.table.TableScreen` holds its parts (``passing``, ``coaching``, ``helping``, ``stakes``,
``clock``, ``pacing``); each part names in its own protocol only what it needs beyond these few.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.message import Message
from textual.worker import Worker

from app.game import Table
from app.i18n import Translator


class TableSeen(Protocol):
    """The table, the words, the message line and a redraw: what every part of the table screen uses."""

    table: Table

    @property
    def t(self) -> Translator: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def redraw(self) -> None: ...


class Answer(Message):
    """A worker's answer, posted to the screen from the worker's thread and handed on the UI thread to
    ``deliver``, the method of the part that asked: the screen has one handler for every part's answers, and a
    part's answer is nested in the part (:class:`.thinking.Thinking.Answered`)."""

    def __init__(self, deliver: Callable[[Any], None]) -> None:
        super().__init__()
        self.deliver = deliver


class TableWorkers(TableSeen, Protocol):
    """What a part that thinks off the UI thread also uses: a thread worker and a message back to the screen."""

    def post_message(self, message: Message) -> bool: ...

    def run_worker(
        self,
        work: Callable[[], None],
        name: str | None = "",
        group: str = "default",
        description: str = "",
        exit_on_error: bool = True,
        start: bool = True,
        exclusive: bool = False,
        thread: bool = False,
    ) -> Worker[None]: ...
