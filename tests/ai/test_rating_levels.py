"""The rating tells the levels apart (issue 41): a history of `expert`'s decisions rates better than one of
`normal`'s on the same deals, played at a real table, stored and priced as the game does, and on every deal
the cards, the play and the rest add up to the result; `rate` orders the levels (the shipped table every day,
measured afresh in the soak tier) and answers in the JSON the issue names."""

from __future__ import annotations

import json
import math
import tempfile
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import Level, TableView, choose, level_ratings, review
from ai.rate import rate_level
from ai.rating import RATINGS_PATH
from app.cli import main
from app.game.coach import coach_seed
from app.game.journal import Journal
from app.game.rating import deal_figures, standing
from app.game.record import Decider
from app.game.table import Table
from app.store.database import open_history
from rules.presets import Preset
from tests.app.history_helpers import config
from tests.tiers import examples, sized

TABLES = 40  # the coach's pricing tables a deal here (the game's quick budget is 150)
ORDER = (Level.EASY, Level.NORMAL, Level.HARD, Level.EXPERT)


def rated_history(level: Level, seed: int, deals: int) -> tuple[float | None, list[tuple[float, float, float, int]]]:
    """``deals`` deals of a taiwan table whose player's seat ``level`` decides (the others `easy`, on fixed seeds:
    the same deals for every level), each priced by the coach and written to a history; the history's rating and
    each deal's (cards, play, rest, result)."""
    with tempfile.TemporaryDirectory() as folder:
        history = open_history(Path(folder) / "h.sqlite3").history
        assert history is not None
        journal = Journal(history)
        table = Table(config(Preset.TAIWAN, seed), journal=journal)
        parts = []
        for n in range(deals):
            rec = table.start_deal()
            for seat in rec.seats:
                lv = level if seat == rec.human else Level.EASY
                view = TableView(Preset.TAIWAN, seat=seat)
                rec.decisions[seat] = choose(rec.hands[seat], view, lv, seed=seed * 10 + n * 4 + seat).decision
                rec.decided_by[seat] = Decider.PLAYER if seat == rec.human else Decider.level(Level.EASY)
            table.score()
            table.reveal.finish()
            seat = rec.human
            assert seat is not None
            priced = review(
                rec.hands[seat],
                rec.decisions[seat],
                TableView(Preset.TAIWAN, seat=seat),
                tables=TABLES,
                seed=coach_seed(rec, seat),
            )
            journal.reviewed(rec.number, seat, priced)
            found = deal_figures(priced, rec, seat)
            assert found is not None and rec.units is not None
            parts.append((found.luck.cards, found.luck.play, found.luck.rest, rec.units[seat]))
        rating = standing(history, Preset.TAIWAN).rating
        history.close()
        return rating.value, parts


@sized("deals", 1, 12)
@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20))
def test_experts_decisions_rate_better_than_normals_and_luck_adds_up(deals: int, seed: int) -> None:
    expert, expert_parts = rated_history(Level.EXPERT, seed, deals)
    normal, normal_parts = rated_history(Level.NORMAL, seed, deals)
    for cards, play, rest, result in expert_parts + normal_parts:
        assert math.isclose(cards + play + rest, result, abs_tol=1e-9) and play <= 0
    # The same cards: the same luck of the cards on every deal, whoever plays them.
    assert [p[0] for p in expert_parts] == [p[0] for p in normal_parts]
    if expert is not None and normal is not None:
        assert expert <= normal
    if deals >= 12:  # over a dozen deals normal gives something up that expert does not
        assert expert is not None and normal is not None and expert < normal


def test_the_shipped_table_orders_the_levels() -> None:
    """assets/ai/ratings.json: each level rates worse than the next, easy, normal and hard apart by their
    intervals."""
    table = level_ratings(Preset.TAIWAN)
    assert list(table) == [lv.value for lv in ORDER]
    values = [table[lv.value] for lv in ORDER]
    assert all(a[0] > b[0] for a, b in pairwise(values))
    assert all(a[0] - a[1] > b[0] + b[1] for a, b in pairwise(values[:3]))
    shipped = json.loads(RATINGS_PATH.read_text(encoding="utf-8"))
    assert "chinese-poker rate --level" in shipped["command"]


@pytest.mark.soak
def test_rate_orders_the_levels_measured_afresh() -> None:
    """The soak tier measures the four levels on 60 hands each (some minutes): easy, normal and hard in order,
    expert no worse than hard."""
    found = [rate_level(lv, Preset.TAIWAN, 60, seed=7, jobs=2) for lv in ORDER]
    ratings = [f["rating"] for f in found]
    assert ratings[0] > ratings[1] > ratings[2] >= ratings[3]


def test_rate_answers_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", "--level", "easy", "--deals", "1", "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"level", "rules", "deals", "rating", "ci95", "accuracy"} <= set(out)
    assert out["level"] == "easy" and out["rules"] == "taiwan" and out["deals"] == 1
    assert main(["rate", "--level", "easy", "--rules", "ladder", "--deals", "1"]) != 0
