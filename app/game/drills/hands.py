"""The drills on whole hands: *Foul or legal?*, *Spot the special* and *Score it*.

- A foul question is a full arrangement; the closer the level, the more its neighbouring rows share a
  category (where fouls hide). The answer names the rows that break the order (:func:`rules.arrangement.
  foul_reason`).
- A special question is 13 cards: half the time built to make one of the table's specials (and checked by
  :func:`rules.specials.detect_specials`), otherwise dealt at random, which almost never makes one.
- A score question is a revealed table of four, scored by :func:`rules.scoring.score_deal`: how many units
  does one seat win from another? The choices are the answer and the sums a player gets by leaving out or
  doubling one of the items; the explanation is the pair's items.

With the joker (``options.joker``, RULES.md §20) some hands hold it in place of one of their cards: the foul
check and the specials read it as §20 says, and a scored table is a joker deal (one dealt card turned up).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ai import SPLIT_BACK, SPLIT_MIDDLE, legal_splits
from rules.arrangement import Arrangement, foul_reason
from rules.cards import JOKER_ID, Card, deal, format_cards
from rules.deal import Deal, Decision
from rules.evaluate import compare_values
from rules.presets import Options, Preset
from rules.scoring import score_deal
from rules.specials import Special, detect_specials

from .question import Drill, Explanation, Question
from .rows import JOKER_SHARE, joker_card, with_joker


def _split(cards: list[int], rng: random.Random) -> Arrangement:
    rng.shuffle(cards)
    return Arrangement(
        tuple(Card(c) for c in cards[:3]), tuple(Card(c) for c in cards[3:8]), tuple(Card(c) for c in cards[8:])
    )


def _ordered(arr: Arrangement, options: Options) -> Arrangement:
    """The same cards with the stronger five-card row at the back (what most players do first)."""
    mid, back = arr.values(options.wheel)[1:]
    return arr if back.base >= mid.base else Arrangement(arr.front, arr.back, arr.middle)


def random_arrangement(
    rng: random.Random, options: Options, *, legal: bool | None = None, close: bool = False
) -> Arrangement:
    """Thirteen random cards split into rows: legal or a foul as asked (either when None); ``close``: two
    neighbouring rows of the same category."""
    for _ in range(500):
        cards = rng.sample(range(52), 13)
        if options.joker and rng.random() < JOKER_SHARE:
            cards[rng.randrange(13)] = JOKER_ID
        arr = _ordered(_split(cards, rng), options)
        if legal is not None and (foul_reason(arr, options.wheel) is None) != legal:
            continue
        cats = [v.category for v in arr.values(options.wheel)]
        if close and cats[0] != cats[1] and cats[1] != cats[2]:
            continue
        return arr
    raise RuntimeError("no arrangement of that kind found")  # pragma: no cover


def foul_question(rng: random.Random, level: int, options: Options) -> Question:
    """*Foul or legal?* for a random arrangement, half of them fouls."""
    arr = random_arrangement(rng, options, legal=rng.random() < 0.5, close=level >= 2)
    reason = foul_reason(arr, options.wheel)
    values = arr.values(options.wheel)
    show = {**arr.to_dict(), "wheel": options.wheel.value}
    cats: dict[str, Any] = {
        "front": values[0].category.id,
        "middle": values[1].category.id,
        "back": values[2].category.id,
    }
    joker = joker_card(*values)
    if joker is not None:
        cats["joker"] = joker
    if reason is None:
        return Question(Drill.FOUL, level, show, ("legal", "foul"), frozenset({"legal"}), Explanation("legal", cats))
    broken = [
        f"{hi}_{lo}"
        for hi, lo, (x, y) in (("front", "middle", values[:2]), ("middle", "back", values[1:]))
        if compare_values(x, y) > 0
    ]
    return Question(
        Drill.FOUL, level, show, ("legal", "foul"), frozenset({"foul"}), Explanation("foul", {**cats, "broken": broken})
    )


# ---- special hands made to order


def _ranks(cards: list[int]) -> list[int]:
    return [c >> 2 for c in cards]


def _build(special: Special, rng: random.Random) -> list[int] | None:
    """Thirteen cards meant to make ``special`` (None: this try did not; the caller checks)."""
    deck = list(range(52))
    if special in (Special.DRAGON, Special.SUITED_DRAGON):
        suit = rng.randrange(4)
        return [r * 4 + (suit if special is Special.SUITED_DRAGON else rng.randrange(4)) for r in range(13)]
    if special in (Special.SIX_PAIRS, Special.FIVE_PAIRS_TRIPS, Special.FOUR_TRIPS, Special.THREE_QUADS):
        shape = {
            Special.SIX_PAIRS: (2,) * 6 + (1,),
            Special.FIVE_PAIRS_TRIPS: (2,) * 5 + (3,),
            Special.FOUR_TRIPS: (3,) * 4 + (1,),
            Special.THREE_QUADS: (4,) * 3 + (1,),
        }[special]
        out: list[int] = []
        for rank, n in zip(rng.sample(range(13), len(shape)), shape, strict=True):
            out += [rank * 4 + s for s in rng.sample(range(4), n)]
        return out
    if special is Special.ONE_COLOR:
        suits = (0, 2) if rng.random() < 0.5 else (1, 3)
        return rng.sample([c for c in deck if c & 3 in suits], 13)
    if special is Special.ALL_SMALL:
        return rng.sample([c for c in deck if c >> 2 <= 6], 13)
    if special is Special.ALL_BIG:
        return rng.sample([c for c in deck if c >> 2 >= 6], 13)
    if special is Special.TWELVE_ROYALS:
        return rng.sample([c for c in deck if c >> 2 >= 9], 12) + rng.sample([c for c in deck if c >> 2 < 9], 1)
    if special is Special.THREE_FLUSHES:
        a, b, c = rng.sample(range(4), 3)
        return [r * 4 + s for s, n in ((a, 3), (b, 5), (c, 5)) for r in rng.sample(range(13), n)]
    if special in (Special.THREE_STRAIGHTS, Special.THREE_STRAIGHT_FLUSHES):
        out = []
        for n, suit in zip((3, 5, 5), rng.sample(range(4), 3), strict=True):
            top = rng.randrange(n - 1, 13)
            for r in range(top, top - n, -1):
                s = suit if special is Special.THREE_STRAIGHT_FLUSHES else rng.randrange(4)
                out.append(r * 4 + s)
        return out if len(set(out)) == 13 else None
    return None  # pragma: no cover - every special has its builder


def special_hand(special: Special, rng: random.Random) -> tuple[Card, ...]:
    """Thirteen cards that make ``special`` (checked)."""
    for _ in range(500):
        cards = _build(special, rng)
        if cards is not None and len(set(cards)) == 13 and special in detect_specials(cards):
            return tuple(Card(c) for c in sorted(cards, reverse=True))
    raise RuntimeError(f"could not build {special.id}")  # pragma: no cover


def special_question(rng: random.Random, level: int, preset: Preset, options: Options | None = None) -> Question:
    """*Spot the special*: which of the table's specials the 13 cards make, or none. With the joker, some
    hands hold it in place of a card: a built special still makes its special, since the joker may stand for
    the card it replaced (RULES.md §20.4)."""
    specials = sorted(preset.specials, key=lambda s: s.rung)
    if rng.random() < 0.5:
        hand = special_hand(rng.choice(specials), rng)
    else:
        hand = tuple(sorted(Card(c) for c in rng.sample(range(52), 13))[::-1])
    joker = options is not None and options.joker and rng.random() < JOKER_SHARE
    if joker:
        hand = with_joker(hand, rng)
    made = sorted(detect_specials(hand) & preset.specials, key=lambda s: s.rung)
    correct = frozenset(s.id for s in made) or frozenset({"none"})
    why = Explanation("special", {"made": [s.id for s in made]}) if made else Explanation("no_special", {})
    if joker:
        why = Explanation(why.key, {**why.values, "joker_any": True})
    return Question(
        Drill.SPECIAL,
        level,
        {"hand": format_cards(hand), "rules": preset.value},
        ("none", *(s.id for s in specials)),
        correct,
        why,
    )


# ---- scoring a table


def strong_play(hand: tuple[Card, ...], options: Options) -> Arrangement:
    """The hand's strongest back, then strongest middle, among its legal splits (numpy over all of them): the
    rows a player who builds from the back lays down, where the bonuses of strong rows show up."""
    splits = legal_splits(hand, options)
    back = splits.keys5[SPLIT_BACK[splits.legal]]
    top = splits.legal[back == back.max()]
    best = top[int(np.argmax(splits.keys5[SPLIT_MIDDLE[top]]))]
    return splits.arrangement(int(best))


def score_question(rng: random.Random, level: int, preset: Preset, options: Options | None = None) -> Question:
    """*Score it*: a table of four revealed; the units seat ``a`` wins from seat ``b`` under ``preset``."""
    options = preset.default_options if options is None else options
    seed = rng.randrange(2**31)
    hands = deal(seed, 4, joker=options.joker)
    decisions = []
    for hand in hands:
        if level >= 2 and rng.random() < 0.5:  # strong rows: 加賭 bonuses and 打槍 of real hands to count
            decisions.append(Decision.arranged(strong_play(tuple(hand), options)))
            continue
        foul = rng.random() < (0.08 if level < 3 else 0.15)
        arr = None
        for _ in range(400):
            cand = _ordered(_split(list(hand), rng), options)
            if (foul_reason(cand, options.wheel) is not None) == foul:
                arr = cand
                break
        decisions.append(Decision.arranged(arr or _ordered(_split(list(hand), rng), options)))
    result = score_deal(Deal(preset, options, tuple(decisions)))
    a, b = 0, rng.randrange(1, 4)
    pair = result.pair(a, b)
    answer = pair.score
    wrong = {answer - it.value for it in pair.items if it.value} | {answer + it.value for it in pair.items if it.value}
    wrong |= {-answer, answer + 1, answer - 1}
    wrong.discard(answer)
    picks = rng.sample(sorted(wrong), min(3, len(wrong)))
    choices = tuple(str(v) for v in sorted({answer, *picks}))
    show = {
        "rules": preset.value,
        "options": options.to_dict(),
        "seats": [d.to_dict() for d in decisions],
        "a": a,
        "b": b,
    }
    items = [{"kind": it.kind, "value": it.value} for it in pair.items]
    return Question(
        Drill.SCORE,
        level,
        show,
        choices,
        frozenset({str(answer)}),
        Explanation("score", {"items": items, "total": answer, "rows": [o.value for o in pair.rows or ()]}),
    )
