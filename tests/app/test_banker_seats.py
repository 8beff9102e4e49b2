"""The banker's rotation and the stakes at the table (rules/RULES.md §16.1): the player's own, the banker's 1
and each computer's chosen by its level against the banker's, on the deal's seed."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ai import Level
from app.config import TableConfig
from app.game.banker import STAKES, cycle_stake, deal_stakes, first_banker, next_banker
from app.game.record import DealRecord
from app.game.table import Table
from rules.presets import Preset
from tests.tiers import examples


def test_the_first_banker_is_the_seat_after_the_first() -> None:
    assert first_banker((0, 1, 2, 3)) == 1
    assert first_banker((0, 2)) == 2
    assert first_banker((0, 1, 3)) == 1


def test_the_bank_goes_round_the_table() -> None:
    seats = (0, 1, 2, 3)
    order, b = [], None
    for _ in range(8):
        b = next_banker(b, seats)
        order.append(b)
    assert order == [1, 2, 3, 0, 1, 2, 3, 0]


def test_a_fixed_bank_stays_until_its_seat_leaves() -> None:
    assert next_banker(2, (0, 1, 2, 3), moves=False) == 2
    assert next_banker(2, (0, 1, 3), moves=False) == 3


@given(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True).map(sorted), st.integers(0, 3), st.booleans())
def test_the_banker_is_always_a_seat_in_play(seats: list[int], current: int, moves: bool) -> None:
    assert next_banker(current, seats, moves) in seats


def a_deal(levels: tuple[Level, Level, Level], seed: int = 0, watch: bool = False) -> tuple[DealRecord, list[Level]]:
    """Deal 1 of a hongkong table (East banks) with computers at ``levels``, and the table's levels by seat."""
    config = TableConfig(preset=Preset.HONGKONG, seed=seed, time_limit=0, banker=True, levels=levels, watch=watch)
    table = Table(config)
    return table.start_deal(), table.seating.levels


def test_stakes_cycle() -> None:
    assert [cycle_stake(s) for s in STAKES] == [2, 3, 5, 1]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(0, 2**31 - 1), st.sampled_from(STAKES), st.lists(st.sampled_from(list(Level)), min_size=3, max_size=3)
)
def test_the_banker_stakes_1_the_player_its_own_and_a_computer_one_of_the_stakes(
    seed: int, mine: int, levels: list[Level]
) -> None:
    rec, by_seat = a_deal((levels[0], levels[1], levels[2]), seed)
    stakes = deal_stakes(rec, by_seat, mine)
    assert stakes[rec.banker] == 1 and stakes[0] == mine
    assert set(stakes) == set(rec.seats) and set(stakes.values()) <= set(STAKES)
    assert deal_stakes(rec, by_seat, mine) == stakes  # the deal's seed decides: the same every time
    banking = replace(rec, banker=0)  # the player holds the bank: its stake is the bank's 1
    assert deal_stakes(banking, by_seat, mine)[0] == 1


def test_a_stronger_computer_stakes_more_against_a_weaker_banker() -> None:
    # East (easy) banks; South (hard) against it, West (hard) too; the same seats against a hard East.
    weak = [a_deal((Level.EASY, Level.HARD, Level.HARD), seed) for seed in range(40)]
    equal = [a_deal((Level.HARD, Level.HARD, Level.HARD), seed) for seed in range(40)]
    assert all(rec.banker == 1 for rec, _ in weak + equal)
    assert {rec.stakes[2] for rec, _ in weak} == {5} and {rec.stakes[2] for rec, _ in equal} == {1}


def test_a_watched_table_stakes_every_player_by_its_level() -> None:
    rec, _ = a_deal((Level.EASY, Level.EXPERT, Level.EXPERT), watch=True)
    assert rec.human is None and rec.banker == 1
    assert rec.stakes[0] in STAKES and rec.stakes[2] == rec.stakes[3] == 5
