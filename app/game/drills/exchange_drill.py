"""*What to pass?* — 換三張 (rules/RULES.md §21) as a drill: a hand of 13 and three passes to choose from,
priced exactly as the pass coach prices a pass in a deal (:func:`ai.pass_look`, :func:`ai.coach_pass_values`):
the right answer is the pass the coach chooses, and each pass is shown at the value, and behind the right one
by the gap, that the coach's review of it would report (:func:`ai.review_pass` on the question's seed).

The level sets how close the two wrong passes come to the right one, in the coach's verdict bounds of the
preset (:data:`ai.coach.THRESHOLDS`): twice a blunder's loss or more at level 0, between an inaccuracy's and
a mistake's at level 3, below a mistake's at level 4. A wrong pass is only offered when its gap is larger
than the pricing's 95% interval, so the answer is never a coin toss; when no hand tried has two such passes
in the level's band, the nearest clear ones are taken. Making a question prices some fifteen passes the way the
coach does (about two seconds): the screen makes the next one in a worker thread while the player reads the last
explanation.
"""

from __future__ import annotations

import math
import random

from ai import THRESHOLDS, TableView, candidates, coach_pass_values, pass_look
from rules.cards import Card, format_cards
from rules.exchange import PASS_SIZE
from rules.presets import Options, Preset
from rules.specials import detect_specials

from .question import Drill, Explanation, Question

CHOICES = ("a", "b", "c")
DRAWS = 48  # the pass coach's pricing draws (ai.coach_pass_values), on which each offered pass is shown
SHORTLIST = 6  # wrong passes priced on them, nearest the level's band first
LOOKS, RANDOM_PASSES = 6, 3  # the quick look's best passes and a few anyone might make
ATTEMPTS = 1  # hands tried for the level's band before the nearest gaps are taken (a second cost as much again
# and, priced the coach's way, seldom fitted the band better than the first hand's nearest clear passes)


def gaps(preset: Preset) -> tuple[tuple[float, float], ...]:
    """Units behind the best pass that a wrong choice lies at, by level (from the preset's verdict bounds)."""
    _, good, inaccuracy, mistake = THRESHOLDS[preset]
    return (
        (2 * mistake, math.inf),
        (mistake, 2 * mistake),
        (inaccuracy, mistake),
        (good, inaccuracy),
        (good / 3, good),
    )


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
    fallback: (
        tuple[float, tuple[Card, ...], dict[tuple[Card, ...], float], list[tuple[Card, ...]], tuple[Card, ...], int]
        | None
    ) = None
    for _ in range(ATTEMPTS):
        hand = _hand(rng, preset)
        seed = rng.randrange(2**31)
        look = pass_look(hand, view, seed=seed, first=_pool(hand, rng))
        best = look.own_best  # the pass coach's own choice: its review of any pass offered finds it best
        # Wrong passes the coach rates below its choice where it chooses (so its review of them names it), by
        # their gap there; then shown as the coach's pricing draws value them, where their gap must be clear.
        behind = {
            j: float(look.chosen_on[best] - look.chosen_on[j])
            for j in range(len(look.passes))
            if j != best and look.chosen_on[j] < look.chosen_on[best]
        }
        centre = lo if math.isinf(hi) else (lo + hi) / 2
        order = sorted(behind, key=lambda j: (not lo <= behind[j] < hi, abs(math.log(max(behind[j], 1e-9) / centre))))
        picked = [look.passes[j] for j in order[:SHORTLIST]]
        x = coach_pass_values(hand, [look.passes[best], *picked], view, seed=seed)
        diff = x[:, [0]] - x[:, 1:]
        gap, ci = diff.mean(axis=0), 1.96 * diff.std(axis=0, ddof=1) / math.sqrt(len(x))
        means = {p: float(m) for p, m in zip([look.passes[best], *picked], x.mean(axis=0), strict=True)}
        clear = [picked[k] for k in range(len(picked)) if gap[k] > ci[k] and gap[k] > 0.05]
        inside = [p for p in clear if lo <= means[look.passes[best]] - means[p] < hi]
        if len(inside) >= 2:
            return _question(rng, level, preset, hand, means, rng.sample(inside, 2), look.passes[best], seed)
        near = sorted(clear, key=lambda p: abs(math.log((means[look.passes[best]] - means[p]) / centre)))[:2]
        miss = (
            sum(abs(math.log((means[look.passes[best]] - means[p]) / centre)) for p in near)
            if len(near) == 2
            else math.inf
        )
        if fallback is None or miss < fallback[0]:
            fallback = (miss, hand, means, near, look.passes[best], seed)
    assert fallback is not None
    _, hand, means, near, right, seed = fallback
    if len(near) < 2:  # every pass prices alike: offer the two furthest behind
        near = sorted((p for p in means if p != right), key=lambda p: means[p])[:2]
    return _question(rng, level, preset, hand, means, near, right, seed)


def _question(
    rng: random.Random,
    level: int,
    preset: Preset,
    hand: tuple[Card, ...],
    means: dict[tuple[Card, ...], float],
    wrong: list[tuple[Card, ...]],
    best: tuple[Card, ...],
    seed: int,
) -> Question:
    picked = [best, *wrong]
    rng.shuffle(picked)
    passes = {c: format_cards(sorted(p, reverse=True)) for c, p in zip(CHOICES, picked, strict=True)}
    evs = {c: round(means[p], 2) for c, p in zip(CHOICES, picked, strict=True)}
    right = CHOICES[picked.index(best)]
    show = {"rules": preset.value, "hand": format_cards(sorted(hand, reverse=True)), "passes": passes}
    return Question(
        Drill.PASS,
        level,
        show,
        CHOICES,
        frozenset({right}),
        Explanation("pass", {"evs": evs, "best": passes[right], "draws": DRAWS, "seed": seed}),
    )
