"""Fixtures of the history tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for every test, away from the player's real history."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CHINESE_POKER_HOME", str(folder))
    return folder
