"""Every visible string, per language, from ``assets/i18n/<lang>/*.toml``.

A key is ``<file stem>.<dotted path>``: ``menu.quick_play`` is ``quick_play`` in ``menu.toml``. The
language follows ``--lang``, then the settings, then the locale; English fills any gap so that a
missing translation shows English rather than a key (a test keeps every language complete).
"""

from __future__ import annotations

import functools
import locale
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .paths import asset

LANGUAGES = ("en", "zh-TW")
DEFAULT = "en"


def _flatten(prefix: str, data: Mapping[str, Any], out: dict[str, str]) -> None:
    for key, value in data.items():
        full = f"{prefix}.{key}"
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@functools.cache
def load_strings(lang: str) -> Mapping[str, str]:
    """All strings of one language, flattened to dotted keys."""
    folder = asset("i18n", lang)
    out: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        with open(path, "rb") as fh:
            _flatten(path.stem, tomllib.load(fh), out)
    return out


def language_from_locale(env: Mapping[str, str] | None = None) -> str:
    """The game language a locale asks for: Chinese locales get 繁體中文 for now, others English."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "zh-TW" if value.lower().startswith("zh") else DEFAULT
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "zh-TW" if code.lower().startswith("zh") else DEFAULT


def resolve_language(cli: str | None, setting: str | None, env: Mapping[str, str] | None = None) -> str:
    """``--lang`` first, then the saved setting, then the locale."""
    for choice in (cli, setting):
        if choice in LANGUAGES:
            return choice  # type: ignore[return-value]
    return language_from_locale(env)


@dataclass(frozen=True)
class Translator:
    """Looks up and formats strings of one language."""

    lang: str = DEFAULT

    def __call__(self, key: str, **kwargs: Any) -> str:
        text = load_strings(self.lang).get(key)
        if text is None:
            text = load_strings(DEFAULT).get(key, key)
        return text.format(**kwargs) if kwargs else text

    def has(self, key: str) -> bool:
        return key in load_strings(self.lang)
