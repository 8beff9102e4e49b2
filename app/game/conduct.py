"""What the table asks of whoever drives it after each conducting call (:class:`Next`).

:class:`~app.game.table.Table` conducts the deal: its ``deal``, ``accept``, ``ready`` and ``leave``, its exchange's
``give`` and ``accept`` and its countdown's ``on_timeout``, ``resolve`` and ``accept`` each return a :class:`Next`:
the requests to run (the computers' decisions or passes, a takeover), the deal just scored (its reveal to show),
the seat whose decision or passes the coach may price now, and whether the host must choose after a time-out.
The table screen runs the requests in workers and forwards their answers (:meth:`Table.answer`); headless play
(the tests, the command line's samples) runs them at once (:meth:`Table.run`). Either way one conductor decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ai import Choice, PassChoice, TableView

from .record import DealRecord
from .requests import AIRequest, PassRequest, run_ai, run_pass


@dataclass(frozen=True)
class Next:
    """What happens next after a conducting call (see the module docstring).

    ``taken`` is False when the call's answer was stale or not wanted and nothing changed; the object is then
    falsy, so ``if table.accept(...)`` reads as before."""

    requests: tuple[AIRequest | PassRequest, ...] = ()  # to run, in this order
    scored: DealRecord | None = None  # the deal was scored by this call: show its reveal
    coach: tuple[int, TableView] | None = None  # the seat whose decision is in, and its view when it decided
    coach_passes: int | None = None  # the exchange is over: the seat whose passes the coach may price
    passed: bool = False  # a round of 換三張 is complete: the cards moved
    host: bool = False  # the time is up with takeover off: the host chooses (:meth:`Countdown.resolve`)
    taken: bool = True

    def __bool__(self) -> bool:
        return self.taken

    def then(self, later: Next) -> Next:
        """This outcome followed by ``later`` (headless play merges what a run of calls did)."""
        return Next(
            self.requests + later.requests,
            later.scored or self.scored,
            later.coach or self.coach,
            later.coach_passes if later.coach_passes is not None else self.coach_passes,
            self.passed or later.passed,
            self.host or later.host,
            self.taken or later.taken,
        )


REFUSED = Next(taken=False)


class Conducted(Protocol):
    """What headless play needs of the table: the one call that takes any seat's answer."""

    def answer(self, request: AIRequest | PassRequest, answer: Choice | PassChoice) -> Next: ...


def _run(request: AIRequest | PassRequest) -> Choice | PassChoice:
    return run_pass(request) if isinstance(request, PassRequest) else run_ai(request)


def play_out(table: Conducted, step: Next) -> Next:
    """Headless: run ``step``'s requests now, and the ones their answers ask for, until nothing is asked; what
    the whole run did, with no request left."""
    pending, done = list(step.requests), replace(step, requests=())
    while pending:
        request = pending.pop(0)
        later = table.answer(request, _run(request))
        pending += later.requests
        done = done.then(replace(later, requests=()))
    return done


def answer_each(table: Conducted, requests: Sequence[AIRequest | PassRequest]) -> Next:
    """Headless: answer each of ``requests`` now, without running what their answers ask for."""
    done = Next()
    for request in requests:
        done = done.then(table.answer(request, _run(request)))
    return replace(done, requests=())
