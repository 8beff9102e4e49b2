"""Continue goes on with the deal exactly where it stood (issue 36): a pass made stays made (the cards received
stay received, the pass step is never offered again), placed cards stay placed, READY stays pressed, each phase's
clock (the pass's, the arrangement's) resumes where it stood, and the banker game's stake chosen during a deal
holds from the next deal on; after the menu, and after a kill (only the quarter-second ticks were written)."""

from __future__ import annotations

import pytest

from ai import Level, TableView, choose
from app.config import TableConfig
from app.game import Phase, Table
from app.game.journal import Journal
from app.game.progress import InProgress, Made
from app.game.resume import restore_table
from app.store.database import History, open_history
from rules.arrangement import Row
from rules.presets import Preset
from tests.clock import Clock

EASY = (Level.EASY,) * 3


@pytest.fixture
def history(tmp_path) -> History:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    return h


def table_at(history: History, clock: Clock, preset: Preset = Preset.TAIWAN, **kw: object) -> Table:
    cfg = TableConfig(
        preset=preset,
        options=preset.default_options,
        seed=kw.pop("seed", 5),
        time_limit=kw.pop("time_limit", 120),
        levels=EASY,
        **kw,
    )  # type: ignore[arg-type]
    return Table(cfg, now=clock, journal=Journal(history))


def continued(history: History, clock: Clock) -> Table:
    """What the menu's Continue deals: the stored session rebuilt, its deal in progress dealt again."""
    row = history.resumable()
    assert row is not None
    table = restore_table(row, history.session_deals(row.id), history, now=clock)
    table.deal()
    return table


def pick(table: Table, count: int = 3) -> None:
    """Select the first ``count`` cards of the hand in its shown order."""
    st = table.arrange
    assert st is not None
    for card in st.order[:count]:
        st = st.toggle_select(card)
    table.apply(st)


def place(table: Table, row: Row, count: int) -> None:
    """Place the first ``count`` loose cards into ``row``."""
    for _ in range(count):
        st = table.arrange
        assert st is not None
        st = st.move_to(st.loose[0]).toggle_select()
        table.apply(st.place(row))


@pytest.mark.parametrize("kill", [False, True], ids=["menu", "kill"])
def test_a_pass_made_while_the_others_choose_is_never_offered_again(history: History, kill: bool) -> None:
    clock = Clock()
    table = table_at(history, clock, exchange=1)
    table.deal()
    assert table.exchange.can_pick and table.countdown.left() == pytest.approx(60.0)
    clock.t += 9
    pick(table)
    given = tuple(sorted(table.arrange.selected))
    table.exchange.give()  # the computers have not chosen theirs yet
    if not kill:
        table.progress.keep()
    again = continued(history, clock)
    assert again.phase is Phase.EXCHANGING and not again.exchange.can_pick
    assert again.exchange.passes[0] == given and again.countdown.left() is None
    again.run(again.exchange.decide())  # the others pass: the round completes with the pass that was made
    assert again.phase is Phase.ARRANGING and again.current.passes[0][0] == given
    assert again.current.pass_seconds == (pytest.approx(9.0),)  # and the seconds it took
    assert not set(given) & set(again.current.hands[0])


@pytest.mark.parametrize("kill", [False, True], ids=["menu", "kill"])
def test_arranging_after_the_pass_keeps_the_hand_received_the_placed_cards_and_the_arrange_clock(
    history: History, kill: bool
) -> None:
    clock = Clock()
    table = table_at(history, clock, exchange=1)
    table.deal()
    pick(table)
    table.exchange.give()
    table.run(table.exchange.decide())  # the others pass, then arrange: only the player's seat is still open
    assert table.phase is Phase.ARRANGING
    hand, passes = dict(table.current.hands), list(table.current.passes)
    clock.t += 30
    place(table, Row.BACK, 2)
    placed = table.arrange.rows
    clock.t += 3
    table.progress.tick()  # a kill leaves only what the ticks wrote
    if not kill:
        table.progress.keep()
    again = continued(history, clock)
    rec = again.current
    assert again.phase is Phase.ARRANGING and not again.exchange.active
    assert rec.hands == hand and rec.passes == passes and again.arrange.rows == placed
    assert again.countdown.left() == pytest.approx(120 - 33, abs=1.0)  # the arrange clock, not the pass clock
    assert again.arrange.received == again.exchange.received  # what came in is still marked


def test_choosing_the_pass_resumes_the_pass_clock_and_the_second_round_keeps_the_first(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, exchange=2)
    table.deal()
    pick(table)
    table.exchange.give()
    table.run(table.exchange.decide())
    assert table.phase is Phase.EXCHANGING and len(table.current.passes) == 1 and table.exchange.can_pick
    first = dict(table.current.passes[0])
    clock.t += 22.5  # of the second pass's 60 seconds
    table.progress.keep()
    assert InProgress.from_state(history.resumable().state).passing == pytest.approx(37.5)
    again = continued(history, clock)
    assert again.current.passes == [first] and again.exchange.can_pick
    assert again.countdown.left() == pytest.approx(37.5)


def test_ready_pressed_while_the_computers_think_stands_after_continue(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock)
    table.deal()
    clock.t += 12
    st = table.arrange
    choice = choose(table.current.hands[0], TableView(Preset.TAIWAN), Level.EASY, seed=1)
    table.apply(st.with_arrangement(choice.decision.arrangement))
    table.ready()  # the computers' requests are not run: they are still thinking
    again = continued(history, clock)
    rec = again.current
    assert rec.decisions[0] == choice.decision and rec.own(0) and rec.seconds == pytest.approx(12.0)
    assert not again.can_arrange and again.countdown.left() is None
    again.run(again.decide_computers())
    assert again.phase is Phase.REVEALING and again.history[-1].decisions[0] == choice.decision


def test_a_stake_chosen_during_a_banker_deal_holds_from_the_next_deal_after_continue(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, seed=8, banker=True)
    table.deal()
    stakes = dict(table.current.stakes)
    assert table.wagers.cycle_stake() == 2  # from the next deal on
    place(table, Row.FRONT, 1)
    clock.t += 5
    table.progress.keep()
    again = continued(history, clock)
    assert again.current.stakes == stakes and again.wagers.stake == 2
    assert again.arrange.rows[Row.FRONT] == table.arrange.rows[Row.FRONT]
    assert again.countdown.left() == pytest.approx(115.0)


def test_what_was_made_reads_back_and_a_part_that_does_not_read_is_left_out() -> None:
    made = Made.from_dict(
        {
            "rounds": [{"0": "As Kd 2c", "1": "3c 4c 5c"}],
            "given": "Qs Js Ts",
            "placed": ["As", "", "Kd Kc"],
            "double": 1,
            "stake": 3,
            "taken": [0],
            "pass_seconds": [4.5],
        }
    )
    assert Made.from_dict(made.to_dict()) == made
    bad = Made.from_dict({"given": "As As Kd", "placed": ["As Ks Qs Js"], "decision": {"front": "As"}, "stake": "x"})
    assert bad == Made()
    assert Made.from_dict("junk") == Made()
    assert InProgress.from_state({"progress": {"deal": 3, "left": 10, "made": {"given": "Qs Js Ts"}}}).made.given


def test_the_computers_double_goes_back_with_the_hand_it_finished_at_the_time_out(history: History) -> None:
    # Arcade: the clock runs out, the computer finishes the hand with its own 賭倍; the player leaves before the
    # others are in. Continue keeps the double that went in with the hand.
    clock = Clock()
    table = table_at(history, clock, Preset.ARCADE, seed=11, time_limit=30)
    table.deal()
    clock.t += 31
    table.run(table.countdown.on_timeout())  # the computer completes the hand (the computers' own requests still open)
    rec = table.current
    assert rec.decided_by[0].value == "timeout" and 0 in rec.doubles
    double = rec.doubles[0]
    table.progress.keep()
    again = continued(history, clock)
    assert again.current.decisions[0] == rec.decisions[0] and again.current.doubles[0] == double


def test_a_pass_the_computer_made_after_the_player_left_stays_the_computers(history: History) -> None:
    from app.game.seat_decisions import own_passes

    clock = Clock()
    table = table_at(history, clock, exchange=1, takeover=True)
    table.deal()
    table.run(table.leave())  # the computer takes the seat and chooses its pass; the others have not yet
    assert table.current.passed_after_leaving == (0,)
    table.progress.keep()
    again = continued(history, clock)
    assert again.human == 0 and again.exchange.passes[0] == table.exchange.passes[0]
    again.run(again.exchange.decide())
    assert again.current.passed_after_leaving == (0,) and own_passes(again.current, 0) == ()


def test_a_pass_clock_that_ran_out_does_not_come_back_full(history: History) -> None:
    clock = Clock()
    table = table_at(history, clock, exchange=1)
    table.deal()
    clock.t += 61
    table.countdown.on_timeout()  # the helper is choosing the pass when the player leaves
    table.progress.keep()
    again = continued(history, clock)
    assert again.exchange.can_pick and again.countdown.left() == 0.0 and again.countdown.timed_out()
