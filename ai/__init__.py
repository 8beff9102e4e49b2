"""Computer opponents: an exhaustive numpy search over the 72,072 ways to split 13 cards.

Imports `rules` only; never `app` or Textual. The rest of the project imports the contract from here:
:class:`Level`, :class:`TableView`, :class:`Choice`, :class:`Alternative`, :class:`Fixed` and :func:`choose`.
"""

from ai.levels import Alternative, Choice, Level, TableView, choose
from ai.splits import Fixed

__all__ = ["Alternative", "Choice", "Fixed", "Level", "TableView", "choose"]
