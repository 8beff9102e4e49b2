"""The spaced schedule of the player's mistakes, on an injected clock: a hand lost badly returns after 1, 3, 7
and 21 days while it is played well, is retired after two good plays in a row, and starts over when it is
lost badly again; the history keeps the schedule and gives back what is due."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.game.drills.schedule import DAY, INTERVALS, WELL_IN_A_ROW, after_play, played_well
from app.store.database import open_history
from rules.presets import Preset

HAND = "As Ks Qs Js Ts 9h 8h 7h 6d 5d 4c 3c 2c"
BAD, GOOD = 2.5, 0.0


def test_a_bad_play_is_kept_for_the_next_day_and_a_good_one_is_not() -> None:
    now = 1_000_000.0
    kept = after_play(None, HAND, Preset.TAIWAN, BAD, now)
    assert kept is not None and kept.due == now + DAY and kept.step == 0 and kept.well == 0
    assert after_play(None, HAND, Preset.TAIWAN, GOOD, now) is None


def test_good_plays_space_it_out_and_two_in_a_row_retire_it() -> None:
    now = 0.0
    kept = after_play(None, HAND, Preset.TAIWAN, BAD, now)
    now = kept.due
    kept = after_play(kept, HAND, Preset.TAIWAN, GOOD, now)
    assert kept is not None and kept.due == now + INTERVALS[1] * DAY and kept.well == 1
    now = kept.due
    assert after_play(kept, HAND, Preset.TAIWAN, GOOD, now) is None  # played well twice in a row


def test_a_bad_play_in_between_starts_it_over() -> None:
    kept = after_play(None, HAND, Preset.TAIWAN, BAD, 0.0)
    kept = after_play(kept, HAND, Preset.TAIWAN, GOOD, kept.due)
    again = after_play(kept, HAND, Preset.TAIWAN, BAD, kept.due)
    assert again is not None and again.step == 0 and again.well == 0 and again.due == kept.due + DAY


@given(st.lists(st.booleans(), min_size=1, max_size=30))
def test_the_schedule_only_ever_waits_1_3_7_or_21_days(plays: list[bool]) -> None:
    now, kept = 0.0, None
    for good in plays:
        after = after_play(kept, HAND, Preset.ARCADE, GOOD if good else 9.0, now)
        if after is not None:
            assert (after.due - now) / DAY in INTERVALS and 0 <= after.well < WELL_IN_A_ROW
        if not good:
            assert after is not None and after.well == 0
        kept = after
        now = after.due if after is not None else now + DAY


def test_the_bound_is_the_presets_good_verdict() -> None:
    assert played_well(Preset.TAIWAN, 0.3) and not played_well(Preset.TAIWAN, 0.31)
    assert played_well(Preset.SHISANSHUI, 1.0) and not played_well(Preset.SHISANSHUI, 1.01)


def test_the_history_keeps_the_schedule_and_says_what_is_due(tmp_path) -> None:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    h.mistakes.keep(HAND, "taiwan", (100.0, 0, 0))
    h.mistakes.keep("2c 3c", "taiwan", (50.0, 1, 1))
    h.mistakes.keep(HAND, "arcade", (10.0, 0, 0))
    assert h.mistakes.due("taiwan", 99.0) == ["2c 3c"]
    assert h.mistakes.due("taiwan", 100.0) == ["2c 3c", HAND]  # the longest overdue first
    h.mistakes.keep(HAND, "taiwan", (500.0, 2, 1))
    assert h.mistakes.entry(HAND, "taiwan") == (500.0, 2, 1) and h.mistakes.due("taiwan", 100.0) == ["2c 3c"]
    h.mistakes.keep(HAND, "taiwan", None)
    assert h.mistakes.entry(HAND, "taiwan") is None
