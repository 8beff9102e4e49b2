"""After 換三張 a seat knows where the cards it passed went (TableView.held, rules/RULES.md §21), and
`expert` and the coach imagine only opponents that hold them; without an exchange nothing changes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import ai.expert
from ai import Level, TableView, choose
from ai.bank import load_bank
from ai.coach import review
from ai.unseen import bank_constraints, deal_unseen
from rules.cards import JOKER_ID, Card, deal, parse_cards
from rules.deal import Decision
from rules.presets import Options, Preset

PERMS = list(itertools.permutations(range(4)))


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _setup() -> tuple[tuple[Card, ...], tuple[Card, ...], TableView]:
    hands = deal(41, 4)
    ours, theirs = hands[0], hands[3]
    view = TableView(preset=Preset.TAIWAN, seat=0, held=((3, theirs[:3]),))
    return ours, theirs[:3], view


def test_without_known_cards_the_deal_is_the_old_permutation() -> None:
    unseen = TableView().unseen(deal(5, 4)[0])
    a = deal_unseen(unseen, [1, 2, 3], TableView(), np.random.default_rng(9))
    b = np.random.default_rng(9).permutation(unseen)[:39].reshape(3, 13)
    assert (a == b).all()


def test_known_cards_are_dealt_to_their_seat_and_nowhere_else() -> None:
    ours, known, view = _setup()
    unseen = view.unseen(ours)
    rng = np.random.default_rng(2)
    for _ in range(50):
        hands = deal_unseen(unseen, [1, 2, 3], view, rng)
        assert sorted(hands.ravel().tolist()) == sorted(set(hands.ravel().tolist()))  # no card twice
        assert set(int(c) for c in known) <= set(hands[2].tolist())
        assert not set(hands.ravel().tolist()) & {int(c) for c in ours}


def test_bank_constraints_keep_the_joker_out_and_others_known_cards_away() -> None:
    view = TableView(held=((1, _cards("2c 3c JK")), (2, _cards("4d"))))
    got = bank_constraints(view, [10, 11], [1, 2, 3])
    assert got[0] == ([10, 11, int(parse_cards("4d")[0])], [int(parse_cards("2c")[0]), int(parse_cards("3c")[0])])
    assert JOKER_ID not in got[0][0] + got[0][1]
    assert got[2][1] == []


def test_relabellings_holding_counts_exactly_the_suit_relabellings_that_hold_the_cards() -> None:
    bank = load_bank(Preset.TAIWAN)
    assert bank is not None
    ours, known, _ = _setup()
    rows = np.arange(0, len(bank), 997)[:60]
    plain = bank.relabellings(ours)[rows]
    held = bank.relabellings(ours, known)[rows]
    assert (held <= plain).all()
    assert (bank.relabellings(ours, ())[rows] == plain).all()
    for r, want in zip(rows, held, strict=True):
        hand = [int(c) for c in bank.cards[r]]
        count = sum(
            1
            for p in PERMS
            if not ({(c & ~3) | p[c & 3] for c in hand} & {int(c) for c in ours})
            and {int(c) for c in known} <= {(c & ~3) | p[c & 3] for c in hand}
        )
        assert count == want


def test_experts_bank_draws_for_a_seat_hold_what_we_passed_it() -> None:
    bank = load_bank(Preset.TAIWAN)
    assert bank is not None
    ours, known, view = _setup()
    seating = ai.expert._known_seating(bank, [int(c) for c in ours], view, np.random.default_rng(0), None)
    assert seating.shape[1] == 3
    weights = bank.relabellings(ours, known)
    assert (weights[seating[:, 2]] > 0).all()  # every hand drawn for seat 3 can hold the three cards
    assert len(np.unique(seating[:, 2])) > 100  # and there are many of them


def test_expert_draws_its_bank_opponents_by_what_it_knows_and_only_then(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[TableView] = []
    real = ai.expert._known_seating

    def spy(bank, cards, view, rng, tables):  # type: ignore[no-untyped-def]
        calls.append(view)
        return real(bank, cards, view, rng, tables)

    monkeypatch.setattr(ai.expert, "_known_seating", spy)
    ours, known, view = _setup()
    choose(ours, TableView(), Level.EXPERT, seed=1)
    assert calls == []  # nothing passed: the old draw
    choose(ours, view, Level.EXPERT, seed=1)
    assert len(calls) == 1 and calls[0].held_by(3) == known


def test_at_three_players_every_imagined_table_deals_the_known_cards_to_their_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = deal(77, 3)
    known = hands[2][:3]
    view = TableView(preset=Preset.TAIWAN, players=3, seat=0, held=((2, known),))
    dealt: list[np.ndarray] = []
    real = ai.expert.deal_unseen

    def spy(unseen, seats, v, rng):  # type: ignore[no-untyped-def]
        out = real(unseen, seats, v, rng)
        dealt.append((list(seats), out))
        return out

    monkeypatch.setattr(ai.expert, "deal_unseen", spy)
    choose(hands[0], view, Level.EXPERT, seed=2)
    assert dealt
    for seats, out in dealt:
        assert set(int(c) for c in known) <= set(out[seats.index(2)].tolist())
        assert not set(int(c) for c in known) & set(out[seats.index(1)].tolist())


@pytest.mark.parametrize("players", [3, 4])
def test_expert_with_known_cards_plays_a_legal_deterministic_hand(players: int) -> None:
    hands = deal(77, players)
    view = TableView(preset=Preset.TAIWAN, players=players, seat=0, held=((1, hands[1][:3]),))
    a = choose(hands[0], view, Level.EXPERT, seed=4)
    b = choose(hands[0], view, Level.EXPERT, seed=4)
    assert a.decision == b.decision
    assert sorted(a.decision.cards) == sorted(hands[0])


def test_the_coach_prices_with_the_known_cards() -> None:
    hands = deal(19, 4)
    view = TableView(preset=Preset.TAIWAN, seat=0, held=((3, hands[3][:3]),))
    played = choose(hands[0], view, Level.HARD).decision
    assert isinstance(played, Decision)
    got = review(hands[0], played, view, tables=40, seed=1)
    assert got.tables == 40 * 16 // 2  # whole tables from the bank: half its hands-per-table budget
    assert got.loss >= 0.0 and got.best.ev >= got.played.ev - 1e-9


def test_the_coachs_relabelled_draws_can_be_made_to_hold_given_cards() -> None:
    bank = load_bank(Preset.TAIWAN)
    assert bank is not None
    ours, known, _ = _setup()
    entries, moved = bank.relabelled(ours, np.random.default_rng(3), limit=5000, holding=known)
    assert 200 < len(entries) < 5000
    mine, need = {int(c) for c in ours}, {int(c) for c in known}
    for hand in moved:
        cards = {int(c) for c in hand}
        assert need <= cards and not cards & mine and len(cards) == 13
    assert (bank.relabelled_rows(entries, moved).keys == bank.keys[entries]).all()  # played as hard plays them


def test_the_joker_table_with_known_cards() -> None:
    options = Options.for_preset(Preset.TAIWAN, {"joker": True})
    hands = deal(5, 4, joker=True)
    who = next(i for i, h in enumerate(hands) if JOKER_ID in [int(c) for c in h])
    seat = (who + 1) % 4
    view = TableView(preset=Preset.TAIWAN, options=options, seat=seat, held=((who, (Card(JOKER_ID),)),))
    choice = choose(hands[seat], view, Level.EXPERT, seed=1)
    assert sorted(choice.decision.cards) == sorted(hands[seat])


def test_the_arena_tells_each_seat_where_its_pass_went(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.arena
    from ai.bots import LevelPlayer

    seen: list[tuple[tuple[Card, ...], TableView]] = []

    class Watching(LevelPlayer):
        def decide(self, hand, view, seed):  # type: ignore[no-untyped-def]
            seen.append((tuple(hand), view))
            return super().decide(hand, view, seed)

    monkeypatch.setitem(ai.arena.PLAYERS, "watching", lambda preset: Watching(Level.EASY))
    ai.arena.run_arena(["watching", "easy"], 1, seed=3, exchange=1)
    assert len(seen) == 4  # two rotations, two seats each
    for hand, view in seen:
        ((target, cards),) = view.held
        assert target == (view.seat - 1) % 4 and len(cards) == 3 and not set(cards) & set(hand)
    seen.clear()
    ai.arena.run_arena(["watching", "easy"], 1, seed=3)
    assert seen and all(view.held == () for _, view in seen)  # without passing nothing is known
