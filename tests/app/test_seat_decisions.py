"""A seat's decisions in a deal as one model (:mod:`app.game.seat_decisions`, issue 36): in the order the deal
asked for them, each with who made it and the seconds the player took; the coach prices the player's own passes
only; the model reads the same from a record stored and read back."""

from __future__ import annotations

import pytest

from ai import Level
from app.config import TableConfig
from app.game import Phase, Table
from app.game.record import DealRecord, Decider
from app.game.seat_decisions import DecisionKind, decisions_of, finisher, own_passes
from rules.arrangement import stand_in
from rules.deal import Decision
from rules.presets import Preset
from tests.clock import Clock

EASY = (Level.EASY,) * 3


def table(clock: Clock, preset: Preset = Preset.TAIWAN, **kw: object) -> Table:
    cfg = TableConfig(
        preset=preset, options=preset.default_options, seed=kw.pop("seed", 9), time_limit=60, levels=EASY, **kw
    )  # type: ignore[arg-type]
    return Table(cfg, now=clock)


def pick_and_pass(t: Table) -> None:
    st = t.arrange
    for card in st.order[:3]:
        st = st.toggle_select(card)
    t.apply(st)
    t.exchange.give()
    t.run(t.exchange.decide())


def test_a_deal_of_two_passes_one_timed_out_reads_in_order_with_who_and_the_seconds() -> None:
    clock = Clock()
    t = table(clock, exchange=2)
    t.deal()
    clock.t += 7.5  # of the pass's 30 seconds
    pick_and_pass(t)
    assert t.phase is Phase.EXCHANGING and t.exchange.can_pick
    clock.t += 30  # the second pass's clock runs out: the computer chooses it
    t.run(t.countdown.on_timeout())
    t.run(t.exchange.decide())  # the others pass the second round too
    assert t.phase is Phase.ARRANGING
    clock.t += 20
    t.apply(t.arrange.with_arrangement(stand_in(t.current.hands[0])))
    t.ready()
    rec = t.current
    made = decisions_of(rec, 0)
    assert [d.kind for d in made] == [DecisionKind.PASS, DecisionKind.PASS, DecisionKind.ARRANGE]
    assert [d.who for d in made] == [Decider.PLAYER, Decider.TIMEOUT, Decider.PLAYER]
    assert made[0].seconds == pytest.approx(7.5) and made[1].seconds is None
    assert made[2].seconds == pytest.approx(20.0)
    assert [d.round for d in own_passes(rec, 0)] == [0]  # the coach never prices the clock's pass
    assert finisher(rec) is None
    again = DealRecord.from_dict(rec.to_dict())
    assert decisions_of(again, 0) == made


def test_a_pass_chosen_after_the_player_left_is_the_computers_and_not_priced() -> None:
    clock = Clock()
    t = table(clock, exchange=1, seed=4)
    t.deal()
    t.run(t.leave())  # the computer takes the seat over during the exchange
    t.run(t.exchange.decide())
    t.run(t.decide_computers())
    rec = t.history[-1]
    made = decisions_of(rec, 0)
    assert [(d.kind, d.who) for d in made] == [
        (DecisionKind.PASS, Decider.TAKEOVER),
        (DecisionKind.ARRANGE, Decider.TAKEOVER),
    ]
    assert own_passes(rec, 0) == () and finisher(rec) is Decider.TAKEOVER
    assert decisions_of(DealRecord.from_dict(rec.to_dict()), 0) == made


def test_a_banker_deal_starts_with_the_stake_and_an_arcade_deal_ends_with_the_double() -> None:
    clock = Clock()
    t = table(clock, banker=True, player_stake=3)
    t.run(t.deal())
    t.apply(t.arrange.with_arrangement(stand_in(t.current.hands[0])))
    t.run(t.ready())
    kinds = [(d.kind, d.stake) for d in decisions_of(t.history[-1], 0)]
    assert kinds[0] == (DecisionKind.STAKE, 3) and kinds[-1][0] in (DecisionKind.ARRANGE, DecisionKind.DECLARE)

    t = table(Clock(), Preset.ARCADE, seed=2)
    t.run(t.deal())
    t.wagers.cycle_double()
    target = t.wagers.double
    t.apply(t.arrange.with_arrangement(stand_in(t.current.hands[0])))
    t.run(t.ready())
    made = decisions_of(t.history[-1], 0)
    assert made[-1].kind is DecisionKind.DOUBLE and made[-1].target == target and made[-1].who is Decider.PLAYER
    assert isinstance(made[-2].decision, Decision)


def test_a_pass_made_after_a_dialog_counts_only_the_clock_that_ran() -> None:
    clock = Clock()
    t = table(clock, exchange=1)
    t.deal()
    clock.t += 5
    t.clock.hold(True)  # a dialog over the table for 20 seconds
    clock.t += 20
    t.clock.hold(False)
    clock.t += 3
    pick_and_pass(t)
    assert t.current.pass_seconds == (pytest.approx(8.0),)


def test_a_retry_of_a_deal_with_passes_has_the_coach_price_them_again() -> None:
    from app.game.replay import OneDeal

    t = table(Clock(), exchange=1)
    t.deal()
    pick_and_pass(t)
    t.apply(t.arrange.with_arrangement(stand_in(t.current.hands[0])))
    t.ready()
    t.run(t.decide_computers())
    stored = DealRecord.from_dict(t.history[-1].to_dict())
    retry = OneDeal(stored, retry=True)
    step = retry.deal()
    assert step.coach_passes == 0 and retry.current.pass_seconds == stored.pass_seconds
    assert [d.who for d in decisions_of(retry.current, 0) if d.kind is DecisionKind.PASS] == [Decider.PLAYER]
