"""Ctrl+C during AI work is never swallowed (issue 9, point 9).

numpy (2.4) looks up ``__array_ufunc__`` on an operand that is not a plain number through the operand's type.
For an enum member that lookup runs the enum metaclass's ``__getattr__`` in Python, and numpy discards whatever
is raised there: a KeyboardInterrupt from the SIGINT handler that happens to run in that frame is lost and the
work goes on. So no enum member may meet a numpy array on the AI's hot paths; these tests watch the lookup.
"""

from __future__ import annotations

import enum
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from ai import Level, TableView, choose
from ai.estimate import quick_decision
from rules.cards import Card, deal
from rules.presets import Preset
from tests.tiers import sized

ROOT = Path(__file__).resolve().parents[2]
_REAL_GETATTR = enum.EnumType.__getattr__


@pytest.fixture
def array_lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Count numpy's array-protocol lookups that reach an enum class's ``__getattr__``, by class and name."""
    seen: Counter[str] = Counter()

    def spy(cls: enum.EnumType, name: str) -> object:
        if name.startswith("__array"):
            seen[f"{cls.__name__}.{name}"] += 1
        return _REAL_GETATTR(cls, name)

    monkeypatch.setattr(enum.EnumType, "__getattr__", spy)
    yield seen


def _hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    return [tuple(sorted(deal(seed=seed + k)[0])) for k in range(count)]


@pytest.mark.parametrize("preset", list(Preset))
@sized("hands", 2, 3)
def test_no_level_hands_an_enum_member_to_numpy(preset: Preset, hands: int, array_lookups: Counter[str]) -> None:
    """Every level under every preset, on a few hands: numpy never looks an enum class up."""
    view = TableView(preset=preset)
    for hand in _hands(hands, seed=90):
        for level in Level:
            choose(hand, view, level, seed=1, samples=2)
        quick_decision(hand, view, Level.HARD)
    assert not array_lookups, f"numpy looked up enum classes (a Ctrl+C there is lost): {dict(array_lookups)}"


# In a fresh interpreter: under pytest other code (hypothesis's gc callbacks) runs Python in places where any
# exception is discarded, and a timer signal landing there would be lost for reasons beside the point.
_BONUS_LOOP = """
import signal, sys, time
from ai.features import split_features
from ai.payouts import taiwan_bonus
from rules.cards import deal
from rules.presets import Preset

def interrupt(signum, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGALRM, interrupt)
f = split_features(sorted(deal(seed=7)[0]), Preset.TAIWAN.default_options)
lost = 0
for _ in range(20):
    deadline = time.monotonic() + 10  # a lost interrupt loops this long; a loaded machine may stall a while
    signal.setitimer(signal.ITIMER_REAL, 0.002)
    try:
        while time.monotonic() < deadline:
            taiwan_bonus(f, Preset.TAIWAN)
        lost += 1
    except KeyboardInterrupt:
        pass
print(lost)
"""


def test_an_interrupt_during_the_bonus_loop_is_never_lost() -> None:
    """A SIGALRM-raised KeyboardInterrupt stops a tight loop over taiwan_bonus every time (it was lost often)."""
    proc = subprocess.run([sys.executable, "-c", _BONUS_LOOP], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "0", f"{proc.stdout.strip()} of 20 interrupts were swallowed"
