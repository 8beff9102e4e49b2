"""*What to pass?* — 換三張 (rules/RULES.md §21) as a drill: a hand of 13 and three passes to choose from,
each priced the coach's way (:func:`ai.exchange.price_passes`: the hand after the pass, on the same draws of
what a neighbour would send back). The right answer is the pass the hand is worth most after.

The level sets how close the two wrong passes come to the right one, in the coach's verdict bounds of the
preset (:data:`ai.coach.THRESHOLDS`): twice a blunder's loss or more at level 0, between an inaccuracy's and
a mistake's at level 3, below a mistake's at level 4. A wrong pass is only offered when its gap is larger
than the pricing's 95% interval, so the answer is never a coin toss; when no hand tried has two such passes
in the level's band, the nearest clear ones are taken. Making a question prices nine passes (a second or
so): the screen makes the next one in a worker thread while the player reads the last explanation.
"""

from __future__ import annotations

import math
import random

import numpy as np

from ai import THRESHOLDS, Level, TableView, candidates, price_passes
from rules.cards import Card, format_cards
from rules.exchange import PASS_SIZE
from rules.presets import Options, Preset
from rules.specials import detect_specials

from .question import Drill, Question, Why

CHOICES = ("a", "b", "c")
DRAWS = 16  # received draws each pass is priced on
LOOKS, RANDOM_PASSES = 6, 3  # the quick look's best passes and a few anyone might make
ATTEMPTS = 2  # hands tried for the level's band before the nearest gaps are taken


def gaps(preset: Preset) -> tuple[tuple[float, float], ...]:
    """Units behind the best pass that a wrong choice lies at, by level (from the preset's verdict bounds)."""
    _, good, inaccuracy, mistake = THRESHOLDS[preset]
    return ((2 * mistake, math.inf), (mistake, 2 * mistake), (inaccuracy, mistake), (good, inaccuracy),
            (good / 3, good))


def _pool(hand: tuple[Card, ...], rng: random.Random) -> list[tuple[Card, ...]]:
    look = candidates(hand, LOOKS)
    while len(look) < LOOKS + RANDOM_PASSES:
        trio = tuple(sorted(rng.sample(hand, PASS_SIZE)))
        if trio not in look:
            look.append(trio)
    return look


def _hand(rng: random.Random, preset: Preset) -> tuple[Card, ...]:
    while True:
        hand = tuple(sorted(Card(c) for c in rng.sample(range(52), 13)))
        if not detect_specials(hand) & preset.specials:  # a hand that would declare has nothing to pass for
            return hand


def pass_question(rng: random.Random, level: int, preset: Preset, options: Options | None = None) -> Question:
    """One question of *What to pass?* at ``level`` for a table of ``preset`` (see the module docstring)."""
    view = TableView(preset=preset, options=options or preset.default_options)
    lo, hi = gaps(preset)[level]
    fallback: tuple[float, tuple[Card, ...], list[tuple[Card, ...]], np.ndarray, list[int], int] | None = None
    for _ in range(ATTEMPTS):
        hand = _hand(rng, preset)
        pool = _pool(hand, rng)
        x = price_passes(hand, pool, view, draws=DRAWS, seed=rng.randrange(2**31), level=Level.HARD)
        means = x.mean(axis=0)
        best = int(np.argmax(means))
        diff = x[:, [best]] - x
        gap = diff.mean(axis=0)
        ci = 1.96 * diff.std(axis=0, ddof=1) / math.sqrt(DRAWS)
        clear = [j for j in range(len(pool)) if j != best and gap[j] > ci[j] and gap[j] > 0.05]
        inside = [j for j in clear if lo <= gap[j] < hi]
        if len(inside) >= 2:
            return _question(rng, level, preset, hand, pool, means, rng.sample(inside, 2), best)
        centre = lo if math.isinf(hi) else (lo + hi) / 2
        near = sorted(clear, key=lambda j: abs(math.log(gap[j] / centre)))[:2]
        miss = sum(abs(math.log(gap[j] / centre)) for j in near) if len(near) == 2 else math.inf
        if fallback is None or miss < fallback[0]:
            fallback = (miss, hand, pool, means, near, best)
    assert fallback is not None
    _, hand, pool, means, near, best = fallback
    if len(near) < 2:  # every pass prices alike: offer the two furthest behind
        near = [int(j) for j in np.argsort(means) if j != best][:2]
    return _question(rng, level, preset, hand, pool, means, near, best)


def _question(rng: random.Random, level: int, preset: Preset, hand: tuple[Card, ...], pool: list[tuple[Card, ...]],
              means: np.ndarray, wrong: list[int], best: int) -> Question:
    picked = [best, *wrong]
    rng.shuffle(picked)
    passes = {c: format_cards(sorted(pool[j], reverse=True)) for c, j in zip(CHOICES, picked, strict=True)}
    evs = {c: round(float(means[j]), 2) for c, j in zip(CHOICES, picked, strict=True)}
    right = CHOICES[picked.index(best)]
    show = {"rules": preset.value, "hand": format_cards(sorted(hand, reverse=True)), "passes": passes}
    return Question(Drill.PASS, level, show, CHOICES, frozenset({right}),
                    Why("pass", {"evs": evs, "best": passes[right], "draws": DRAWS}))
