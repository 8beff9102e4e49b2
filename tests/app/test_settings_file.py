"""Every way a settings file can be bad: load_settings falls back, says what it ignored and why, sets the file
aside (so the next save cannot overwrite it), never hangs on a FIFO, and cleans stale temporary files."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from app.i18n import Translator
from app.paths import STALE_AFTER, clean_stale_temps, temp_path, write_atomic
from app.screens.settings import describe_load
from app.settings import MAX_BYTES, Problem, Settings, load_settings, save_settings, settings_path

BAD_FILES: dict[str, tuple[bytes, Problem]] = {
    "not-utf8": (b"\xff", Problem.NOT_UTF8),
    "latin-1": ('{"deck": "café"}'.encode("latin-1"), Problem.NOT_UTF8),
    "utf-16": ('{"deck": "four_colour"}'.encode("utf-16"), Problem.NOT_UTF8),
    "too-deep": (b"[" * 5000 + b"]" * 5000, Problem.TOO_DEEP),
    "5000-digits": (b'{"deck": ' + b"7" * 5000 + b"}", Problem.NUMBER_TOO_LONG),
    "too-large": (b" " * (MAX_BYTES + 1) + b"{}", Problem.TOO_LARGE),
    "not-json": (b"{ not json", Problem.NOT_JSON),
    "list": (b"[1, 2]", Problem.NOT_AN_OBJECT),
    "string": (b'"four_colour"', Problem.NOT_AN_OBJECT),
    "number": (b"3", Problem.NOT_AN_OBJECT),
    "null": (b"null", Problem.NOT_AN_OBJECT),
}


def _aside(home: Path) -> list[Path]:
    return sorted(home.glob("settings.json.bad-*"))


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_falls_back_with_a_reason_and_is_set_aside(home, name):
    data, problem = BAD_FILES[name]
    settings_path().write_bytes(data)
    settings, report = load_settings()
    assert settings == Settings()
    assert report is not None and report.whole_file
    assert [i.problem for i in report.ignored] == [problem]
    (kept,) = _aside(home)
    assert report.kept_as == kept and kept.read_bytes() == data
    assert not settings_path().exists()  # nothing left for the next save to overwrite
    for lang in ("en", "zh-TW"):
        text = describe_load(report, Translator(lang))
        assert kept.name in text and len(text) < 400
    assert "was not used" in describe_load(report, Translator("en"))
    # The next start is clean: no second warning.
    assert load_settings() == (Settings(), None)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_not_a_regular_file_is_refused_without_reading(home, kind):
    path = settings_path()
    if kind == "fifo":
        os.mkfifo(path)  # reading it would wait forever for a writer
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")  # reading it would fill memory
    else:
        path.mkdir()
    settings, report = load_settings()
    assert settings == Settings() and report is not None
    assert [i.problem for i in report.ignored] == [Problem.NOT_A_FILE]
    assert report.kept_as is not None and report.kept_as.name.startswith("settings.json.bad-")
    assert not os.path.lexists(path)
    save_settings(Settings(deck="four_colour"))
    assert load_settings() == (Settings(deck="four_colour"), None)


def test_a_symlink_to_a_good_file_is_followed(home, tmp_path_factory):
    real = tmp_path_factory.mktemp("dotfiles") / "settings.json"
    real.write_text(json.dumps({"deck": "four_colour"}), encoding="utf-8")
    settings_path().symlink_to(real)
    assert load_settings() == (Settings(deck="four_colour"), None)


def test_an_unreadable_file_is_reported(home, monkeypatch):
    settings_path().write_text("{}", encoding="utf-8")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)  # chmod 0 would not stop root
    settings, report = load_settings()
    assert settings == Settings() and report is not None
    assert [i.problem for i in report.ignored] == [Problem.UNREADABLE]
    assert "Permission denied" in describe_load(report, Translator("en"))


def test_a_utf8_bom_is_accepted(home):
    settings_path().write_bytes(b"\xef\xbb\xbf" + json.dumps({"suits": "letters"}).encode())
    assert load_settings() == (Settings(suits="letters"), None)


def test_fields_of_the_wrong_kind_are_named_and_the_rest_kept(home):
    original = {"deck": 5, "language": True, "theme": ["x"], "suits": "letters", "sort": "rainbow", "zz": 1}
    settings_path().write_text(json.dumps(original), encoding="utf-8")
    settings, report = load_settings()
    assert settings == Settings(suits="letters")
    assert report is not None and not report.whole_file
    assert {(i.problem, i.field) for i in report.ignored} == {
        (Problem.BAD_VALUE, "deck"),
        (Problem.BAD_VALUE, "language"),
        (Problem.BAD_VALUE, "theme"),
        (Problem.BAD_VALUE, "sort"),
        (Problem.UNKNOWN_FIELD, '"zz"'),
    }
    text = describe_load(report, Translator("en"))
    assert text.startswith("Some of your settings were not used")
    for part in ("deck = 5", "language = true", 'sort = "rainbow"', 'theme = ["x"] is not text', '"zz"'):
        assert part in text
    # The original is kept; the usable part is written back, so the warning comes once.
    (kept,) = _aside(home)
    assert json.loads(kept.read_text(encoding="utf-8")) == original
    assert load_settings() == (Settings(suits="letters"), None)


def test_a_huge_or_hostile_value_is_echoed_short_and_plain(home):
    settings_path().write_text(json.dumps({"deck": "x" * 10_000, "\ud800\x1b[2J": 1}), encoding="utf-8")
    _, report = load_settings()
    assert report is not None
    text = describe_load(report, Translator("en"))
    assert len(text) < 300 and "\x1b" not in text
    text.encode("utf-8")  # no lone surrogate left to break the terminal


def test_set_aside_failing_is_said(home, monkeypatch):
    settings_path().write_text("[]", encoding="utf-8")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    _, report = load_settings()
    assert report is not None and report.kept_as is None and report.keep_error
    assert "replaced when you save" in describe_load(report, Translator("en"))


# ------------------------------------------------------------------ temporary files of saves


def _touch(path: Path, age: float) -> None:
    path.write_text("{", encoding="utf-8")
    past = time.time() - age
    os.utime(path, (past, past))


def test_stale_temporary_files_are_cleaned_at_load(home):
    dead = 2**22 + 12345  # above the kernel's pid_max: no such process
    _touch(temp_path(settings_path(), dead), age=1)
    _touch(temp_path(settings_path(), os.getppid()), age=STALE_AFTER + 5)  # live pid, but long stuck: reused
    fresh = temp_path(settings_path(), os.getppid())
    other = home / ".history.json.1.tmp"
    _touch(other, age=3600)
    load_settings()
    assert sorted(p.name for p in home.iterdir()) == [other.name]
    # Another copy of the game saving right now keeps its temporary file.
    _touch(fresh, age=1)
    assert clean_stale_temps(settings_path()) == []
    assert fresh.exists()


def test_a_failed_save_leaves_no_temporary_file(home, monkeypatch):
    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_atomic(settings_path(), "{}")
    assert list(home.iterdir()) == []
