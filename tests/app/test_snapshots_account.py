"""Snapshots of the results panel's account (issue 30 #7) in every preset, at 80×24 and 120×40, in English and
繁體中文, and at a banker table, a table of three and with the joker. The everyday tier takes three presets
(at one size and language, as :func:`tests.tiers.across` picks them); the soak tier the whole grid.

The player auto-arranges (`a`), presses READY, and opens the panel (enter) after the reveal; the clock is
frozen, animations are off, and every worker has finished before the shot.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.presets import Preset
from tests.app.harness import LANGS, SIZES, Clock, coached_app, config, drawn, play_a_deal
from tests.tiers import across

# Every day a table counted in points and one in coins (arcade); each other table in soak.
EVERYDAY = {"taiwan", "arcade"}
TABLES = [p.value for p in Preset] + ["hongkong-banker", "taiwan-three", "taiwan-joker"]


def _config(name: str):
    preset = Preset(name.split("-")[0])
    cfg = config(preset, seed=2)
    if name.endswith("-banker"):
        cfg = replace(cfg, banker=True)
    elif name.endswith("-three"):
        cfg = replace(cfg, players=3)
    elif name.endswith("-joker"):
        cfg = replace(cfg, seed=4, options=replace(cfg.options, joker=True))  # seed 4 deals the player the joker
    return cfg


async def _results(pilot) -> None:
    await play_a_deal(pilot)
    await pilot.press("enter")
    await drawn(pilot)


@pytest.mark.parametrize("table", [pytest.param(n, marks=() if n in EVERYDAY else pytest.mark.soak) for n in TABLES])
@across(SIZES, LANGS, turn=1)
def test_the_account(snap_compare, table, size, lang):
    app = coached_app(_config(table), lang=lang, clock=Clock())
    assert snap_compare(app, terminal_size=size, run_before=_results)
