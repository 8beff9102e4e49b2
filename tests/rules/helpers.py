"""Shared builders for the rules tests: hands from card text, ready-made deals, and quick arrangements."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence

from rules.arrangement import Arrangement
from rules.cards import FULL_DECK, Card, parse_cards
from rules.deal import DealResult, Decision
from rules.evaluate import SUBSETS5, Wheel, base_key, hand_subset_keys, row_key
from rules.specials import Special

Rows = tuple[str, str, str]


def cards(text: str) -> tuple[Card, ...]:
    """Cards from notation, in the order written."""
    return parse_cards(text)


def arr(front: str, middle: str, back: str) -> Arrangement:
    """An arrangement from three rows of card notation."""
    return Arrangement.parse(front, middle, back)


def hand(front: str, middle: str, back: str) -> Decision:
    """An arranged decision from three rows of card notation."""
    return Decision.arranged(arr(front, middle, back))


def hands(*rows: Rows) -> list[Decision]:
    """Arranged decisions, one per (front, middle, back) triple."""
    return [hand(*r) for r in rows]


def declared(text: str, special: Special | str) -> Decision:
    """A declared special hand (raises DealError when the cards do not make it)."""
    return Decision.declared(parse_cards(text, 13), Special(special))


def player(front: str, middle: str, back: str) -> dict[str, str]:
    """An arranged player as it appears in a `score` document."""
    return {"front": front, "middle": middle, "back": back}


def rest_of_deck(*used: Iterable[int]) -> list[Card]:
    """The cards of the deck (ascending) not among ``used``."""
    taken = {int(c) for group in used for c in group}
    return [c for c in FULL_DECK if int(c) not in taken]


def greedy_arrangement(hand_cards: Sequence[int], wheel: Wheel = Wheel.LOW) -> Arrangement:
    """A legal arrangement: the best five at the back, the best five of the rest in the middle.

    Always legal: the back is the best of all five-card subsets, and the middle (the best five of eight) is at
    least the row made of the three front cards plus any two others.
    """
    h = sorted(int(c) for c in hand_cards)
    _, keys5 = hand_subset_keys(h, wheel)
    back = [h[k] for k in SUBSETS5[int(keys5.argmax())]]
    rest = [c for c in h if c not in back]
    best_mid: list[int] | None = None
    best_key = -1
    for combo in itertools.combinations(rest, 5):
        k = base_key(row_key(combo, wheel))
        if k > best_key:
            best_mid, best_key = list(combo), k
    assert best_mid is not None
    front = [c for c in rest if c not in best_mid]
    return Arrangement.of(front, best_mid, back)


def random_split(hand_cards: Sequence[int], rng: random.Random) -> Arrangement:
    """Any 3/5/5 split of the 13 cards (often a foul)."""
    h = [int(c) for c in hand_cards]
    rng.shuffle(h)
    return Arrangement.of(h[:3], h[3:8], h[8:])


def pair_items(result: DealResult, i: int, j: int) -> dict[str, int]:
    """The items of ``i`` against ``j`` from ``i``'s side, summed by kind."""
    out: dict[str, int] = {}
    for it in result.pair(i, j).items:
        out[it.kind] = out.get(it.kind, 0) + it.value
    return out


def duel(outcomes: str) -> tuple[Decision, Decision]:
    """Two legal hands with no bonuses whose rows go as ``outcomes`` from the first hand's side.

    ``outcomes`` is three letters W/T/L for front, middle, back. Fronts are high cards, middles pairs, backs two
    pairs, each row drawn from its own ranks, so every combination is legal and worth 1 a row in arcade.
    """
    strong: Rows = ("Ks 9s 5h", "Qs Qh 7s 4s 3h", "As Ah Js Jh 6s")
    weak: Rows = ("9h 8d 5d", "7h 7d Qd 4h 3s", "Ts Th 6h 6d 2s")
    tie_b: Rows = ("Kd 9d 5c", "Qd Qc 7h 4h 3s", "Ad Ac Jd Jc 6h")
    a_rows: list[str] = []
    b_rows: list[str] = []
    for pos, o in enumerate(outcomes.upper()):
        if o == "W":
            a_rows.append(strong[pos])
            b_rows.append(weak[pos])
        elif o == "L":
            a_rows.append(weak[pos])
            b_rows.append(strong[pos])
        elif o == "T":
            a_rows.append(strong[pos])
            b_rows.append(tie_b[pos])
        else:
            raise ValueError(f"outcome letters are W, T, L, not {o!r}")
    return hand(*a_rows), hand(*b_rows)


# Four legal hands, every row strictly stronger from seat 0 down to seat 3, no bonuses or shapes anywhere: seat 0
# sweeps everybody (紅不讓 / 全壘打), seat 1 sweeps seats 2 and 3, seat 2 sweeps seat 3.
LADDER: tuple[Rows, Rows, Rows, Rows] = (
    ("4d 4c Kc", "Ac Kd Qc Jd Tc", "As Ah Ad Ks Kh"),
    ("3d 3c Jc", "9d 8c 7d 6s 5s", "Qs Qh Qd Js Jh"),
    ("2h 2c 9c", "7c 6h 5h 4s 3s", "Ts Th Td 9s 9h"),
    ("2d 6c 5c", "6d 5d 4h 3h 2s", "8s 8h 8d 7s 7h"),
)

# The ladder with seat 0's own cards rearranged to put trips in front (衝三); the rows still beat every other seat.
LADDER_RUSH: tuple[Rows, Rows, Rows, Rows] = (("Kc Kd Kh", "Ac Ks Qc Jd Tc", "As Ah Ad 4d 4c"), *LADDER[1:])

PLAIN_DRAGON = "As Kh Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s"
SUITED_DRAGON = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"

# One hand per special id (rules/RULES.md §8, §11) that makes it.
SPECIAL_HANDS: dict[Special, str] = {
    Special.THREE_FLUSHES: "2h 5h 9h 3s 6s 8s Ts Qs 4d 7d 9d Jd 2d",
    Special.THREE_STRAIGHTS: "Qh Kc Ad 3s 4h 5c 6d 7s 5h 6c 7d 8s 9h",
    Special.SIX_PAIRS: "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 9c",
    Special.FIVE_PAIRS_TRIPS: "2s 2h 2d 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h",
    Special.FOUR_TRIPS: "2s 2h 2d 3s 3h 3d 4s 4h 4d 5s 5h 5d 9c",
    Special.ONE_COLOR: "2h 2d 4h 6h 8h Th Qh 3d 5d 7d 9d Jd Kd",
    Special.ALL_SMALL: "2s 2h 3d 3c 4s 5h 5d 6c 6s 7h 7d 8c 8s",
    Special.ALL_BIG: "8s 8h 9d 9c Ts Jh Jd Qc Qs Kh Kd Ac As",
    Special.THREE_QUADS: "2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 4c 9h",
    Special.THREE_STRAIGHT_FLUSHES: "Qh Kh Ah 2s 3s 4s 5s 6s 5d 6d 7d 8d 9d",
    Special.TWELVE_ROYALS: "As Ah Ad Ac Ks Kh Kd Qs Qh Qc Jd Jc 2s",
    Special.DRAGON: PLAIN_DRAGON,
    Special.SUITED_DRAGON: SUITED_DRAGON,
}


def with_fillers(decisions: Sequence[Decision], players: int = 4) -> list[Decision]:
    """``decisions`` followed by greedy legal hands from the unused cards, up to ``players`` seats.

    The unused cards are shuffled with a fixed seed first, so the fillers are ordinary hands (not, say, the
    three lowest straight flushes) and the same on every run.
    """
    out = list(decisions)
    pool = rest_of_deck(*(d.cards for d in out))
    random.Random(0).shuffle(pool)
    while len(out) < players:
        chunk, pool = pool[:13], pool[13:]
        out.append(Decision.arranged(greedy_arrangement(chunk)))
    return out


# Two-player deals in which the first hand sweeps the second and its arrangement meets taiwan bonus conditions
# (rules/RULES.md §5); the second hand is plain and legal. Keyed by what the first hand shows off.
BONUS_DUELS: dict[str, tuple[Rows, Rows]] = {
    "rush_three": (
        ("Qs Qh Qd", "2s 3h 4d 5c 6s", "7h 8h Th Jh Kh"),
        ("Js Jd 9c", "9s 9h 8c 8d Ad", "As Ac Kc Kd 7c"),
    ),
    "double_monster_rush": (  # trips, quads, straight flush
        ("5s 5h 5d", "9s 9h 9d 9c 2c", "Th Jh Qh Kh Ah"),
        ("Ks Qs 7d", "8s 8h 7s 7h 6c", "Ad Ac Kd Kc 6d"),
    ),
    "two_quads": (  # middle quads need a monster behind them: here quads again
        ("As Kd Qh", "8s 8h 8d 8c 3c", "Js Jh Jd Jc 5c"),
        ("Ts 9d 7h", "6s 6h 4s 4h 2s", "Ac Ad Kc Kh 2d"),
    ),
    "back_quads": (
        ("As Kd Qh", "5c 6c 9c Jc Kc", "Ts Th Td Tc 7s"),
        ("Js 9d 8h", "6s 6h 4s 4h 2s", "Ah Ad 8s 8d 2d"),
    ),
    "two_straight_flushes": (
        ("Ah Kd Qc", "4s 5s 6s 7s 8s", "9h Th Jh Qh Kh"),
        ("Jd 9d 7c", "2c 2d 3c 3d 4c", "Ac Ad Tc Td 5d"),
    ),
    "back_straight_flush": (
        ("Ah Kd Qc", "2s 3s 7s 9s Js", "4h 5h 6h 7h 8h"),
        ("Jd 9d 7c", "2c 2d 3c 3d 4c", "Ac Ad Tc Td 5d"),
    ),
    "three_flushes": (
        ("2h 5h 9h", "3s 6s 8s Ts Qs", "4d 7d 9d Jd Kd"),
        ("8c 6d 3c", "Qc Qh Jc Jh Tc", "Ac Ah Kc Kh 2c"),
    ),
    "six_pairs": (  # the loser has six pairs too, and gets nothing for them
        ("3s 3h Kc", "4s 4h 5s 5h Kd", "6s 6h 7s 7h 2c"),
        ("2s 2d Qc", "4d 4c 3d 3c Ac", "6d 6c 5d 5c Ad"),
    ),
    "six_pairs_with_quads": (  # quads count as two pairs
        ("3s 3h Qc", "4s 4h 5s 5h Qd", "6s 6h 6d 6c 2c"),
        ("Ks Jd 9c", "Ah Ad 7s 8h 9d", "Kh Kd 8s 8d 2s"),
    ),
    "two_houses_pair": (
        ("2s 2h Ac", "3s 3h 3d 4s 4h", "5s 5h 5d 6s 6h"),
        ("Ks Qs 9c", "Qh Qc Jh Jc 7d", "Ah Ad Kh Kc 7c"),
    ),
    "seven_eleven_middle": (  # 777JJ
        ("As Kd 3c", "7s 7h 7d Js Jh", "Qs Qh Qd 2s 2h"),
        ("Qc Jc 8d", "Kh Kc Ts Th 4d", "Ac Ad 9s 9h 3d"),
    ),
    "seven_eleven_back": (  # 77JJJ
        ("As Kd 3c", "2c 3d 4h 5s 6c", "Js Jh Jd 7s 7h"),
        ("Qc Jc 8d", "Kh Kc Ts Th 4d", "Ac Ad 9s 9h 8h"),
    ),
    "not_seven_eleven": (  # 777QQ and JJJ22 are ordinary full houses
        ("As Kd 3c", "7s 7h 7d Qs Qh", "Js Jh Jd 2s 2h"),
        ("Qc Tc 8d", "Kh Kc Ts Th 4d", "Ac Ad 9s 9h 3d"),
    ),
}
