"""Session money: what a table counts in, and (to come in this module's package) one ledger per kind."""

from __future__ import annotations

from enum import StrEnum


class Currency(StrEnum):
    """How a session counts its money."""

    UNITS = "units"  # taiwan, shisanshui
    POINTS = "points"  # tournament
    COINS = "coins"  # arcade
    NONE = "none"  # practice: nothing is counted
