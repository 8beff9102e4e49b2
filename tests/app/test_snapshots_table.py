"""Snapshots of the table: mid-arrangement, the end of the reveal and the results panel, at 80×24 and 120×40,
in English and 繁體中文. Plain ``def`` tests (snap_compare runs its own event loop).

The clock is frozen (the countdown always reads 1:00), animations are off, the AI runs at a fast level with
a fixed seed, and every worker has finished before the shot.
"""

from __future__ import annotations

import pytest

from tests.app.harness import LANGS, SIZES, Clock, config, make_app, settle


def _app(lang: str):
    return make_app(config(seed=1), lang=lang, clock=Clock())


async def _arranging(pilot) -> None:
    await settle(pilot)
    # two cards into the back, one into the front, the cursor on the next card, one card selected
    await pilot.press("space", "right", "space", "3", "1", "right", "space")
    await pilot.pause()


async def _reveal_end(pilot) -> None:
    await settle(pilot)
    await pilot.press("a")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def _results(pilot) -> None:
    await _reveal_end(pilot)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_mid_arrangement(snap_compare, size, lang):
    assert snap_compare(_app(lang), terminal_size=size, run_before=_arranging)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_reveal_end(snap_compare, size, lang):
    assert snap_compare(_app(lang), terminal_size=size, run_before=_reveal_end)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_results_panel(snap_compare, size, lang):
    assert snap_compare(_app(lang), terminal_size=size, run_before=_results)


def _timeout_app(lang: str):
    return make_app(config(seed=1, time_limit=30, takeover=False), lang=lang, clock=Clock())


async def _timed_out(pilot) -> None:
    await settle(pilot)
    await pilot.press("3")  # one card placed: the computer would complete around it
    pilot.app.now.t += 31  # the injected clock
    pilot.app.table_screen.tick()
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_timeout_dialog(snap_compare, size, lang):
    """Time is up with takeover off: the host's choice (rules/RULES.md §10), the countdown stopped at 0:00."""
    assert snap_compare(_timeout_app(lang), terminal_size=size, run_before=_timed_out)
