"""The coach's backlog (issue 37, item 10; issue 41, item 7): a deal of the player's stored without a verdict (the
game was killed in the moment between READY and the coach's answer, or the history is older or imported) is
priced at the next start, in a thread worker, as the table would have priced it, held while the player is at a
table; never with the coach off, never a deal the computer decided, never over a verdict already written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import app.game.backlog as backlog_module
from ai import Budget, Review
from app.game.backlog import PricingProgress, backlog, price_backlog
from app.store.database import Mode, history_path, open_history
from rules.presets import Preset
from tests.store.helpers import play_deal, play_session, table_for

from .harness import make_app, settle


def test_a_deal_without_a_verdict_is_priced_as_the_table_prices_it(tmp_path: Path) -> None:
    priced = open_history(tmp_path / "priced.sqlite3").history
    killed = open_history(tmp_path / "killed.sqlite3").history
    assert priced is not None and killed is not None
    play_session(priced, Preset.TAIWAN, 31, 3, reviews=3)  # the table's verdicts, written as they came
    play_session(killed, Preset.TAIWAN, 31, 3, reviews=0)  # the same deals, each killed before its verdict
    assert [d.verdict for d in killed.deals()] == [None] * 3 and len(backlog(killed)) == 3
    assert price_backlog(killed, Budget.QUICK) == 3
    assert backlog(killed) == []
    for mine, theirs in zip(killed.deals(), priced.deals(), strict=True):
        assert mine.verdict is not None and (mine.verdict, mine.loss) == (theirs.verdict, theirs.loss)
        got, want = killed.deal(mine.id), priced.deal(theirs.id)
        assert got is not None and want is not None
        assert Review.from_dict(got.review) == Review.from_dict(want.review)  # type: ignore[arg-type]


def test_a_written_verdict_and_the_computers_decisions_are_left_alone(tmp_path: Path) -> None:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    play_session(history, Preset.TAIWAN, 32, 2, reviews=1)
    first, second = sorted(history.deals(), key=lambda d: d.id)
    assert first.verdict is not None and second.verdict is None
    history.set_review(second.id, {"verdict": "best", "loss": 0.0}, if_unpriced=True)  # written meanwhile
    history.set_review(second.id, {"verdict": "blunder", "loss": 9.0}, if_unpriced=True)  # a late one: refused
    assert history.deal(second.id).verdict == "best"  # type: ignore[union-attr]
    watched = play_session(history, Preset.TAIWAN, 33, 1, watch=True)  # nobody's decision to price
    assert watched and backlog(history) == []
    assert price_backlog(history, Budget.QUICK) == 0


def test_pricing_stops_between_deals_once_cancelled(tmp_path: Path) -> None:
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    play_session(history, Preset.TAIWAN, 34, 3)
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 1

    assert price_backlog(history, Budget.QUICK, cancelled=cancelled) == 1
    assert len(backlog(history)) == 2


def test_pricing_waits_while_play_holds_it_and_counts_what_it_cannot_price(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 41, item 7: the pricing holds while the player sits at a table, says how far it is after each deal,
    and leaves out (and counts) a deal the coach cannot price."""
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None
    play_session(history, Preset.TAIWAN, 36, 3)
    real = backlog_module.price
    calls: list[int] = []

    def price(pending, budget):  # the second deal cannot be priced
        calls.append(pending.deal_id)
        if len(calls) == 2:
            raise ValueError("no table to price it on")
        return real(pending, budget)

    monkeypatch.setattr(backlog_module, "price", price)
    monkeypatch.setattr(backlog_module, "PAUSE", 0.0)
    held = [True, True]  # play holds the pricing twice before it starts
    told: list[PricingProgress] = []
    written = price_backlog(history, Budget.QUICK, paused=lambda: bool(held) and held.pop(), progress=told.append)
    assert written == 2 and len(calls) == 3 and not held
    assert told[0] == PricingProgress(0, 3) and told[-1] == PricingProgress(2, 3, 1) and told[-1].finished
    assert [d.deal_id for d in backlog(history)] == [calls[1]]  # left out: priced again at the next start


@pytest.mark.parametrize("coach", ["quick", "off"])
async def test_the_game_prices_its_backlog_at_start_with_the_coach_on(coach: str) -> None:
    history = open_history(history_path()).history
    assert history is not None
    table = table_for(Preset.TAIWAN, 35, None)
    assert play_deal(table, random.Random(35))
    deal = history.record_deal(None, table.current.to_dict(), Mode.TABLE)  # type: ignore[union-attr]
    history.close()
    app = make_app(menu=True, coach=coach)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = app.history.deal(deal)  # type: ignore[union-attr]
        assert row is not None and (row.verdict is not None) == (coach != "off")
