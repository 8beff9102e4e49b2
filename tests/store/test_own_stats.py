"""Statistics count the player's own decisions: what the app computes equals what is recomputed from the stored
deals, read back as records and filtered by who decided the player's hand.

Sessions are generated (hypothesis) mixing every decider of the player's seat (the player, the computer at the
time-out, the computer after a takeover, a computer level) with watched sessions, random coach verdicts and
random arrangements (fouls and specials among them), played at real tables and stored through the real
journal and history file. The recount reads nothing of the store's derived columns: each deal's record
(:meth:`DealRecord.from_dict`) says who decided, its units, rows, 打槍, foul, special and seconds, and the
stored review its verdict and loss.
"""

from __future__ import annotations

import math
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.game.journal import Journal
from app.game.record import DealRecord, Decider
from app.game.table import Table
from app.store.database import History, open_history
from app.store.stats import compute_stats
from rules.arrangement import Row
from rules.deal import Outcome
from rules.presets import Preset
from tests.app.history_helpers import config, random_decision
from tests.tiers import examples

PRESETS = (Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI)
KINDS = ("player", "player", "timeout", "takeover", "computer")
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")

deal_strategy = st.tuples(
    st.sampled_from(KINDS), st.none() | st.tuples(st.sampled_from(VERDICTS), st.floats(0.0, 9.0, allow_nan=False))
)
session_strategy = st.tuples(
    st.sampled_from(PRESETS), st.integers(0, 2**16), st.booleans(), st.lists(deal_strategy, min_size=1, max_size=6)
)


def play(history: History, preset: Preset, seed: int, watch: bool, deals: list[tuple[str, Any]]) -> None:
    """One session: each deal's seats decide at random, the player's seat by the given decider (the seconds
    to arrange only when the player decided, as READY alone writes them); some deals get a coach verdict."""
    rng = random.Random(seed)
    journal = Journal(history)
    table = Table(config(preset, seed, watch=watch), journal=journal)
    for kind, review in deals:
        if table.outcome.reason() is not None:
            break
        rec = table.start_deal()
        for seat in rec.seats:
            rec.decisions[seat] = random_decision(rec.hands[seat], rng, preset)
            rec.decided_by[seat] = Decider.level(table.seating.levels[seat])
        if rec.human is not None:
            rec.decided_by[rec.human] = {
                "player": Decider.PLAYER,
                "timeout": Decider.TIMEOUT,
                "takeover": Decider.TAKEOVER,
            }.get(kind, Decider.level(table.seating.levels[0]))
            if kind == "player":
                rec.seconds = rng.uniform(1.0, 90.0)
        table.score()
        table.reveal.finish()
        if review is not None and rec.human is not None:
            verdict, loss = review
            history.set_review(journal._deal_ids[rec.number], {"verdict": verdict, "loss": loss})


def recount(history: History, preset: str) -> dict[str, Any]:
    """Every figure of the player's own decisions under ``preset``, from the stored records."""
    seat: list[tuple[int, DealRecord, dict[str, Any] | None]] = []
    for listed in history.deals(preset=preset, limit=100_000):
        row = history.deal(listed.id)
        assert row is not None and row.data is not None
        if row.mode == "table" and row.human is not None:
            seat.append((row.id, DealRecord.from_dict(row.data), row.review))
    seat.sort(key=lambda item: item[0])
    mine = [(i, rec, review) for i, rec, review in seat if rec.own()]
    units = [rec.units[rec.human] for _, rec, _ in mine]  # type: ignore[index]
    won = lost = given = taken = 0
    for _, rec, _ in mine:
        me = rec.human
        assert me is not None
        for other in rec.seats:
            for r in Row:
                outcome = rec.outcome(me, other, r)
                won += outcome is Outcome.WIN
                lost += outcome is Outcome.LOSS
            for item in rec.pair_items(me, other):
                given += item.kind == "sweep" and item.value > 0
                taken += item.kind == "sweep" and item.value < 0
    priced = [review for _, _, review in mine if review is not None]
    timed = [rec.seconds for _, rec, _ in mine if rec.seconds is not None]
    n = len(mine)
    return {
        "deals": n,
        "units": sum(units),
        "mean": sum(units) / n if n else 0.0,
        "ci95": 1.96 * statistics.stdev(units) / math.sqrt(n) if n >= 2 else 0.0,
        "rows_won": won,
        "rows_lost": lost,
        "sweeps_given": given,
        "sweeps_taken": taken,
        "fouls": sum(rec.fouled(rec.human) for _, rec, _ in mine),  # type: ignore[arg-type]
        "specials": sum(rec.decisions[rec.human].declare is not None for _, rec, _ in mine),  # type: ignore[index]
        "priced": len(priced),
        "mean_loss": statistics.fmean(p["loss"] for p in priced) if priced else None,
        "best_share": sum(p["verdict"] == "best" for p in priced) / len(priced) if priced else None,
        "median_seconds": statistics.median(timed) if timed else None,
        "loss_trend": tuple(p["loss"] for p in priced),
        "seconds_trend": tuple(timed),
        "seat_deals": len(seat),
        "seat_units": sum(rec.units[rec.human] for _, rec, _ in seat),  # type: ignore[index]
        "timeouts": sum(rec.decided_by[rec.human] is Decider.TIMEOUT for _, rec, _ in seat),  # type: ignore[index]
        "best": tuple(
            sorted(((i, u) for (i, _, _), u in zip(mine, units, strict=True) if u > 0), key=lambda p: (-p[1], -p[0]))[
                :3
            ]
        ),
        "worst": tuple(
            sorted(((i, u) for (i, _, _), u in zip(mine, units, strict=True) if u < 0), key=lambda p: (p[1], -p[0]))[:3]
        ),
    }


@settings(max_examples=examples(6, soak=60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions=st.lists(session_strategy, min_size=1, max_size=4))
def test_statistics_equal_the_stored_deals_filtered_by_decider(sessions: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        history = open_history(Path(folder) / "history.sqlite3").history
        assert history is not None
        try:
            for preset, seed, watch, deals in sessions:
                play(history, preset, seed, watch, deals)
            for preset in PRESETS:
                got, want = compute_stats(history, preset.value), recount(history, preset.value)
                for key, value in want.items():
                    have = getattr(got, key)
                    if value is None or (isinstance(value, int | tuple) and key not in ("loss_trend", "seconds_trend")):
                        assert have == value, key
                    else:
                        assert have == pytest.approx(value, rel=1e-9, abs=1e-9), key
                assert got.computer_deals == got.seat_deals - got.deals
        finally:
            history.close()
