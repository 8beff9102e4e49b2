"""The computer's answers the game asks for, remembered in each test worker (:func:`remember_answers`).

The game's tests deal the same seeded tables again and again (`config()` is seed 1, taiwan, `normal` seats), so
a worker asked the AI the same question, with the same hand, table, level and seed, hundreds of times: more than
a quarter of what the app tests spent in the AI was answers already given. With the AI as shipped, an answer is a
pure function of those arguments (a decision draws only from its seed; tests/ai checks the levels, the coach and
the passes, and that each is the same for the same arguments), so the second asking is answered from memory: the
game's flow around it (the request, the worker thread, the message, the table's state) runs as it does at the
real table. A test that changes the AI for a moment (a smaller pass budget, a level's character, a function
replaced: :class:`Shipped` notices) is answered afresh, and nothing it is answered is remembered. The AI's own
tests call it directly and are never served from here.
"""

from __future__ import annotations

import copy
import functools
import sys
import threading
from collections.abc import Callable, Hashable
from types import ModuleType
from typing import Any

# The functions `app.game.requests` answers its requests with: every computer seat, auto-arrange and the hint
# (`run_ai`), and every pass (`run_pass`).
ANSWERED = ("choose", "advise", "choose_pass")
PACKAGE = "ai"


class Shipped:
    """Whether the AI's modules hold what they held when first seen: each name the same object, and each table
    of settings (a module's dict, list or set named in capitals: the pass budgets, the levels' characters, the
    coach's tables) the same contents. A test's ``monkeypatch`` of any of them makes this false until undone."""

    def __init__(self, package: str = PACKAGE) -> None:
        self.package = package
        self._seen: dict[str, tuple[ModuleType, dict[str, object], dict[str, object]]] = {}
        self._modules = -1

    def _look(self) -> None:
        """Take in the package's modules loaded since the last look (it loads most of them on first use)."""
        if len(sys.modules) == self._modules:
            return
        self._modules = len(sys.modules)
        for name, module in list(sys.modules.items()):
            if name in self._seen or not isinstance(module, ModuleType):
                continue
            if name == self.package or name.startswith(self.package + "."):
                names = dict(vars(module))
                tables = {k: copy.copy(v) for k, v in names.items() if k.isupper() and isinstance(v, dict | list | set)}
                self._seen[name] = (module, names, tables)

    def __call__(self) -> bool:
        self._look()
        for module, names, tables in self._seen.values():
            now = vars(module)
            if any(now.get(k) is not v for k, v in names.items()):
                return False
            if any(now[k] != v for k, v in tables.items()):
                return False
        return True


class Answers:
    """What each of :data:`ANSWERED` answered, by its arguments (and their types: ``"standard"`` is not the
    budget it equals); counts of the answers asked for and of those given from memory."""

    def __init__(self, shipped: Callable[[], bool] | None = None) -> None:
        self._known: dict[Hashable, Any] = {}
        self._lock = threading.Lock()  # the game asks from its worker threads
        self.shipped = shipped or Shipped()
        self.asked = 0
        self.remembered = 0

    def wrap(self, name: str, answer: Callable[..., Any]) -> Callable[..., Any]:
        """``answer``, asked once for each set of arguments while the AI is as shipped; arguments that cannot be a
        key (a list of cards) are asked each time."""

        @functools.wraps(answer)
        def remembered(*args: Any, **kwargs: Any) -> Any:
            key = (name, tuple((type(a), a) for a in args), tuple((k, type(v), v) for k, v in sorted(kwargs.items())))
            with self._lock:
                self.asked += 1
                shipped = self.shipped()
                try:
                    if shipped and key in self._known:
                        self.remembered += 1
                        return self._known[key]
                except TypeError:  # unhashable: no memory for it
                    shipped = False
            got = answer(*args, **kwargs)
            if shipped:
                with self._lock:
                    self._known[key] = got
            return got

        remembered.__wrapped__ = answer  # type: ignore[attr-defined]
        return remembered


def remember_answers(module: Any) -> Answers:
    """Serve ``module``'s :data:`ANSWERED` functions from one :class:`Answers` (for the rest of the process)."""
    answers = Answers()
    answers.shipped()  # the modules the answers come from are seen now, before any test can have changed them
    for name in ANSWERED:
        setattr(module, name, answers.wrap(name, getattr(module, name)))
    return answers
