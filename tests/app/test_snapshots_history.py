"""Snapshots of the history's screens: History, Statistics, a retry's two tries, and the menu offering to
continue a session. A seeded history written with a fixed clock in UTC, so that every shot is the same."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pytest
from textual.screen import Screen

from ai import TableView
from ai.coach import review
from app.game.journal import Journal
from app.game.record import DealRecord
from app.game.replay import OneDeal, compare_tries
from app.paths import asset
from app.screens.history import HistoryScreen
from app.screens.menu import MainMenu
from app.screens.past_deal import TriesScreen
from app.screens.stats import StatsScreen
from app.settings import Settings
from app.store.database import History, open_history
from rules.ledger import EndReason
from rules.presets import Preset
from tests.app.harness import ScreenApp
from tests.app.history_helpers import play_session, random_decision
from tests.app.rating_helpers import fill_priced

_REVIEWS: dict[tuple[int, str], dict] = {}


def _priced(deal_id: int, rec: DealRecord) -> dict:
    """The coach's review of the player's hand in deal ``deal_id``, priced once a process (every test seeds the
    same deals, and pricing them again was most of each snapshot's time)."""
    key = (deal_id, repr((rec.hands[0], rec.decisions[0])))
    if key not in _REVIEWS:
        view = TableView(preset=Preset.TAIWAN)
        _REVIEWS[key] = review(rec.hands[0], rec.decisions[0], view, tables=150, seed=deal_id).to_dict()
    return _REVIEWS[key]


@pytest.fixture
def history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> History:
    """Two sessions (taiwan, arcade) and coach verdicts on three deals, stamped from 2026-12-01 09:00 UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    ticks = itertools.count(1_764_579_600, 95)
    h = open_history(tmp_path / "history.sqlite3", clock=lambda: float(next(ticks))).history
    assert h is not None
    table = play_session(Preset.TAIWAN, 8, 7, Journal(h))
    play_session(Preset.ARCADE, 8, 4, Journal(h)).outcome.end(EndReason.FINISHED)
    table.progress.keep()  # back to the menu: the taiwan session can be continued
    table.journal.release()
    for rec, deal_id in zip(table.history[:3], (1, 2, 3), strict=True):
        h.set_review(deal_id, _priced(deal_id, rec))
    yield h
    h.close()
    monkeypatch.delenv("TZ")
    time.tzset()


class HistoryApp(ScreenApp):
    """The bare App with the game's style sheet, `history` and `resumable`."""

    CSS_PATH: ClassVar[list[str]] = [str(asset("styles", "game.tcss"))]

    def __init__(self, make_screen: Callable[[], Screen], lang: str, history: History) -> None:
        super().__init__(make_screen, lang, settings=Settings(), animate=False)
        self.history = history

    def resumable(self, *, checked: bool = True):
        return self.history.resumable()


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("zh-TW", (80, 24)), ("en", (120, 40))])
def test_history(snap_compare, history, lang, size):
    assert snap_compare(HistoryApp(lambda: HistoryScreen(history), lang, history), press=["down"], terminal_size=size)


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("zh-TW", (120, 40))])
def test_statistics(snap_compare, history, lang, size):
    assert snap_compare(HistoryApp(lambda: StatsScreen(history, "taiwan"), lang, history), terminal_size=size)


def test_menu_offers_to_continue(snap_compare, history):
    assert snap_compare(HistoryApp(MainMenu, "en", history), terminal_size=(80, 24))


def test_two_tries_side_by_side(snap_compare, history):
    stored = play_session(Preset.TAIWAN, 8, 1).history[0]
    retry = OneDeal(stored, retry=True)
    rec = retry.start_deal()
    rec.decisions[0] = random_decision(rec.hands[0], random.Random(3), Preset.TAIWAN)
    retry.score()
    tries = compare_tries(retry, None)
    assert tries is not None
    assert snap_compare(HistoryApp(lambda: TriesScreen(tries), "en", history), terminal_size=(80, 24))


def test_statistics_rating(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Statistics' rating over 60 priced deals, one a day: the rating with its band and the accuracy by week
    (issue 41)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    h = open_history(tmp_path / "priced.sqlite3").history
    assert h is not None
    fill_priced(h, 60)
    try:
        assert snap_compare(HistoryApp(lambda: StatsScreen(h, "taiwan"), "en", h), terminal_size=(100, 64))
    finally:
        h.close()
        monkeypatch.delenv("TZ")
        time.tzset()
