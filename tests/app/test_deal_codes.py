"""Deal codes and the deal of the day at the table (issue 42): new deals are dealt by key and carry a code, a
code's table deals the same cards to the same seats, stored deals dealt by seed still read, the day's record is
claimed once on every path, the duplicate comparison and the share line; and the commands `play --deal` and
`daily`. Everything headless and cheap: each test well under a second but the one that plays four levels."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

import pytest

from ai import Level
from app.cli import main
from app.commands import daily_cmds
from app.config import TableConfig
from app.game.daily import (
    Against,
    Comparison,
    Mark,
    claim,
    compare,
    daily_config,
    day_played,
    share_line,
    share_of,
    streak,
    utc_today,
)
from app.game.journal import Journal
from app.game.record import DealRecord
from app.game.requests import Purpose, run_ai
from app.game.resume import restore_table
from app.game.table import Table
from app.store import deal_format
from app.store.database import open_history
from rules import dealing
from rules.dealcode import DealCode, daily_code, parse_deal_code
from rules.dealing import deal_by_key, session_key
from rules.exchange import Direction
from rules.presets import Preset
from tests.clock import Clock

DAY = dt.date(2026, 12, 5)
DAY_CODE = "5F6C-AM7W-10BF"  # rules/RULES.md §23.7's example: 2026-12-05, taiwan


def _play(table: Table) -> DealRecord:
    """Deal and score one deal: the computers decide, the player's seat plays what `hard` would."""
    table.run(table.deal())
    seat = table.human
    if table.arrange is not None and seat is not None:
        decision = run_ai(table.asking.request(seat, Level.HARD, Purpose.DECIDE)).decision
        if decision.arrangement is not None:
            table.arrange = table.arrange.with_arrangement(decision.arrangement)
        else:
            assert decision.declare is not None
            table.arrange = table.arrange.declare(decision.declare)
        table.run(table.ready())
    rec = table.current
    assert rec is not None and rec.result is not None
    return rec


def test_a_new_deal_is_dealt_by_its_key_and_carries_its_code() -> None:
    table = Table(TableConfig.quick(), now=Clock())
    rec = table.start_deal()
    assert rec.key == session_key(table.seed, 1)
    assert tuple(rec.hands[s] for s in rec.seats) == deal_by_key(rec.key, 4).hands
    assert rec.code == DealCode(Preset.TAIWAN, 4, rec.key)
    assert DealRecord.from_dict(rec.to_dict()).key == rec.key


@pytest.mark.parametrize(
    ("preset", "players", "joker", "exchange"),
    [
        (Preset.TAIWAN, 4, False, 0),
        (Preset.SHISANSHUI, 3, True, 0),
        (Preset.ARCADE, 2, False, 0),
        (Preset.TAIWAN, 4, False, 2),
        (Preset.LADDER, 3, False, 0),
    ],
)
def test_a_code_deals_the_same_cards_to_the_same_seats(
    preset: Preset, players: int, joker: bool, exchange: int
) -> None:
    config = TableConfig.quick(preset)
    config = replace(config, players=players, options=replace(config.options, joker=joker), exchange=exchange, seed=77)
    first = Table(config, now=Clock()).start_deal()
    way = Direction.CLOCKWISE if exchange else None
    code = DealCode(preset, players, session_key(77, 1), joker, exchange, way)
    if not exchange:  # with 換三張, a deal's code is whole once its passes are made
        assert first.code == code
    again = Table(TableConfig.for_code(parse_deal_code(code.text)), now=Clock()).start_deal()
    assert again.seats == first.seats and again.key == first.key
    assert (again.dealt or again.hands) == (first.dealt or first.hands)
    assert again.turned == first.turned and again.cut == first.cut


def test_a_deal_dealt_by_its_seed_still_reads_and_has_no_code() -> None:
    rec = Table(replace(TableConfig.quick(), seed=5), now=Clock()).start_deal()
    from rules.cards import deal

    old = rec.to_dict()
    del old["key"]
    old["hands"] = {str(s): " ".join(map(str, h)) for s, h in zip(rec.seats, deal(rec.seed, 4), strict=True)}
    back = DealRecord.from_dict(old)
    assert back.key is None and back.code is None and back.to_dict() == DealRecord.from_dict(back.to_dict()).to_dict()


def test_the_stored_format_bounds_a_key_as_the_rules_do() -> None:
    assert deal_format.KEY_LIMIT == dealing.KEY_LIMIT


def test_the_table_of_a_code_deals_its_key_first_then_the_sessions_own() -> None:
    code = daily_code(DAY, Preset.TAIWAN)
    table = Table(replace(TableConfig.for_code(code), seed=3), now=Clock())
    assert table.deal_key(1) == code.key and table.deal_key(2) == session_key(3, 2)
    assert TableConfig.from_dict(table.config.to_dict()) == table.config  # Continue deals the code again


def test_the_day_is_the_same_everywhere_and_its_table_is_the_code_s() -> None:
    assert daily_code(DAY, Preset.TAIWAN).text == DAY_CODE
    assert daily_code(DAY, Preset.TOURNAMENT).key == daily_code(DAY, Preset.TAIWAN).key  # one family
    config = daily_config(DAY, Preset.TAIWAN, record=True)
    assert config.deal_key == daily_code(DAY, Preset.TAIWAN).key and config.daily == "2026-12-05"
    assert config.seed == daily_config(DAY, Preset.TAIWAN, record=False).seed  # the same opponents
    midnight = dt.datetime(2026, 12, 5, tzinfo=dt.UTC).timestamp()
    assert utc_today(lambda: midnight) == DAY == utc_today(lambda: midnight + 86_399.5)  # the UTC day, to its end
    assert utc_today(lambda: midnight - 0.5) == DAY - dt.timedelta(days=1)


def test_the_day_is_one_deal_and_is_recorded_once_on_every_path(tmp_path: Path) -> None:
    history = open_history(tmp_path / "h.sqlite3", clock=Clock(1000.0)).history
    assert history is not None
    assert claim(history, DAY, Preset.TAIWAN)
    assert not claim(history, DAY, Preset.TOURNAMENT)  # the same family's day: taken
    table = Table(daily_config(DAY, Preset.TAIWAN, record=True), now=Clock(), journal=Journal(history))
    rec = _play(table)
    assert table.outcome.reason() is not None  # one deal
    played = day_played(history, DAY, Preset.TAIWAN)
    assert played is not None and played.record is not None and played.record.key == rec.key
    history.close()
    again = open_history(tmp_path / "h.sqlite3").history  # a restart (or a kill: the claim came first)
    assert again is not None and not claim(again, DAY, Preset.TAIWAN)
    # A practice try of the day is written as any deal, never as the day's record.
    practice = Table(daily_config(DAY, Preset.TAIWAN, record=False), now=Clock(), journal=Journal(again))
    _play(practice)
    kept = day_played(again, DAY, Preset.TAIWAN)
    assert kept is not None and kept.row.deal == played.row.deal


def test_a_day_begun_and_left_is_continued_not_dealt_again_for_the_record(tmp_path: Path) -> None:
    history = open_history(tmp_path / "h.sqlite3", clock=Clock(1000.0)).history
    assert history is not None and claim(history, DAY, Preset.TAIWAN)
    journal = Journal(history)
    table = Table(daily_config(DAY, Preset.TAIWAN, record=True), now=Clock(), journal=journal)
    table.start_deal()
    journal.keep(table, table.progress.state())  # back to the menu mid-deal
    row = history.resumable()
    assert row is not None
    back = restore_table(row, history.session_deals(row.id), history)
    assert back.config.daily_record and back.deal_key(1) == table.deal_key(1)
    assert not claim(history, DAY, Preset.TAIWAN)


def test_matchpoints_count_a_won_level_one_a_tied_half() -> None:
    def comparison(mine: int, theirs: tuple[int, ...]) -> Comparison:
        marks = [Mark.WON if mine > u else Mark.TIED if mine == u else Mark.LOST for u in theirs]
        return Comparison(mine, tuple(Against(lv, u, m) for lv, u, m in zip(Level, theirs, marks, strict=False)))

    assert comparison(4, (2, 4, 6, -1)).matchpoints == 63  # 2 won, 1 tied, 1 lost: 62.5 rounds up
    assert comparison(4, (5, 5, 5, 5)).matchpoints == 0
    assert comparison(4, (4, 4, 4, 4)).matchpoints == 50
    c = comparison(-3, (-6, -3, 0, 2))
    assert Comparison.from_dict(json.loads(json.dumps(c.to_dict()))) == c


def test_the_matchpoints_of_a_known_deal() -> None:
    # 2026-12-05's taiwan deal, the player's seat played as `hard` would: +13, and the levels make +13 too.
    config = daily_config(DAY, Preset.TAIWAN, record=True)
    rec = _play(Table(config, now=Clock()))
    result = compare(rec, config, (Level.EASY, Level.HARD))
    assert result.units == 13 and [a.units for a in result.against] == [13, 13] and result.matchpoints == 50


def test_the_share_line_names_no_card() -> None:
    line = share_line("2026-12-05", "taiwan", 4, 75, "best", (Mark.WON, Mark.WON, Mark.LOST))
    assert line == "十三張 2026-12-05 taiwan · +4 · 75% · best ✓ · 🟩🟩🟥"
    assert share_line("2026-12-05", "taiwan", -2, None, None, (None, None, None)) == (
        "十三張 2026-12-05 taiwan · -2 · – · – · ⬜⬜⬜"
    )


def test_a_streak_counts_days_in_a_row_to_today_or_yesterday() -> None:
    days = ["2026-12-05", "2026-12-04", "2026-12-03", "2026-12-01"]
    assert streak(days, DAY) == 3
    assert streak(days, DAY + dt.timedelta(days=1)) == 3  # today still to play
    assert streak(days, DAY + dt.timedelta(days=2)) == 0
    assert streak([], DAY) == 0


# ---- the commands


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_daily_prints_the_same_code_and_hands_in_two_fresh_data_folders(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen = []
    for home in ("a", "b"):
        monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path / home))
        status, out, _ = _run(capsys, "daily", "--date", "2026-12-05", "--json")
        assert status == 0
        seen.append(json.loads(out))
    assert seen[0] == seen[1] and seen[0]["code"] == DAY_CODE and len(seen[0]["hands"]) == 4
    monkeypatch.setattr(daily_cmds, "CLOCK", lambda: dt.datetime(2026, 12, 5, 12, tzinfo=dt.UTC).timestamp())
    status, out, _ = _run(capsys, "daily")
    assert status == 0 and out.startswith(f"2026-12-05 taiwan: {DAY_CODE}")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("daily", "--date", "1999-12-31"), "from 2000-01-01 to 2100-12-31"),
        (("daily", "--date", "2101-01-01"), "from 2000-01-01 to 2100-12-31"),
        (("daily", "--date", "5 Dec"), "YYYY-MM-DD"),
        (("daily", "--rules", "poker"), "no preset is called 'poker'"),
        (("play", "--deal", "5F6C-AM7W-10B"), "12 characters, not 11"),
        (("play", "--deal", "5F6C-AM7W-10BG"), "check does not match"),
        (("play", "--deal", "5F6C-AM7W-1UBF"), "'U'"),
        (("play", "--deal", DAY_CODE, "--rules", "arcade"), "--rules cannot go with --deal"),
    ],
)
def test_bad_input_is_one_error_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], says: str
) -> None:
    status, out, err = _run(capsys, *args)
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ") and says in err


def test_play_deal_starts_the_code_s_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.commands import play_cmds

    started: list[TableConfig] = []
    monkeypatch.setattr(play_cmds, "_launch", lambda config, args: started.append(config) or 0)
    assert main(["play", "--deal", DAY_CODE.lower().replace("-", " "), "--level", "hard"]) == 0
    (config,) = started
    assert config.deal_key == daily_code(DAY, Preset.TAIWAN).key and config.levels == (Level.HARD,) * 3


def test_daily_share_prints_the_line_of_the_day_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))
    status, _, err = _run(capsys, "daily", "--date", "2026-12-05", "--share")
    assert status == 1 and "has not been played" in err
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None and claim(history, DAY, Preset.TAIWAN)
    _play(Table(daily_config(DAY, Preset.TAIWAN, record=True), now=Clock(), journal=Journal(history)))
    history.close()
    monkeypatch.setattr("app.game.daily.LEVELS", (Level.EASY,))  # one level: the line, not the levels' time
    status, out, _ = _run(capsys, "daily", "--date", "2026-12-05", "--share")
    assert status == 0 and out.startswith("十三張 2026-12-05 taiwan · ") and out.count("\n") == 1
    history = open_history(tmp_path / "history.sqlite3").history
    assert history is not None and out.strip() == share_of(history, DAY, Preset.TAIWAN)
