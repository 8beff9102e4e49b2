"""A run of one drill: questions one after another at a difficulty that follows the answers, timed or not,
and what the run scored (:class:`DrillRun`). Plain Python with an injected clock, like the table.

Timed runs give each question its drill's time limit (:mod:`.registry`); a question not answered in time counts as
wrong.
Every run is written to the history as one record (:meth:`DrillRun.to_dict`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.game.clock import Clock
from rules.presets import Options, Preset

from .question import START_LEVEL, Drill, Question, next_level
from .registry import spec

RUN_LENGTHS = (10, 25, 50)


def make_question(
    drill: Drill, rng: random.Random, level: int, preset: Preset, options: Options | None = None
) -> Question:
    """One question of ``drill`` at ``level`` for a table of ``preset`` with ``options`` (default: the
    preset's; the wheel and the suit tie-break change how rows compare), as its spec makes it (:mod:`.registry`)."""
    return spec(drill).make(rng, level, preset, preset.default_options if options is None else options)


@dataclass(frozen=True)
class Answered:
    """One question and the player's answer (None: the time ran out)."""

    question: Question
    choice: str | None
    right: bool
    seconds: float


@dataclass(frozen=True)
class DrillResult:
    """What a run scored."""

    drill: Drill
    preset: Preset
    items: int
    right: int
    seconds: float  # mean seconds a question
    best_streak: int

    @property
    def accuracy(self) -> float:
        return self.right / self.items if self.items else 0.0


class DrillRun:
    """One run of ``items`` questions (see the module docstring)."""

    def __init__(
        self,
        drill: Drill,
        preset: Preset = Preset.TAIWAN,
        *,
        items: int = 10,
        timed: bool = False,
        seed: int | None = None,
        now: Callable[[], float] = time.monotonic,
        options: Options | None = None,
    ) -> None:
        self.drill, self.preset, self.items, self.timed, self.now = drill, preset, items, timed, now
        self.options = preset.default_options if options is None else options
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.level, self.streak = START_LEVEL, 0
        self.answers: list[Answered] = []
        self.current: Question | None = None
        self._next: Question | None = None  # made ahead by :meth:`prepare`
        self.clock = Clock(self.now)  # the question's: it stands still while the leave dialog is open
        self._run_streak = self._best_streak = 0

    @property
    def limit(self) -> float | None:
        """Seconds a question has, in a timed run."""
        if not self.timed:
            return None
        return spec(self.drill).time_limit

    @property
    def done(self) -> bool:
        return len(self.answers) >= self.items

    def ask(self) -> Question:
        """The next question (the clock starts now); a slow drill's takes most of a second to make."""
        if self.done:
            raise RuntimeError("the run is over")
        if self.current is None:
            self.current = self._next or make_question(self.drill, self.rng, self.level, self.preset, self.options)
            self._next = None
            self.clock.restart()
        return self.current

    def prepare(self) -> None:
        """Make the next question now, at the level the answers so far set, without starting its clock (a
        worker thread does it for a :attr:`slow` drill while the player reads the last explanation)."""
        if self._next is None and self.current is None and not self.done:
            self._next = make_question(self.drill, self.rng, self.level, self.preset, self.options)

    @property
    def ready(self) -> bool:
        """True when :meth:`ask` answers at once: a question asked or made, or a drill that is quick to make."""
        return not self.slow or self.current is not None or self._next is not None

    @property
    def slow(self) -> bool:
        """True when making a question prices passes with the AI (ask it in a worker thread)."""
        return spec(self.drill).slow

    def hold(self, held: bool) -> None:
        """Stop the current question's clock (``held``) or start it again where it stood: the time a dialog was
        open over the question counts neither against its limit nor in the seconds the answer took."""
        self.clock.hold(held)

    def time_left(self) -> float | None:
        """Seconds left on the current question (None untimed or between questions)."""
        limit = self.limit
        if limit is None or self.current is None:
            return None
        return max(0.0, limit - self.clock.taken())

    def answer(self, choice: str | None) -> Answered:
        """Answer the current question (None: time is up); the difficulty moves with the answer."""
        q = self.current
        if q is None:
            raise RuntimeError("no question is asked")
        if choice is not None and choice not in q.choices:
            raise ValueError(f"{choice!r} is not one of the choices")
        right = q.is_right(choice)
        self.hold(False)
        seconds = self.clock.taken()
        limit = self.limit
        if limit is not None:
            seconds = min(seconds, limit)
        done = Answered(q, choice, right, seconds)
        self.answers.append(done)
        self.level, self.streak = next_level(self.level, self.streak, right)
        self._run_streak = self._run_streak + 1 if right else 0
        self._best_streak = max(self._best_streak, self._run_streak)
        self.current = None
        return done

    def result(self) -> DrillResult:
        """What the run has scored so far."""
        n = len(self.answers)
        right = sum(a.right for a in self.answers)
        mean = sum(a.seconds for a in self.answers) / n if n else 0.0
        return DrillResult(self.drill, self.preset, n, right, mean, self._best_streak)

    def to_dict(self) -> dict[str, Any]:
        """The run as the history keeps it: every question, answer and time."""
        r = self.result()
        return {
            "drill": self.drill.value,
            "rules": self.preset.value,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "timed": self.timed,
            "items": r.items,
            "right": r.right,
            "seconds": round(r.seconds, 3),
            "best_streak": r.best_streak,
            "answers": [
                {"question": a.question.to_dict(), "choice": a.choice, "right": a.right, "seconds": round(a.seconds, 3)}
                for a in self.answers
            ],
        }
