"""The history: every deal and session in one SQLite file (:mod:`.database`), its schema and migrations
(:mod:`.schema`), the schema of the data it holds and exports (:mod:`.validate`), the file on disk
(:mod:`.files`), the salvage of a damaged one (:mod:`.salvage`) and the statistics computed from it
(:mod:`.stats`); the JSON-lines export is :mod:`app.game.transfer`.

This floor imports :mod:`rules` and the standard library only; the game hands it plain dicts.
"""

from .database import DealRow, History, HistoryOff, Opened, SessionRow, open_history
from .stats import PresetStats, compute_stats

__all__ = ["DealRow", "History", "HistoryOff", "Opened", "PresetStats", "SessionRow", "compute_stats", "open_history"]
