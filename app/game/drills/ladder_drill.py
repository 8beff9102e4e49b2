"""*Which hand is higher?* — the pattern ladder (:mod:`rules.ladder`, S5's rules four and five) as a
drill: two 13-card hands dealt from one deck, not arranged; which one holds the higher pattern, or are they
equal?

Random hands are almost always trips or pairs, so the hands are built to order, as :mod:`.hands` builds the
specials, and every pair is then read by :func:`rules.ladder.ladder_hand` (a hand is never mislabelled) and
kept only when it is as close a call as the level asks (:func:`level_of`):

- 0: tiers three or more apart; 1: tiers one or two apart;
- 2: the same tier: one of the top three (equal by rule), two straight flushes with different top cards, or
  one four, trips or top pair against a lower one;
- 3: the same tier, a closer look: the higher four or trips against more of them (rule five's example), or
  pairs with the same top pair, decided further down or by how many pairs;
- 4: the finest tie-breaks: the same pairs decided by the single cards, or equal hands (the same pairs and
  singles, straight flushes with the same top card).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial

from rules.cards import RANK_CHARS, Card, format_cards
from rules.ladder import TIERS, DecidedBy, LadderHand, Pattern, compare_ladder, decided_by, ladder_hand

from .question import Drill, Explanation, Question

CHOICES = ("left", "right", "equal")
_BY_TIER = {t: [p for p in Pattern if p.tier == t] for t in range(1, TIERS + 1)}

# ---- hands made to order (each builder is one attempt from the free cards; None: the cards are not there)


def _pick(free: set[int], rng: random.Random, n: int, ok: Callable[[int], bool] | None = None) -> list[int] | None:
    pool = sorted(c for c in free if ok is None or ok(c))  # sorted: a seed gives the same hands every time
    return rng.sample(pool, n) if len(pool) >= n else None


def _of_rank(rank: int, card: int) -> bool:
    return card >> 2 == rank


def _of_suit(suit: int, card: int) -> bool:
    return card & 3 == suit


def _profile(counts: dict[int, int], free: set[int], rng: random.Random) -> list[int] | None:
    """``counts[rank]`` cards of each rank, in random free suits."""
    out: list[int] = []
    for rank, n in counts.items():
        cards = _pick(free, rng, n, partial(_of_rank, rank))
        if cards is None:
            return None
        out += cards
    return out


def _fill(cards: list[int] | None, free: set[int], rng: random.Random, avoid: Sequence[int] = ()) -> list[int] | None:
    """``cards`` made up to 13 with free cards of ranks other than ``avoid``."""
    if cards is None:
        return None
    rest = _pick(free - set(cards), rng, 13 - len(cards), lambda c: c >> 2 not in avoid)
    return None if rest is None else cards + rest


def _run(top: int, suit: int | None, free: set[int], rng: random.Random, n: int = 5) -> list[int] | None:
    """A run of ``n`` ranks ending at ``top`` (top 3 with ``n`` 5: A2345), of one ``suit`` or any."""
    ranks = [12, 0, 1, 2, 3] if n == 5 and top == 3 else list(range(top - n + 1, top + 1))
    out = []
    for r in ranks:
        suits = [s for s in range(4) if r * 4 + s in free and (suit is None or s == suit)]
        if not suits:
            return None
        out.append(r * 4 + rng.choice(suits))
    return out


def _pairs(pairs: Sequence[int], singles: Sequence[int], free: set[int], rng: random.Random) -> list[int] | None:
    return _profile({**dict.fromkeys(pairs, 2), **dict.fromkeys(singles, 1)}, free, rng)


def _random_pairs(rng: random.Random, k: int | None = None) -> tuple[list[int], list[int]]:
    """Pair ranks and single ranks of a pairs hand: ``k`` pairs (1–5) and 13 − 2k singles."""
    k = rng.randint(1, 5) if k is None else k
    ranks = rng.sample(range(13), 13 - k)
    return sorted(ranks[:k], reverse=True), sorted(ranks[k:], reverse=True)


def build(pattern: Pattern, free: set[int], rng: random.Random) -> list[int] | None:
    """One attempt at 13 free cards meant to make ``pattern`` (the caller reads what they make)."""
    if pattern in (Pattern.ONE_RED, Pattern.ONE_BLACK):
        red = pattern is Pattern.ONE_BLACK
        many = _pick(free, rng, 12, lambda c: Card(c).is_red == red)
        one = _pick(free, rng, 1, lambda c: Card(c).is_red != red)
        return None if many is None or one is None else many + one
    if pattern is Pattern.DRAGON:
        return _profile(dict.fromkeys(range(13), 1), free, rng)
    if pattern in (Pattern.FIVE_PAIRS_TRIPS, Pattern.SIX_PAIRS):
        shape = (2,) * 5 + ((3,) if pattern is Pattern.FIVE_PAIRS_TRIPS else (2, 1))
        return _profile(dict(zip(rng.sample(range(13), len(shape)), shape, strict=True)), free, rng)
    if pattern in (Pattern.ALL_BIG, Pattern.ALL_SMALL):
        lo, hi = (4, 11) if pattern is Pattern.ALL_BIG else (0, 8)
        return _pick(free, rng, 13, lambda c: lo <= c >> 2 <= hi)
    if pattern in (Pattern.HALF_BIG, Pattern.HALF_SMALL):
        ace = _pick(free, rng, 1, lambda c: c >> 2 == 12)  # one ace at least, or it is all big / all small
        span = range(4, 13) if pattern is Pattern.HALF_BIG else (*range(0, 9), 12)
        return _fill(ace, free, rng, avoid=[r for r in range(13) if r not in span])
    if pattern is Pattern.THREE_STRAIGHTS:
        out: list[int] = []
        for n in (3, 5, 5):
            run = _run(rng.randrange(n - 1, 13), None, free - set(out), rng, n)
            if run is None:
                return None
            out += run
        return out
    if pattern is Pattern.THREE_FLUSHES:
        out = []
        for n, suit in zip((3, 5, 5), rng.sample(range(4), 3), strict=True):
            cards = _pick(free, rng, n, partial(_of_suit, suit))
            if cards is None:
                return None
            out += cards
        return out
    if pattern is Pattern.STRAIGHT_FLUSH:
        return _fill(_run(rng.randrange(3, 13), rng.randrange(4), free, rng), free, rng)
    if pattern in (Pattern.FOUR_KIND, Pattern.TRIPS):
        n = 4 if pattern is Pattern.FOUR_KIND else 3
        ranks = rng.sample(range(13), rng.choice((1, 1, 2)))
        return _fill(_profile(dict.fromkeys(ranks, n), free, rng), free, rng, avoid=ranks)
    return _pairs(*_random_pairs(rng), free, rng)


# ---- two hands as close as the level asks


def _groups(hand: Sequence[int], n: int) -> int:
    """How many ranks the hand holds ``n`` times."""
    return sum(1 for k in Counter(c >> 2 for c in hand).values() if k == n)


def level_of(a: Sequence[int], b: Sequence[int]) -> int:
    """How close a call the two hands are, 0 (tiers far apart) to 4 (the finest tie-break; see the module
    docstring)."""
    x, y = ladder_hand(a), ladder_hand(b)
    gap = abs(x.tier - y.tier)
    if gap:
        return 0 if gap >= 3 else 1
    d = decided_by(x, y)
    if d in (DecidedBy.SAME_TIER, DecidedBy.TOP_CARD):
        return 2
    if d in (DecidedBy.FOUR_KIND, DecidedBy.TRIPS):
        n = 4 if d is DecidedBy.FOUR_KIND else 3
        win, lose = (a, b) if x.key > y.key else (b, a)
        return 3 if _groups(lose, n) > _groups(win, n) else 2
    if d is DecidedBy.PAIRS:
        return 2 if x.key[0][0] != y.key[0][0] else 3
    return 4  # the singles, or everything equal


def _second(kind: str, a: list[int], free: set[int], rng: random.Random) -> list[int] | None:
    """The second hand of a same-tier question of ``kind``, from what the first hand ``a`` left."""
    left = free - set(a)
    counts = Counter(c >> 2 for c in a)
    if kind in ("top_card", "equal_top"):
        top = ladder_hand(a).key[0][0]
        tops = [top] if kind == "equal_top" else [t for t in range(3, 13) if t != top]
        return _fill(_run(rng.choice(tops), rng.randrange(4), left, rng), left, rng)
    if kind in ("four_kind", "trips", "more_four_kind", "more_trips"):
        n = 4 if "four" in kind else 3
        mine = max(r for r, k in counts.items() if k == n)
        if kind.startswith("more"):  # two groups, both below the first hand's (rule five's example)
            below = [r for r in range(mine) if counts[r] <= 4 - n]
            ranks = rng.sample(below, 2) if len(below) >= 2 else None
        else:
            ranks = [rng.choice([r for r in range(13) if r != mine and counts[r] <= 4 - n] or [mine])]
        if not ranks or mine in ranks:
            return None
        return _fill(_profile(dict.fromkeys(ranks, n), left, rng), left, rng, avoid=ranks)
    pairs = sorted((r for r, k in counts.items() if k == 2), reverse=True)
    singles = sorted((r for r, k in counts.items() if k == 1), reverse=True)
    if kind == "equal_pairs":
        return _pairs(pairs, singles, left, rng)
    if kind == "singles":  # one single changed to a rank the first hand does not hold
        i = rng.randrange(len(singles))
        new = rng.choice([r for r in range(13) if r not in counts])
        return _pairs(pairs, [*singles[:i], new, *singles[i + 1 :]], left, rng)
    if kind == "pair_count":  # the same pairs and one more, below them
        extra = [r for r in singles if r < pairs[-1]]
        if not extra or len(pairs) >= 5:
            return None
        more = [*pairs, rng.choice(extra)]
        rest = [r for r in range(13) if r not in more]
        return _pairs(more, rng.sample(rest, 13 - 2 * len(more)), left, rng)
    if kind == "lower_pair":  # the same top pair, a different pair below
        if len(pairs) < 2:
            return None
        k = rng.randint(2, 5)
        others = [r for r in range(pairs[0]) if r != pairs[1]]
        their_pairs = [pairs[0], *rng.sample(others, min(k - 1, len(others)))]
        rest = [r for r in range(13) if r not in their_pairs]
        return _pairs(their_pairs, rng.sample(rest, 13 - 2 * len(their_pairs)), left, rng)
    ps, ss = _random_pairs(rng)  # top_pair: any other pairs hand
    return _pairs(ps, ss, left, rng)


_KINDS = {
    2: ("same_tier", "top_card", "four_kind", "trips", "top_pair"),
    3: ("more_four_kind", "more_trips", "lower_pair", "pair_count"),
    4: ("singles", "singles", "singles", "equal_pairs", "equal_top"),
}
_FIRST = {
    "top_card": Pattern.STRAIGHT_FLUSH,
    "equal_top": Pattern.STRAIGHT_FLUSH,
    "four_kind": Pattern.FOUR_KIND,
    "more_four_kind": Pattern.FOUR_KIND,
    "trips": Pattern.TRIPS,
    "more_trips": Pattern.TRIPS,
}


def _attempt(rng: random.Random, level: int) -> tuple[list[int], list[int]] | None:
    free = set(range(52))
    if level <= 1:
        ta = rng.randint(1, TIERS)
        others = [t for t in range(1, TIERS + 1) if t != ta and (abs(t - ta) >= 3) == (level == 0)]
        a = build(rng.choice(_BY_TIER[ta]), free, rng)
        b = None if a is None else build(rng.choice(_BY_TIER[rng.choice(others)]), free - set(a), rng)
        return None if a is None or b is None else (a, b)
    kind = rng.choice(_KINDS[min(level, 4)])
    if kind == "same_tier":
        tier = rng.randint(1, 3)
        a = build(rng.choice(_BY_TIER[tier]), free, rng)
        b = None if a is None else build(rng.choice(_BY_TIER[tier]), free - set(a), rng)
    else:
        first = _FIRST.get(kind)
        if first is Pattern.FOUR_KIND or first is Pattern.TRIPS:  # one group, high enough to have some below
            n = 4 if first is Pattern.FOUR_KIND else 3
            rank = rng.randrange(4 if kind.startswith("more") else 0, 13)
            a = _fill(_profile({rank: n}, free, rng), free, rng, avoid=[rank])
        elif first is not None:
            a = build(first, free, rng)
        else:
            a = _pairs(*_random_pairs(rng, rng.randint(2, 4) if kind != "top_pair" else None), free, rng)
        if a is None or (first is not None and ladder_hand(a).pattern is not first):
            return None  # the filler cards made something higher: try again
        b = _second(kind, a, free, rng)
    return None if a is None or b is None else (a, b)


def _ranks(ranks: Sequence[int]) -> str:
    return " ".join(RANK_CHARS[r] for r in ranks)


def explain(x: LadderHand, y: LadderHand) -> Explanation:
    """Explanation the left hand ``x`` and the right hand ``y`` compare as they do: both patterns and what decided."""
    d = decided_by(x, y)
    values: dict[str, object] = {"left": x.pattern.id, "right": y.pattern.id, "tier_left": x.tier, "tier_right": y.tier}
    if d in (DecidedBy.TOP_CARD, DecidedBy.FOUR_KIND, DecidedBy.TRIPS):
        values |= {"a": RANK_CHARS[x.key[0][0]], "b": RANK_CHARS[y.key[0][0]]}
    elif d is DecidedBy.PAIRS:
        values |= {"a": _ranks(x.key[0]), "b": _ranks(y.key[0])}
    elif d is DecidedBy.SINGLES:
        values |= {"pairs": _ranks(x.key[0]), "a": _ranks(x.key[1]), "b": _ranks(y.key[1])}
    elif d is DecidedBy.EQUAL:
        values |= {"a": _ranks(x.key[0])}
    reason = d.value
    if d is DecidedBy.EQUAL:
        reason = "equal_top" if x.pattern is Pattern.STRAIGHT_FLUSH else "equal_pairs"
    return Explanation("ladder", {**values, "decided": reason})


def ladder_question(rng: random.Random, level: int) -> Question:
    """*Which hand is higher?* at ``level`` (see the module docstring); answers ``left``, ``right``,
    ``equal``."""
    for _ in range(2000):
        pair = _attempt(rng, level)
        if pair is None or any(len(set(h)) != 13 for h in pair) or set(pair[0]) & set(pair[1]):
            continue
        if level_of(*pair) != min(level, 4):
            continue
        a, b = pair if rng.random() < 0.5 else pair[::-1]
        x, y = ladder_hand(a), ladder_hand(b)
        result = compare_ladder(x, y)
        answer = "left" if result > 0 else "right" if result < 0 else "equal"
        show = {"a": format_cards(sorted(a, reverse=True)), "b": format_cards(sorted(b, reverse=True))}
        return Question(Drill.LADDER, level, show, CHOICES, frozenset({answer}), explain(x, y))
    raise RuntimeError("no pair of hands found at this level")  # pragma: no cover - 2000 tries always find one
