"""Where the app finds its data (``assets/``) and where it keeps the player's files, and how it writes them:
atomically, through a temporary file beside the target that a crashed writer may leave behind (cleaned at
start-up by :func:`clean_stale_temps`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

ASSETS = Path(__file__).resolve().parent.parent / "assets"

#: A temporary file younger than this whose writer still runs may be a save in progress: leave it alone.
STALE_AFTER = 60.0


def asset(*parts: str) -> Path:
    """A path inside ``assets/``."""
    return ASSETS.joinpath(*parts)


def data_dir() -> Path:
    """The per-user folder for the settings and the history: $CHINESE_POKER_HOME, else the platform's user
    data folder (``~/.local/share/chinese-poker`` on Linux, or under $XDG_DATA_HOME)."""
    override = os.environ.get("CHINESE_POKER_HOME")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("chinese-poker", appauthor=False))


def temp_path(path: Path, pid: int | None = None) -> Path:
    """The temporary file :func:`write_atomic` writes before renaming it over ``path``:
    ``.<name>.<pid>.tmp`` beside it."""
    return path.with_name(f".{path.name}.{os.getpid() if pid is None else pid}.tmp")


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that readers see the old file or the new one, never half of it; a failed write
    removes its temporary file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(path)
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        # Also on Ctrl+C: a half-written temporary file is of no use to anyone.
        tmp.unlink(missing_ok=True)
        raise


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (another user's counts: it cannot be signalled, but it runs)."""
    if pid <= 0:
        return False  # kill(0) and kill(-n) address process groups, not a process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, OSError):
        return False
    return True


def clean_stale_temps(path: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files that writers of ``path`` left behind (killed, or failed mid-save); returns
    those removed.

    A temporary file is stale when the process named in it is gone, or when it is older than
    :data:`STALE_AFTER` (its pid may have been reused). A fresh file of a live process is kept: another copy
    of the game may be saving right now.
    """
    prefix, suffix = f".{path.name}.", ".tmp"
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        pid_text = name[len(prefix) : -len(suffix)]
        if not (name.startswith(prefix) and name.endswith(suffix) and pid_text.isascii() and pid_text.isdigit()):
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if pid_alive(int(pid_text)) and age < STALE_AFTER:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
