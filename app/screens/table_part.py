"""What every part of the table screen sees of it: the protocol each part's own ``Screen`` protocol extends.

:class:`app.screens.table.TableScreen` holds its parts (``passing``, ``coaching``, ``helping``, ``stakes``,
``clock``, ``pacing``); each part names in its own protocol only what it needs beyond these few.
"""

from __future__ import annotations

from typing import Protocol

from app.game import Table
from app.i18n import Translator


class TableSeen(Protocol):
    """The table, the words, the message line and a redraw: what every part of the table screen uses."""

    table: Table

    @property
    def t(self) -> Translator: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def redraw(self) -> None: ...
