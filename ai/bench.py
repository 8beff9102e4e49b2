"""Speed and memory measurements behind `chinese-poker bench` (targets live here, not in tests).

The same concept on another floor: the search's side of :mod:`app.store.bench` (the history's speed)."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from rules.cards import JOKER, Card, deal, turned_card
from rules.deal import Deal, DealResult, Decision
from rules.evaluate import hand_subset_keys
from rules.exchange import Direction, pass_round, seen_holdings
from rules.presets import Options, Preset
from rules.scoring import score_deal

from .coach import advise, review
from .contract import Level, TableView
from .exchange import PassReview, candidates, choose_pass, review_pass
from .levels import choose
from .splits import legal_splits

TARGETS_MS = {"split_search": 0.35, "subset_eval": 0.2, "score_deal": 1.0, "hard": 5.0, "expert": 50.0}
# The limits the report is checked against (issues 8 and 44): met or not, printed with the numbers, and
# `chinese-poker bench` exits non-zero when one is missed. Issue 44 set them to what the game reaches (they were
# far looser: expert 150 ms, the peak 200 MB, the coach 2 s), so that a regression shows. The memory targets are
# the real game's, measured in processes of its own (app/screens/app_bench.py, added by the command).
TARGETS = {
    "hard_median_ms": 5.0,
    "expert_median_ms": 50.0,
    "expert_p95_ms": 300.0,
    "split_search_ms": 0.35,
    "import_and_load_s": 0.5,
    "coach_median_ms": 300.0,  # from READY to the verdict (issues 11, 44), at the standard budget
    "coach_p95_ms": 3000.0,
    "coach_ci95_taiwan": 0.25,  # median 95% half-width of the units lost, over a typical player's plays
    "coach_ci95_worst": 0.25,  # the same in the preset where it is widest (issue 44: every arranged preset)
    "pass_expert_median_ms": 1500.0,  # 換三張 (issue 15): expert's pass, chosen in a worker while the player picks
    "pass_coach_median_ms": 3000.0,  # the coach's review of a pass
    "advice_median_ms": 1000.0,  # auto-arrange's suggestions, priced by the coach (issue 36), at its standard budget
    "coach_with_pass_median_ms": 1500.0,  # a deal's whole price after a round of 換三張: the pass's and the rows'
    "joker_split_ratio": 10.0,  # the split search of a hand holding the joker against one without (RULES.md §20)
    "joker_expert_median_ms": 150.0,  # expert with the joker in play, the same targets as without
    "joker_expert_p95_ms": 300.0,
    # 換三張 (RULES.md §21): expert and the coach when the seat knows where its pass went
    "known_expert_median_ms": 150.0,
    "known_coach_median_ms": 2000.0,
}
Pool = list[tuple[Card, ...]]  # the hands a run is timed over
PASS_HANDS = 6  # hands each pass timing is taken over
EXPERT_HANDS = 24  # hands `expert` (and the known-cards timings) are timed over
SCORE_DEALS = 20  # deals the scoring is timed over
COACH_HANDS = 8  # per preset: each priced as `normal` plays it (a typical player's choice)


def _score_taiwan(options: Options, decisions: list[Decision]) -> DealResult:
    return score_deal(Deal(Preset.TAIWAN, options, tuple(decisions)))


def _review_fifth_pass(hand: Sequence[int], view: TableView, seed: int) -> PassReview:
    """The coach's review of the fifth-best pass of the quick look (its choosing timed with it)."""
    return review_pass(hand, candidates(hand, 5)[-1], view, seed=seed)


def _timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def _stats(ms: list[float]) -> dict[str, float]:
    return {"median_ms": round(float(np.median(ms)), 4), "p95_ms": round(float(np.percentile(ms, 95)), 4)}


def _import_seconds() -> float:
    """Cold import of `ai` plus loading the trained tables and `expert`'s bank of one preset, in a fresh
    interpreter."""
    code = (
        "import time; t=time.perf_counter(); import ai.levels, ai.opponents, ai.bank; "
        "from rules.presets import Preset; ai.opponents.trained_model(Preset.TAIWAN).joint_sample; "
        "from rules.evaluate import tables; tables(); "
        "ai.bank.load_bank(Preset.TAIWAN); print(time.perf_counter()-t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


@dataclass(frozen=True)
class _Timings:
    """What one run measured, each part as the report gives it (the coach's every pricing kept for its median)."""

    hands: int
    subset: dict[str, float]
    split: dict[str, float]
    score: dict[str, float]
    levels: dict[str, dict[str, float]]
    coach: dict[str, dict[str, float]]
    coach_all: list[float]
    advice: dict[str, float]
    passes: dict[str, dict[str, float]]
    joker: dict[str, Any]
    known: dict[str, Any]
    load: float
    rss: float

    def measured(self) -> dict[str, float]:
        """Each of :data:`TARGETS`' numbers as this run measured it."""
        coach, passes, joker, known = self.coach, self.passes, self.joker, self.known
        return {
            "hard_median_ms": self.levels["hard"]["median_ms"],
            "expert_median_ms": self.levels["expert"]["median_ms"],
            "expert_p95_ms": self.levels["expert"]["p95_ms"],
            "split_search_ms": self.split["median_ms"],
            "import_and_load_s": self.load,
            "coach_median_ms": round(float(np.median(self.coach_all)), 1),
            "coach_p95_ms": round(float(np.percentile(self.coach_all, 95)), 1),
            "coach_ci95_taiwan": coach["taiwan"]["ci95_median"],
            "coach_ci95_worst": max(c["ci95_median"] for c in coach.values()),
            "pass_expert_median_ms": passes["expert"]["median_ms"],
            "pass_coach_median_ms": passes["coach"]["median_ms"],
            "advice_median_ms": self.advice["median_ms"],
            "coach_with_pass_median_ms": round(passes["coach"]["median_ms"] + known["coach"]["median_ms"], 1),
            "joker_split_ratio": round(joker["split_search_ms"] / self.split["median_ms"], 2),
            "joker_expert_median_ms": joker["expert"]["median_ms"],
            "joker_expert_p95_ms": joker["expert"]["p95_ms"],
            "known_expert_median_ms": known["expert"]["median_ms"],
            "known_coach_median_ms": known["coach"]["median_ms"],
        }

    def report(self) -> dict[str, object]:
        """The bench's report: every timing, and each target with what was measured and whether it was met."""
        measured = self.measured()
        self.joker["split_ratio"] = measured["joker_split_ratio"]
        coach = self.coach
        return {
            "hands": self.hands,
            "split_search_ms": self.split["median_ms"],
            "split_search_p95_ms": self.split["p95_ms"],
            "subset_eval_ms": self.subset,
            "joker": self.joker,
            "score_deal_ms": self.score,
            "levels": self.levels,
            "coach_ms": {p: {"median_ms": v["median_ms"], "p95_ms": v["p95_ms"]} for p, v in coach.items()},
            "coach_ci95": {p: v["ci95_median"] for p, v in coach.items()},
            "advice_ms": self.advice,
            "pass_ms": self.passes,
            "known_ms": self.known,
            "import_and_load_s": self.load,
            "peak_rss_mb": self.rss,
            "targets_ms": TARGETS_MS,
            "targets": {
                name: {"limit": limit, "measured": measured[name], "met": measured[name] <= limit}
                for name, limit in TARGETS.items()
            },
        }


def run_bench(
    hands: int = 200, expert_hands: int | None = None, seed: int = 12345, progress: Callable[[str], None] | None = None
) -> dict[str, object]:
    """Median and p95 per hand over a fixed seeded set of hands; peak RSS of this process (reported, not a
    target: the game's own is measured in a process of its own, :mod:`app.screens.app_bench`).

    ``expert_hands`` (the slow levels' and the known-cards timings' count) defaults to 24, or ``hands`` when fewer
    are asked for: a small run is small throughout."""
    say = progress or (lambda _msg: None)
    expert_hands = min(EXPERT_HANDS, hands) if expert_hands is None else expert_hands
    pool = [h for s in range(seed, seed + hands // 4 + 1) for h in deal(s)][:hands]
    options = Options()
    for h in pool[:3]:  # warm the caches and tables: steady-state per-hand cost is what a game pays
        legal_splits(h, options)
        choose(h, TableView(), Level.HARD)

    say("subset evaluation")
    subset = [t for h in pool for t in _timed(partial(hand_subset_keys, h), 1)]
    say("split search")
    split = [t for h in pool for t in _timed(partial(legal_splits, h, options), 1)]
    say("scoring")
    view = TableView()
    score = _score_times(options, view, seed, hands)
    levels = _level_stats(pool, view, expert_hands, say)
    coach, coach_all = _coach_stats(pool, say)
    say("advice")
    advice = _advice_stats(pool)
    passes = _pass_stats(pool, view, say)
    say("split search with a joker")
    joker = _joker_bench(hands, expert_hands, seed)
    say("expert and the coach after a pass")
    known = _known_bench(expert_hands, seed)
    split_stats = _stats(split)
    load = round(_import_seconds(), 3)
    rss = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    timings = _Timings(
        hands=len(pool),
        subset=_stats(subset),
        split=split_stats,
        score=_stats(score),
        levels=levels,
        coach=coach,
        coach_all=coach_all,
        advice=advice,
        passes=passes,
        joker=joker,
        known=known,
        load=load,
        rss=rss,
    )
    return timings.report()


def _score_times(options: Options, view: TableView, seed: int, hands: int) -> list[float]:
    """The scoring of whole deals at taiwan, each of ``normal``'s decisions, five times a deal."""
    decisions = [
        [choose(h, view, Level.NORMAL).decision for h in deal(s)]
        for s in range(seed, seed + min(SCORE_DEALS, max(2, hands)))
    ]
    return [t for ds in decisions for t in _timed(partial(_score_taiwan, options, ds), 5)]


def _level_stats(
    pool: Pool, view: TableView, expert_hands: int, say: Callable[[str], None]
) -> dict[str, dict[str, float]]:
    """Each level's choice per hand (``expert`` over the first ``expert_hands`` only: it is the slow one)."""
    levels: dict[str, dict[str, float]] = {}
    for level in Level:
        say(f"level {level.value}")
        subset_hands = pool[:expert_hands] if level is Level.EXPERT else pool
        levels[level.value] = _stats(
            [t for i, h in enumerate(subset_hands) for t in _timed(partial(choose, h, view, level, seed=i), 1)]
        )
    return levels


def _coach_stats(pool: Pool, say: Callable[[str], None]) -> tuple[dict[str, dict[str, float]], list[float]]:
    """The coach's price of ``normal``'s play in each arranged preset (the pattern ladder has nothing to price):
    its times and the median width of its 95% interval a preset, and every time taken, for the overall median."""
    coach: dict[str, dict[str, float]] = {}
    coach_all: list[float] = []
    for preset in (p for p in Preset if p.arranged):
        say(f"coach {preset.value}")
        pview = TableView(preset=preset)
        ms, cis = [], []
        for i, h in enumerate(pool[: max(1, min(COACH_HANDS, len(pool) // 25))]):
            played = choose(h, pview, Level.NORMAL, seed=i).decision
            t0 = time.perf_counter()
            r = review(h, played, pview, seed=i)
            ms.append((time.perf_counter() - t0) * 1000)
            cis.append(r.ci95)
        coach[preset.value] = {**_stats(ms), "ci95_median": round(float(np.median(cis)), 4)}
        coach_all += ms
    return coach, coach_all


def _advice_stats(pool: Pool) -> dict[str, float]:
    """Auto-arrange's suggestions, priced by the coach, in every arranged preset."""
    advice_views = [TableView(preset=p) for p in Preset if p.arranged]
    return _stats(
        [
            t
            for v in advice_views
            for i, h in enumerate(pool[: max(1, min(COACH_HANDS, len(pool) // 25))])
            for t in _timed(partial(advise, h, v, seed=i), 1)
        ]
    )


def _pass_stats(pool: Pool, view: TableView, say: Callable[[str], None]) -> dict[str, dict[str, float]]:
    """換三張: the pass each level chooses, and the coach's review of a pass."""
    passes: dict[str, dict[str, float]] = {}
    pass_pool = pool[: max(1, min(PASS_HANDS, len(pool) // 25))]
    for level in (Level.NORMAL, Level.HARD, Level.EXPERT):
        say(f"pass {level.value}")
        passes[level.value] = _stats(
            [t for i, h in enumerate(pass_pool) for t in _timed(partial(choose_pass, h, view, level, seed=i), 1)]
        )
    say("pass review")
    passes["coach"] = _stats(
        [t for i, h in enumerate(pass_pool) for t in _timed(partial(_review_fifth_pass, h, view, i), 1)]
    )
    return passes


def _joker_bench(hands: int, expert_hands: int, seed: int) -> dict[str, Any]:
    """The split search and `expert` on hands holding the joker (RULES.md §20), at a joker table of four:
    each deal's joker hand, its turned-up card known to the view."""
    options = Options(joker=True)
    dealt = []
    for s in range(seed, seed + max(4, hands // 4)):
        hand = next(h for h in deal(s, 4, joker=True) if JOKER in h)
        dealt.append((hand, turned_card(s)))
    legal_splits(dealt[0][0], options)  # warm
    split = [t for h, _ in dealt for t in _timed(partial(legal_splits, h, options), 1)]
    views = [TableView(options=options, turned=turned) for _, turned in dealt[:expert_hands]]
    expert = [
        t
        for i, ((h, _), v) in enumerate(zip(dealt, views, strict=False))
        for t in _timed(partial(choose, h, v, Level.EXPERT, seed=i), 1)
    ]
    stats = _stats(split)
    return {
        "hands": len(dealt),
        "split_search_ms": stats["median_ms"],
        "split_search_p95_ms": stats["p95_ms"],
        "expert": _stats(expert),
    }


def _known_bench(deals: int, seed: int) -> dict[str, Any]:
    """`expert` and the coach at a four-player table after a round of 換三張 clockwise, every seat passing what
    the quick look likes least: seat 0 knows its receiver holds the three cards it passed (`TableView.held`)."""
    expert: list[float] = []
    coach: list[float] = []
    way = Direction.CLOCKWISE
    for i in range(deals):
        hands = deal(seed + i)
        passes = [candidates(h, 1)[0] for h in hands]
        hand = pass_round(hands, passes, way)[0]
        view = TableView(held=seen_holdings(0, 4, way, [passes]))
        expert += _timed(partial(choose, hand, view, Level.EXPERT, seed=seed + i), 1)
        if i < COACH_HANDS:
            played = choose(hand, view, Level.NORMAL, seed=i).decision
            coach += _timed(partial(review, hand, played, view, seed=i), 1)
    return {"hands": deals, "expert": _stats(expert), "coach": _stats(coach)}


__all__ = ["run_bench"]
