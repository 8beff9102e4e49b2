"""Every visible string, per language, from ``assets/i18n/<lang>/*.toml``.

A key is ``<file stem>.<dotted path>``: ``menu.quick_play`` is ``quick_play`` in ``menu.toml``. The
language follows ``--lang``, then the settings, then the locale; English fills any gap so that a
missing translation shows English rather than a key (a test keeps every language complete).

Plurals: a field's format spec may hold the two English forms, ``{n:# deal|# deals}`` (``#`` stands for the
number) or ``{n:deal|deals}`` (the word alone): :func:`plural_form` picks one by the count. Chinese has no
plural forms; its strings simply write ``{n} 局``.

The scoring unit's word is named once, in ``common.units`` (the word) and ``common.amount`` (an amount of
units, which also holds the English singular): every other string that names the unit writes ``{unit_word}``
("units"), ``{unit_word:one}`` ("unit", after "a" or "1") or ``{unit_word:title}`` ("Units", a heading's first
word), and :func:`load_strings` fills it in, so that no reader has to pass it and none can forget it. Chinese
has one form (賭, 水).
"""

from __future__ import annotations

import functools
import locale
import os
import re
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .paths import asset

LANGUAGES = ("en", "zh-TW", "zh-CN")
DEFAULT = "en"


def _flatten(prefix: str, data: Mapping[str, Any], out: dict[str, str]) -> None:
    for key, value in data.items():
        full = f"{prefix}.{key}"
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


#: Where a string names the scoring unit: ``{unit_word}``, ``{unit_word:one}`` or ``{unit_word:title}``.
UNIT_WORD = re.compile(r"\{unit_word(?::(one|title))?\}")


def _unit_forms(lang: str, strings: Mapping[str, str]) -> dict[str, str]:
    """The unit's word in the forms :data:`UNIT_WORD` names, by format spec, from ``common.units`` and
    ``common.amount`` (whose amount of one, its figure taken away, is the singular)."""
    word = strings["common.units"]
    one = format_text(lang, strings["common.amount"], n=1).replace("1", "", 1).strip()
    return {"": word, "one": one, "title": word[:1].upper() + word[1:]}


@functools.cache
def load_strings(lang: str) -> Mapping[str, str]:
    """All strings of one language, flattened to dotted keys, the unit's word filled in (:data:`UNIT_WORD`)."""
    folder = asset("i18n", lang)
    out: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        with open(path, "rb") as fh:
            _flatten(path.stem, tomllib.load(fh), out)
    forms = _unit_forms(lang, out)
    return {key: UNIT_WORD.sub(lambda m: forms[m.group(1) or ""], text) for key, text in out.items()}


#: Regions whose Chinese is written in traditional characters (CLDR's likely script for them is Hant).
_TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo"})


def _chinese_variant(code: str) -> str | None:
    """``zh-CN`` or ``zh-TW`` for a Chinese locale name (``zh_CN.UTF-8``, ``zh-Hant-HK``, ``zh``), else None."""
    name = code.split(".", 1)[0].split("@", 1)[0].replace("-", "_").lower()
    language, *rest = name.split("_")
    if language != "zh":
        return None
    if "hant" in rest:
        return "zh-TW"
    if "hans" in rest:
        return "zh-CN"
    return "zh-TW" if _TRADITIONAL_REGIONS.intersection(rest) else "zh-CN"


def language_from_locale(env: Mapping[str, str] | None = None) -> str:
    """The game language a locale asks for: 简体中文, 繁體中文 or, for any other language, English.

    The first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides, then ``locale.getlocale()``.
    A script subtag wins (``zh_Hans*`` is zh-CN, ``zh_Hant*`` zh-TW); otherwise Taiwan, Hong Kong and Macau
    (``zh_TW``, ``zh_HK``, ``zh_MO``) get zh-TW and every other Chinese locale zh-CN: ``zh_CN``, ``zh_SG``,
    ``zh_MY`` and a plain ``zh`` with no region. That is CLDR's likely-subtags reading (``zh`` is
    ``zh-Hans-CN``), and simplified characters are what most readers of an unmarked ``zh`` use.
    """
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return _chinese_variant(value) or DEFAULT
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _chinese_variant(code) or DEFAULT


def resolve_language(cli: str | None, setting: str | None, env: Mapping[str, str] | None = None) -> str:
    """``--lang`` first, then the saved setting, then the locale."""
    for choice in (cli, setting):
        if choice in LANGUAGES:
            return choice  # type: ignore[return-value]
    return language_from_locale(env)


#: Languages whose nouns take a plural form (the others read ``{n}`` the same for every count).
_PLURAL_LANGUAGES = frozenset({"en"})
_NUMBER = re.compile(r"[+\-−]?[\d,]+(\.\d+)?")


def plural_form(lang: str, count: object) -> str:
    """``"one"`` or ``"other"``, CLDR's plural category of ``count`` in ``lang``.

    English: one for exactly 1 (or -1, "+1" as a signed figure shows it), other for everything else,
    decimals included ("1.0 units", as CLDR reads a visible fraction). ``count`` may be a number or the text
    the screen shows for it ("+1", "1,000", "0.42"); anything else reads as other."""
    if lang not in _PLURAL_LANGUAGES:
        return "other"
    if isinstance(count, bool):
        return "other"
    if isinstance(count, int):
        return "one" if abs(count) == 1 else "other"
    if isinstance(count, float):
        return "other"
    text = str(count).strip()
    if not _NUMBER.fullmatch(text) or "." in text:
        return "other"
    return "one" if text.lstrip("+-−").replace(",", "") == "1" else "other"


class _Formatter(string.Formatter):
    """``str.format`` that understands a plural spec: ``{n:# unit|# units}`` (see the module's docstring)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return super().format_field(value, format_spec)
        one, _, other = format_spec.partition("|")
        form = one if plural_form(self.lang, value) == "one" else other
        return form.replace("#", str(value))


def format_text(lang: str, text: str, **kwargs: Any) -> str:
    """``text`` (a string of ``lang``) with its fields filled, plural specs read for ``lang``."""
    return _Formatter(lang).format(text, **kwargs)


@dataclass(frozen=True)
class Translator:
    """Looks up and formats strings of one language."""

    lang: str = DEFAULT

    def __call__(self, key: str, **kwargs: Any) -> str:
        text = load_strings(self.lang).get(key)
        if text is None:
            text = load_strings(DEFAULT).get(key, key)
            return format_text(DEFAULT, text, **kwargs) if kwargs else text
        return format_text(self.lang, text, **kwargs) if kwargs else text

    def has(self, key: str) -> bool:
        return key in load_strings(self.lang)
