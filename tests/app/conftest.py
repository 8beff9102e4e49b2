"""Fixtures of the app tests (the helpers are in tests/app/harness.py)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private settings folder for every test, away from the player's real settings file."""
    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True, scope="session")
def _style_sheets_parsed_once() -> None:
    """Each style sheet parsed once a worker, not once an App (the game's App sees to it; the tests' bare Apps
    too): every test starts a new App, and each parsed the same .tcss files and widget defaults again."""
    from app.widgets.textual_private import parse_style_sheets_once

    parse_style_sheets_once()
