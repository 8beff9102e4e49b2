"""The player's saved preferences (language, card look, animation speed), stored as JSON atomically."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from .paths import data_dir, write_atomic

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
DECKS = ("two_colour", "four_colour")
SUIT_STYLES = ("symbols", "letters")
SORTS = ("rank", "suit")


@dataclass(frozen=True)
class Settings:
    """What the Settings screen edits; unknown or bad values in the file fall back to the defaults."""

    language: str | None = None  # None: follow the locale
    deck: str = "two_colour"
    suits: str = "symbols"  # "letters" draws S H D C for terminals that draw ♠ wide
    animation: str = "normal"
    sort: str = "rank"
    theme: str = "textual-dark"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            return cls()
        allowed = {"deck": DECKS, "suits": SUIT_STYLES, "animation": ANIMATION_SPEEDS, "sort": SORTS}
        out = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name in allowed and value not in allowed[f.name]:
                continue
            if f.name == "language" and value not in (None, "en", "zh-TW"):
                continue
            if f.name == "theme" and not isinstance(value, str):
                continue
            out = replace(out, **{f.name: value})
        return out


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a warning to show if the file was unreadable (it is then left untouched)."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"could not read {path}: {exc.strerror or exc}"
    try:
        return Settings.from_dict(json.loads(text)), None
    except (json.JSONDecodeError, UnicodeDecodeError):
        return Settings(), f"{path} is not valid JSON; using default settings"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    write_atomic(path or settings_path(), json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n")
