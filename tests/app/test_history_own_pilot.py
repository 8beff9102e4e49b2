"""History and Statistics say who decided (Pilot): the hands the computer decided for the player are marked
("time-out", "computer"), the verdict filter lists the player's own decisions and says so, Statistics say how
many deals they count; and History keeps its place after a deal is seen again, reviewed or retried, and when a
filter changes (on the deal it was on, or the nearest one listed).

The history: a taiwan session of four deals (the player, a time-out, the player, a takeover), an arcade session
of two (the player, a computer level: the player had left mid-deal) and a taiwan session of two of the
player's own; ids 1 to 8, every deal given the verdict "best".
"""

from __future__ import annotations

import random
from pathlib import Path

from ai import TableView
from ai.coach import review
from app.game.journal import Journal
from app.game.record import DealRecord, Decider
from app.game.replay import OneDeal
from app.game.table import Table
from app.screens.history import HistoryScreen
from app.screens.past_deal import TriesScreen
from app.screens.review import ReviewScreen
from app.screens.stats import StatsScreen
from app.store.database import open_history
from rules.presets import Preset
from tests.tiers import long

from .harness import make_app, play_a_deal, settle, table_screen
from .history_helpers import config, random_decision

SESSIONS = (
    (Preset.TAIWAN, ("player", "timeout", "player", "takeover")),
    (Preset.ARCADE, ("player", "normal")),
    (Preset.TAIWAN, ("player", "player")),
)
OWN = [8, 7, 5, 3, 1]


def _seed(home: Path) -> None:
    history = open_history(home / "history.sqlite3").history
    assert history is not None
    records: list[DealRecord] = []
    for k, (preset, deciders) in enumerate(SESSIONS):
        rng = random.Random(k)
        table = Table(config(preset, k), journal=Journal(history))
        for decider in deciders:
            rec = table.start_deal()
            for seat in rec.seats:
                rec.decisions[seat] = random_decision(rec.hands[seat], rng, preset)
                rec.decided_by[seat] = Decider.level(table.seating.levels[seat]) if seat else Decider(decider)
            rec.seconds = 9.5 if decider == "player" else None
            table.score()
            table.reveal.finish()
            records.append(rec)
    for deal_id, rec in enumerate(records, 1):
        history.set_review(deal_id, _priced(deal_id, rec))
    history.close()


_REVIEWS: dict[int, dict] = {}


def _priced(deal_id: int, rec: DealRecord) -> dict:
    """A real review of the player's hand (a small one, priced once a process: every test seeds the same
    deals), its verdict set to "best"."""
    if deal_id not in _REVIEWS:
        priced = review(rec.hands[0], rec.decisions[0], TableView(preset=rec.preset), tables=10, seed=deal_id)
        _REVIEWS[deal_id] = {**priced.to_dict(), "verdict": "best"}
    return _REVIEWS[deal_id]


async def _history(pilot) -> HistoryScreen:
    await settle(pilot)
    await pilot.press("y")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    return screen


def _deal_cell(screen: HistoryScreen, deal_id: int) -> str:
    row = next(r for r in screen.rows if r.id == deal_id)
    return str(screen._cells(row)[3])


def _on(screen: HistoryScreen) -> int | None:
    row = screen.highlighted()
    return None if row is None else row.id


@long("tests/app/test_history_pilot.py::test_history_filters_by_rules_verdict_and_session")
async def test_history_marks_the_computers_hands_and_the_verdict_filter_says_what_it_lists(home) -> None:
    _seed(home)
    app = make_app(menu=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _history(pilot)
        assert [r.id for r in screen.rows] == [8, 7, 6, 5, 4, 3, 2, 1]
        assert _deal_cell(screen, 2).endswith("· time-out")
        assert _deal_cell(screen, 4).endswith("· computer") and _deal_cell(screen, 6).endswith("· computer")
        for own in OWN:
            assert "·" not in _deal_cell(screen, own)
        filters = screen.query_one("#history-filters")
        assert "own decisions" not in str(filters.render())
        await _filter_changes_keep_the_deal_or_the_nearest_one_listed(pilot, screen)
        assert "own decisions" not in str(filters.render())  # all verdicts again
        await pilot.press("v")  # best: the player's own decisions only, and the line says so
        assert screen.verdict == "best" and [r.id for r in screen.rows] == OWN
        assert "your own decisions only" in str(filters.render())
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        stats = app.screen
        assert isinstance(stats, StatsScreen) and stats.stats is not None
        assert (stats.stats.deals, stats.stats.seat_deals, stats.stats.timeouts) == (4, 6, 1)
        counts = str(stats.query_one("#stats-counts").render())
        assert "your own decisions only: 4 of 6" in counts and "computer for your seat: 2 (1 at the time-out)" in counts
        chart = str(stats.query_one("#stats-seconds").render())  # the chart's axes: its unit, its deals
        assert chart.splitlines()[0].strip() == "seconds" and "your last 4 own deals, oldest → newest" in chart


@long("tests/app/test_history_pilot.py::test_history_lists_a_deal_and_opens_its_reveal_and_review")
async def test_history_keeps_its_place_after_see_again_the_review_and_a_retry(home) -> None:
    _seed(home)
    app = make_app(menu=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _history(pilot)
        await pilot.press("down", "down", "down")
        assert _on(screen) == 5  # the arcade session's deal 1
        await pilot.press("enter")  # see again, then Done
        await settle(pilot)
        assert isinstance(table_screen(app).table, OneDeal)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and _on(screen) == 5
        await pilot.press("c")  # the review of that deal, not of the newest
        await settle(pilot)
        shown = app.screen
        assert isinstance(shown, ReviewScreen)
        assert shown.record.preset is Preset.ARCADE and shown.record.number == 1
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and _on(screen) == 5
        row = app.history.deal(5)
        assert row is not None and row.data is not None
        stored = DealRecord.from_dict(row.data)
        await pilot.press("r")  # a retry adds a row at the top; the cursor stays on the deal retried
        await settle(pilot)
        retry = table_screen(app).table
        assert isinstance(retry, OneDeal) and retry.retrying and retry.can_arrange
        await play_a_deal(pilot)
        rec = retry.current
        assert rec is not None and rec.result is not None
        for seat in rec.seats[1:]:
            assert rec.decisions[seat] == stored.decisions[seat]  # the opponents did not think again
        await pilot.press("n")
        await settle(pilot)
        tries = app.screen
        assert isinstance(tries, TriesScreen) and tries.tries.units == (stored.units[0], rec.units[0])
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.rows[0].mode == "retry" and _on(screen) == 5
        assert screen.rows[0].retry_of == 5


async def _filter_changes_keep_the_deal_or_the_nearest_one_listed(pilot, screen: HistoryScreen) -> None:
    """A filter change keeps the deal or the nearest one listed (a test of its own before: it seeded the same
    history and opened History in an App of its own, most of its time); every filter is back at all after."""
    await pilot.press("down", "down")
    assert _on(screen) == 6  # the arcade deal the computer played
    await pilot.press("p")  # taiwan: 6 is not listed; the nearest is 7 (and 5 is not taiwan either)
    assert {r.preset for r in screen.rows} == {"taiwan"} and _on(screen) == 7
    await pilot.press("p")  # tournament: nothing listed
    assert screen.rows == [] and _on(screen) is None
    await pilot.press("p")  # arcade: back on the deal chosen
    assert screen.preset == "arcade" and _on(screen) == 6
    await pilot.press(*["p"] * 6)  # … every rule set again
    assert screen.preset is None and _on(screen) == 6
    await pilot.press("v")  # best: own decisions only; 6 is the computer's, the nearest own is 5 (the older)
    assert [r.id for r in screen.rows] == OWN and _on(screen) == 5
    await pilot.press("up")  # the player moves the cursor: that is the deal kept from now on
    assert _on(screen) == 7
    await pilot.press(*["v"] * 5)  # … all verdicts
    assert screen.verdict is None and _on(screen) == 7


def test_the_coachs_verdict_on_a_hand_the_computer_decided_says_it_is_not_yours() -> None:
    from app.i18n import Translator
    from app.view.coach import not_yours

    table = Table(config(Preset.TAIWAN, 3))
    rec = table.start_deal()
    rng = random.Random(3)
    for seat in rec.seats:
        rec.decisions[seat] = random_decision(rec.hands[seat], rng, Preset.TAIWAN)
        rec.decided_by[seat] = Decider.level(table.seating.levels[seat]) if seat else Decider.TIMEOUT
    for lang, word in (("en", "not count as yours"), ("zh-TW", "不算你的"), ("zh-CN", "不算你的")):
        assert word in not_yours(Translator(lang), rec, 0)
    assert not_yours(Translator("en"), rec, 1) == ""  # another seat's verdict: nothing to say
    rec.decided_by[0] = Decider.PLAYER
    assert not_yours(Translator("en"), rec, 0) == ""
