"""The vectorised mirror of the scoring (ai.payouts, ai.showdown, ai.estimate) against the rules scorer itself.

Every number the levels optimise is recomputed here with ``rules.scoring.score_deal`` on real deals: per-split
bonuses, row worths, the arcade +2, exact pair and table scores (紅不讓/全壘打, treasure, 賭倍), and — with an
opponent model that puts all its mass on one concrete arrangement — the expected score itself, over every legal
split. Deals are seeded and biased towards strong hands so that every scoring item actually occurs (checked).
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from ai import Fixed
from ai.estimate import expected_scores
from ai.features import split_features
from ai.opponents import analytic_model, model_from_samples
from ai.payouts import arcade_shape, row_worths, taiwan_bonus
from ai.showdown import candidates_rows, decisions_rows, pair_scores, table_scores
from ai.splits import legal_splits
from rules.arcade import row_worth, shape_bonus
from rules.arrangement import Arrangement, Row, foul_reason
from rules.cards import Card
from rules.deal import Deal, Decision, Seat
from rules.evaluate import Wheel
from rules.presets import Options, Preset
from rules.scoring import score_deal
from rules.taiwan import BONUSES, bonus_items
from tests.tiers import one_daily, sized_daily

# Kinds of scoring item each preset's deals below must produce at least once (so the comparison means something).

ARRANGED = [p for p in Preset if p.arranged]  # the pattern ladder has no rows to arrange or foul

MUST_SEE = {
    Preset.TAIWAN: {"sweep", "crush", "rows", "home_run", *BONUSES[Preset.TAIWAN]},
    Preset.TOURNAMENT: {"sweep", "crush", "rows", "home_run", *BONUSES[Preset.TOURNAMENT]},
    Preset.ARCADE: {
        "front",
        "middle",
        "back",
        "sweep",
        "home_run",
        "treasure",
        "double",
        "three_flushes",
        "three_straights",
    },
    Preset.SHISANSHUI: {"front", "middle", "back", "sweep", "home_run", "rush_three", "quads", "straight_flush"},
    Preset.WESTERN: {"front", "middle", "back", "majority"},
    Preset.HONGKONG: {"front", "middle", "back"},
    Preset.BACKROW: {"back"},
}

# Arrangements that make the rarer items; one of them goes to seat 0 in some deals.
SHOWCASE = [
    ("9s 9h 9d", "5c 5d 5h 5s Kc", "Th Jh Qh Kh Ah"),  # 雙怪衝三, 中墩鐵枝, 後墩同花順
    ("2s 2h 3c", "7s 7h 7d Jc Jd", "Ks Kh Kd Qs Qh"),  # 兩葫衝杯, 7-11
    ("2d 5d 9d", "3c 6c 8c Tc Qc", "4h 7h 9h Jh Kh"),  # 三同花 (arcade: three_flushes)
    ("3s 3h 4c", "8s 8h 9s 9h 4d", "Ts Th Js Jh 5c"),  # 六輪車
    ("Qs Kd Ah", "4c 5d 6h 7s 8c", "9d Tc Js Qh Kc"),  # arcade three_straights (QKA front)
    ("4s 4h 4d", "2c 3c 5c 6c 7c", "Ac Ad Ah As 2d"),  # 衝三 (a flush middle, so not 雙怪), 後墩鐵枝
    ("Ks Kd 2c", "Js Jd Jc 4h 4s", "8h 8d 8c 8s 3d"),  # back quads
    ("As Ad 5c", "2h 3h 4h 5h 6h", "7s 8s 9s Ts Js"),  # middle and back straight flushes
]


def _legal_showcase(options: Options) -> list[Arrangement]:
    arrs = [Arrangement.of(*Arrangement.parse(*rows).rows) for rows in SHOWCASE]  # rows high to low
    assert all(foul_reason(a, options.wheel) is None for a in arrs)
    return arrs


def _biased_hand(rng: np.random.Generator, deck: list[int]) -> list[int]:
    """13 cards from ``deck``: random, few suits (flushes), few ranks (quads, houses) or a run of ranks."""
    kind = int(rng.integers(4))
    pool = list(deck)
    if kind == 1:
        suits = set(rng.choice(4, 2, replace=False).tolist())
        pool = [c for c in deck if c & 3 in suits]
    elif kind == 2:
        ranks = set(rng.choice(13, 5, replace=False).tolist())
        pool = [c for c in deck if c >> 2 in ranks]
    elif kind == 3:
        lo = int(rng.integers(0, 7))
        suits = set(rng.choice(4, 2, replace=False).tolist())
        pool = [c for c in deck if lo <= c >> 2 < lo + 7 and c & 3 in suits]
    picked = [int(c) for c in rng.permutation(pool)[:13]]
    rest = [c for c in rng.permutation(deck).tolist() if c not in picked]
    return sorted(picked + rest[: 13 - len(picked)])


def _pick_split(rng: np.random.Generator, hand: list[int], preset: Preset, options: Options) -> Arrangement:
    """A legal arrangement: often the one a sound player makes, sometimes a random legal one."""
    f = split_features(hand, options)
    if rng.random() < 0.6:
        ev = expected_scores(f, analytic_model(options.wheel), preset, options)
        pos = int(np.argmax(ev))
    else:
        pos = int(rng.integers(f.size))
    return f.splits.arrangement(int(f.splits.legal[pos]))


def _random_deal(seed: int, preset: Preset) -> Deal:
    rng = np.random.default_rng([seed, 99])
    players = (2, 3, 4, 4, 4)[seed % 5]
    options = preset.default_options
    if seed % 3 == 1:
        options = Options(
            wheel=Wheel.SECOND if options.wheel is Wheel.LOW else Wheel.LOW,
            suit_tiebreak=True,
            three_flush_straight=options.three_flush_straight,
        )
    if preset is Preset.ARCADE and seed % 7 == 6:
        options = Options(wheel=options.wheel, suit_tiebreak=options.suit_tiebreak, three_flush_straight=False)
    if preset is Preset.WESTERN and seed % 4 < 2:
        options = Options(wheel=options.wheel, suit_tiebreak=options.suit_tiebreak, royalties=True)
    deck = list(range(52))
    arrangements: list[Arrangement] = []
    showcase = _legal_showcase(options)
    if seed % 2 == 0:
        arr = showcase[(seed // 2) % len(showcase)]
        arrangements.append(arr)
        deck = [c for c in deck if c not in arr.cards]
    elif seed % 5 == 3:
        # A hand in clubs and spades and its mirror in diamonds and hearts: every row ties, and the candidates
        # that change one row give 輾過 (two ties and a win).
        hand = sorted(int(c) for c in rng.permutation([c for c in deck if c & 1])[:13])
        arr = _pick_split(rng, hand, preset, options)
        arrangements += [arr, Arrangement.of(*([c ^ 1 for c in row] for row in arr.rows))]
        deck = [c for c in deck if c not in arrangements[0].cards and c not in arrangements[1].cards]
    while len(arrangements) < players:
        hand = _biased_hand(rng, deck)
        deck = [c for c in deck if c not in hand]
        arrangements.append(_pick_split(rng, hand, preset, options))
    order = rng.permutation(players)
    decisions = tuple(Decision.arranged(arrangements[i]) for i in order)
    doubles: tuple[int | None, ...] = ()
    treasure: tuple[Card, ...] = ()
    if preset is Preset.ARCADE:
        doubles = tuple(
            None if rng.random() < 0.3 else int(rng.choice([q for q in range(players) if q != s]))
            for s in range(players)
        )
        held = [c for d in decisions for c in d.cards]
        n = int(rng.integers(0, 5))
        treasure = tuple(Card(int(c)) for c in rng.choice(held if seed % 4 else range(52), n, replace=False))
    return Deal(preset, options, decisions, doubles, treasure)


def _factor(deal: Deal, i: int, j: int) -> int:
    return 2 ** (deal.doubled(i, j) + deal.doubled(j, i))


# rules/RULES.md §8: a won front, middle, back is worth 1, 2, 3; front trips +6, four of a kind +8, straight flush +10.
def _shisanshui_worth(seat: Seat, row: Row) -> int:
    assert seat.values is not None
    cat = seat.values[row].category.id
    extra = {"quads": 8, "straight_flush": 10}.get(cat, 6 if (row is Row.FRONT and cat == "trips") else 0)
    return (1, 2, 3)[row] + extra


# rules/RULES.md §15.2: with royalties a won row takes 3 for front trips, 2, 8, 10 for a middle full house, four
# of a kind, straight flush, and 4, 5 for a back four of a kind, straight flush; 1 otherwise and without them.
def _western_worth(seat: Seat, row: Row, royalties: bool) -> int:
    assert seat.values is not None
    table = {
        (Row.FRONT, "trips"): 3,
        (Row.MIDDLE, "full_house"): 2,
        (Row.MIDDLE, "quads"): 8,
        (Row.MIDDLE, "straight_flush"): 10,
        (Row.BACK, "quads"): 4,
        (Row.BACK, "straight_flush"): 5,
    }
    return table.get((row, seat.values[row].category.id), 1) if royalties else 1


@pytest.mark.slow
# Four presets a day, western for its royalties (every preset's estimate at its default options meets the rules'
# scorer daily in the exact-score tests below), all of them in the soak tier.
@sized_daily("preset", ARRANGED, [Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI, Preset.WESTERN], "deals", 5, 40)
def test_vectorised_values_and_exact_scores_equal_the_rules_scorer(preset: Preset, deals: int) -> None:
    seen: Counter[str] = Counter()
    checked = 0
    royalty_seen = False
    # The first seeds (each table size and each wheel and tie-break setting), and every day the ones past them
    # where the rarest items first appear (arcade's 三順子, seed 8; a straight flush in the middle, 14; a 輾過,
    # 33), so that the short run meets every item the long one does.
    for seed in sorted(set(range(deals)) | ({8, 14, 33} if deals < 40 else set())):
        deal = _random_deal(seed, preset)
        result = score_deal(deal)
        assert not any(result.fouled)
        for p in result.pairs:
            seen.update(it.kind for it in p.items)
        n, options = deal.players, deal.options
        rules_rows = decisions_rows(deal.decisions, preset, options, deal.treasure)
        for s in range(n):
            others = [q for q in range(n) if q != s]
            hand = deal.decisions[s].cards
            f = split_features(hand, options, None, deal.treasure)
            rng = np.random.default_rng([seed, s])
            # Candidates: the seat's own arrangement, the best few by the analytic model, and random legal ones.
            own = deal.decisions[s].arrangement
            assert own is not None
            own_split = legal_splits(hand, options, Fixed(own.front, own.middle, own.back)).legal
            assert len(own_split) == 1
            own_pos = int(np.searchsorted(f.splits.legal, own_split[0]))
            assert f.splits.arrangement(int(f.splits.legal[own_pos])) == own
            ev = expected_scores(f, analytic_model(options.wheel), preset, options, n)
            positions = np.unique(np.concatenate([[own_pos], np.argsort(-ev)[:4], rng.integers(0, f.size, 4)]))
            ours = candidates_rows(f, positions, preset, options)
            # Per split: the vectorised side equals the same arrangement evaluated by the rules code.
            cand_decisions = [Decision.arranged(f.splits.arrangement(int(f.splits.legal[p]))) for p in positions]
            mirror = decisions_rows(cand_decisions, preset, options, deal.treasure)
            assert (ours.keys == mirror.keys).all()
            assert np.allclose(ours.worth, mirror.worth)
            assert np.allclose(ours.bonus, mirror.bonus)
            assert (ours.shape == mirror.shape).all()
            # The vectorised worths of every split, worked out once for the seat and read at each candidate.
            bonus = taiwan_bonus(f, preset) if preset in (Preset.TAIWAN, Preset.TOURNAMENT) else None
            worths = row_worths(f, preset, options)
            shape = arcade_shape(f, options) if preset is Preset.ARCADE else None
            for k, d in enumerate(cand_decisions):
                seat = Seat.evaluate(d, options)
                assert seat.values is not None and d.arrangement is not None
                if preset in (Preset.TAIWAN, Preset.TOURNAMENT):
                    want = sum(it.value for it in bonus_items(seat, preset))
                    assert bonus is not None and bonus[positions[k]] == want
                elif preset is Preset.ARCADE:
                    held = [sum(c in deal.treasure for c in d.arrangement.rows[r]) for r in Row]
                    want_w = [row_worth(r, seat.values[r]) * (1 + held[r]) for r in Row]
                    assert worths[:, positions[k]].tolist() == want_w
                    want_shape = options.three_flush_straight and shape_bonus(seat) is not None
                    assert shape is not None and bool(shape[positions[k]]) == want_shape
                elif preset is Preset.HONGKONG:
                    # S5's 赔率 are western's royalty figures, always on (RULES.md §16.3)
                    want_w = [_western_worth(seat, r, True) for r in Row]
                    assert worths[:, positions[k]].tolist() == want_w
                    royalty_seen |= max(want_w) > 1
                elif preset is Preset.WESTERN:
                    want_w = [_western_worth(seat, r, options.royalties) for r in Row]
                    assert worths[:, positions[k]].tolist() == want_w
                    royalty_seen |= options.royalties and max(want_w) > 1
                elif preset is Preset.BACKROW:
                    assert worths[:, positions[k]].tolist() == [0, 0, 1]  # only the back is paid
                else:
                    want_w = [_shisanshui_worth(seat, r) for r in Row]
                    assert worths[:, positions[k]].tolist() == want_w
            # Exact scores: each candidate put in seat s of the real deal and scored by the rules.
            opp = rules_rows.take(others)
            factors = np.array([_factor(deal, s, q) for q in others], dtype=float) if preset is Preset.ARCADE else None
            got_table = table_scores(preset, ours, opp, n, factors)
            got_pair, _, _ = pair_scores(preset, ours, opp)
            for k, d in enumerate(cand_decisions):
                swapped = list(deal.decisions)
                swapped[s] = d
                res = score_deal(Deal(preset, options, tuple(swapped), deal.doubles, deal.treasure))
                assert got_table[k] == pytest.approx(res.totals[s]), (seed, s, k, res.to_dict())
                for col, q in enumerate(others):
                    # Pair scores hold neither 紅不讓/全壘打 nor the arcade 賭倍 factor (table_scores adds both).
                    pr = res.pair(s, q)
                    want = sum(it.value for it in pr.items if it.kind not in ("home_run", "double"))
                    assert got_pair[k, col] == pytest.approx(want), (seed, s, k, pr)
                checked += 1
    missing = MUST_SEE[preset] - set(seen)
    assert not missing, f"the seeded deals never produced {sorted(missing)}"
    assert checked > 200
    assert royalty_seen or preset not in (Preset.WESTERN, Preset.HONGKONG)


def _point_mass(arr: Arrangement, options: Options, preset: Preset, name: str = "one hand"):
    """An opponent model that always plays exactly ``arr`` (with its own 加賭 as the mean bonus)."""
    seat = Seat.evaluate(Decision.arranged(arr), options)
    assert seat.keys is not None
    bonus = sum(it.value for it in bonus_items(seat, preset)) if preset in (Preset.TAIWAN, Preset.TOURNAMENT) else 0
    return model_from_samples([seat.keys[0]], [seat.keys[1]], [seat.keys[2]], float(bonus), name)


def _opponent(rng: np.random.Generator, deck: list[int], preset: Preset, options: Options) -> Arrangement:
    """A legal arrangement from ``deck`` without the arcade +2 (the expected score does not model the opponent's)."""
    while True:
        hand = _biased_hand(rng, deck)
        arr = _pick_split(rng, hand, preset, options)
        if preset is not Preset.ARCADE or shape_bonus(Seat.evaluate(Decision.arranged(arr), options)) is None:
            return arr


@pytest.mark.parametrize("preset", ARRANGED)
def test_expected_score_against_a_known_opponent_equals_the_rules_score_for_every_split(preset: Preset) -> None:
    """With a model that always plays one arrangement, the expected score is exact: compare every legal split."""
    options = preset.default_options
    for seed in range(3):
        rng = np.random.default_rng([seed, 5])
        hand = _biased_hand(rng, list(range(52)))
        opp = _opponent(rng, [c for c in range(52) if c not in hand], preset, options)
        # Arcade: treasure only in our own hand (the model cannot know the opponent's), and we double the opponent
        # — exactly what the arcade expected score assumes (a weight of opponents + 1).
        treasure = tuple(Card(c) for c in hand[::6]) if preset is Preset.ARCADE else ()
        doubles = (1, None) if preset is Preset.ARCADE else ()
        f = split_features(hand, options, None, treasure)
        ev = expected_scores(f, _point_mass(opp, options, preset), preset, options, players=2)
        sample = np.random.default_rng(seed).choice(f.size, min(f.size, 150), replace=False)
        for pos in [*sample.tolist(), int(np.argmax(ev))]:
            mine = Decision.arranged(f.splits.arrangement(int(f.splits.legal[pos])))
            res = score_deal(Deal(preset, options, (mine, Decision.arranged(opp)), doubles, treasure))
            assert ev[pos] == pytest.approx(res.totals[0]), (seed, pos, res.to_dict())


@pytest.mark.parametrize("preset", ARRANGED)
def test_expected_score_at_a_full_table_of_known_opponents_equals_the_exact_table_score(preset: Preset) -> None:
    """Four players, each opponent always playing the same known arrangement: the closed form (incl. 紅不讓/全壘打
    and, in arcade, one doubled opponent) must equal the exact table score, which is itself checked against the
    rules scorer above. The three opponents tie one another, so none of them can sweep the table."""
    options = preset.default_options
    home_runs = 0
    for seed in range(4):
        rng = np.random.default_rng([seed, 8])
        hand = _biased_hand(rng, list(range(52)))
        rest = [c for c in range(52) if c not in hand]
        while True:  # a weak, randomly arranged opponent, so that some splits sweep it (and so the table)
            g = split_features(sorted(rng.permutation(rest)[:13].tolist()), options)
            opp = g.splits.arrangement(int(g.splits.legal[int(rng.integers(g.size))]))
            if preset is not Preset.ARCADE or shape_bonus(Seat.evaluate(Decision.arranged(opp), options)) is None:
                break
        treasure = tuple(Card(c) for c in hand[::5]) if preset is Preset.ARCADE else ()
        f = split_features(hand, options, None, treasure)
        ev = expected_scores(f, _point_mass(opp, options, preset), preset, options, players=4)
        ours = candidates_rows(f, np.arange(f.size), preset, options)
        table = decisions_rows([Decision.arranged(opp)] * 3, preset, options, treasure)
        factors = np.array([2.0, 1.0, 1.0]) if preset is Preset.ARCADE else None  # we double one opponent
        exact = table_scores(preset, ours, table, 4, factors)
        bad = np.flatnonzero(~np.isclose(ev, exact))
        assert not len(bad), (seed, [(float(ev[i]), float(exact[i])) for i in bad[:3]])
        home_runs += int(pair_scores(preset, ours, table)[1].all(axis=1).sum())
    assert home_runs > 0  # the comparison covered splits that sweep the whole table


@one_daily("preset", ARRANGED, [Preset.TAIWAN, Preset.HONGKONG, Preset.BACKROW])  # every preset in the soak tier
def test_search_finds_the_best_split_of_a_slow_reference(preset: Preset) -> None:
    """Brute force with the rules code: every completion of two front cards, foul-checked and scored by
    ``score_deal`` against a known opponent; the vectorised search must find the same legal set, the same score
    for each split, and so the same best score."""
    options = preset.default_options
    rng = np.random.default_rng([list(Preset).index(preset), 17])
    hand = _biased_hand(rng, list(range(52)))
    opp = _opponent(rng, [c for c in range(52) if c not in hand], preset, options)
    doubles = (1, None) if preset is Preset.ARCADE else ()
    front2 = tuple(hand[i] for i in rng.choice(13, 2, replace=False))

    reference: dict[Arrangement, int] = {}
    rest = [c for c in hand if c not in front2]
    for third in rest:
        others = [c for c in rest if c != third]
        for middle in itertools.combinations(others, 5):
            back = [c for c in others if c not in middle]
            arr = Arrangement.of([*front2, third], middle, back)
            if foul_reason(arr, options.wheel) is None:
                res = score_deal(Deal(preset, options, (Decision.arranged(arr), Decision.arranged(opp)), doubles))
                reference[arr] = res.totals[0]

    f = split_features(hand, options, Fixed(front=front2))
    ev = expected_scores(f, _point_mass(opp, options, preset), preset, options, players=2)
    got = {f.splits.arrangement(int(s)): float(e) for s, e in zip(f.splits.legal, ev, strict=True)}
    assert set(got) == set(reference) and reference
    for arr, value in reference.items():
        assert got[arr] == pytest.approx(value), arr
    best = f.splits.arrangement(int(f.splits.legal[int(np.argmax(ev))]))
    assert reference[best] == max(reference.values())
