"""Rows made to order, and the two drills on single rows: *Which row is stronger?* and *Name the hand*.

:func:`make_row` deals a row of a chosen category from the cards still free (and checks it with the
evaluator, so a row is never mislabelled). The comparison's difficulty is how close the two rows are: far
apart categories at level 0, neighbouring categories at 1, the same category decided by its first rank at 2,
by a kicker (or equal) at 3, and at 4 the fine points: a front against a middle (the foul check's
comparison), the wheel, and the suit tie-break when the table turns it on.

With the joker (``options.joker``, RULES.md §20) some questions put it in a row in place of one of its cards
(:func:`with_joker`): a comparison keeps its level (the joker is placed only where the two rows stay as far
apart), so at the top levels a joker row meets the natural row it completes, which it ties; a row to name
is whatever the joker makes of it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.cards import JOKER, Card, format_cards
from rules.evaluate import Category, RowValue, Wheel, compare_values, evaluate_row
from rules.presets import Options

from .question import Drill, Explanation, Question

JOKER_SHARE = 0.4  # of the questions at a joker table that put the joker in a row
FIVE = tuple(Category)
THREE = (Category.HIGH_CARD, Category.PAIR, Category.TRIPS)
# How often each category is asked at the easiest and the hardest level (rarer hands as the player improves).
_COMMON = {
    Category.HIGH_CARD: 3,
    Category.PAIR: 3,
    Category.TWO_PAIR: 2,
    Category.TRIPS: 2,
    Category.STRAIGHT: 2,
    Category.FLUSH: 2,
    Category.FULL_HOUSE: 1,
    Category.QUADS: 1,
    Category.STRAIGHT_FLUSH: 1,
}


def _ranks_without_straight(rng: random.Random, n: int) -> list[int]:
    while True:
        ranks = sorted(rng.sample(range(13), n), reverse=True)
        if n < 5 or not (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0]):
            return ranks


def _draw(category: Category, size: int, free: set[int], rng: random.Random) -> list[int] | None:
    """One attempt at a row of ``category`` from ``free`` cards (None: the cards are not there)."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = rng.randrange(3, 13)  # the top rank index: 5 (the wheel) up to A
        ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top, top - 5, -1))
        if category is Category.STRAIGHT_FLUSH:
            suit = rng.randrange(4)
            return [r * 4 + suit for r in ranks]
        cards = [r * 4 + rng.randrange(4) for r in ranks]
        return cards if len({c & 3 for c in cards}) > 1 else None
    if category is Category.FLUSH:
        suit = rng.randrange(4)
        return [r * 4 + suit for r in _ranks_without_straight(rng, 5)]
    shape = {
        Category.HIGH_CARD: (1,) * size,
        Category.PAIR: (2,) + (1,) * (size - 2),
        Category.TWO_PAIR: (2, 2, 1),
        Category.TRIPS: (3,) + (1,) * (size - 3),
        Category.FULL_HOUSE: (3, 2),
        Category.QUADS: (4, 1),
    }[category]
    ranks = _ranks_without_straight(rng, len(shape)) if len(shape) == 5 else rng.sample(range(13), len(shape))
    cards = []
    for rank, count in zip(ranks, shape, strict=True):
        suits = [s for s in range(4) if rank * 4 + s in free]
        if len(suits) < count:
            return None
        cards += [rank * 4 + s for s in rng.sample(suits, count)]
    if size == 5 and category is not Category.FLUSH and len({c & 3 for c in cards}) == 1:
        return None
    return cards


def make_row(
    category: Category,
    size: int,
    rng: random.Random,
    taken: set[int] = frozenset(),  # type: ignore[assignment]
    wheel: Wheel = Wheel.LOW,
) -> tuple[Card, ...]:
    """A row of ``size`` cards of ``category``, sharing no card with ``taken``; checked by the evaluator."""
    free = set(range(52)) - set(taken)
    for _ in range(200):
        cards = _draw(category, size, free, rng)
        if cards is None or not set(cards) <= free:
            continue
        if evaluate_row(cards, wheel).category is category:
            return tuple(Card(c) for c in sorted(cards, reverse=True))
    raise ValueError(f"no {category.id} row of {size} left in these cards")


def with_joker(row: Sequence[int], rng: random.Random) -> tuple[Card, ...]:
    """``row`` with the joker in place of one of its cards, chosen at random (sorted high to low)."""
    cards = list(row)
    cards[rng.randrange(len(cards))] = JOKER
    return tuple(sorted((Card(c) for c in cards), reverse=True))


def joker_card(*values: RowValue) -> str | None:
    """The card the joker stands for in whichever of these rows holds it (None: none does)."""
    return next((str(v.joker) for v in values if v.joker is not None), None)


def _joker_pair(
    a: tuple[Card, ...], b: tuple[Card, ...], level: int, rng: random.Random, wheel: Wheel
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """One of the rows with the joker in it, as far apart from the other as before (None: no such place).
    At the fine points (level 4: the wheel, a front against a middle) the joker row must keep the very value
    of the row it came from, so the point the question makes still stands."""
    for _ in range(12):
        side = rng.randrange(2)
        old = (a, b)[side]
        new = with_joker(old, rng)
        pair = (new, b) if side == 0 else (a, new)
        va, vb = evaluate_row(pair[0], wheel), evaluate_row(pair[1], wheel)
        if level >= 4:
            before = evaluate_row(old, wheel)
            now = (va, vb)[side]
            if (now.category, now.vector) == (before.category, before.vector):
                return pair
        elif _level_of(va, vb) == min(level, 3):
            return pair
    return None


def pick_category(rng: random.Random, level: int, size: int) -> Category:
    """A category to ask about: common ones first, the rarer ones weighted up as the level rises."""
    pool = THREE if size == 3 else FIVE
    weights = [(_COMMON[c] if size == 5 else 2) + level * (3 - _COMMON[c] if size == 5 else 0) for c in pool]
    return rng.choices(pool, weights)[0]


def _gap(a: RowValue, b: RowValue) -> tuple[int, int | None]:
    """(category difference, the first comparison position that differs within the category or None)."""
    if a.category != b.category:
        return abs(int(a.category) - int(b.category)), None
    n = min(len(a.vector), len(b.vector))
    for i in range(n):
        if a.vector[i] != b.vector[i]:
            return 0, i
    return 0, None


def explain_compare(a: RowValue, b: RowValue, suit_tiebreak: bool) -> Explanation:
    """Explanation the comparison comes out as it does: the categories, the deciding rank, equality or the suit."""
    if a.category != b.category:
        hi, lo = (a, b) if a.category > b.category else (b, a)
        return Explanation("category", {"a": hi.category.id, "b": lo.category.id})
    if a.size != b.size:
        front, five = (a, b) if a.size == 3 else (b, a)
        n = len(front.vector)
        if front.vector == five.vector[:n]:
            return Explanation("front_equal", {"n": n})
    _, pos = _gap(a, b)
    if pos is None:
        if suit_tiebreak and a.key(True) != b.key(True) and a.size == b.size:
            return Explanation("suit", {"a": "dchs"[a.lead_suit], "b": "dchs"[b.lead_suit]})
        return Explanation("equal", {"category": a.category.id})
    if a.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return Explanation(
            "straight_top", {"a": a.vector[0], "b": b.vector[0], "wheel": bool(a.vector[1] or b.vector[1])}
        )
    return Explanation("rank", {"pos": pos + 1, "a": a.vector[pos], "b": b.vector[pos], "category": a.category.id})


def _level_of(a: RowValue, b: RowValue) -> int:
    cat, pos = _gap(a, b)
    if cat >= 3:
        return 0
    if cat >= 1:
        return 1
    return 2 if pos == 0 else 3


def same_ranks(row: Sequence[int], rng: random.Random, taken: set[int]) -> tuple[Card, ...] | None:
    """Another row with the same ranks in other suits (a flush stays one suit), or None when the cards are
    not free: the two rows then tie, unless the suit tie-break splits them."""
    free = set(range(52)) - set(taken) - set(row)
    suited = len({c & 3 for c in row}) == 1
    if suited:
        suits = [s for s in range(4) if all((c & ~3) | s in free for c in row)]
        if not suits:
            return None
        suit = rng.choice(suits)
        return tuple(Card((c & ~3) | suit) for c in row)
    out = []
    for c in row:
        options = [(c & ~3) | s for s in range(4) if (c & ~3) | s in free and (c & ~3) | s not in out]
        if not options:
            return None
        out.append(rng.choice(options))
    if len(row) == 5 and len({c & 3 for c in out}) == 1:
        return None
    return tuple(Card(c) for c in out)


def _wheel_row(rng: random.Random) -> tuple[Card, ...]:
    while True:
        cards = [r * 4 + rng.randrange(4) for r in (3, 2, 1, 0, 12)]
        if len({c & 3 for c in cards}) > 1:
            return tuple(Card(c) for c in cards)


def _pair_for(rng: random.Random, level: int, wheel: Wheel) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Two rows as far apart as ``level`` asks (see the module docstring), or None for another try."""
    point = rng.choice(("front", "wheel", "close")) if level >= 4 else "close"
    if point == "front":  # the foul check's comparison: a front against a middle of the same category
        cat = rng.choice(THREE)
        a = make_row(cat, 3, rng, wheel=wheel)
        return a, make_row(cat, 5, rng, set(a), wheel=wheel)
    if point == "wheel":
        a = _wheel_row(rng)
        return a, make_row(Category.STRAIGHT, 5, rng, set(a), wheel=wheel)
    size = 3 if rng.random() < 0.25 else 5
    pool = THREE if size == 3 else FIVE
    cat_a = pick_category(rng, level, size)
    if level <= 1:
        far = [c for c in pool if c != cat_a and (abs(c - cat_a) >= 3) == (level == 0)]
        if not far:
            return None
        cat_b = rng.choice(far)
    else:
        cat_b = cat_a
    a = make_row(cat_a, size, rng, wheel=wheel)
    if level >= 3 and rng.random() < 0.3:
        b = same_ranks(a, rng, set())
        if b is not None:
            return a, b
    b = make_row(cat_b, size, rng, set(a), wheel=wheel)
    va, vb = evaluate_row(a, wheel), evaluate_row(b, wheel)
    return (a, b) if _level_of(va, vb) == min(level, 3) else None


def compare_question(rng: random.Random, level: int, options: Options) -> Question:
    """*Which row is stronger?* at ``level`` (see the module docstring); answers ``left``, ``right``, ``equal``."""
    wheel, tiebreak = options.wheel, options.suit_tiebreak
    for _ in range(400):
        pair = _pair_for(rng, level, wheel)
        if pair is None:
            continue
        a, b = pair if rng.random() < 0.5 else pair[::-1]
        if options.joker and rng.random() < JOKER_SHARE:
            a, b = _joker_pair(a, b, level, rng, wheel) or (a, b)
        va, vb = evaluate_row(a, wheel), evaluate_row(b, wheel)
        result = compare_values(va, vb, tiebreak)
        answer = "left" if result > 0 else "right" if result < 0 else "equal"
        show = {"a": format_cards(a), "b": format_cards(b), "wheel": wheel.value, "suit_tiebreak": tiebreak}
        why = explain_compare(va, vb, tiebreak)
        joker = joker_card(va, vb)
        if joker is not None:
            why = Explanation(why.key, {**why.values, "joker": joker})
        return Question(Drill.COMPARE, level, show, ("left", "right", "equal"), frozenset({answer}), why)
    raise RuntimeError("no comparison found at this level")  # pragma: no cover - 400 tries always find one


def name_question(rng: random.Random, level: int, options: Options) -> Question:
    """*Name the hand*: one row; the choices are the categories a row of its size can be."""
    size = 3 if rng.random() < 0.25 else 5
    category = pick_category(rng, level, size)
    row = make_row(category, size, rng, wheel=options.wheel)
    if options.joker and rng.random() < JOKER_SHARE:
        row = with_joker(row, rng)  # named as what the joker makes of it
    pool = THREE if size == 3 else FIVE
    value = evaluate_row(row, options.wheel)
    why = {"category": value.category.id, "ranks": value.rank_text}
    if value.joker is not None:
        why["joker"] = str(value.joker)
    return Question(
        Drill.NAME,
        level,
        {"row": format_cards(row), "wheel": options.wheel.value},
        tuple(c.id for c in pool),
        frozenset({value.category.id}),
        Explanation("named", why),
    )
