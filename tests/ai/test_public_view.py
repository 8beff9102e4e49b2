"""The AI sees only what a player at the table sees: its own 13 cards and public information.

Structural checks (what TableView can hold, what choose accepts) and a behavioural one: the same hand with the
same public view gets the same decision whatever the other seats were dealt.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing

import numpy as np
import pytest

import ai.expert
from ai import Level, TableView, choose
from ai.bots import LevelPlayer
from ai.estimate import quick_decision
from rules.cards import Card
from rules.presets import Options, Preset
from tests.tiers import sized

# Types a public field may be built from. Card is allowed only where the treasure cards on show live.
PUBLIC_LEAVES = {Preset, Options, int, str, bool, float, type(None)}


def _leaves(tp: object) -> set[object]:
    origin = typing.get_origin(tp)
    if origin is None:
        return {tp}
    out: set[object] = set()
    for arg in typing.get_args(tp):
        if arg is not Ellipsis:
            out |= _leaves(arg)
    assert origin in (tuple, typing.Union, types.UnionType), f"unexpected container {origin}"
    return out


def test_table_view_holds_public_information_only() -> None:
    assert dataclasses.is_dataclass(TableView)
    assert TableView.__dataclass_params__.frozen  # type: ignore[attr-defined]
    hints = typing.get_type_hints(TableView)
    fields = {f.name for f in dataclasses.fields(TableView)}
    card_fields = {name for name in fields if Card in _leaves(hints[name])}
    # The treasure cards on show, the card turned up for the joker (shown to everyone, RULES.md §20.2), and
    # the cards this seat itself passed in 換三張 (§21: what it gave, never what another seat holds unseen;
    # tests/app/test_exchange_table.py and tests/ai/test_known_cards.py check where they come from).
    assert card_fields == {"treasure", "turned", "held"}, "only the cards on show or our own passes may be cards"
    for name in fields - {"treasure", "turned", "held"}:
        assert _leaves(hints[name]) <= PUBLIC_LEAVES, (name, hints[name])
    assert _leaves(hints["treasure"]) == {Card}
    assert _leaves(hints["turned"]) <= {Card, type(None)}
    # Nothing else hangs off an instance either (no __dict__ extras, no slots with hidden state).
    view = TableView()
    assert set(vars(view)) == fields


def test_choose_takes_only_its_hand_the_view_and_settings() -> None:
    sig = inspect.signature(choose)
    params = list(sig.parameters.values())
    assert [p.name for p in params[:3]] == ["hand", "view", "level"]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params[:3])
    rest = params[3:]
    assert {p.name for p in rest} == {"seed", "fixed", "top", "samples", "distinct"}
    assert all(p.kind is p.KEYWORD_ONLY for p in rest)
    assert not any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params)
    hints = typing.get_type_hints(choose)
    for name in ("seed", "top"):
        assert hints[name] is int
    # The arena's players decide from the same three things.
    assert list(inspect.signature(LevelPlayer.decide).parameters) == ["self", "hand", "view", "seed"]
    assert list(inspect.signature(quick_decision).parameters) == ["hand", "view", "level", "model"]


def _deals_sharing_a_hand(hand: tuple[Card, ...], count: int) -> list[list[tuple[Card, ...]]]:
    rest = [c for c in range(52) if c not in hand]
    out = []
    for seed in range(count):
        perm = np.random.default_rng(seed).permutation(rest)
        others = [tuple(sorted(Card(int(c)) for c in perm[13 * i : 13 * i + 13])) for i in range(3)]
        out.append([hand, *others])
    return out


# A day: one preset of each way a play is priced (the taiwan family's pair bonuses, arcade's treasure and
# doubles, the rows priced one by one, the ladder's nothing to arrange); every preset in the soak tier.
DAILY = {Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI, Preset.LADDER}
PRESETS = [p if p in DAILY else pytest.param(p, marks=pytest.mark.soak) for p in Preset]


@pytest.mark.parametrize("preset", PRESETS)
@sized("deals", 2, 3)  # two deals already give seat 0 two sets of other hands around the same one
def test_a_decision_does_not_depend_on_the_other_hands(preset: Preset, deals: int) -> None:
    hand = tuple(sorted(Card(c) for c in np.random.default_rng(3).permutation(52)[:13]))
    view = TableView(preset=preset, seat=0)
    for level in Level:
        seen = set()
        for hands in _deals_sharing_a_hand(hand, deals):
            # Play the whole table in seat order, as the arena does, so any state leaking between the seats'
            # decisions would show up as a different decision for seat 0 (before or after the others).
            first = choose(hands[0], view, level, seed=4, samples=2)
            for s in (1, 2, 3):
                choose(hands[s], TableView(preset=preset, seat=s), level, seed=4, samples=2)
            again = choose(hands[0], view, level, seed=4, samples=2)
            assert first == again
            seen.add((first.decision, first.ev, first.alternatives))
        assert len(seen) == 1


def test_expert_imagines_opponents_from_the_unseen_cards_only(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = tuple(sorted(Card(c) for c in range(0, 52, 4)))  # 2d 3d … Ad
    imagined: list[tuple[int, ...]] = []
    real = ai.expert.imagine

    def spy(hands, view, *args, **kwargs):
        imagined.extend(tuple(int(c) for c in h) for h in np.asarray(hands))
        return real(hands, view, *args, **kwargs)

    monkeypatch.setattr(ai.expert, "imagine", spy)
    monkeypatch.setattr(ai.expert, "bank_for", lambda view: None)  # the sampling path; the bank's is below
    choose(hand, TableView(seat=2), Level.EXPERT, samples=3)
    assert len(imagined) == 9  # one round of three tables: the whole budget
    for h in imagined:
        assert len(h) == 13 and not set(h) & set(hand)
    # Each imagined table splits the 39 unseen cards among the three other seats.
    for k in range(0, len(imagined), 3):
        cards = [c for h in imagined[k : k + 3] for c in h]
        assert sorted(cards) == sorted(c for c in range(52) if c not in hand)


def test_expert_drawing_from_its_bank_meets_only_hands_of_the_unseen_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    import itertools

    import ai.expert
    from ai.bank import Bank, bank_for

    hand = tuple(sorted(Card(c) for c in range(0, 52, 4)))
    bank = bank_for(TableView(seat=2))
    if bank is None:
        pytest.skip("no shipped bank")
    drawn: list[np.ndarray] = []
    real = Bank.rows

    def spy(self, idx, treasure=()):
        drawn.append(np.asarray(idx))
        return real(self, idx, treasure)

    monkeypatch.setattr(Bank, "rows", spy)
    choose(hand, TableView(seat=2), Level.EXPERT)
    (idx,) = drawn
    weights = bank.relabellings(hand)
    assert set(bank.disjoint(hand).tolist()) <= set(np.flatnonzero(weights).tolist())  # the identity counts
    # Every entry drawn becomes a hand of the unseen cards under some relabelling of its suits, and its
    # weight is the number of those relabellings.
    perms = list(itertools.permutations(range(4)))
    for e in np.unique(idx)[:200]:
        cards = bank.cards[e].astype(int)
        ok = sum(not {(c & ~3) | p[c & 3] for c in cards} & set(hand) for p in perms)
        assert ok == weights[e] > 0
    # three seats of BANK_DRAWS draws, each in its own order, each entry about as often as its weight
    seats = idx.reshape(-1, 3)
    assert len(seats) == ai.expert.BANK_DRAWS
    share = np.bincount(seats[:, 0], minlength=len(bank)) / len(seats)
    assert np.abs(share - weights / weights.sum()).max() <= 1.0 / len(seats) + 1e-12
    assert not (seats[:, 0] == seats[:, 1]).all()
