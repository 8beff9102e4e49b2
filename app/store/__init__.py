"""The history: every deal and session in one SQLite file (:mod:`.database`), its schema and migrations
(:mod:`.schema`), the format of a deal (:mod:`.deal_format`: the one spec of its fields, which everything that
reads one reads), the bounds and the schema of the rest of the data it holds and exports and the one error of a
row that does not read back (:mod:`.validate`), the writing of a deal's and a session's row (:mod:`.insert`), the
file on disk (:mod:`.files`), the salvage of a damaged one (:mod:`.salvage`), the statistics computed from it
(:mod:`.stats`) and the history's bench (:mod:`.bench`); the JSON-lines export and import are the game's
(:mod:`app.game.transfer`), which turns records into the plain dicts stored here.

This floor imports :mod:`app.paths` and the standard library only (the layering test checks).
"""

from .database import DealRow, History, HistoryOff, Opened, SessionRow, open_history
from .stats import PresetStats, compute_stats

__all__ = ["DealRow", "History", "HistoryOff", "Opened", "PresetStats", "SessionRow", "compute_stats", "open_history"]
