"""``chinese-poker --version`` and the ``locate`` subcommand: which game this is, and where it keeps the
player's files (the data folder, the settings file, the history file), for a player backing them up, moving
them or reporting a problem."""

from __future__ import annotations

import argparse
import json
import os
from importlib.metadata import PackageNotFoundError, version

from app.commands.common import CommandParser, add_command
from app.paths import data_dir
from app.settings import settings_path
from app.store.database import history_path

DISTRIBUTION = "chinese-poker"
HOME_VARIABLE = "CHINESE_POKER_HOME"


def version_text() -> str:
    """``chinese-poker 0.1.0``: the installed distribution's version (a clone run without installing it has
    none to report, and says so)."""
    try:
        number = version(DISTRIBUTION)
    except PackageNotFoundError:
        number = "(not installed: no version recorded)"
    return f"{DISTRIBUTION} {number}"


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add ``locate`` to the command line."""
    p = add_command(sub, "locate", cmd_locate, help="print where the game keeps its data: folder, settings, history")
    p.add_argument("--json", action="store_true", help="print JSON")


def cmd_locate(args: argparse.Namespace) -> int:
    """Print the data folder, the settings file and the history file, each marked when it does not exist yet
    (the game makes them when it first needs them)."""
    places = {"data_folder": data_dir(), "settings_file": settings_path(), "history_file": history_path()}
    if args.json:
        report: dict[str, object] = {key: str(path) for key, path in places.items()}
        report["exists"] = {key: path.exists() for key, path in places.items()}
        report["from_environment"] = bool(os.environ.get(HOME_VARIABLE))
        print(json.dumps(report, ensure_ascii=False))
        return 0
    labels = {"data_folder": "data folder", "settings_file": "settings file", "history_file": "history file"}
    width = max(map(len, labels.values())) + 1
    for key, path in places.items():
        notes = []
        if key == "data_folder" and os.environ.get(HOME_VARIABLE):
            notes.append(f"from ${HOME_VARIABLE}")
        if not path.exists():
            notes.append("not created yet")
        suffix = f"  ({', '.join(notes)})" if notes else ""
        print(f"{labels[key] + ':':<{width}} {path}{suffix}")
    return 0
