"""No decision, no verdict (issue 36), headless: a hand the computer decided for the player (the clock ran out)
is not priced as the player's, its line says so, and no verdict is kept for it in the history even when the
review prices it on demand; the player's own hand is priced and kept."""

from __future__ import annotations

from ai import Level, review
from app.config import TableConfig
from app.game import Table
from app.game.journal import Journal
from app.i18n import Translator
from app.store.database import open_history
from app.view.coach import coach_status
from rules.arrangement import stand_in
from tests.clock import Clock


def test_a_hand_the_computer_finished_at_the_time_out_has_no_verdict_anywhere(tmp_path) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    clock = Clock()
    cfg = TableConfig(seed=6, time_limit=30, levels=(Level.EASY,) * 3)
    table = Table(cfg, now=clock, journal=Journal(history))
    table.deal()
    clock.t += 31
    table.run(table.countdown.on_timeout())  # the computer completes the hand
    step = table.run(table.decide_computers())
    rec = table.history[-1]
    assert rec.decided_by[0].value == "timeout" and step.coach is None  # nothing asked of the coach
    # The review screen may price the computer's play there on demand: it is still not the player's verdict.
    request = table.coach.request(rec, 0, table.asking.view_for(0))
    table.coach.accept(request, review(rec.hands[0], rec.decisions[0], request.view, tables=40, seed=1))
    assert coach_status(Translator("en"), table.coach, rec, 0).startswith("Coach: no verdict")
    assert [(d.decider, d.verdict) for d in history.deals()] == [("timeout", None)]


def test_the_players_own_hand_is_priced_and_its_verdict_kept(tmp_path) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    table = Table(TableConfig(seed=6, levels=(Level.EASY,) * 3), now=Clock(), journal=Journal(history))
    table.deal()
    table.apply(table.arrange.with_arrangement(stand_in(table.current.hands[0])))
    asked = table.ready()
    assert asked.coach is not None
    step = table.run(table.decide_computers())
    rec = table.history[-1]
    request = table.coach.request(rec, 0, asked.coach[1])
    table.coach.accept(request, review(rec.hands[0], rec.decisions[0], request.view, tables=40, seed=1))
    assert step.scored is rec and [d.decider for d in history.deals()] == ["player"]
    assert history.deals()[0].verdict is not None
