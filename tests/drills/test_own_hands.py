"""The Arrange drill counts the player's own hands only: a hand the computer completed at the time-out, or
played in the player's place, is written as the computer's, never scheduled as the player's mistake (however
badly it lost), and is left out of the run's figures (its hands, units lost, seconds); the player's own bad hand
is scheduled as before."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from ai import Budget
from app.game.coach import run_coach
from app.game.drills.arrange_drill import ArrangeJournal, ArrangeTable, Pool, hands_from
from app.game.record import Decider
from app.game.requests import run_ai
from app.store.database import open_history
from rules.cards import format_cards
from rules.presets import Preset
from tests.clock import Clock


def _price_badly(table: ArrangeTable, rec) -> None:
    """The coach prices the player's seat of ``rec``, its review made to lose badly (a blunder's loss), and the
    table keeps it as the table screen does (the journal is told)."""
    request = table.coach.request(rec, 0, table.asking.view_for(0), Budget.QUICK)
    assert request is not None
    table.coach.accept(request, dataclasses.replace(run_coach(request), loss=9.0))


def test_a_time_out_hand_is_the_computers_and_never_your_mistake(tmp_path: Path) -> None:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    journal = ArrangeJournal(history, pool=Pool.RANDOM, clock=lambda: 1_000_000.0)
    clock = Clock()
    table = ArrangeTable(
        Preset.TAIWAN,
        hands_from(Pool.RANDOM, Preset.TAIWAN, random.Random(5)),
        items=2,
        time_limit=30,
        seed=5,
        journal=journal,
        now=clock,
    )

    timed_out = table.start_deal()  # hand 1: the clock runs out, the computer completes the hand
    clock.t += 31
    assert table.countdown.timed_out()
    (request,) = table.countdown.on_timeout().requests
    table.answer(request, run_ai(request))  # type: ignore[arg-type]
    table.decide_computers()
    assert timed_out.result is not None and timed_out.decided_by[0] is Decider.TIMEOUT and not timed_out.own()
    _price_badly(table, timed_out)
    table.reveal.finish()

    table.next()  # hand 2: the player's own, played badly
    mine = table.current
    assert mine is not None and table.arrange is not None
    choice = run_ai(table.asking.takeover_request())
    assert choice.decision.arrangement is not None
    table.apply(table.arrange.with_arrangement(choice.decision.arrangement))
    clock.t += 12
    table.ready()
    table.decide_computers()
    assert mine.own()
    _price_badly(table, mine)
    table.reveal.finish()
    table.next()  # the run is over: its record is written

    def kept(rec) -> bool:
        return history.mistakes.entry(format_cards(sorted(rec.hands[0], reverse=True)), "taiwan") is not None

    assert not kept(timed_out) and kept(mine)
    assert [r.loss for r in table.reviews()] == [9.0]  # the run's figures: the player's hand alone
    run = history.read("SELECT items, loss, seconds FROM drills")
    assert run == [(1, 9.0, 12.0)]
    rows = sorted(history.deals(limit=10), key=lambda r: r.id)
    assert [r.decider for r in rows] == ["timeout", "player"] and [r.mode for r in rows] == ["drill", "drill"]
    history.close()
