"""One catch for a row that does not read back (app.store.validate.UNREADABLE): no other module of the product
spells out its own tuple of the errors a damaged row raises, and every error the readers raise is in it."""

from __future__ import annotations

import re
from pathlib import Path

from app.game.record import RecordError
from app.store.validate import UNREADABLE, Invalid
from rules.deal import DealError
from rules.presets import OptionError

ROOT = Path(__file__).resolve().parents[2]


def test_the_readers_errors_are_caught() -> None:
    for error in (Invalid, RecordError, DealError, OptionError, KeyError, IndexError, ZeroDivisionError, OverflowError):
        assert issubclass(error, UNREADABLE), error


def test_no_module_keeps_a_tuple_of_its_own() -> None:
    spelled = re.compile(r"LookupError,[^)\n]*ArithmeticError|ArithmeticError,[^)\n]*LookupError")
    own = [
        str(p.relative_to(ROOT))
        for part in ("rules", "ai", "app")
        for p in (ROOT / part).rglob("*.py")
        if p.name != "validate.py" and spelled.search(p.read_text(encoding="utf-8"))
    ]
    assert own == []
