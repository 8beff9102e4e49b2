"""The ledger interface (rules.ledger): one kind per preset, what ends a session, how money reads."""

from __future__ import annotations

import json

import pytest

from rules.ledger import (
    ArcadeLedger,
    Currency,
    EndReason,
    MoneyStyle,
    PracticeLedger,
    TournamentLedger,
    UnitsLedger,
    new_ledger,
)
from rules.presets import Preset
from rules.session import SessionError


@pytest.mark.parametrize(
    "preset, kind, style",
    [
        (Preset.TAIWAN, UnitsLedger, MoneyStyle(Currency.UNITS, 100)),
        (Preset.SHISANSHUI, UnitsLedger, MoneyStyle(Currency.UNITS, None)),
        (Preset.TOURNAMENT, TournamentLedger, MoneyStyle(Currency.POINTS, 20)),
        (Preset.ARCADE, ArcadeLedger, MoneyStyle(Currency.COINS, 10, Currency.COINS)),
    ],
)
def test_each_preset_keeps_its_own_ledger(preset: Preset, kind: type, style: MoneyStyle) -> None:
    ledger = new_ledger(preset, 4, coins=500, stake=10)
    assert isinstance(ledger, kind)
    assert ledger.style == style and ledger.currency is style.currency
    assert ledger.seats_in_play() == (0, 1, 2, 3)
    assert ledger.end_reason(0) is None
    practice = new_ledger(preset, 4, scored=False, coins=500, stake=10)
    assert isinstance(practice, PracticeLedger)
    assert practice.currency is Currency.NONE and not practice.style.counted
    assert practice.style.unit_worth == style.unit_worth and practice.style.worth_in is style.worth_in


def test_money_style_reads_a_deal_in_points_or_coins() -> None:
    assert MoneyStyle(Currency.UNITS, 100).points_of(-3) == -300
    assert MoneyStyle(Currency.COINS, 10, Currency.COINS).points_of(2) == 20
    assert MoneyStyle(Currency.UNITS).points_of(5) is None
    assert MoneyStyle(Currency.UNITS).counted


def test_units_add_up_and_nobody_goes_out() -> None:
    ledger = UnitsLedger.new(3, 100)
    settled = ledger.settle((5, -2, -3))
    ledger = settled.after
    assert ledger.money == (5, -2, -3) and settled.changes == (5, -2, -3) and settled.eliminated == ()
    ledger = ledger.settle((-40, 20, 20)).after
    assert ledger.money == (-35, 18, 17) and not ledger.is_out(0) and ledger.end_reason(0) is None
    assert ledger.standings() == (1, 2, 0)
    with pytest.raises(SessionError, match="sum to zero"):
        ledger.settle((1, 0, 0))


def test_practice_counts_nothing() -> None:
    ledger = PracticeLedger(4)
    settled = ledger.settle((3, -3, 0, 0))
    assert settled.after == ledger and ledger.money == (0, 0, 0, 0) and settled.units == (3, -3, 0, 0)
    assert ledger.dealer is None and ledger.deals_limit is None and not ledger.round_over


def test_why_a_tournament_ends() -> None:
    ledger = TournamentLedger((20, 3100, 3100, 3100))
    settled = ledger.settle((-1, 1, 0, 0))
    assert settled.eliminated == (0,) and settled.changes == (-20, 20, 0, 0)
    assert settled.after.end_reason(0) is EndReason.ELIMINATED
    assert settled.after.end_reason(None) is None and settled.after.end_reason(1) is None
    last = TournamentLedger((3100,) * 4, deals_played=15).settle((1, -1, 0, 0)).after
    assert last.over and last.end_reason(0) is EndReason.FINISHED
    alone = TournamentLedger((3100, 20, 0, 0)).settle((1, -1, 0, 0)).after
    assert alone.end_reason(0) is EndReason.PLAYERS
    assert last.deals_limit == 16 and last.dealer == 0


def test_why_an_arcade_table_ends() -> None:
    ledger = ArcadeLedger.new(50, players=3, stake=10, rake=0.0)
    settled = ledger.settle((-6, 3, 3))
    assert settled.settlement is not None and settled.eliminated == (0,)
    assert settled.after.end_reason(0) is EndReason.BROKE
    assert settled.after.end_reason(1) is None
    two_broke = ArcadeLedger((0, 0, 90)).end_reason(2)
    assert two_broke is EndReason.PLAYERS


def test_only_arcade_has_rounds() -> None:
    ledger = ArcadeLedger.new(100, players=2, rake=0.0)
    assert ledger.round == 1 and ledger.round_change() == (0, 0)
    assert UnitsLedger.new(2).round is None and UnitsLedger.new(2).round_change() is None


def test_end_reasons_compare_as_their_old_strings() -> None:
    assert EndReason.ROUND == "round" and f"{EndReason.TIMEOUT}" == "timeout"
    assert json.dumps(EndReason.LEFT) == '"left"'


@pytest.mark.parametrize(
    "ledger",
    [
        UnitsLedger((3, -3), 100),
        UnitsLedger((0, 0, 0)),
        TournamentLedger((3100, 3000, 3200), dealer_seat=2, deals_played=1),
        ArcadeLedger((10, 20), stake=5, deals_played=2, round_start_coins=(15, 15)),
    ],
)
def test_ledgers_round_trip_through_json(ledger: UnitsLedger | TournamentLedger | ArcadeLedger) -> None:
    data = json.loads(json.dumps(ledger.to_dict()))
    assert type(ledger).from_dict(data) == ledger


def test_a_units_state_must_be_an_object_of_integers() -> None:
    for bad in ([1, -1], {"units": [1, -1], "points_per_unit": "100"}, {"units": "1 -1"}):
        with pytest.raises(SessionError):
            UnitsLedger.from_dict(bad)
    assert PracticeLedger(3).to_dict() == {"seats": 3}
