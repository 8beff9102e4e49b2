"""The messages the screens send each other and the App, in one place so that no screen imports another to
talk to it: the menu asks for a table, the Settings screen reports saved settings, a worker's AI answer comes
back to the table."""

from __future__ import annotations

from textual.message import Message

from ai import Choice, PassChoice, PassReview, Review
from app.config import TableConfig
from app.game import AIRequest, CoachRequest
from app.game.coach import PassCoachRequest
from app.game.requests import PassRequest
from app.settings import Settings


class StartTable(Message):
    """The player chose a table to play (or watch); the App starts it."""

    def __init__(self, config: TableConfig) -> None:
        super().__init__()
        self.config = config


class SettingsChanged(Message):
    """The player saved new settings (already written to disk); the App applies them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


class PassDone(Message):
    """A worker's answer to a 換三張 pass request: the three cards ``choice`` passes."""

    def __init__(self, request: PassRequest, choice: PassChoice) -> None:
        super().__init__()
        self.request = request
        self.choice = choice


class PassCoachDone(Message):
    """A worker's answer: the coach's ``review`` of the pass ``request`` asked about."""

    def __init__(self, request: PassCoachRequest, review: PassReview) -> None:
        super().__init__()
        self.request = request
        self.review = review


class AIDone(Message):
    """A worker's answer: ``choice`` for ``request``."""

    def __init__(self, request: AIRequest, choice: Choice) -> None:
        super().__init__()
        self.request = request
        self.choice = choice


class CoachDone(Message):
    """The coach's answer: ``review`` for ``request``."""

    def __init__(self, request: CoachRequest, review: Review) -> None:
        super().__init__()
        self.request = request
        self.review = review


__all__ = ["AIDone", "CoachDone", "PassCoachDone", "PassDone", "SettingsChanged", "StartTable"]
