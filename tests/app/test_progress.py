"""The deal in progress kept with its session (:mod:`app.game.progress`): Continue deals the same deal again with
the seconds that were left, the clock is written at most once a second and not at all while it stands, and a
session ended by the player is over (Continue no longer offers it)."""

from __future__ import annotations

import random

import pytest

from app.config import TableConfig
from app.game import Phase, Table
from app.game.journal import Journal
from app.game.leaving import Leave, leave_choices
from app.game.progress import InProgress
from app.game.resume import can_continue, restore_table
from app.store.database import History, Status, open_history
from rules.ledger import EndReason
from rules.presets import Preset
from tests.clock import Clock

from .history_helpers import play_random_deal, random_decision


@pytest.fixture
def history(tmp_path) -> History:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    return h


def table_at(history: History, clock: Clock, preset: Preset = Preset.ARCADE, **kw: object) -> Table:
    cfg = TableConfig(preset=preset, options=preset.default_options, seed=kw.pop("seed", 21), time_limit=60, **kw)
    return Table(cfg, now=clock, journal=Journal(history))  # type: ignore[arg-type]


def offered(history: History):
    """What the menu's Continue offers (no other copy of the game playing)."""
    return history.resumable()


def updates(history: History) -> list[str]:
    """Record every statement the history runs from now on."""
    seen: list[str] = []
    history.db.set_trace_callback(seen.append)
    return seen


def test_continue_deals_the_deal_in_progress_again_with_the_time_left(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock)  # arcade: the treasure queue moves on when a deal is dealt
    play_random_deal(table, random.Random(1))
    table.next()
    dealt = dict(table.current.hands)
    treasure = table.totals.treasure
    clock.t += 23.4
    table.progress.tick()
    row = offered(history)
    assert row is not None and row.deals == 1
    assert InProgress.from_state(row.state) == InProgress(2, 36.6)
    again = restore_table(row, history.session_deals(row.id), history, now=clock)
    again.deal()
    assert again.number == 2 and again.current.hands == dealt and again.totals.treasure == treasure
    assert again.countdown.left() == pytest.approx(36.6)
    # The deal scored after Continue is the session's second, and nothing is left in progress.
    play_random_deal_from(again)
    stored = history.session(row.id)
    assert stored is not None and stored.deals == 2 and "progress" not in stored.state


def play_random_deal_from(table: Table) -> None:
    """Finish the deal being played at random (every seat), as :func:`play_random_deal` does from its start."""
    rng = random.Random(4)
    rec = table.current
    for seat in rec.seats:
        rec.decisions[seat] = random_decision(rec.hands[seat], rng, table.preset)
    table.score()


def test_the_clock_is_written_at_most_once_a_second_and_not_while_it_stands(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, Preset.TAIWAN)
    play_random_deal(table, random.Random(2))
    table.next()
    seen = updates(history)
    table.progress.tick()  # the new deal: written once
    assert len([s for s in seen if s.startswith("UPDATE sessions")]) == 1
    for _ in range(40):  # ten seconds of quarter-second ticks
        clock.t += 0.25
        table.progress.tick()
    writes = [s for s in seen if s.startswith("UPDATE sessions")]
    assert 9 <= len(writes) <= 11
    table.clock.hold(True)  # a dialog over the table: the clock stands, nothing is written
    before = len(seen)
    for _ in range(40):
        clock.t += 0.25
        table.progress.tick()
    assert len(seen) == before


def test_the_first_deal_left_half_played_is_offered_by_continue(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, Preset.TAIWAN)
    table.deal()
    hands = dict(table.current.hands)
    clock.t += 10
    table.progress.keep()  # back to the menu before any deal was scored
    row = offered(history)
    assert row is not None and row.deals == 0 and InProgress.from_state(row.state) == InProgress(1, 50.0)
    again = restore_table(row, [], history, now=clock)
    again.deal()
    assert again.current.hands == hands and again.countdown.left() == pytest.approx(50.0)


def test_a_session_ended_by_the_player_is_over(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, Preset.TAIWAN)
    play_random_deal(table, random.Random(3))
    table.next()
    table.progress.tick()
    table.outcome.end(EndReason.LEFT)  # End the session: its summary
    assert offered(history) is None
    assert [r[0] for r in history.read("SELECT status FROM sessions")] == [Status.OVER.value]


def test_back_to_the_menu_after_the_deal_that_ended_the_session_ends_it(history: History) -> None:
    table = table_at(history, Clock(), Preset.TOURNAMENT)
    rng = random.Random(5)
    while table.outcome.reason() is None:  # the tournament's last deal, or the player out
        play_random_deal(table, rng)
    table.progress.keep()
    assert table.phase is Phase.OVER and offered(history) is None
    assert [r[0] for r in history.read("SELECT status FROM sessions")] == [Status.OVER.value]


def test_continue_passes_over_a_session_that_cannot_be_rebuilt(history: History) -> None:
    clock = Clock()
    older = table_at(history, clock, Preset.TAIWAN, seed=1)
    play_random_deal(older, random.Random(6))
    older.progress.keep()
    newer = table_at(history, clock, Preset.TAIWAN, seed=2)
    play_random_deal(newer, random.Random(7))
    newer.progress.keep()
    assert offered(history).id == newer.journal.session  # type: ignore[union-attr]
    history.write(
        lambda db: db.execute(
            "UPDATE sessions SET state = json_set(state, '$.player_seat', 7) WHERE id = ?", (newer.journal.session,)
        )
    )  # type: ignore[union-attr]
    assert offered(history).id == newer.journal.session  # type: ignore[union-attr]  # it reads, but does not rebuild
    found = history.resumable(can_continue=can_continue(history))
    assert found is not None and found.id == older.journal.session  # type: ignore[union-attr]


def test_the_computer_finishing_a_hand_the_player_left_is_recorded_as_a_takeover(history: History) -> None:
    table = table_at(history, Clock(), Preset.TAIWAN)
    table.run(table.deal())  # the computers decide; the player has not
    table.run(table.leave())  # the computer plays the seat on, this hand too
    assert table.phase is Phase.REVEALING
    (row,) = history.session_deals(offered(history).id)  # type: ignore[union-attr]
    assert row.data["decided_by"]["0"] == "takeover" and row.human == 0


def test_the_leave_choices_put_the_one_that_keeps_everything_first(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, Preset.TAIWAN)
    assert leave_choices(table) == (Leave.MENU, Leave.COMPUTER, Leave.END, Leave.STAY)
    off = table_at(history, clock, Preset.TAIWAN, takeover=False)
    assert leave_choices(off) == (Leave.MENU, Leave.END, Leave.STAY)
    table.deal()
    table.leave()
    assert leave_choices(table) == (Leave.MENU, Leave.TAKE, Leave.END, Leave.STAY)
    assert leave_choices(table, drill=True) == leave_choices(None) == (Leave.STAY, Leave.END)


@pytest.mark.parametrize(
    "state", [{}, {"progress": 3}, {"progress": {"deal": "2"}}, {"progress": {"deal": 0}}, {"progress": {"deal": True}}]
)
def test_a_deal_in_progress_that_does_not_read_is_none(state: dict) -> None:
    assert InProgress.from_state(state) is None


def test_a_deal_left_during_the_exchange_gives_its_first_pass_the_time_that_was_left(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, Preset.TAIWAN, exchange=1)  # the pass has half the arranging time
    table.deal()
    assert table.phase is Phase.EXCHANGING and table.countdown.left() == pytest.approx(30.0)
    dealt = dict(table.current.hands)
    clock.t += 12.5
    table.progress.keep()
    row = offered(history)
    assert row is not None and InProgress.from_state(row.state) == InProgress(1, None, 17.5)
    again = restore_table(row, [], history, now=clock)
    again.deal()
    again.progress.tick()  # the first tick gives the pass its time back
    assert again.current.hands == dealt and again.countdown.left() == pytest.approx(17.5)
    assert again.progress.time_for(1, 60) == 60.0  # arranging then has its full time: none of it was used


def test_a_bad_time_left_reads_as_the_full_time() -> None:
    assert InProgress.from_state({"progress": {"deal": 2, "left": -1}}) == InProgress(2, None)
    assert InProgress.from_state({"progress": {"deal": 2, "left": float("nan")}}) == InProgress(2, None)
    assert InProgress.from_state({"progress": {"deal": 2, "left": 3, "passing": "9"}}) == InProgress(2, 3.0)
