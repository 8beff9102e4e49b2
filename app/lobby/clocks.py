"""時間限制 at a lobby's table: each seat's person is timed from when they are asked, and counted out (their seat
left) when the host's limit runs out before they answer; the seconds they have left go out with their hand."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.game.exchange import pass_seconds
from app.game.requests import AIRequest, PassRequest

from .people import Hall, HostSettings, Person, Timer


class SeatClocks:
    """When each asked seat's person was asked and the timer that counts them out (``on_over``, run on the
    server's loop, decides what being over time does)."""

    def __init__(self, hall: Hall, settings: HostSettings, on_over: Callable[[int, Person], None]) -> None:
        self._hall, self._settings, self._on_over = hall, settings, on_over
        self._asked_at: dict[int, float] = {}  # seat -> when its person was asked (their seconds)
        self._timers: dict[int, Timer] = {}

    def start(self, seat: int, request: AIRequest | PassRequest, person: Person) -> None:
        """``person`` is asked ``request`` for ``seat``: their time runs from the first asking (a seat asked again,
        taken over while paused, keeps it), under the limit of what is asked."""
        self._asked_at.setdefault(seat, time.monotonic())
        limit = self._limit(request)
        if limit and seat not in self._timers:
            self._timers[seat] = self._hall.runner.later(limit * self._hall.second, lambda: self._over(seat, person))

    def _limit(self, request: AIRequest | PassRequest) -> int:
        """The host's seconds for ``request`` (a pass has its own share of them; 0: no limit)."""
        limit = self._settings.time_limit
        return int(pass_seconds(limit) or 0) if isinstance(request, PassRequest) else limit

    def _over(self, seat: int, person: Person) -> None:
        self._timers.pop(seat, None)
        self._on_over(seat, person)

    def left(self, seat: int, request: AIRequest | PassRequest | None) -> float | None:
        """The seconds ``seat``'s person has left to answer ``request`` (None without a limit or a question)."""
        asked = self._asked_at.get(seat)
        limit = None if request is None else self._limit(request)
        if asked is None or not limit:
            return None
        return max(0.0, round(limit - (time.monotonic() - asked) / self._hall.second, 1))

    def taken(self, seat: int) -> float:
        """The seconds since ``seat``'s person was asked (0 when they were not)."""
        return time.monotonic() - self._asked_at.get(seat, time.monotonic())

    def stop(self, seat: int) -> None:
        """``seat`` answered or left: its timer and its time go."""
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self._asked_at.pop(seat, None)

    def stop_running(self) -> None:
        """Every running timer stops (the deal is scored or the table ends)."""
        for seat in list(self._timers):
            self.stop(seat)
