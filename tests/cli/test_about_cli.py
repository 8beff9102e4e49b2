"""`chinese-poker --version` and `chinese-poker locate` (issue 40, item 17): the version, and where the game keeps
the player's files, as text and as JSON, following $CHINESE_POKER_HOME."""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

from app.cli import build_parser
from tests.cli.runner import in_process


def test_version_prints_the_installed_version() -> None:
    result = in_process("--version")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == f"chinese-poker {version('chinese-poker')}\n"


def test_locate_names_the_folder_the_settings_and_the_history(tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = in_process("locate", env={"CHINESE_POKER_HOME": str(home)})
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines == [
        f"data folder:   {home}  (from $CHINESE_POKER_HOME, not created yet)",
        f"settings file: {home / 'settings.json'}  (not created yet)",
        f"history file:  {home / 'history.sqlite3'}  (not created yet)",
    ]
    assert not home.exists(), "locate only tells: it creates nothing"


def test_locate_json_follows_the_files_as_they_are_made(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "history.sqlite3").touch()  # as the game's first deal makes it
    result = in_process("locate", "--json", env={"CHINESE_POKER_HOME": str(home)})
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == {
        "data_folder": str(home),
        "settings_file": str(home / "settings.json"),
        "history_file": str(home / "history.sqlite3"),
        "exists": {"data_folder": True, "settings_file": False, "history_file": True},
        "from_environment": True,
    }


def test_help_lists_locate_and_version() -> None:
    text = build_parser().format_help()
    assert "--version" in text and "where the game keeps its data" in text
    assert in_process("locate", "--version").returncode == 2  # the flag is the program's, not a command's
