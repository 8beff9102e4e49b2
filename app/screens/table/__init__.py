"""The table screen and its parts (see :mod:`app.screens.table.screen`).

The same concept on another floor: the screen of :mod:`app.game.table`. Each part is a plain object with one
job, held by the screen under its module's name (``screen.passing`` is :class:`passing.Passing`, and so on);
the parts see the screen through the narrow protocols of :mod:`.part` and never write one another's state.
"""

from app.screens.table.screen import TableScreen

__all__ = ["TableScreen"]
