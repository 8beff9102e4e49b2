"""A priced history for the rating's tests: random deals at a taiwan table, each with a review of the shape the
coach stores (:func:`app.store.bench.priced_review`), one a day over some weeks (no AI: milliseconds)."""

from __future__ import annotations

import random

from app.store.bench import priced_review
from app.store.database import History, Mode
from rules.presets import Preset
from tests.app.history_helpers import play_session

START = 1_764_579_600.0  # 2025-12-01 09:00 UTC


def fill_priced(history: History, deals: int = 60, seed: int = 3, *, every: float = 86_400.0) -> None:
    """``deals`` deals of the player's own decision, priced, one every ``every`` seconds up to :data:`START`."""
    rng = random.Random(seed)
    records = [r for r in play_session(Preset.TAIWAN, seed, 12).history if r.human is not None]
    for n in range(deals):
        rec = records[n % len(records)].to_dict()
        rec["number"] = n + 1
        review = priced_review(rng, rec["decisions"][str(rec["human"])])
        history.record_deal(None, rec, Mode.TABLE, review=review, played=START - (deals - n) * every)
