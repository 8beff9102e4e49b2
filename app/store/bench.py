"""The history's part of `chinese-poker bench`: recording, History, Statistics and start-up on a large file.

A history of :data:`DEALS` deals is generated in a temporary folder from a pool of real records (the same
records, re-stamped, over sessions of every preset), then timed the way the game uses it. The targets are
issue 12's: recording a deal ≤ 5 ms median, opening History ≤ 0.5 s, the statistics ≤ 0.5 s, and a start-up
that does not grow with the history (compared with an empty file).

The same concept on another floor: the history's side of :mod:`ai.bench` (the search's speed).
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from .database import History, Mode, insert_deal, open_history
from .schema import new_uid
from .stats import compute_stats

DEALS = 100_000
RATED_DEALS = 10_000  # the priced deals of one preset the rating is recomputed from (issue 41)
TARGETS = {
    "record_median_ms": 5.0,
    "history_open_s": 0.5,
    "stats_s": 0.5,
    "startup_growth_s": 0.05,
    "rating_s": 1.0,
}
PAGE = 200  # what the History screen reads first (app.screens.history.PAGE)
SCREEN_OPENINGS = 3  # times the History screen is opened on the file (the median is reported) ...
SMALL = 1_000  # ... but once on a file of fewer deals: a quick check of a small file is quick throughout


def screen_openings(deals: int) -> int:
    """How many times the History screen is timed on a file of ``deals`` deals (see :data:`SMALL`)."""
    return 1 if deals < SMALL else SCREEN_OPENINGS


def _timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def fill(history: History, pool: list[dict[str, Any]], deals: int, seed: int = 1) -> None:
    """Write ``deals`` deals drawn from ``pool`` (records of any presets), in sessions of 40, one transaction."""
    rng = random.Random(seed)
    by_preset: dict[str, list[dict[str, Any]]] = {}
    for rec in pool:
        by_preset.setdefault(rec["rules"], []).append(rec)
    presets = sorted(by_preset)
    review = json.dumps({"verdict": "good", "loss": 0.12})
    start = time.time() - deals * 30.0

    def write(db: Any) -> None:
        session = None
        for n in range(deals):
            if n % 40 == 0:
                preset = presets[(n // 40) % len(presets)]
                cur = db.execute(
                    "INSERT INTO sessions (uid, started, updated, preset, mode, status, config, state) "
                    "VALUES (?, ?, ?, ?, 'table', 'over', '{}', '{}')",
                    (new_uid(), start, start, preset),
                )
                session = cur.lastrowid
            rec = dict(rng.choice(by_preset[preset]))
            rec["number"] = n % 40 + 1
            deal_id = insert_deal(db, session, rec, Mode.TABLE, start + 30.0 * n, None, None, None)
            if rng.random() < 0.8:
                loss = round(rng.expovariate(4.0), 3)
                db.execute(
                    "UPDATE deals SET verdict = ?, loss = ?, review = ? WHERE id = ?",
                    ("best" if loss < 0.05 else "good", loss, review, deal_id),
                )

    history.write(write)


def priced_review(rng: random.Random, decision: dict[str, Any]) -> dict[str, Any]:
    """A review as the coach stores one (what the rating reads of it: the loss, the best's, the played's and
    the alternatives' values, the tables), with plausible figures."""
    loss = round(rng.expovariate(3.0), 4) if rng.random() < 0.6 else 0.0
    best = round(rng.gauss(0.0, 6.0), 4)
    other = {"decision": decision, "ev": best - loss, "row_wins": None, "sweeps_given": 0.0, "sweeps_taken": 0.0}
    alternatives = [dict(other, ev=best - rng.expovariate(1.0)) for _ in range(3)]
    return {
        "preset": "taiwan",
        "played": other,
        "best": dict(other, ev=best) if loss else other,
        "alternatives": alternatives,
        "loss": loss,
        "ci95": 0.1,
        "verdict": "best" if loss < 0.05 else "good",
        "tables": 500,
    }


def fill_rated(history: History, pool: list[dict[str, Any]], deals: int = RATED_DEALS, seed: int = 2) -> str:
    """Write ``deals`` priced deals of one preset of ``pool`` (the rating's bench); returns the preset."""
    rng = random.Random(seed)
    preset = pool[0]["rules"]
    records = [r for r in pool if r["rules"] == preset]
    start = time.time() - deals * 30.0

    def write(db: Any) -> None:
        session = None
        for n in range(deals):
            if n % 40 == 0:
                session = db.execute(
                    "INSERT INTO sessions (uid, started, updated, preset, mode, status, config, state) "
                    "VALUES (?, ?, ?, ?, 'table', 'over', '{}', '{}')",
                    (new_uid(), start, start, preset),
                ).lastrowid
            rec = dict(rng.choice(records), number=n % 40 + 1)
            human = rec.get("human")
            rec["decided_by"] = {**rec.get("decided_by", {}), str(human): "player"}
            decision = rec.get("decisions", {}).get(str(human), {})
            review = priced_review(rng, decision)
            insert_deal(db, session, rec, Mode.TABLE, start + 30.0 * n, None, review, None)

    history.write(write)
    return str(preset)


@dataclass(frozen=True)
class _Timings:
    """What one run of the history's bench measured (seconds, but a deal's recording in milliseconds)."""

    deals: int
    rated_deals: int
    size_mb: float
    startup_empty: float
    startup_big: float
    record_ms: list[float]
    queries: list[float]
    opening: list[float]
    stats_s: dict[str, float]
    rating_s: float

    def report(self) -> dict[str, Any]:
        """The history's report: every timing, and each target with what was measured and whether it was met."""
        record_ms = self.record_ms
        measured = {
            "record_median_ms": round(statistics.median(record_ms), 3),
            "history_open_s": round(statistics.median(self.opening), 4),
            "stats_s": round(max(self.stats_s.values()), 4),
            "startup_growth_s": round(max(0.0, self.startup_big - self.startup_empty), 4),
            "rating_s": round(self.rating_s, 4),
        }
        return {
            "deals": self.deals,
            "file_mb": round(self.size_mb, 1),
            "history_queries_s": round(statistics.median(self.queries), 4),
            "rated_deals": self.rated_deals,
            "record_p95_ms": round(sorted(record_ms)[int(0.95 * len(record_ms)) - 1], 3),
            "stats_s_by_preset": {p: round(s, 4) for p, s in self.stats_s.items()},
            "startup_empty_s": round(self.startup_empty, 4),
            "startup_full_s": round(self.startup_big, 4),
            **measured,
            "targets": {k: {"limit": v, "measured": measured[k], "met": measured[k] <= v} for k, v in TARGETS.items()},
        }


def run_history_bench(
    pool: list[dict[str, Any]],
    deals: int = DEALS,
    progress: Callable[[str], None] | None = None,
    screen: Callable[[Path], float] | None = None,
    rating: Callable[[History, str], object] | None = None,
) -> dict[str, Any]:
    """Time the history on a generated file of ``deals`` deals; the report, with each target met or not.

    ``screen`` times the History screen itself on the file (the app passes it; this floor has no screens),
    :func:`screen_openings` times: without it, opening History is timed as the queries its first page makes.
    ``rating`` recomputes a preset's rating from the history (the app passes it, :func:`app.game.rating.standing`),
    timed on a file of :data:`RATED_DEALS` priced deals of one preset (``deals`` when fewer); without it the target
    is not measured."""
    say = progress or (lambda _msg: None)
    with tempfile.TemporaryDirectory() as folder:
        empty_path, big_path = Path(folder) / "empty.sqlite3", Path(folder) / "big.sqlite3"
        say(f"history: generating {deals:,} deals")
        _generate(big_path, empty_path, pool, deals)
        say("history: start-up")
        startup_empty, startup_big = _start_up(empty_path), _start_up(big_path)
        big = open_history(big_path).history
        assert big is not None
        say("history: recording")
        record_ms = _record_times(big, pool)
        say("history: the History screen's first page")
        queries = [_timed(lambda: (big.count(), big.deals(limit=PAGE))) for _ in range(5)]
        opening = [screen(big_path) for _ in range(screen_openings(deals))] if screen is not None else queries
        say("history: statistics")
        presets = sorted({r["rules"] for r in pool})
        stats_s = {p: min(_timed(partial(compute_stats, big, p)) for _ in range(3)) for p in presets}
        size_mb = big_path.stat().st_size / 2**20
        big.close()
        rating_s = 0.0
        # A small run is small throughout: a history of fewer deals rates from as many (writing 10,000 priced deals
        # was most of the everyday tier's bench test).
        rated_deals = min(RATED_DEALS, deals) if rating is not None else 0
        if rating is not None:
            say(f"history: the rating from {rated_deals:,} priced deals")
            rating_s = _rating_time(Path(folder) / "rated.sqlite3", pool, rated_deals, rating)
    timings = _Timings(
        deals=deals,
        rated_deals=rated_deals,
        size_mb=size_mb,
        startup_empty=startup_empty,
        startup_big=startup_big,
        record_ms=record_ms,
        queries=queries,
        opening=opening,
        stats_s=stats_s,
        rating_s=rating_s,
    )
    return timings.report()


def _generate(big_path: Path, empty_path: Path, pool: list[dict[str, Any]], deals: int) -> None:
    """The files timed: one of ``deals`` deals and an empty one, each closed."""
    big = open_history(big_path).history
    assert big is not None
    fill(big, pool, deals)
    big.close()
    empty = open_history(empty_path).history
    assert empty is not None
    empty.close()


def _start_up(path: Path) -> float:
    """What the game does with the history before its menu shows, the quickest of five: open it, find Continue."""

    def go() -> None:
        h = open_history(path).history
        assert h is not None
        h.resumable()
        h.close()

    return min(_timed(go) for _ in range(5))


def _record_times(big: History, pool: list[dict[str, Any]]) -> list[float]:
    """Milliseconds to record each of 200 deals of the pool (over again when it holds fewer), with its session's
    state, in one new session."""
    session = big.start_session(pool[0]["rules"], Mode.TABLE, {}, {})
    record_ms: list[float] = []
    for n, rec in enumerate(pool[:200] * (1 + 200 // max(1, len(pool)))):
        if len(record_ms) == 200:
            break
        rec = dict(rec, number=n + 1)
        write = lambda rec=rec, n=n: big.record_deal(session, rec, Mode.TABLE, state={"n": n})  # noqa: E731
        record_ms.append(1000 * _timed(write))
    return record_ms


def _rating_time(
    path: Path, pool: list[dict[str, Any]], rated_deals: int, rating: Callable[[History, str], object]
) -> float:
    """The quickest of three recomputations of a preset's rating from a file of ``rated_deals`` priced deals."""
    rated = open_history(path).history
    assert rated is not None
    preset = fill_rated(rated, pool, rated_deals)
    rating_s = min(_timed(partial(rating, rated, preset)) for _ in range(3))
    rated.close()
    return rating_s
