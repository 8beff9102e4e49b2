"""Snapshots of the table: mid-arrangement, the end of the reveal (with a 打槍), a declared special and the
results panel, at 80×24, 120×40 and 200×50, in English and 繁體中文. Plain ``def`` tests (snap_compare runs its
own event loop).

The clock is frozen (the countdown always reads 1:00), animations are off, the AI runs at a fast level with
a fixed seed, and every worker has finished before the shot.
"""

from __future__ import annotations

from rules.presets import Preset
from tests.app.harness import LANGS, SIZES, Clock, coached_app, config, play_a_deal, settle
from tests.tiers import across

TABLE_SIZES = [*SIZES, (200, 50)]  # the table is looked at on a big terminal too


def _app(lang: str):
    return coached_app(config(seed=1), lang=lang, clock=Clock())


async def _arranging(pilot) -> None:
    await settle(pilot)
    # two cards into the back, one into the front, the cursor on the next card, one card selected
    await pilot.press("space", "right", "space", "3", "1", "right", "space")
    await pilot.pause()


_reveal_end = play_a_deal  # auto-arrange, READY, the reveal to its end


async def _results(pilot) -> None:
    await _reveal_end(pilot)
    await pilot.press("enter")
    await pilot.pause()


@across(TABLE_SIZES, LANGS, turn=0)
def test_table_mid_arrangement(snap_compare, size, lang):
    assert snap_compare(_app(lang), terminal_size=size, run_before=_arranging)


@across(TABLE_SIZES, LANGS, turn=1)
def test_table_reveal_end(snap_compare, size, lang):
    assert snap_compare(_app(lang), terminal_size=size, run_before=_reveal_end)


@across(TABLE_SIZES, LANGS, turn=2)
def test_results_panel(snap_compare, size, lang):
    assert snap_compare(_app(lang), terminal_size=size, run_before=_results)


async def _declared(pilot) -> None:
    # shisanshui seed 163 makes 三同花: declared, READY, and the reveal to its end.
    await settle(pilot)
    await pilot.press("b")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


@across(TABLE_SIZES, LANGS, turn=3)
def test_a_declared_special(snap_compare, size, lang):
    app = coached_app(config(Preset.SHISANSHUI, seed=163, time_limit=0), lang=lang, clock=Clock())
    assert snap_compare(app, terminal_size=size, run_before=_declared)


def _timeout_app(lang: str):
    return coached_app(config(seed=1, time_limit=30, takeover=False), lang=lang, clock=Clock())


async def _timed_out(pilot) -> None:
    await settle(pilot)
    await pilot.press("3")  # one card placed: the computer would complete around it
    pilot.app.now.t += 31  # the injected clock
    pilot.app.table_screen.clock.tick()
    await pilot.pause()
    await pilot.pause()


@across(SIZES, LANGS, turn=4)
def test_timeout_dialog(snap_compare, size, lang):
    """Time is up with takeover off: the host's choice (rules/RULES.md §10), the countdown stopped at 0:00."""
    assert snap_compare(_timeout_app(lang), terminal_size=size, run_before=_timed_out)


async def _review(pilot) -> None:
    await _reveal_end(pilot)
    await pilot.press("c")
    await settle(pilot)
    await pilot.pause()


@across(SIZES, LANGS, turn=5)
def test_the_coachs_review(snap_compare, size, lang):
    # Issue 11: the player's rows and the best rows side by side, each row's chance, the alternatives, why.
    assert snap_compare(coached_app(config(seed=4), lang=lang, clock=Clock()), terminal_size=size, run_before=_review)
