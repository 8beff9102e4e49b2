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
def _style_sheets_parsed_once():
    """Parse each style sheet once a worker, not once an App: every test starts a new App, and each App parsed
    the same .tcss files and widget defaults again (about a tenth of starting one). The rules are keyed by
    everything Textual's own per-App cache keys them by, and by the theme's variables they were parsed with."""
    from textual.css.stylesheet import Stylesheet

    original = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def parse_once(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = original(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_once
    yield
    Stylesheet._parse_rules = original
