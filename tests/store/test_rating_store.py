"""The rating read from the history (RULES.md §24): schema 8's columns agree with the stored review whether the
deal was written with it, priced later or migrated from schema 7, and the standing is the formulas' over them."""

from __future__ import annotations

import json
import math
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ai.rating import deal_figure, luck, norm_for, rate_deals
from app.game.rating import standing
from app.store.bench import priced_review
from app.store.database import History, Mode, open_history
from app.store.deal_format import REVIEW_COLUMNS, review_columns
from app.store.schema import migrate
from rules.presets import Preset
from tests.app.history_helpers import play_session


@pytest.fixture(scope="module")
def taiwan_records() -> list[dict[str, Any]]:
    """Random decisions at a taiwan table, the player's own (no AI: some milliseconds)."""
    return [rec.to_dict() for rec in play_session(Preset.TAIWAN, 7, 8).history if rec.human is not None]


def fill(history: History, records: list[dict[str, Any]], seed: int = 1) -> list[tuple[dict, dict]]:
    """Each record written, half with its review at once and half priced afterwards; (record, review) pairs."""
    rng = random.Random(seed)
    out = []
    for n, rec in enumerate(records):
        review = priced_review(rng, rec["decisions"][str(rec["human"])])
        if n % 2:
            history.record_deal(None, dict(rec, number=n + 1), Mode.TABLE, review=review, played=1000.0 + n)
        else:
            deal = history.record_deal(None, dict(rec, number=n + 1), Mode.TABLE, played=1000.0 + n)
            history.set_review(deal, review)
        out.append((rec, review))
    return out


def test_the_standing_is_the_formulas_over_the_stored_reviews(tmp_path: Path, taiwan_records: list) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    written = fill(history, taiwan_records)
    found = standing(history, Preset.TAIWAN)
    norm = norm_for(Preset.TAIWAN, 4)
    gaps = []
    for _rec, review in written:
        cols = review_columns(review)
        gaps.append(cols["best_ev"] - cols["next_ev"])  # type: ignore[operator]
    expected = rate_deals([r["loss"] for _, r in written], [norm] * len(written), gaps, [500] * len(written))
    assert found.rating == expected.rating and found.priced == len(written)
    assert found.accuracy is not None and math.isclose(found.accuracy, float(expected.accuracy.mean()))
    total = sum(rec["units"][rec["human"]] for rec, _ in written)
    assert found.luck.result == total
    assert math.isclose(found.luck.cards + found.luck.play + found.luck.rest, total)
    one = luck(written[0][1]["best"]["ev"], written[0][1]["loss"], written[0][0]["units"][written[0][0]["human"]])
    assert math.isclose(one.cards + one.play + one.rest, one.result)
    assert deal_figure(1.0, norm) == 10.0
    # the tournament is taiwan's family: the same standing
    assert standing(history, Preset.TOURNAMENT).rating == found.rating


def test_schema_7_reviews_are_read_after_the_migration(tmp_path: Path, taiwan_records: list) -> None:
    path = tmp_path / "h.sqlite3"
    history = open_history(path).history
    assert history is not None
    written = fill(history, taiwan_records[:4])
    before = standing(history, Preset.TAIWAN)
    history.close()
    db = sqlite3.connect(path, isolation_level=None)
    for name in (*REVIEW_COLUMNS, "players", "banker", "stakes"):
        db.execute(f"ALTER TABLE deals DROP COLUMN {name}")
    db.execute("PRAGMA user_version = 7")
    db.close()
    db = sqlite3.connect(path, isolation_level=None)
    assert migrate(db) == 7
    rows = db.execute("SELECT best_ev, next_ev, tables, players FROM deals ORDER BY id").fetchall()
    assert [r[0] for r in rows] == [rev["best"]["ev"] for _, rev in written] and rows[0][2:] == (500, 4)
    db.close()
    again = open_history(path).history
    assert again is not None and standing(again, Preset.TAIWAN) == before


def test_a_review_of_an_older_shape_gives_no_columns() -> None:
    assert review_columns({"verdict": "good", "loss": 0.1}) == dict.fromkeys(REVIEW_COLUMNS)
    assert review_columns(None) == dict.fromkeys(REVIEW_COLUMNS)
    assert json.dumps(review_columns({"best": {"ev": 1}, "played": {"ev": 1}, "tables": 3}))
