"""The Practice menu's drills, as plain Python: generated questions whose answers the rules engine decides
(:mod:`.rows`, :mod:`.hands`), difficulty that follows the player (:mod:`.question`) and runs with a clock
(:mod:`.run`), each drill's spec in one registry (:mod:`.registry`)."""

from .question import LEVELS, Drill, Explanation, Question, next_level
from .registry import DRILLS, JOKER_DRILLS, AnswerKey, DrillSpec, Layout, Prompt, Words, answer_keys, spec
from .run import RUN_LENGTHS, Answered, DrillResult, DrillRun, make_question

__all__ = [
    "DRILLS",
    "JOKER_DRILLS",
    "LEVELS",
    "RUN_LENGTHS",
    "AnswerKey",
    "Answered",
    "Drill",
    "DrillResult",
    "DrillRun",
    "DrillSpec",
    "Explanation",
    "Layout",
    "Prompt",
    "Question",
    "Words",
    "answer_keys",
    "make_question",
    "next_level",
    "spec",
]
