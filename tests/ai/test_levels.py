"""The four levels: never a foul, partial arrangements kept, specials declared by value, deterministic per seed,
and every level below `expert` plays within its cap of the best of its own estimate (issue 39)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai.expert
from ai import Choice, Fixed, Level, TableView, choose
from ai.estimate import JOINT_TOP, hard_scores, quick_decision
from ai.features import split_features
from ai.levels import CHARACTERS, _candidates, units_of
from ai.opponents import trained_model
from ai.policy import double_if_ahead, double_target
from ai.splits import legal_splits
from rules.arrangement import foul_reason
from rules.cards import Card, deal, parse_cards
from rules.deal import Decision, Seat
from rules.evaluate import Wheel
from rules.presets import Options, Preset
from rules.shisanshui import SPECIAL_AMOUNTS
from rules.specials import Special, detect_specials
from tests import tiers
from tests.tiers import examples, one_daily, sized

ARRANGED = [p for p in Preset if p.arranged]  # the pattern ladder has no rows to arrange or foul
# A day: one preset of each way a play is priced (the taiwan family's pair bonuses, arcade's treasure and
# doubles, the rows priced one by one, the ladder's nothing to arrange); every preset in the soak tier.
_DAILY = {Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI, Preset.LADDER}
PRICED_DAILY = [p if p in _DAILY else pytest.param(p, marks=pytest.mark.soak) for p in Preset]

SMALL = {"samples": 2}  # expert's Monte Carlo budget in property tests: legality does not depend on it


def tier_examples(everyday: int, *, soak: int) -> int:
    """A hypothesis ``max_examples`` of a property that runs four levels an example: fewer a day, the soak tier's
    own (what it ran before) in the soak tier."""
    return soak if tiers.SOAK else everyday


hands = st.permutations(range(52)).map(lambda p: tuple(sorted(Card(c) for c in p[:13])))


def _options(preset: Preset, flip_wheel: bool, tiebreak: bool) -> Options:
    d = preset.default_options
    wheel = d.wheel if not flip_wheel else (Wheel.SECOND if d.wheel is Wheel.LOW else Wheel.LOW)
    return Options(wheel=wheel, suit_tiebreak=tiebreak, three_flush_straight=d.three_flush_straight)


def assert_valid(decision: Decision, hand, view: TableView) -> None:
    """A decision a table accepts: the hand's own 13 cards, and a legal arrangement or a special the cards make."""
    options = view.rules_options
    assert sorted(decision.cards) == sorted(hand)
    if decision.declare is not None:
        assert decision.declare in detect_specials(hand)
        assert decision.declare in view.preset.specials
    else:
        assert decision.arrangement is not None
        assert sorted(decision.arrangement.cards) == sorted(hand)
        assert foul_reason(decision.arrangement, options.wheel) is None
        assert not Seat.evaluate(decision, options).fouled


def assert_choice_valid(choice: Choice, hand, view: TableView) -> None:
    assert_valid(choice.decision, hand, view)
    for alt in choice.alternatives:
        assert_valid(alt.decision, hand, view)
    if view.preset is Preset.ARCADE:
        # A level may leave its double out: expert doubles only a pair it expects to win, the others mostly.
        assert choice.double in set(range(view.players)) - {view.seat} | {None}
    else:
        assert choice.double is None


@pytest.mark.parametrize("preset", ARRANGED)
@settings(max_examples=tier_examples(3, soak=60), derandomize=True, deadline=None)
@given(hand=hands, flip_wheel=st.booleans(), tiebreak=st.booleans(), seat=st.integers(0, 3))
def test_no_level_ever_fouls(preset: Preset, hand, flip_wheel: bool, tiebreak: bool, seat: int) -> None:
    view = TableView(preset=preset, options=_options(preset, flip_wheel, tiebreak), seat=seat)
    for level in Level:
        choice = choose(hand, view, level, seed=seat, **SMALL)
        assert_choice_valid(choice, hand, view)
        assert choice.kept_fixed


@st.composite
def partial(draw):
    """A hand and some of its cards already placed (possibly in a way no legal completion keeps)."""
    hand = draw(hands)
    order = draw(st.permutations(range(13)))
    nf, nm, nb = draw(st.integers(0, 3)), draw(st.integers(0, 5)), draw(st.integers(0, 5))
    cards = [hand[i] for i in order]
    return hand, Fixed(tuple(cards[:nf]), tuple(cards[nf : nf + nm]), tuple(cards[nf + nm : nf + nm + nb]))


@pytest.mark.parametrize("preset", ARRANGED)
@settings(max_examples=tier_examples(3, soak=50), derandomize=True, deadline=None)
@given(case=partial(), flip_wheel=st.booleans())
def test_partial_arrangements_are_kept_when_possible_and_never_cause_a_foul(preset: Preset, case, flip_wheel) -> None:
    hand, fixed = case
    view = TableView(preset=preset, options=_options(preset, flip_wheel, False))
    possible = len(legal_splits(hand, view.rules_options, fixed).legal) > 0
    for level in Level:
        choice = choose(hand, view, level, seed=1, fixed=fixed, **SMALL)
        assert_choice_valid(choice, hand, view)
        assert choice.kept_fixed == possible
        arr = choice.decision.arrangement
        if possible and arr is not None:
            assert set(fixed.front) <= set(arr.front)
            assert set(fixed.middle) <= set(arr.middle)
            assert set(fixed.back) <= set(arr.back)
            for alt in choice.alternatives:
                a = alt.decision.arrangement
                if a is not None:
                    assert set(fixed.front) <= set(a.front) and set(fixed.back) <= set(a.back)


def test_an_impossible_placement_falls_back_to_a_legal_arrangement() -> None:
    hand = parse_cards("As Ah Ad 2c 3d 5h 7s 8d 9c Jh Qs Kd 4c", 13)
    fixed = Fixed(front=tuple(c for c in hand if c.rank == 12))  # trips of aces in front cannot be covered
    for level in Level:
        choice = choose(hand, TableView(), level, fixed=fixed, **SMALL)
        assert choice.kept_fixed is False
        assert_choice_valid(choice, hand, TableView())


# ------------------------------------------------------------------ specials


def _dragon(seed: int) -> tuple[Card, ...]:
    rng = np.random.default_rng(seed)
    suits = rng.integers(0, 4, 13)
    suits[0] = (suits[1] + 1) % 4  # never all one suit
    return tuple(sorted(Card.of(r, int(s)) for r, s in enumerate(suits)))


def _suited_dragon(suit: int) -> tuple[Card, ...]:
    return tuple(Card.of(r, suit) for r in range(13))


@pytest.mark.parametrize("preset", [p for p in Preset if Special.DRAGON in p.specials])  # western declares none
def test_dragons_are_always_declared(preset: Preset) -> None:
    # rules/RULES.md §13.1: "In play the game (and the AI) always declares a dragon" — in every preset.
    # Eleven hearts: arranged as two straight flushes it looks worth more than 一條龍's 36 a head to a rough model.
    hearts = parse_cards("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2c", 13)
    for level in Level:
        for seed, hand in enumerate([_dragon(0), _dragon(1), hearts]):
            choice = choose(hand, TableView(preset=preset), level, seed=seed, **SMALL)
            assert choice.decision.declare is Special.DRAGON
            assert_choice_valid(choice, hand, TableView(preset=preset))
        hand = _suited_dragon(list(Level).index(level))
        choice = choose(hand, TableView(preset=preset), level, **SMALL)
        assert choice.decision.declare in (Special.SUITED_DRAGON, Special.DRAGON)
        if preset is not Preset.TOURNAMENT:  # tournament pays both dragons the same
            assert choice.decision.declare is Special.SUITED_DRAGON
        assert quick_decision(hand, TableView(preset=preset)).declare is not None


def test_arranged_hands_never_claim_specials_outside_shisanshui() -> None:
    hand = parse_cards("2c 2d 3c 3d 4h 4s 6c 6h 8d 8s 9h 9c Kd", 13)  # six pairs: a special only in shisanshui
    for preset in (Preset.TAIWAN, Preset.TOURNAMENT, Preset.ARCADE):
        for level in Level:
            assert choose(hand, TableView(preset=preset), level, **SMALL).decision.declare is None


WEAK_SPECIALS = {
    "2c 2d 3c 3d 4h 4s 6c 6h 8d 8s 9h 9c Kd": Special.SIX_PAIRS,  # six low pairs: 4 from each
    "2s 3h 4d 5c 6s 7h 8d 2c 3d 4h 5s 6c 7d": Special.ALL_SMALL,  # all 2–8 (and six pairs): 10 from each
}


@pytest.mark.parametrize("text", list(WEAK_SPECIALS))
def test_expert_declares_a_special_worth_more_than_any_arrangement(text: str) -> None:
    hand = parse_cards(text, 13)
    view = TableView(preset=Preset.SHISANSHUI)
    choice = choose(hand, view, Level.EXPERT, samples=6)
    assert choice.decision.declare is WEAK_SPECIALS[text]  # the best-paid special the cards make
    assert choice.ev == SPECIAL_AMOUNTS[WEAK_SPECIALS[text]] * 3
    arranged = [a for a in choice.alternatives if a.decision.arrangement is not None]
    assert arranged and all(a.ev < choice.ev for a in arranged)


MONSTERS = [
    "2s 7s Ks 9h Th Jh Qh Kh 9c Tc Jc Qc Kc",  # 三同花 (3 each) with two straight flushes to arrange
    "As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 2d",  # 三分天下/十二皇族 (20/24 each), but quads, quads and trips arranged
]


@pytest.mark.parametrize("text", MONSTERS)
@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD, Level.EXPERT])
def test_a_special_worth_less_than_the_arrangement_is_not_declared(text: str, level: Level) -> None:
    hand = parse_cards(text, 13)
    view = TableView(preset=Preset.SHISANSHUI)
    best_special = max(SPECIAL_AMOUNTS[s] for s in detect_specials(hand)) * 3
    choice = choose(hand, view, level, samples=6)
    assert choice.decision.declare is None
    assert choice.ev > best_special
    assert_choice_valid(choice, hand, view)


def _special_hand(rng: np.random.Generator) -> tuple[Card, ...]:
    """A random hand that makes some shisanshui special (they are rare in random deals)."""
    kind = int(rng.integers(6))
    deck = rng.permutation(52).tolist()
    if kind == 0:  # six pairs: six ranks twice, and one more card
        ranks = rng.choice(13, 6, replace=False).tolist()
        cards = [r * 4 + int(s) for r in ranks for s in rng.choice(4, 2, replace=False)]
    elif kind == 1:  # four trips
        ranks = rng.choice(13, 4, replace=False).tolist()
        cards = [r * 4 + int(s) for r in ranks for s in rng.choice(4, 3, replace=False)]
    elif kind == 2:  # all small or all big
        lo = 0 if rng.random() < 0.5 else 6
        cards = [c for c in deck if lo <= c >> 2 <= lo + 6][:13]
    elif kind == 3:  # one colour
        colour = (0, 2) if rng.random() < 0.5 else (1, 3)
        cards = [c for c in deck if c & 3 in colour][:13]
    elif kind == 4:  # three flushes: suits of 3, 5 and 5 cards
        suits = rng.permutation(4).tolist()
        cards = []
        for size, suit in zip((3, 5, 5), suits, strict=False):
            cards += [c for c in deck if c & 3 == suit][:size]
    else:  # twelve royals
        cards = [c for c in deck if c >> 2 >= 9][:12]
    cards += [c for c in deck if c not in cards][: 13 - len(cards)]
    return tuple(sorted(Card(c) for c in cards))


@pytest.mark.parametrize("level", list(Level))
@settings(max_examples=examples(15), derandomize=True, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_shisanshui_declares_exactly_when_the_special_is_worth_more(level: Level, seed: int) -> None:
    hand = _special_hand(np.random.default_rng(seed))
    assert detect_specials(hand)
    view = TableView(preset=Preset.SHISANSHUI)
    choice = choose(hand, view, level, seed=seed, **SMALL)
    assert_choice_valid(choice, hand, view)
    specials = detect_specials(hand)
    arranged = [a.ev for a in choice.alternatives if a.decision.arrangement is not None]
    if choice.decision.declare is not None:
        assert choice.ev == max(SPECIAL_AMOUNTS[s] for s in specials) * 3
        # A level below `expert` weighs the declaration as one more play: never one past its cap.
        cap = 0.0 if level is Level.EXPERT else CHARACTERS[level].cap * units_of(view)
        assert all(choice.ev > ev - cap for ev in arranged)
    elif specials:
        cap = 0.0 if level is Level.EXPERT else CHARACTERS[level].cap * units_of(view)
        assert choice.ev >= max(SPECIAL_AMOUNTS[s] for s in specials) * 3 - cap


# ------------------------------------------------------------------ determinism and the search itself


@pytest.mark.parametrize("preset", PRICED_DAILY)
@sized("hands", 1, 2)
def test_same_seed_same_decision_for_every_level(preset: Preset, hands: int) -> None:
    view = TableView(preset=preset, seat=2)
    for hand in deal(31)[:hands]:
        for level in Level:
            first = choose(hand, view, level, seed=5, top=3, samples=3)
            choose(deal(32)[0], view, level, seed=6, samples=3)  # unrelated work in between changes nothing
            again = choose(tuple(reversed(hand)), view, level, seed=5, top=3, samples=3)
            assert first == again


def test_easy_has_randomness_that_the_seed_controls() -> None:
    hand = deal(4)[0]
    decisions = {choose(hand, TableView(), Level.EASY, seed=s).decision for s in range(30)}
    assert len(decisions) > 1


def test_expert_has_randomness_that_the_seed_controls() -> None:
    hand = deal(4)[0]
    evs = {choose(hand, TableView(), Level.EXPERT, seed=s, samples=2).ev for s in range(4)}
    assert len(evs) > 1


# Every level every day at taiwan, arcade (its treasure) and shisanshui (its specials); every preset in soak.
@one_daily("preset", ARRANGED, [Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI])
@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_levels_play_within_their_cap_of_the_best_of_their_own_estimate(preset: Preset, level: Level) -> None:
    view = TableView(preset=preset, treasure=(Card(51), Card(10)) if preset is Preset.ARCADE else ())
    options = view.rules_options
    model = trained_model(preset)
    character = CHARACTERS[level]
    for hand in deal(77)[:3]:
        if detect_specials(hand) & preset.specials:
            continue
        f = split_features(hand, options, None, view.treasure)
        ev, pool, values = _candidates(f, level, model, view)
        if level is Level.HARD:  # its best splits re-priced with the rows' dependence, the rest out
            assert np.isfinite(ev).sum() == min(JOINT_TOP, f.size)
            assert values.max() == pytest.approx(hard_scores(f, model, preset, options, view.players).max())
        for seed in range(4):
            choice = choose(hand, view, level, top=4, seed=seed)
            arr = choice.decision.arrangement
            assert arr is not None
            (split,) = legal_splits(hand, options, Fixed(arr.front, arr.middle, arr.back)).legal
            pos = int(np.searchsorted(f.splits.legal, split))
            assert pos in pool
            assert values.max() - ev[pos] <= character.cap * units_of(view) + 1e-9
            # Alternatives: the next best of its ranking, best first, each with another set of row strengths.
            evs = [a.ev for a in choice.alternatives]
            assert len(choice.alternatives) == 4
            assert evs == sorted(evs, reverse=True)
            strengths = {
                tuple(Seat.evaluate(d, options).keys)
                for d in [choice.decision]  # type: ignore[arg-type]
                + [a.decision for a in choice.alternatives]
            }
            assert len(strengths) == 5


def test_top_zero_gives_no_alternatives_and_top_k_gives_k() -> None:
    hand = deal(8)[1]
    assert choose(hand, TableView(), Level.HARD, top=0).alternatives == ()
    assert len(choose(hand, TableView(), Level.EXPERT, top=5, samples=2).alternatives) == 5


def test_expert_never_spends_more_than_its_sample_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[int] = []
    real = ai.expert.imagine

    def counting(hands, view, *args, **kwargs):
        hands = np.asarray(hands)
        # Whole tables of the other seats' hands, drawn in rounds, never the expert's own cards.
        assert len(hands) % (view.players - 1) == 0
        tables.append(len(hands) // (view.players - 1))
        return real(hands, view, *args, **kwargs)

    monkeypatch.setattr(ai.expert, "imagine", counting)
    monkeypatch.setattr(ai.expert, "bank_for", lambda view: None)  # the sampling path (the bank: test_bank.py)
    hand = deal(9)[0]
    choose(hand, TableView(seat=1), Level.EXPERT, samples=3)
    assert sum(tables) <= 3 and tables[0] == 3
    tables.clear()
    choose(hand, TableView(players=3), Level.EXPERT, samples=25)
    assert sum(tables) <= 25 and all(t == ai.expert.ROUND for t in tables[:-1])


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_a_level_doubles_the_seat_expert_would_and_mostly_a_pair_it_expects_to_win(level: Level) -> None:
    view = TableView(preset=Preset.ARCADE, seat=2, levels=("expert", "hard", "easy", "normal"))
    won, lost = [], []
    clear: list[tuple[float, bool]] = []  # (ev, doubled) where the deal is not close to even
    for s in range(40):  # enough pairs either way that a weighted choice shows its leaning
        choice = choose(deal(s)[0], view, level, seed=s)
        # The pair is counted once more when doubled: a whole table's worth is four pairs then, three without.
        assert choice.double in (None, double_if_ahead(view, 1.0))
        if choice.decision.declare is None:
            (won if choice.ev > 0 else lost).append(choice.double is not None)
            if abs(choice.ev) > 0.5:
                clear.append((choice.ev, choice.double is not None))
    assert won and lost
    assert sum(won) / len(won) > sum(lost) / len(lost)
    if level is Level.HARD:  # away from a near-tie the sign of the pair decides
        assert clear and all(doubled == (ev > 0) for ev, doubled in clear), clear


def test_expert_doubles_only_a_pair_it_expects_to_win() -> None:
    view = TableView(preset=Preset.ARCADE, seat=0, levels=("expert", "hard", "hard", "hard"))
    doubled, left_out = 0, 0
    for s in range(8):
        hand = deal(s)[0]
        choice = choose(hand, view, Level.EXPERT, seed=s)
        # The hard seats never double expert (it looks strongest): expert's pick, if any, is hard's rule's.
        assert choice.double in (None, 1)
        doubled += choice.double == 1
        left_out += choice.double is None
        if choice.decision.declare is None:
            assert (choice.double is None) == (choice.ev <= 0)
    assert doubled and left_out


def test_expert_doubles_back_the_opponent_that_doubles_it() -> None:
    # Four equal seats: each doubles the next one, so seat 3 doubles seat 0 and seat 0 doubles it back (×4)
    # rather than seat 1, its pick by the level rule.
    view = TableView(preset=Preset.ARCADE, seat=0, levels=("easy",) * 4)
    assert double_target(view) == 1
    assert double_if_ahead(view, -0.5) is None
    assert double_if_ahead(view, 0.5) == 3
