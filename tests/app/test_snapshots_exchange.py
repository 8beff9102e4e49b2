"""Snapshots of 換三張 (rules/RULES.md §21): the first round with two cards selected, in English and 繁體中文,
at 80×24 and 120×40. The clock is frozen and every computer's pass is in before the shot."""

from __future__ import annotations

from ai import Level
from tests.app.harness import LANGS, SIZES, Clock, config, make_app, settle
from tests.tiers import across


async def _picking(pilot) -> None:
    await settle(pilot)
    await pilot.press("space", "right", "right", "space")
    await pilot.pause()


@across(SIZES, LANGS, turn=0)
def test_choosing_a_pass(snap_compare, size, lang):
    app = make_app(config(seed=3, exchange=2, levels=(Level.EASY,) * 3), lang=lang, clock=Clock())
    assert snap_compare(app, terminal_size=size, run_before=_picking)
