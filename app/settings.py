"""The player's saved preferences (language, card look, animation speed), stored as JSON atomically.

Loading never fails: whatever is wrong with the file (unreadable, not a regular file, too large, not UTF-8,
not JSON, too deep, not an object, fields of the wrong kind) falls back to the defaults for what cannot be
used, and :func:`load_settings` returns a :class:`LoadReport` naming each thing ignored and why. A file with
anything wrong is set aside as ``settings.json.bad-<time>`` (so that the next save cannot overwrite it), and
when part of it was usable that part is written back clean. The screens turn the report into words.

The same concept on another floor: the data behind :mod:`app.screens.settings`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from .i18n import LANGUAGES
from .paths import clean_stale_temps, data_dir, write_atomic

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
DECKS = ("two_colour", "four_colour")
SUIT_STYLES = ("symbols", "letters")
SORTS = ("rank", "suit")
ROW_ODDS = ("on", "off")  # each row's chance to win shown while arranging, or not
WATCH_PAUSES = ("5", "10", "3", "off")  # seconds between deals while watching (觀戰); off: wait for n
BELL = ("off", "on")  # the terminal bell for 打槍, 全壘打, special hands and the last ten seconds
COACH = ("standard", "quick", "deep", "off")  # the coach's budget (pricing tables), or no coach
LANGUAGE_CHOICES = (None, *LANGUAGES)  # None: follow the locale

#: A settings file is a few hundred bytes; anything past this is not one (and must not fill memory).
MAX_BYTES = 64 * 1024
#: How much of a bad value or name a warning repeats.
ECHO_CHARS = 40


class Problem(StrEnum):
    """Why (part of) the settings file was ignored; the value is the end of its i18n key."""

    UNREADABLE = "unreadable"
    NOT_A_FILE = "not_a_file"
    TOO_LARGE = "too_large"
    NOT_UTF8 = "not_utf8"
    NOT_JSON = "not_json"
    TOO_DEEP = "too_deep"
    NUMBER_TOO_LONG = "number_too_long"
    NOT_AN_OBJECT = "not_an_object"
    BAD_VALUE = "bad_value"
    UNKNOWN_FIELD = "unknown_field"


#: The problems that leave nothing of the file usable (the others concern one field).
WHOLE_FILE = frozenset(Problem) - {Problem.BAD_VALUE, Problem.UNKNOWN_FIELD}


@dataclass(frozen=True)
class Ignored:
    """One thing ignored: the problem, the field it concerns (if any), and a detail already cut short
    (the OS or JSON error, the JSON type found, or the value)."""

    problem: Problem
    detail: str = ""
    field: str = ""
    expected: tuple[str, ...] = ()  # the values allowed; empty: any text


@dataclass(frozen=True)
class LoadReport:
    """What :func:`load_settings` ignored in ``path``, and where the file was set aside."""

    path: Path
    ignored: tuple[Ignored, ...]
    kept_as: Path | None = None  # None: not set aside (see ``keep_error``)
    keep_error: str = ""  # why it could not be set aside

    @property
    def whole_file(self) -> bool:
        """Nothing of the file was used."""
        return any(i.problem in WHOLE_FILE for i in self.ignored)


def echo(value: Any) -> str:
    """``value`` as JSON, cut to :data:`ECHO_CHARS`, safe to print (no control characters, no surrogates)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        text = repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= ECHO_CHARS else text[: ECHO_CHARS - 1] + "…"


def json_type(value: Any) -> str:
    """The JSON name of ``value``'s type (``array``, ``string``…), for "not an object" warnings."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    names: dict[type, str] = {list: "array", str: "string"}
    return names.get(type(value), type(value).__name__)


@dataclass(frozen=True)
class Settings:
    """What the Settings screen edits; unknown or bad values in the file fall back to the defaults."""

    language: str | None = None  # None: follow the locale
    deck: str = "two_colour"
    suits: str = "symbols"  # "letters" draws S H D C for terminals that draw ♠ wide
    animation: str = "normal"
    sort: str = "rank"
    theme: str = "textual-dark"
    row_odds: str = "on"
    bell: str = "off"
    watch_pause: str = "5"
    coach: str = "standard"
    # The player's own keys: binding id -> keys (``{"table.hint": "f1"}``; app/GUIDE.md lists the ids), checked
    # against the bindings by the game, which leaves out an unknown id or a key another binding has.
    keys: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (:meth:`parse` reads it back)."""
        return {**asdict(self), "keys": dict(self.keys)}

    @property
    def keymap(self) -> dict[str, str]:
        """:attr:`keys` as a mapping."""
        return dict(self.keys)

    @classmethod
    def parse(cls, data: Any) -> tuple[Settings, tuple[Ignored, ...]]:
        """The settings in decoded JSON ``data``, and what was ignored in it."""
        if not isinstance(data, dict):
            return cls(), (Ignored(Problem.NOT_AN_OBJECT, json_type(data)),)
        allowed: dict[str, tuple[str | None, ...]] = {
            "language": LANGUAGE_CHOICES,
            "deck": DECKS,
            "suits": SUIT_STYLES,
            "animation": ANIMATION_SPEEDS,
            "sort": SORTS,
            "row_odds": ROW_ODDS,
            "bell": BELL,
            "watch_pause": WATCH_PAUSES,
            "coach": COACH,
        }
        names = {f.name for f in fields(cls)}
        out, ignored = cls(), []
        for key, value in data.items():
            if key not in names:
                ignored.append(Ignored(Problem.UNKNOWN_FIELD, field=echo(key)))
                continue
            if key == "keys":
                if not _is_keymap(value):
                    ignored.append(Ignored(Problem.BAD_VALUE, echo(value), field=key))
                else:
                    out = replace(out, keys=tuple(sorted(value.items())))
                continue
            choices = allowed.get(key)
            # `type(value) is str`: 1 == True and "x" == a str subclass must not slip through.
            fits = value in choices and (value is None or type(value) is str) if choices else type(value) is str
            if not fits:
                expected = tuple("null" if c is None else c for c in choices or ())
                ignored.append(Ignored(Problem.BAD_VALUE, echo(value), field=key, expected=expected))
                continue
            out = replace(out, **{key: value})
        return out, tuple(ignored)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """The settings in ``data``, anything unusable ignored silently (see :meth:`parse`)."""
        return cls.parse(data)[0]


# A key as Textual names it ("f1", "ctrl+h", "question_mark"), several joined by commas.
_KEYS = re.compile(r"[a-z0-9_+]+(,[a-z0-9_+]+)*")


def _is_keymap(value: Any) -> bool:
    """Whether ``value`` reads as the settings' ``keys``: an object of binding ids to key names."""
    return isinstance(value, dict) and all(
        type(k) is str and type(v) is str and len(k) <= 40 and _KEYS.fullmatch(v.replace(" ", "")) is not None
        for k, v in value.items()
    )


def settings_path() -> Path:
    """Where the settings live: ``settings.json`` in :func:`app.paths.data_dir`."""
    return data_dir() / "settings.json"


def read_capped(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`FileNotFoundError`, :class:`SettingsFileError` (not a regular file, too large) or another
    :class:`OSError`. A FIFO, a device or a directory is refused before it is read, so that nothing blocks
    or streams forever (``O_NONBLOCK`` so that even opening a FIFO cannot wait for a writer).
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise SettingsFileError(Problem.NOT_A_FILE)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between the two looks
            raise SettingsFileError(Problem.NOT_A_FILE)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise SettingsFileError(Problem.TOO_LARGE, str(limit // 1024))
    return b"".join(chunks)


class SettingsFileError(OSError):
    """The settings file is there but cannot be used as one (see :class:`Problem`)."""

    def __init__(self, problem: Problem, detail: str = "") -> None:
        super().__init__(problem.value)
        self.problem = problem
        self.detail = detail


def decode(raw: bytes) -> tuple[Any, Ignored | None]:
    """Decode the file's bytes as UTF-8 JSON (a BOM is allowed); the problem instead when that fails."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, Ignored(Problem.NOT_UTF8, f"byte {exc.start + 1}")
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, Ignored(Problem.NOT_JSON, f"line {exc.lineno} column {exc.colno}: {exc.msg}")
    except RecursionError:
        return None, Ignored(Problem.TOO_DEEP)
    except ValueError:  # int() refuses numbers of more than sys.get_int_max_str_digits() digits
        return None, Ignored(Problem.NUMBER_TOO_LONG)


def set_aside(path: Path) -> Path:
    """Rename ``path`` to a new ``<name>.bad-<time>`` beside it (a symlink, FIFO or folder too) and return
    the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while os.path.lexists(target):  # two bad starts in one second: keep both
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    os.replace(path, target)
    return target


def load_settings(path: Path | None = None) -> tuple[Settings, LoadReport | None]:
    """The saved settings, and a report of what was ignored (``None`` when the file was fine or missing).

    Stale temporary files of earlier saves are removed first. A file with anything ignored is set aside
    (renamed) so that it is not lost; if part of it was usable, that part is written back clean, so that
    the warning comes once.
    """
    path = path or settings_path()
    clean_stale_temps(path)
    try:
        raw = read_capped(path)
    except FileNotFoundError:
        return Settings(), None
    except SettingsFileError as exc:
        return Settings(), _keep_aside(path, (Ignored(exc.problem, exc.detail),), None)
    except OSError as exc:
        return Settings(), _keep_aside(path, (Ignored(Problem.UNREADABLE, echo(exc.strerror or str(exc))),), None)
    data, problem = decode(raw)
    if problem is not None:
        return Settings(), _keep_aside(path, (problem,), None)
    settings, ignored = Settings.parse(data)
    if not ignored:
        return settings, None
    usable = None if any(i.problem in WHOLE_FILE for i in ignored) else settings
    return settings, _keep_aside(path, ignored, usable)


def _keep_aside(path: Path, ignored: tuple[Ignored, ...], usable: Settings | None) -> LoadReport:
    try:
        kept = set_aside(path)
    except FileNotFoundError:
        # Another copy of the game, starting at the same moment, set it aside first.
        return LoadReport(path, ignored)
    except OSError as exc:
        return LoadReport(path, ignored, keep_error=echo(exc.strerror or str(exc)))
    if usable is not None:
        # If this fails the settings stay in use this session, and the original is safe beside.
        with contextlib.suppress(OSError):
            save_settings(usable, path)
    return LoadReport(path, ignored, kept_as=kept)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    write_atomic(path or settings_path(), json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n")
