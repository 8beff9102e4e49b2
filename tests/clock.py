"""The injected clock every test moves by hand (``clock.t += 30``): the table's, a drill's, the history's."""

from __future__ import annotations


class Clock:
    """A clock that stands still until a test moves it."""

    def __init__(self, start: float = 5000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t
