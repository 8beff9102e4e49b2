"""Every language is complete: the same files, the same keys, the same placeholders, no empty strings.

These run over every toml file in assets/i18n (the table's and the results' too), so they guard the
whole app. The rest checks that the menu-side screens ask only for keys that exist and that the hand
names they show agree with the rules engine.
"""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pytest

from app.i18n import LANGUAGES, Translator, format_text, load_strings
from app.paths import asset
from app.screens.menu import ITEMS
from app.view.rules_text import RulesText, preset_description
from rules import arcade, shisanshui, taiwan
from rules.evaluate import Category
from rules.presets import Options, Preset
from rules.specials import Special

EN = asset("i18n", "en")
FILES = sorted(p.name for p in EN.glob("*.toml"))
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]


def _flatten(prefix: str, data: dict, out: dict[str, object]) -> dict[str, object]:
    for key, value in data.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = value
    return out


def _strings(path: Path) -> dict[str, object]:
    with open(path, "rb") as fh:
        return _flatten("", tomllib.load(fh), {})


def _placeholders(text: str) -> set[str]:
    """The fields a caller fills; ``{unit_word}`` is not one (the strings fill it in as they load, where each
    language's grammar names the unit)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field not in (None, "unit_word")}


def test_languages_have_the_same_files():
    assert FILES, "no English strings found"
    assert set(LANGUAGES) == {"en", "zh-TW", "zh-CN"}
    for lang in TRANSLATIONS:
        assert sorted(p.name for p in asset("i18n", lang).glob("*.toml")) == FILES, lang


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", FILES)
def test_same_keys_in_every_language(name, lang):
    en, zh = _strings(EN / name), _strings(asset("i18n", lang, name))
    assert sorted(set(en) - set(zh)) == [], f"missing from {lang}/{name}"
    assert sorted(set(zh) - set(en)) == [], f"missing from en/{name}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", FILES)
def test_placeholders_match(name, lang):
    en, zh = _strings(EN / name), _strings(asset("i18n", lang, name))
    wrong = {
        key: (_placeholders(str(en[key])), _placeholders(str(zh[key])))
        for key in set(en) & set(zh)
        if _placeholders(str(en[key])) != _placeholders(str(zh[key]))
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FILES)
def test_no_empty_or_non_string_values(name, lang):
    values = _strings(asset("i18n", lang, name))
    assert [k for k, v in values.items() if not isinstance(v, str)] == []
    assert [k for k, v in values.items() if not str(v).strip()] == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FILES)
def test_every_string_formats(name, lang):
    # A stray brace would only show up as a crash on screen; format each string with dummy values, through
    # the app's formatter (which reads the plural specs, {n:# deal|# deals}).
    loaded = load_strings(lang)  # with the unit's word filled in
    for key, value in _strings(asset("i18n", lang, name)).items():
        fields = {f: 1 for f in _placeholders(str(value))}
        try:
            format_text(lang, loaded[f"{name[:-5]}.{key}"], **fields)
        except (ValueError, IndexError, KeyError) as exc:
            pytest.fail(f"{lang}/{name} {key}: {exc}")


# ---------------------------------------------------------------- the menu-side screens' own keys


class RecordingTranslator(Translator):
    """A translator that remembers every key it was asked for."""

    asked: list[str]

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        object.__setattr__(self, "asked", [])

    def __call__(self, key: str, **kwargs: object) -> str:
        self.asked.append(key)
        return super().__call__(key, **kwargs)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_rules_text_uses_only_existing_keys(lang, preset):
    t = RecordingTranslator(lang)
    for options in (None, Options(wheel=preset.default_options.wheel.__class__("second"), suit_tiebreak=True)):
        text = RulesText(t, preset, options).markdown()
        assert "{" not in text and "}" not in text
    strings = load_strings(lang)
    assert [k for k in t.asked if k not in strings] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_menu_and_host_keys_exist(lang):
    strings = load_strings(lang)
    keys = [f"menu.{item.id}{suffix}" for item in ITEMS for suffix in ("", "_alt", "_hint")]
    keys += [f"menu.key.{item.id}" for item in ITEMS]
    keys += [f"host.preset.{p.value}.desc" for p in Preset] + [f"common.preset.{p.value}" for p in Preset]
    assert [k for k in keys if k not in strings] == []
    for preset in Preset:
        assert "{" not in preset_description(Translator(lang), preset)


@pytest.mark.parametrize("category", list(Category))
def test_category_names_match_the_rules_engine(category):
    en, zh = Translator("en"), Translator("zh-TW")
    assert en(f"rankings.category.{category.id}.name") == category.en
    assert zh(f"rankings.category.{category.id}.name") == category.zh
    assert en(f"rankings.category.{category.id}.alt") == category.zh
    assert zh(f"rankings.category.{category.id}.alt") == category.en


def test_rules_amounts_come_from_the_rules_modules():
    en = Translator("en")
    tw = RulesText(en, Preset.TAIWAN).markdown()
    for name, amount in taiwan.BONUSES[Preset.TAIWAN].items():
        assert f"| {en(f'rules.bonus.{name}.name')} |" in tw and f"| +{amount} |" in tw
    ss = RulesText(en, Preset.SHISANSHUI).markdown()
    for special, amount in shisanshui.SPECIAL_AMOUNTS.items():
        assert f"{en(f'rules.special.{special.id}.name')} |" in ss
        assert f"| {amount} |" in ss
    ar = RulesText(en, Preset.ARCADE).markdown()
    assert f"{arcade.DRAGON_AMOUNT[Special.SUITED_DRAGON]}" in ar
    assert "= 36" in ar  # (3 + 3 + 6) × 3, S1's 全壘打
    assert "72 in all" in ss  # S2's 全壘打


def test_every_decided_reading_is_marked():
    # Each preset's rules mark its (decided) readings with † and say once, last, what it means (a player never
    # reads the rule book's own word "decided"); count a floor per preset so none silently vanish.
    en = Translator("en")
    docs = {p: RulesText(en, p).markdown() for p in Preset}
    counts = {p: doc.count("†") - 1 for p, doc in docs.items()}
    assert all("decided" not in doc for doc in docs.values())
    assert all(doc.rstrip().endswith("the reading this game plays.") for doc in docs.values() if "†" in doc)
    assert counts[Preset.TAIWAN] >= 10
    assert counts[Preset.TOURNAMENT] >= 8
    assert counts[Preset.ARCADE] >= 14
    assert counts[Preset.SHISANSHUI] >= 12


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_the_history_is_off_is_worded(lang):
    """A reason added to HistoryOff without its notice (the game's, in each language, and the commands') fails
    here rather than showing a key."""
    from app.commands.history_cmds import OFF_WORDS
    from app.store.database import HistoryOff

    t = Translator(lang)
    for why in HistoryOff:
        assert t(f"history.off.{why.value}") != f"history.off.{why.value}", why
        assert why in OFF_WORDS, why


#: The unit's word as each language writes it, and the names that hold its character without naming the unit:
#: 加賭 / 賭倍 (Taiwanese items) and 十三水 (the game, also 十 三 水), 倒水 (a foul), 抽水 (the rake), 灌水.
UNIT_WRITTEN = {
    "en": re.compile(r"\bunits?\b|unit\(s\)", re.IGNORECASE),
    "zh-TW": re.compile(r"(?<!加)賭(?!倍)|(?<!加)赌(?!倍)"),
    "zh-CN": re.compile(r"(?<!三 )(?<![三倒抽灌])水"),
}
#: Where the word is named: the word itself and an amount of it (whose amount of one holds the singular).
UNIT_DEFINED = {"common.units", "common.amount"}


def _without_fields(text: str) -> str:
    """``text`` without its replacement fields (``{unit}`` is a figure, ``{unit_word}`` the word read in)."""
    while (shorter := re.sub(r"\{[^{}]*\}", "", text)) != text:
        text = shorter
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_string_table_writes_the_unit_word(lang):
    """The scoring unit's word is written in one place, common.toml's ``units`` and ``amount``: every other
    string of every table (the Rules screen's prose too) names the unit as ``{unit_word}``, filled in when the
    strings load, or shows an amount through app.view.formatting.units_text; so a changed word changes
    everywhere."""
    written = {
        f"{name[:-5]}.{key}": text
        for name in FILES
        for key, text in _strings(asset("i18n", lang, name)).items()
        if f"{name[:-5]}.{key}" not in UNIT_DEFINED and UNIT_WRITTEN[lang].search(_without_fields(str(text)))
    }
    assert written == {}
    for key in UNIT_DEFINED:
        assert UNIT_WRITTEN[lang].search(str(load_strings(lang)[key])), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_reads_the_unit_word_from_common(lang):
    strings = load_strings(lang)
    assert [k for k, text in strings.items() if "{unit_word" in text] == []
    word = strings["common.units"]
    # 1 {unit_word:one}: the singular, read from the amount of one
    assert ("1 unit from" if lang == "en" else f"1{word}") in strings["rules.western.rows"]
    assert strings["history.col.units"].startswith(word[:1].upper() + word[1:])  # {unit_word:title}
    assert word in strings["rules.session_western"]
    if lang == "en":  # the plural spec reads the word in too, and still agrees with its count
        assert "takes 1 unit from" in Translator(lang)("rules.backrow.rows", win=1)
        assert "takes 2 units from" in Translator(lang)("rules.backrow.rows", win=2)


UNIT_BESIDE_AN_AMOUNT = re.compile(r"\{[a-z_]+(?::[^}]*)?\}\s?(?:units?\b|賭|水|\{unit_word)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_amount_reads_through_units_text(lang):
    """An amount in units reads through app.view.formatting.units_text (``common.amount``): no string puts the
    unit's word beside an amount field of its own. The rules screen's prose (rules.toml) states its figures in
    sentences of its own (the word read in as ``{unit_word}``) and is left out."""
    inline = sorted(
        f"{name[:-5]}.{key}"
        for name in FILES
        if name != "rules.toml"
        for key, text in _strings(asset("i18n", lang, name)).items()
        if f"{name[:-5]}.{key}" != "common.amount" and UNIT_BESIDE_AN_AMOUNT.search(str(text))
    )
    assert inline == []
