"""Where the app finds its data (``assets/``) and where it keeps the player's files."""

from __future__ import annotations

import os
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    """A path inside ``assets/``."""
    return ASSETS.joinpath(*parts)


def data_dir() -> Path:
    """The per-user folder for settings and (later) history: $CHINESE_POKER_HOME, else XDG data home."""
    override = os.environ.get("CHINESE_POKER_HOME")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "chinese-poker"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that readers see the old file or the new one, never half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
