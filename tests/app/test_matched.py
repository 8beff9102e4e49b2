"""The level `matched` (issue 41, item 6; RULES.md §24.5): the level nearest the player's rating in the preset's
family, the default until enough deals are counted; on the command line, the host form and the saved settings."""

from __future__ import annotations

import argparse
from pathlib import Path

from ai import ENOUGH, Level, level_ratings
from app.commands.play_cmds import config_from_args, register
from app.config import TableConfig
from app.game.rating import resolve_matched, standing
from app.i18n import Translator
from app.store.database import open_history
from app.view.standing import matched_text
from rules.presets import Preset
from tests.app.rating_helpers import fill_priced


def test_without_enough_counted_deals_matched_seats_the_default_and_says_why() -> None:
    config = TableConfig(preset=Preset.TAIWAN, levels=(Level.EASY, Level.HARD, Level.EASY), matched=(2,))
    chosen, matched = resolve_matched(config, None)
    assert chosen.levels == (Level.EASY, Level.NORMAL, Level.EASY) and matched is not None
    assert matched.missing == ENOUGH
    assert matched_text(Translator("en"), matched) == f"Matched: Normal (your rating needs {ENOUGH} more counted deals)"
    assert resolve_matched(TableConfig(), None) == (TableConfig(), None)


def test_matched_follows_the_rating_to_the_nearest_measured_level(tmp_path: Path) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    fill_priced(history, 40)
    rating = standing(history, Preset.TAIWAN).rating
    assert rating.enough and rating.value is not None
    table = level_ratings(Preset.TAIWAN)
    nearest = min(table, key=lambda k: abs(table[k][0] - rating.value))  # type: ignore[operator]
    chosen, matched = resolve_matched(TableConfig(matched=(1, 2, 3)), history)
    assert chosen.levels == (Level(nearest),) * 3 and matched is not None and matched.missing == 0
    assert matched_text(Translator("en"), matched).startswith(f"Matched: {nearest.capitalize()} (your rating ")
    history.close()


def test_the_command_line_and_the_saved_settings_carry_matched() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["play", "--level", "matched"])
    config = config_from_args(args)
    assert config.matched == (1, 2, 3)
    assert TableConfig.from_dict(config.to_dict()).matched == (1, 2, 3)
    assert "matched" not in TableConfig().to_dict()  # saved as before the choice existed
