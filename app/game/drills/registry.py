"""Every quiz drill's spec, in one registry: how a question is made, how long it has, whether its cards may hold
the joker, how its cards are laid out, how its choices and prompt read and which keys answer it.

Everything that treats one drill apart from another reads :data:`DRILLS` (the run, the Practice screen, the drill
screen and its words): a drill of :class:`~.question.Drill` with no spec here fails a test, and never falls back on
another drill's question or layout.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from rules.presets import Options, Preset

from .exchange_drill import pass_question
from .hands import foul_question, score_question, special_question
from .ladder_drill import ladder_question
from .question import Drill, Question
from .rows import compare_question, name_question

TIME_LIMIT = 15.0
"""Seconds a question has in a timed run, unless its drill's spec says otherwise."""

Maker = Callable[[random.Random, int, Preset, Options], Question]


class Layout(StrEnum):
    """How a question's cards are laid out (the drill screen draws each)."""

    TWO_ROWS = "two_rows"  # two rows one above the other, each in the game's display order
    TWO_HANDS = "two_hands"  # two 13-card hands one above the other, high to low as dealt
    ROW = "row"  # one row
    THREE_ROWS = "three_rows"  # a front, a middle and a back, labelled
    HAND = "hand"  # one 13-card hand, grouped as the game shows a row
    DEALT_HAND = "dealt_hand"  # one 13-card hand high to low, as it is dealt at the table
    TABLE = "table"  # a revealed table: every seat's three rows


class Words(StrEnum):
    """How a question's choices read."""

    PLAIN = "plain"  # drills.choice.<choice>
    CATEGORY = "category"  # a row's category
    SPECIAL = "special"  # a special hand's name, or "none"
    SIGNED = "signed"  # a signed number of units
    HANDS = "hands"  # the left or right hand (not row), or "equal"
    PASS = "pass"  # three cards to pass


class Prompt(StrEnum):
    """What a question's prompt names beside its drill's question (``drills.prompt.<drill>``)."""

    PLAIN = "plain"
    OPTIONS = "options"  # the wheel and the suit tie-break the rows compare under
    RULES = "rules"  # the preset whose specials count
    SEAT = "seat"  # the seat the player scores against


@dataclass(frozen=True)
class AnswerKey:
    """A key that answers a drill's question with one of its choices, beside the number keys: its binding, the
    choice, how the Footer shows the key (``drills.key.<choice>`` says what it does) and whether it goes before
    the choice list's own use of the key (the arrows). The drill screen binds every drill's answer keys."""

    key: str
    choice: str
    display: str | None = None
    priority: bool = False


SIDES = (
    AnswerKey("left", "left", "←", priority=True),
    AnswerKey("right", "right", "→", priority=True),
    AnswerKey("equals_sign", "equal", "="),
)
"""The arrow keys' and ``=``'s answers: which of two rows or hands wins, or a tie."""
LEGAL_OR_FOUL = (AnswerKey("l", "legal"), AnswerKey("f", "foul"))


@dataclass(frozen=True)
class DrillSpec:
    """One quiz drill (see the module docstring)."""

    make: Maker
    layout: Layout
    words: Words = Words.PLAIN
    prompt: Prompt = Prompt.PLAIN
    keys: tuple[AnswerKey, ...] = ()  # its answer keys beside the number keys
    time_limit: float = TIME_LIMIT
    slow: bool = False  # its questions are priced by the AI: made in a worker thread by the screen
    joker: bool = False  # its cards may hold the joker (RULES.md §20)


def _compare(rng: random.Random, level: int, preset: Preset, options: Options) -> Question:
    return compare_question(rng, level, options)


def _name(rng: random.Random, level: int, preset: Preset, options: Options) -> Question:
    return name_question(rng, level, options)


def _foul(rng: random.Random, level: int, preset: Preset, options: Options) -> Question:
    return foul_question(rng, level, options)


def _ladder(rng: random.Random, level: int, preset: Preset, options: Options) -> Question:
    return ladder_question(rng, level)  # the pattern ladder does not depend on the preset: nothing is arranged


DRILLS: dict[Drill, DrillSpec] = {
    Drill.COMPARE: DrillSpec(_compare, Layout.TWO_ROWS, prompt=Prompt.OPTIONS, keys=SIDES, joker=True),
    Drill.NAME: DrillSpec(_name, Layout.ROW, words=Words.CATEGORY, joker=True),
    Drill.FOUL: DrillSpec(_foul, Layout.THREE_ROWS, keys=LEGAL_OR_FOUL, joker=True),
    Drill.SPECIAL: DrillSpec(special_question, Layout.HAND, words=Words.SPECIAL, prompt=Prompt.RULES, joker=True),
    Drill.SCORE: DrillSpec(
        score_question, Layout.TABLE, words=Words.SIGNED, prompt=Prompt.SEAT, time_limit=45.0, joker=True
    ),  # a table of four takes longer to add up
    Drill.LADDER: DrillSpec(_ladder, Layout.TWO_HANDS, words=Words.HANDS, keys=SIDES),
    Drill.PASS: DrillSpec(pass_question, Layout.DEALT_HAND, words=Words.PASS, time_limit=30.0, slow=True),
}


JOKER_DRILLS = frozenset(drill for drill, one in DRILLS.items() if one.joker)
"""The drills whose cards may hold the joker (the Practice screen offers the joker key for these)."""


def answer_keys() -> tuple[AnswerKey, ...]:
    """Every drill's answer keys, each key once in the order the drills list them (a key answers with the same
    choice in every drill that has it: ``tests/drills/test_registry.py``)."""
    seen: dict[str, AnswerKey] = {}
    for one in DRILLS.values():
        for key in one.keys:
            seen.setdefault(key.key, key)
    return tuple(seen.values())


def spec(drill: Drill) -> DrillSpec:
    """``drill``'s spec; a :class:`KeyError` for a drill that was never registered."""
    return DRILLS[drill]
