"""Session rules (rules/RULES.md §6, §7): tournament points and elimination, dealers, coins, rounds, treasure."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import Card, parse_cards
from rules.ledger import (
    ArcadeLedger,
    Ledger,
    Settled,
    TournamentLedger,
)
from rules.presets import Preset
from rules.session import (
    DEFAULT_RAKE,
    ROUND_DEALS,
    TOURNAMENT_DEALS,
    TOURNAMENT_START_POINTS,
    VIP_RAKE,
    SessionError,
    TreasureQueue,
    cut_card,
    deal_in_round,
    ends_round,
    next_dealer,
    points_for,
    rake_on,
    round_of,
    seat_totals,
    settle_coins,
    standings,
)

L = TypeVar("L", bound=Ledger)


def card(text: str) -> Card:
    return parse_cards(text, 1)[0]


def settle(ledger: L, units: tuple[int, ...]) -> tuple[L, Settled[L]]:
    """The ledger after ``units`` and what the deal did."""
    settled = ledger.settle(units)
    return settled.after, settled


def add(queue: TreasureQueue, c: int) -> TreasureQueue:
    return queue.add(c)


# ------------------------------------------------------------------------------------------- points per unit


def test_points_per_unit_come_from_the_preset() -> None:
    assert points_for(Preset.TAIWAN, 1) == 100
    assert points_for(Preset.TAIWAN, -6) == -600
    assert points_for(Preset.TOURNAMENT, 1) == 20
    assert points_for(Preset.TOURNAMENT, 36) == 720
    assert points_for(Preset.TOURNAMENT, 0) == 0


# ------------------------------------------------------------------------------------------------ tournament


def test_new_tournament_starts_everyone_on_3100_with_seat_0_dealing() -> None:
    state = TournamentLedger.new()
    assert state.points == (3100, 3100, 3100, 3100)
    assert TOURNAMENT_START_POINTS == 3100
    assert state.dealer == 0
    assert state.deals_played == 0
    assert state.deals == TOURNAMENT_DEALS == 16
    assert state.points_per_unit == 20
    assert state.seats_in_play() == (0, 1, 2, 3)
    assert not state.over
    assert TournamentLedger.new(players=3).points == (3100,) * 3


def test_a_deal_moves_points_by_units_times_20() -> None:
    state, deal = settle(TournamentLedger.new(), (7, -1, -6, 0))
    assert state.points == (3240, 3080, 2980, 3100)
    assert deal.after.deals_played == 1
    assert deal.units == (7, -1, -6, 0)
    assert deal.changes == (140, -20, -120, 0)
    assert deal.eliminated == ()
    assert deal.after.dealer == 0  # seat 0 won the most
    assert state.deals_played == 1
    assert sum(state.points) == 4 * 3100


def test_a_player_at_zero_or_below_is_out_and_the_session_goes_on() -> None:
    state = TournamentLedger((100, 40, 3000, 3060))
    state, deal = settle(state, (-5, -2, 4, 3))  # -100 and -40: both exactly 0
    assert state.points == (0, 0, 3080, 3120)
    assert deal.eliminated == (0, 1)
    assert state.is_out(0) and state.is_out(1)
    assert not state.is_out(2) and not state.is_out(3)
    assert state.seats_in_play() == (2, 3)
    assert not state.over  # two players remain
    # Going below zero is out too; the points are kept as they are (zero-sum).
    state, deal = settle(TournamentLedger((30, 100, 100)), (-2, 1, 1))
    assert state.points == (-10, 120, 120)
    assert deal.eliminated == (0,)
    assert state.is_out(0)


def test_a_player_who_is_out_cannot_score_again() -> None:
    state = TournamentLedger((0, 1000, 1000, 1100))
    with pytest.raises(SessionError, match="seat 0 is out"):
        settle(state, (1, -1, 0, 0))
    state, deal = settle(state, (0, 6, -6, 0))
    assert state.points == (0, 1120, 880, 1100)
    assert deal.eliminated == ()  # already out before this deal


def test_the_session_ends_when_fewer_than_two_players_remain() -> None:
    state, deal = settle(TournamentLedger((3100, 60, 3100)), (3, -3, 0))
    assert not state.over
    state, deal = settle(TournamentLedger((3100, 60, 0)), (3, -3, 0))
    assert deal.eliminated == (1,)
    assert state.seats_in_play() == (0,)
    assert state.over
    with pytest.raises(SessionError, match="over"):
        settle(state, (0, 0, 0))


def test_a_session_is_16_deals() -> None:
    state = TournamentLedger.new()
    for n in range(1, 17):
        assert not state.over
        state, deal = settle(state, (1, -1, 0, 0))
        assert deal.after.deals_played == n
    assert state.deals_played == 16
    assert state.over
    assert state.points == (3100 + 16 * 20, 3100 - 16 * 20, 3100, 3100)
    with pytest.raises(SessionError, match="over"):
        settle(state, (0, 0, 0, 0))


@pytest.mark.parametrize(
    "totals, problem",
    [((1, -1, 0), "one entry per seat"), ((1, 0, 0, 0), "sum to zero"), ((1.5, -1.5, 0, 0), "integers")],
)
def test_bad_totals_are_refused(totals: tuple, problem: str) -> None:
    with pytest.raises(SessionError, match=problem):
        settle(TournamentLedger.new(), totals)


def test_seat_totals_spread_a_smaller_deal_onto_the_table() -> None:
    assert seat_totals((0, 2, 3), (6, -1, -5), 4) == (6, 0, -1, -5)
    with pytest.raises(SessionError):
        seat_totals((0, 4), (1, -1), 4)
    with pytest.raises(SessionError):
        seat_totals((0, 1), (1, -1, 0), 4)


def test_standings_most_points_first_ties_in_seat_order() -> None:
    assert standings((3100, 3300, 2900, 3300)) == (1, 3, 0, 2)


# ---------------------------------------------------------------------------------------------------- dealer


def test_the_biggest_winner_deals_next() -> None:
    state, _ = settle(TournamentLedger.new(), (-6, -1, 1, 6))
    assert state.dealer == 3
    state, deal = settle(state, (2, 1, -1, -2))
    assert state.dealer == deal.after.dealer == 0


@pytest.mark.parametrize(
    "dealer, totals, eligible, expected",
    [
        (0, (6, -6, 6, -6), (0, 1, 2, 3), 2),  # tie 0/2: seat 2 comes first after dealer 0; the dealer counts last
        (1, (6, -6, 6, -6), (0, 1, 2, 3), 2),  # after dealer 1: 2, 3, 0, 1
        (2, (6, -6, 6, -6), (0, 1, 2, 3), 0),  # after dealer 2: 3, 0, …
        (3, (6, -6, 6, -6), (0, 1, 2, 3), 0),
        (1, (0, 0, 0, 0), (0, 1, 2, 3), 2),  # nobody won: everyone ties, the next seat deals
        (3, (0, 0, 0, 0), (0, 1, 2, 3), 0),
        (0, (0, 0, 0, 0), (0, 2), 2),  # seats 1 and 3 are out and never deal
        (0, (9, -3, -3, -3), (1, 2, 3), 1),  # the biggest winner is not eligible: best of the rest, tie → seat 1
        (2, (9, -3, -3, -3), (), 2),  # nobody eligible: unchanged
    ],
)
def test_next_dealer_ties_and_ineligible_seats(
    dealer: int, totals: tuple[int, ...], eligible: tuple[int, ...], expected: int
) -> None:
    assert next_dealer(dealer, totals, eligible) == expected


def test_a_tie_for_biggest_winner_goes_to_the_tied_seat_nearest_after_the_dealer() -> None:
    state = TournamentLedger((3100,) * 4, dealer_seat=2)
    state, _ = settle(state, (3, 3, -3, -3))  # 0 and 1 tie; after 2 come 3, 0, 1
    assert state.dealer == 0
    state, _ = settle(state, (3, 3, -3, -3))  # same tie, dealer 0 now: after 0 comes 1
    assert state.dealer == 1
    state, _ = settle(state, (3, 3, -3, -3))  # dealer 1 is tied but counts last
    assert state.dealer == 0


def test_players_who_are_out_never_deal() -> None:
    # Seat 1 is out; the deal is all ties among the others: after dealer 0 comes 1 (out), so seat 2.
    state = TournamentLedger((3100, 0, 3100, 3100), dealer_seat=0)
    state, _ = settle(state, (0, 0, 0, 0))
    assert state.dealer == 2
    # The dealer goes out in this deal; the winner among the rest deals.
    state = TournamentLedger((3100, 3100, 40, 3100), dealer_seat=2)
    state, deal = settle(state, (0, 0, -2, 2))
    assert deal.eliminated == (2,)
    assert state.dealer == 3
    # The winner of a deal stays in, so a seat that went out in it is never the next dealer, even on a tie.
    state = TournamentLedger((20, 3100, 3100, 3100), dealer_seat=3)
    state, deal = settle(state, (-1, 0, 1, 0))
    assert deal.eliminated == (0,) and state.dealer == 2


def test_tournament_state_round_trips_through_json() -> None:
    state, _ = settle(TournamentLedger.new(), (6, -6, 1, -1))
    data = json.loads(json.dumps(state.to_dict()))
    assert data == {
        "points": [3220, 2980, 3120, 3080],
        "dealer": 0,
        "deals_played": 1,
        "deals": 16,
        "points_per_unit": 20,
    }
    assert TournamentLedger.from_dict(data) == state
    with pytest.raises(FrozenInstanceError):
        state.points = (0, 0, 0, 0)  # type: ignore[misc]


@pytest.mark.parametrize(
    "data",
    [
        [3100, 3100],
        {"points": [3100]},
        {"points": "3100 3100"},
        {"points": [3100, 3100], "dealer": 2},
        {"points": [3100, 3100], "dealer": True},
        {"points": [3100, 3100], "deals_played": 17},
    ],
)
def test_bad_tournament_states_are_refused(data: object) -> None:
    with pytest.raises(SessionError):
        TournamentLedger.from_dict(data)


# ---------------------------------------------------------------------------------------------------- coins


def test_settlement_pays_units_times_stake_and_rakes_the_winners() -> None:
    s = settle_coins((1000, 1000, 1000, 1000), (8, -2, 1, -7), stake=10)
    assert [x.due for x in s.seats] == [80, -20, 10, -70]
    assert [x.paid for x in s.seats] == [0, 20, 0, 70]
    assert [x.received for x in s.seats] == [80, 0, 10, 0]
    assert [x.rake for x in s.seats] == [12, 0, 1, 0]  # 15% of 80; 15% of 10 = 1.5, rounded down
    assert s.coins_after == (1068, 980, 1009, 930)
    assert s.total_rake == 13
    assert [x.net for x in s.seats] == [68, -20, 9, -70]
    assert all(x.shortfall == 0 for x in s.seats)
    assert s.stake == 10 and s.rake_rate == DEFAULT_RAKE == 0.15


@pytest.mark.parametrize(
    "received, rate, rake",
    [
        (100, 0.15, 15),
        (99, 0.15, 14),  # 14.85 → 14
        (6, 0.15, 0),  # 0.9 → 0: the house never takes part of a coin
        (7, 0.15, 1),  # 1.05 → 1
        (100, VIP_RAKE, 10),
        (19, 0.10, 1),
        (100, 0.29, 29),  # exact decimal arithmetic, not 28.999…
        (100, 0.57, 57),
        (1000, 0.07, 70),
        (55, 0.0, 0),
        (55, 1.0, 55),
        (0, 0.15, 0),
    ],
)
def test_rake_rounds_down_to_whole_coins(received: int, rate: float, rake: int) -> None:
    assert rake_on(received, rate) == rake


def test_vip_rake() -> None:
    s = settle_coins((500, 500), (5, -5), stake=20, rate=VIP_RAKE)
    assert [x.rake for x in s.seats] == [10, 0]
    assert s.coins_after == (590, 400)


def test_overdraft_pays_the_biggest_winner_first_then_the_next() -> None:
    # Seat 3 owes 90 but holds 25; seat 2 owes 10 and pays. 35 comes in: the biggest winner (seat 0, 60)
    # takes it all; seat 1 (40) gets nothing.
    s = settle_coins((100, 100, 100, 25), (6, 4, -1, -9), stake=10, rate=0.0)
    assert [x.paid for x in s.seats] == [0, 0, 10, 25]
    assert [x.received for x in s.seats] == [35, 0, 0, 0]
    assert [x.shortfall for x in s.seats] == [25, 40, 0, 65]
    assert s.coins_after == (135, 100, 90, 0)
    # More comes in: the first winner is paid in full, the next gets the rest.
    s = settle_coins((100, 100, 100, 70), (6, 4, -1, -9), stake=10, rate=0.0)
    assert [x.received for x in s.seats] == [60, 20, 0, 0]
    assert s.coins_after == (160, 120, 90, 0)


def test_overdraft_rake_is_on_what_actually_came_in() -> None:
    s = settle_coins((200, 30, 0, 0), (4, -4, 0, 0), stake=20)  # owes 80, has 30
    assert [x.received for x in s.seats] == [30, 0, 0, 0]
    assert [x.rake for x in s.seats] == [4, 0, 0, 0]  # 15% of 30 = 4.5 → 4
    assert s.coins_after == (226, 0, 0, 0)


def test_overdraft_equal_winners_share_odd_coins_in_seat_order() -> None:
    s = settle_coins((100, 100, 100, 7), (3, 3, 0, -6), stake=10, rate=0.0)
    assert [x.received for x in s.seats] == [4, 3, 0, 0]
    s = settle_coins((100, 7, 100, 100), (3, -6, 0, 3), stake=10, rate=0.0)
    assert [x.received for x in s.seats] == [4, 0, 0, 3]


def test_a_broke_player_cannot_continue() -> None:
    state = ArcadeLedger.new(50, players=3, stake=10)
    state, s = settle(state, (-6, 6, 0))
    assert s.settlement is not None and s.settlement.seats[0].paid == 50 and state.coins[0] == 0
    assert state.is_out(0)
    assert state.seats_in_play() == (1, 2)
    with pytest.raises(SessionError, match="out of the session"):
        settle(state, (1, -1, 0))
    state, _ = settle(state, (0, 1, -1))
    assert state.coins[0] == 0


@pytest.mark.parametrize(
    "coins, units, stake, rate",
    [
        ((10, 10), (1, -1), 0, 0.15),
        ((10, 10), (1, -1), 1, 1.5),
        ((10, 10), (1, -1), 1, -0.1),
        ((10, -1), (1, -1), 1, 0.15),
        ((10, 10), (1, 0), 1, 0.15),
        ((10, 10), (1, -1, 0), 1, 0.15),
        ((10,), (0,), 1, 0.15),
    ],
)
def test_bad_settlements_are_refused(coins: tuple, units: tuple, stake: int, rate: float) -> None:
    with pytest.raises(SessionError):
        settle_coins(coins, units, stake, rate)


def test_settlement_to_dict_is_json() -> None:
    s = settle_coins((100, 100), (2, -2), stake=5)
    data = json.loads(json.dumps(s.to_dict()))
    assert data["total_rake"] == 1
    assert data["seats"][0] == {
        "seat": 0,
        "units": 2,
        "due": 10,
        "paid": 0,
        "received": 10,
        "rake": 1,
        "coins_before": 100,
        "coins_after": 109,
    }


@st.composite
def tables(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], int, float]:
    n = draw(st.integers(2, 4))
    coins = tuple(draw(st.lists(st.integers(0, 2_000), min_size=n, max_size=n)))
    head = draw(st.lists(st.integers(-60, 60), min_size=n - 1, max_size=n - 1))
    units = (*head, -sum(head))
    stake = draw(st.integers(1, 50))
    rate = draw(st.sampled_from([0.0, 0.1, 0.15, 0.2, 0.29, 0.5, 1.0]) | st.floats(0.0, 1.0))
    return coins, units, stake, rate


@given(tables())
def test_property_coins_are_moved_never_created(table: tuple) -> None:
    coins, units, stake, rate = table
    s = settle_coins(coins, units, stake, rate)
    assert sum(s.coins_after) == sum(coins) - s.total_rake
    assert sum(x.paid for x in s.seats) == sum(x.received for x in s.seats)
    for x in s.seats:
        assert x.coins_after >= 0
        assert x.coins_before == coins[x.seat]
        assert x.coins_after == x.coins_before - x.paid + x.received - x.rake
        assert 0 <= x.received <= max(x.due, 0)  # a winner never receives more than its win
        assert 0 <= x.paid <= min(max(-x.due, 0), x.coins_before)
        assert x.rake == rake_on(x.received, rate) <= x.received
        if x.due < 0:
            assert x.paid == min(-x.due, x.coins_before)  # a loser pays all it owes, or all it has


@given(tables())
def test_property_overdraft_pays_bigger_wins_first(table: tuple) -> None:
    coins, units, stake, rate = table
    s = settle_coins(coins, units, stake, rate)
    winners = [x for x in s.seats if x.due > 0]
    for a in winners:
        for b in winners:
            if a.due > b.due and b.received > 0:
                assert a.received == a.due  # nobody smaller is paid before a bigger win is covered
            if a.due == b.due:
                assert abs(a.received - b.received) <= 1
    if all(x.paid == -x.due for x in s.seats if x.due < 0):
        assert all(x.received == x.due for x in winners)  # everybody covered: every win paid in full


@given(tables())
def test_property_settlement_without_rake_is_zero_sum(table: tuple) -> None:
    extra, units, stake, _ = table
    coins = tuple(e + abs(u) * stake for e, u in zip(extra, units, strict=True))  # everyone can cover
    s = settle_coins(coins, units, stake, 0.0)
    assert [x.net for x in s.seats] == [u * stake for u in units]


# ---------------------------------------------------------------------------------------------------- rounds


@pytest.mark.parametrize(
    "deal, rnd, pos, last",
    [(1, 1, 1, False), (5, 1, 5, False), (6, 1, 6, True), (7, 2, 1, False), (12, 2, 6, True), (13, 3, 1, False)],
)
def test_round_boundaries(deal: int, rnd: int, pos: int, last: bool) -> None:
    assert ROUND_DEALS == 6
    assert round_of(deal) == rnd
    assert deal_in_round(deal) == pos
    assert ends_round(deal) is last


def test_round_helpers_refuse_deal_zero() -> None:
    for helper in (round_of, deal_in_round, ends_round):
        with pytest.raises(SessionError):
            helper(0)


def test_arcade_state_tracks_rounds_and_the_round_summary() -> None:
    state = ArcadeLedger.new(1000, stake=10, rake=0.0)
    assert state.round == 1 and not state.round_over
    for n in range(1, 7):
        state, _ = settle(state, (1, -1, 0, 0))
        assert state.deals_played == n
        assert state.round_over is (n == 6)
        assert state.round == 1
    assert state.round_change() == (60, -60, 0, 0)
    state, _ = settle(state, (0, 0, 2, -2))  # the first deal of round 2
    assert state.round == 2 and not state.round_over
    assert state.round_start_coins == (1060, 940, 1000, 1000)
    assert state.round_change() == (0, 0, 20, -20)


def test_arcade_state_round_trips_through_json() -> None:
    state = ArcadeLedger.new([500, 600, 700], stake=5, rake=VIP_RAKE)
    state, _ = settle(state, (3, -2, -1))
    data = json.loads(json.dumps(state.to_dict()))
    assert data == {
        "coins": [514, 590, 695],
        "stake": 5,
        "rake": 0.1,
        "deals_played": 1,
        "round_start_coins": [500, 600, 700],
    }
    assert ArcadeLedger.from_dict(data) == state
    assert ArcadeLedger.from_dict({"coins": [5, 5]}) == ArcadeLedger.new(5, players=2)


@pytest.mark.parametrize(
    "data",
    [
        {"coins": [5]},
        {"coins": [5, -1]},
        {"coins": [5, 5], "stake": 0},
        {"coins": [5, 5], "rake": 2},
        {"coins": [5, 5], "rake": "0.15"},
        {"coins": [5, 5], "round_start_coins": [5]},
        "coins",
    ],
)
def test_bad_arcade_states_are_refused(data: object) -> None:
    with pytest.raises(SessionError):
        ArcadeLedger.from_dict(data)


# -------------------------------------------------------------------------------------------------- treasure


def test_treasure_cards_accumulate_to_four_and_the_fifth_replaces_the_oldest() -> None:
    q = TreasureQueue()
    for text in ("As", "Kd", "7c", "2h"):
        q = add(q, card(text))
    assert q.to_dict() == ["As", "Kd", "7c", "2h"]
    q = add(q, card("Th"))
    assert q.to_dict() == ["Kd", "7c", "2h", "Th"]
    q = add(q, card("3s"))
    assert q.to_dict() == ["7c", "2h", "Th", "3s"]


def test_a_card_already_in_the_queue_moves_to_the_newest_place() -> None:
    q = TreasureQueue.from_dict(["As", "Kd", "7c"])
    q = add(q, card("As"))
    assert q.to_dict() == ["Kd", "7c", "As"]
    full = TreasureQueue.from_dict(["As", "Kd", "7c", "2h"])
    assert add(full, card("Kd")).to_dict() == ["As", "7c", "2h", "Kd"]  # nothing dropped
    assert add(full, card("2h")) == full


def test_treasure_queue_accepts_text_and_card_ids() -> None:
    q = add(add(TreasureQueue(), 51), card("2d"))
    assert q.cards == (Card(51), Card(0))
    assert TreasureQueue.from_dict(q.to_dict()) == q
    with pytest.raises(SessionError):
        add(q, 53)
    with pytest.raises(SessionError, match="joker"):
        add(q, 52)
    with pytest.raises(SessionError, match="joker"):
        add(q, "JK")
    with pytest.raises(SessionError):
        TreasureQueue.from_dict(["As", "Ks", "Qs", "Js", "Ts"])


def test_cut_card_is_reproducible_from_the_seed() -> None:
    assert cut_card(7) == cut_card(7)
    assert len({cut_card(seed) for seed in range(200)}) > 40


@given(st.lists(st.integers(0, 51), max_size=40))
def test_property_treasure_queue_is_the_last_four_distinct_cards(cuts: list[int]) -> None:
    q = TreasureQueue()
    for c in cuts:
        q = add(q, c)
        assert len(q.cards) <= 4
        assert len(set(q.cards)) == len(q.cards)
        assert q.cards[-1] == c
    expected: list[int] = []
    for c in reversed(cuts):
        if c not in expected:
            expected.append(c)
    assert list(q.cards) == list(reversed(expected[:4]))
