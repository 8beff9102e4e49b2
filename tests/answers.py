"""The computer's answers the game asks for, remembered in each test worker (:func:`remember_answers`).

The game's tests deal the same seeded tables again and again (`config()` is seed 1, taiwan, `normal` seats), so
a worker asked the AI the same question, with the same hand, table, level and seed, hundreds of times: about a
fifth of what the app tests spent in the AI was answers already given. An answer is a pure function of those
arguments (a decision draws only from its seed; tests/ai checks the levels, the coach and the passes, and that
each is the same for the same arguments), so the second asking is answered from memory: the game's flow around
it (the request, the worker thread, the message, the table's state) runs as it does at the real table. The AI's
own tests call it directly and are not served from here.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable
from typing import Any

# The functions `app.game.requests` answers its requests with: every computer seat, auto-arrange and the hint
# (`run_ai`), and every pass (`run_pass`).
ANSWERED = ("choose", "advise", "choose_pass")


class Answers:
    """What each of :data:`ANSWERED` answered, by its arguments; counts of the answers given and remembered."""

    def __init__(self) -> None:
        self._known: dict[Hashable, Any] = {}
        self._lock = threading.Lock()  # the game asks from its worker threads
        self.asked = 0
        self.remembered = 0

    def wrap(self, name: str, answer: Callable[..., Any]) -> Callable[..., Any]:
        """``answer``, asked once for each set of arguments; arguments that cannot be a key are asked each time."""

        @functools.wraps(answer)
        def remembered(*args: Any, **kwargs: Any) -> Any:
            key = (name, args, tuple(sorted(kwargs.items())))
            try:
                with self._lock:
                    self.asked += 1
                    if key in self._known:
                        self.remembered += 1
                        return self._known[key]
            except TypeError:  # an unhashable argument (a list of cards): no memory for it
                return answer(*args, **kwargs)
            got = answer(*args, **kwargs)
            with self._lock:
                self._known[key] = got
            return got

        remembered.__wrapped__ = answer  # type: ignore[attr-defined]
        return remembered


def remember_answers(module: Any) -> Answers:
    """Serve ``module``'s :data:`ANSWERED` functions from one :class:`Answers` (for the rest of the process)."""
    answers = Answers()
    for name in ANSWERED:
        setattr(module, name, answers.wrap(name, getattr(module, name)))
    return answers
