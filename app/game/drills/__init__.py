"""The Practice menu's drills, as plain Python: generated questions whose answers the rules engine decides
(:mod:`.rows`, :mod:`.hands`), difficulty that follows the player (:mod:`.question`) and runs with a clock
(:mod:`.run`)."""

from .question import JOKER_DRILLS, LEVELS, Drill, Question, Why, next_level
from .run import RUN_LENGTHS, Answered, DrillResult, DrillRun, make_question

__all__ = [
    "JOKER_DRILLS",
    "LEVELS",
    "RUN_LENGTHS",
    "Answered",
    "Drill",
    "DrillResult",
    "DrillRun",
    "Question",
    "Why",
    "make_question",
    "next_level",
]
