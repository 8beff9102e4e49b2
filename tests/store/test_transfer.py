"""Export and import of the history (JSON lines): a lossless round trip, idempotent, and all or nothing.

The history exported is a real one, written by the table's journal: sessions of every preset (one watched,
tournaments ended by the rules, arcade through its round summaries), the coach's reviews of some deals, and
practice retries of stored deals: some 75 deals in the everyday tier, some 210 in the soak tier (each line of
the file is one deal, so the checks place their spoilt lines by the file's length, :func:`place`).
Imported into an empty history it exports line for line the same; imported again it adds nothing. A file with
one bad line among good ones is refused with that line's number, and the history is left as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.game.record import DealRecord
from app.game.replay import OneDeal, RetryJournal
from app.game.transfer import Imported, ImportFailed, export_lines, import_lines
from app.store.database import History, WriteFailed, open_history
from app.store.stats import compute_stats
from rules.presets import Preset

from .helpers import Clock, play_deal, play_session, special_seed

PRESETS = [p.value for p in Preset]
FULL = 210  # deals of the soak tier's history, the length the places of the spoilt lines are written for
# The sessions' lengths by tier (tournament: its deals in all, over sessions that end by the rules at some 16),
# and the least number of deals the history then holds.
SIZES = {
    "everyday": {"taiwan": 5, "tournament": 1, "arcade": 7, "shisanshui": 5, "least": 70},
    "soak": {"taiwan": 25, "tournament": 45, "arcade": 50, "shisanshui": 45, "least": 200},
}


@pytest.fixture(scope="module", params=[pytest.param("everyday"), pytest.param("soak", marks=pytest.mark.soak)])
def size(request: pytest.FixtureRequest) -> dict[str, int]:
    return SIZES[request.param]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory, size: dict[str, int]) -> History:
    """A history of deals played at tables of every preset, with reviews and retries (see the docstring)."""
    history = open_history(tmp_path_factory.mktemp("source") / "history.sqlite3").history
    assert history is not None
    for seed in (1, 2):
        table, journal = play_session(history, Preset.TAIWAN, seed, size["taiwan"], reviews=2 if seed == 1 else 0)
        journal.keep(table, table.saving.state())  # back to the menu: a session that can be continued
    seed, tournament = 10, 0
    while tournament < size["tournament"]:  # tournaments end by their rules (some 16 deals)
        table, _ = play_session(history, Preset.TOURNAMENT, seed, 45 - tournament)
        tournament += len(table.history)
        seed += 1
    play_session(history, Preset.ARCADE, 3, size["arcade"], reviews=1)  # through round summaries (every 6)
    play_session(history, Preset.SHISANSHUI, 4, size["shisanshui"], reviews=1)
    play_session(history, Preset.SHISANSHUI, special_seed(Preset.SHISANSHUI), 1)
    play_session(history, Preset.TAIWAN, 5, 8, watch=True)
    play_session(history, Preset.WESTERN, 6, 8)
    play_session(history, Preset.HONGKONG, 7, 8, reviews=1)
    play_session(history, Preset.BACKROW, 8, 6)
    play_session(history, Preset.LADDER, 9, 4)
    for k, stored in enumerate(history.deals(preset="arcade", limit=2)):
        full = history.deal(stored.id)
        assert full is not None and full.data is not None
        retry = OneDeal(
            DealRecord.from_dict(full.data), retry=True, journal=RetryJournal(history, stored.id), now=Clock()
        )
        assert play_deal(retry, random.Random(k), review=k == 0)
    return history


@pytest.fixture(scope="module")
def lines(source: History) -> list[str]:
    return list(export_lines(source))


def docs(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines]


def empty(tmp_path: Path, name: str = "target") -> History:
    history = open_history(tmp_path / name / "history.sqlite3").history
    assert history is not None
    return history


def listing(history: History) -> list[tuple[Any, ...]]:
    """Every deal's listing columns, its session and retried deal by uid (ids may differ between files)."""
    sessions = {sid: uid for uid, sid in history.sessions_by_uid().items()}
    uids = {r.id: r.uid for r in history.deals(limit=10_000)}
    return [
        (
            r.uid,
            sessions.get(r.session),
            r.number,
            r.played,
            r.preset,
            r.mode,
            r.human,
            r.units,
            r.rows_won,
            r.sweeps_given,
            r.sweeps_taken,
            r.fouled,
            r.special,
            r.seconds,
            r.verdict,
            r.loss,
            uids.get(r.retry_of),
        )
        for r in history.deals(limit=10_000)
    ]


def test_the_export_covers_the_history(source: History, lines: list[str], size: dict[str, int]) -> None:
    found = docs(lines)
    assert any(d["deal"].get("banker") is not None for d in found)  # hongkong's banker game
    assert len(found) == source.count() >= size["least"]
    assert (
        sum(
            d["session"] is not None and d["session"]["preset"] == "tournament" and d["session"]["status"] == "over"
            for d in found
        )
        >= 10
    )  # a tournament ended by its rules
    assert {d["deal"]["rules"] for d in found} == set(PRESETS)
    assert {d["mode"] for d in found} == {"table", "watch", "retry"}
    assert sum(d["review"] is not None for d in found) >= 5
    assert any(d["mode"] == "retry" and d["review"] is not None for d in found)
    assert {d["session"]["status"] for d in found if d["session"]} == {"open", "over"}
    assert any(d["deal"].get("decisions", {}).get("0", {}).get("declare") for d in found)
    retries = [d for d in found if d["mode"] == "retry"]
    assert all(d["session"] is None and d["retry_of"] in {e["uid"] for e in found} for d in retries)


def test_round_trip_is_identity(source: History, lines: list[str], tmp_path: Path) -> None:
    target = empty(tmp_path)
    sessions = len({d["session"]["uid"] for d in docs(lines) if d["session"]})
    assert import_lines(target, lines) == Imported(added=len(lines), skipped=0, sessions=sessions)
    assert list(export_lines(target)) == lines
    assert listing(target) == listing(source)
    for preset in PRESETS:
        assert compute_stats(target, preset) == compute_stats(source, preset)


def test_import_twice_adds_nothing(source: History, lines: list[str], tmp_path: Path) -> None:
    target = empty(tmp_path)
    import_lines(target, lines)
    assert import_lines(target, lines) == Imported(added=0, skipped=len(lines), sessions=0)
    assert target.count() == len(lines) and list(export_lines(target)) == lines
    assert import_lines(source, lines) == Imported(added=0, skipped=len(lines), sessions=0)
    assert source.count() == len(lines)


def test_import_in_parts(lines: list[str], tmp_path: Path) -> None:
    """A file in two halves (a session's deals, a retry and its deal in different files) imports the same."""
    target = empty(tmp_path)
    half = len(lines) // 2
    first = import_lines(target, lines[:half])
    second = import_lines(target, ["", *lines[: half + 10], "  "])  # overlapping, with blank lines
    assert first.added == half and second.added == 10 and second.skipped == half
    third = import_lines(target, lines)
    assert third.added == len(lines) - half - 10
    assert list(export_lines(target)) == lines


def place(lines: list[str], k: int) -> int:
    """Line ``k`` of the soak tier's file, at the same share of this one's length, and past the 20 lines
    :func:`refused` imports first."""
    return max(21, k * len(lines) // FULL)


def at(found: list[dict[str, Any]], test: Callable[[dict[str, Any]], bool], after: int = 30) -> int:
    """The index of the first line past :func:`place` ``after`` whose document passes ``test``."""
    after = max(21, after * len(found) // FULL)
    return next(i for i, d in enumerate(found) if i > after and test(d))


def bad_json(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = place(lines, 123)
    lines[k] = lines[k][: len(lines[k]) // 2]
    return k


def total_changed(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = at(found, lambda d: d["mode"] == "table", 140)
    totals = found[k]["deal"]["result"]["totals"]
    totals[0], totals[1] = totals[0] + 1, totals[1] - 1  # still adds up to zero
    lines[k] = json.dumps(found[k])
    return k


def row_changed(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = at(found, lambda d: d["deal"]["result"]["pairs"][0]["rows"] is not None, 60)
    rows = found[k]["deal"]["result"]["pairs"][0]["rows"]
    rows[0] = {"win": "loss", "loss": "win", "tie": "win"}[rows[0]]
    lines[k] = json.dumps(found[k])
    return k


def hand_changed(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = place(lines, 77)
    found[k]["deal"]["key"] += 1  # the hands are no longer the key's
    lines[k] = json.dumps(found[k])
    return k


def unknown_retry(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = at(found, lambda d: d["mode"] == "retry")
    found[k]["retry_of"] = "0123456789abcdef"
    lines[k] = json.dumps(found[k])
    return k


def wrong_review(found: list[dict[str, Any]], lines: list[str]) -> int:
    review = next(d["review"] for d in found if d["review"] is not None)
    k = at(found, lambda d: d["mode"] == "table" and d["review"] is None and d["deal"]["human"] is not None, 100)
    found[k]["review"] = review  # another deal's decision
    lines[k] = json.dumps(found[k])
    return k


def review_of_watched(found: list[dict[str, Any]], lines: list[str]) -> int:
    review = next(d for d in found if d["review"] is not None)
    k = at(found, lambda d: d["mode"] == "watch")
    found[k]["review"] = review["review"]
    lines[k] = json.dumps(found[k])
    return k


def bad_uid(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = place(lines, 55)
    found[k]["uid"] = "not-a-uid"
    lines[k] = json.dumps(found[k])
    return k


def session_of_other_rules(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = at(found, lambda d: d["session"] is not None and d["deal"]["rules"] == "arcade")
    found[k]["session"]["preset"] = "taiwan"
    lines[k] = json.dumps(found[k])
    return k


def other_format(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = place(lines, 190)
    found[k]["version"] = 2
    lines[k] = json.dumps(found[k])
    return k


BAD = [
    bad_json,
    total_changed,
    row_changed,
    hand_changed,
    unknown_retry,
    wrong_review,
    review_of_watched,
    bad_uid,
    session_of_other_rules,
    other_format,
]


def units_changed(found: list[dict[str, Any]], lines: list[str]) -> int:
    k = at(found, lambda d: d["mode"] == "table" and d["deal"]["units"][0] != d["deal"]["units"][1], 150)
    units = found[k]["deal"]["units"]
    units[0], units[1] = units[1], units[0]  # the result is left as the rules scored it
    lines[k] = json.dumps(found[k])
    return k


def refused(lines: list[str], tmp_path: Path, spoil: Callable[[list[dict[str, Any]], list[str]], int]) -> None:
    """Import ``lines`` with one spoilt into a history holding the first 20: refused, naming the line, and
    nothing changed."""
    target = empty(tmp_path)
    import_lines(target, lines[:20])
    before = list(export_lines(target))
    bad = list(lines)
    k = spoil(docs(lines), bad)
    assert bad[k] != lines[k] and sum(a != b for a, b in zip(bad, lines, strict=True)) == 1
    with pytest.raises(ImportFailed) as failed:
        import_lines(target, bad)
    assert failed.value.line == k + 1 and str(failed.value).startswith(f"line {k + 1}: ")
    assert target.count() == 20 and list(export_lines(target)) == before


@pytest.mark.parametrize("spoil", BAD, ids=[f.__name__ for f in BAD])
def test_bad_line_is_refused(lines: list[str], tmp_path: Path, spoil: Callable[..., int]) -> None:
    refused(lines, tmp_path, spoil)


def test_units_not_the_result_are_refused(lines: list[str], tmp_path: Path) -> None:
    refused(lines, tmp_path, units_changed)


def test_retry_of_a_deal_already_stored(lines: list[str], tmp_path: Path) -> None:
    found = docs(lines)
    k = next(i for i, d in enumerate(found) if d["mode"] == "retry")
    original = found[k]["retry_of"]
    target = empty(tmp_path)
    import_lines(target, [line for line, d in zip(lines, found, strict=True) if d["uid"] == original])
    assert import_lines(target, [lines[k]]).added == 1
    ids = {r.uid: r.id for r in target.deals()}
    assert target.deal(ids[found[k]["uid"]]).retry_of == ids[original]  # type: ignore[union-attr]


def test_failed_write_imports_nothing(lines: list[str], tmp_path: Path) -> None:
    """The disk fills up half-way through the file's transaction: none of it is written."""
    target = empty(tmp_path)
    import_lines(target, lines[:20])
    before = list(export_lines(target))
    pages = target.db.execute("PRAGMA page_count").fetchone()[0]
    target.db.execute(f"PRAGMA max_page_count = {pages + 40}")  # room for some of the deals, not all
    with pytest.raises(WriteFailed):
        import_lines(target, lines)
    assert target.count() == 20 and list(export_lines(target)) == before
    target.db.execute("PRAGMA max_page_count = 1000000")
    assert import_lines(target, lines).added == len(lines) - 20
