"""One error for a row that does not read back (app.store.validate.DamagedRow): every reader raises it, what the
readers they call may raise becomes it in one place (app.store.validate.reading), and no other module of the
product catches that list of errors or spells out a tuple of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.game.record import RecordError
from app.game.resume import RestoreError
from app.store.validate import UNREADABLE, DamagedRow, reading
from rules.deal import DealError
from rules.presets import OptionError

ROOT = Path(__file__).resolve().parents[2]
# Modules still catching the broad list instead of the one error: none.
LEFT: set[str] = set()


def test_the_readers_raise_the_one_error() -> None:
    assert RecordError is DamagedRow and issubclass(RestoreError, DamagedRow)
    for error in (DamagedRow, DealError, OptionError, KeyError, IndexError, ZeroDivisionError, OverflowError):
        assert issubclass(error, UNREADABLE), error


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (KeyError("seats"), "deal: missing 'seats'"),
        (OptionError("unknown option 'x'"), "deal: unknown option 'x'"),
        (ZeroDivisionError("division by zero"), "deal: division by zero"),
        (DamagedRow("hands", "must hold one hand for each seat in play"), "deal.hands: must hold one hand"),
        (DamagedRow("", "the deal was never scored"), "deal: the deal was never scored"),
    ],
)
def test_reading_turns_what_a_reader_raises_into_the_one_error(error: Exception, said: str) -> None:
    with pytest.raises(DamagedRow) as raised, reading("deal"):
        raise error
    assert type(raised.value) is DamagedRow and str(raised.value).startswith(said)


def test_reading_lets_other_errors_through() -> None:
    with pytest.raises(RecursionError), reading("deal"):
        raise RecursionError


def _modules() -> list[tuple[str, str]]:
    return [
        (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
        for part in ("rules", "ai", "app")
        for p in (ROOT / part).rglob("*.py")
        if p.name != "validate.py"
    ]


def test_no_module_keeps_a_tuple_of_its_own() -> None:
    spelled = re.compile(r"LookupError,[^)\n]*ArithmeticError|ArithmeticError,[^)\n]*LookupError")
    assert [name for name, text in _modules() if spelled.search(text)] == []


def test_only_reading_catches_what_a_reader_may_raise() -> None:
    caught = re.compile(r"except\s+\(?\s*UNREADABLE")
    assert {name for name, text in _modules() if caught.search(text)} <= LEFT
