"""The banker's rotation and the stakes at the table (rules/RULES.md §16.1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.game.banker import STAKES, cycle_stake, deal_stakes, first_banker, next_banker


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


def test_stakes_cycle_and_only_the_player_stakes_more_than_one() -> None:
    assert [cycle_stake(s) for s in STAKES] == [2, 3, 5, 1]
    assert deal_stakes((0, 1, 2, 3), banker=2, human=0, human_stake=5) == (5, 1, 1, 1)
    assert deal_stakes((0, 1, 2, 3), banker=0, human=0, human_stake=5) == (1, 1, 1, 1)
