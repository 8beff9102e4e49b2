"""A deal played at a lobby's table with people (a seat its record says a ``person`` decided): History's list
reads it out of the record and marks it, in every language; the coach prices such a deal as it arrives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ai import Budget
from app.game.backlog import price_one
from app.game.record import Decider
from app.game.table import Table
from app.i18n import LANGUAGES, Translator
from app.store.database import History, open_history
from app.store.validate import Mode
from rules.arrangement import stand_in
from rules.deal import Decision
from rules.presets import Preset
from tests.app.history_helpers import config


def lobby_record(person: bool) -> dict[str, Any]:
    """A scored taiwan deal the player (seat 0) arranged; seat 1 another person's (``person``) or the computer's."""
    table = Table(config(Preset.TAIWAN, 3))
    rec = table.start_deal()
    for seat in rec.seats:
        rec.decisions[seat] = Decision.arranged(stand_in(rec.hands[seat]))
        rec.decided_by[seat] = Decider.PLAYER if seat == rec.human else Decider.level(table.seating.levels[seat])
    if person:
        rec.decided_by[1] = Decider.PERSON
    rec.seconds = 12.0
    table.score()
    table.reveal.finish()
    return rec.to_dict()


@pytest.fixture
def history(tmp_path: Path) -> History:
    opened = open_history(tmp_path / "history.sqlite3").history
    assert opened is not None
    return opened


def test_a_deal_with_people_is_marked_and_one_without_is_not(history: History) -> None:
    alone = history.record_deal(None, lobby_record(False), Mode.TABLE)
    with_people = history.record_deal(None, lobby_record(True), Mode.TABLE)
    rows = {row.id: row for row in history.deals()}
    assert rows[with_people].people and not rows[alone].people
    assert rows[with_people].decider == "player"  # the player's own decision all the same
    full = history.deal(with_people)
    assert full is not None and full.people and full.data is not None


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_mark_is_said_in_every_language(lang: str) -> None:
    t = Translator(lang)
    assert t.has("history.with_people") and t("history.with_people") != "history.with_people"


def test_the_coach_prices_a_lobby_deal_as_it_arrives(history: History) -> None:
    deal_id = history.record_deal(None, lobby_record(True), Mode.TABLE)
    assert price_one(history, deal_id, Budget.QUICK)
    row = history.deal(deal_id)
    assert row is not None and row.verdict is not None and row.review is not None
    assert not price_one(history, 999, Budget.QUICK)  # no such deal: nothing written
