"""Fixtures of the app tests (the helpers are in tests/app/harness.py)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private settings folder for every test, away from the player's real settings file."""
    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))
    return tmp_path
