"""What every drill shares: the drills (:class:`Drill`), one generated question (:class:`Question`), the
explanation of its answer (:class:`Explanation`), and how difficulty follows the player (:func:`next_level`).

A question is plain data: what to show, the choices (ids the screen names in the player's language), the
right answer and why, all decided by the rules engine when the question is made. The screen only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

LEVELS = 5  # difficulty 0 (far apart) to 4 (the closest calls)
START_LEVEL = 1
UP_AFTER = 2  # right answers in a row that make the next questions closer calls


class Drill(StrEnum):
    """The drills of the Practice menu."""

    COMPARE = "compare"  # which row is stronger?
    NAME = "name"  # name the hand
    FOUL = "foul"  # foul or legal?
    SPECIAL = "special"  # spot the special
    SCORE = "score"  # score it
    LADDER = "ladder"  # which hand is higher on the pattern ladder (rules.ladder)?
    PASS = "pass"  # 換三張: which three cards to pass (ai.exchange prices them)


@dataclass(frozen=True)
class Explanation:
    """The explanation of an answer: an i18n key (``drills.why.<key>``) and its values (cards as text,
    categories and specials as ids, which the screen names)."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """One generated question and its answer."""

    drill: Drill
    level: int
    show: dict[str, Any]  # what the screen lays out (rows, hands, a table), as plain data
    choices: tuple[str, ...]
    correct: frozenset[str]  # every choice that is right (a hand may make two specials)
    why: Explanation

    def is_right(self, choice: str | None) -> bool:
        """Whether ``choice`` answers the question (None: the time ran out)."""
        return choice is not None and choice in self.correct

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as the history keeps it."""
        return {
            "drill": self.drill.value,
            "level": self.level,
            "show": self.show,
            "choices": list(self.choices),
            "correct": sorted(self.correct),
            "why": {"key": self.why.key, "values": self.why.values},
        }


def next_level(level: int, streak: int, right: bool) -> tuple[int, int]:
    """The difficulty and the run of right answers after an answer: :data:`UP_AFTER` right in a row make the
    questions closer calls, a wrong answer eases them by one."""
    if not right:
        return max(0, level - 1), 0
    streak += 1
    if streak >= UP_AFTER:
        return min(LEVELS - 1, level + 1), 0
    return level, streak
