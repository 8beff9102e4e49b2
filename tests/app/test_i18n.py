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
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


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
    for key, value in _strings(asset("i18n", lang, name)).items():
        fields = {f: 1 for f in _placeholders(str(value))}
        try:
            format_text(lang, str(value), **fields)
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


UNIT_BESIDE_AN_AMOUNT = re.compile(r"\{[a-z_]+(?::[^}]*)?\}\s?(?:units?\b|賭|水)|# units?\b")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_unit_word_is_named_once(lang):
    """An amount in units reads through app.view.formatting.units_text (``common.amount``); no other string
    writes the unit's word beside an amount, so that the word is changed in one place. The rules screen's prose
    (rules.toml) states its figures in sentences of its own and is left out."""
    strings = load_strings(lang)
    inline = sorted(
        key
        for key, text in strings.items()
        if key != "common.amount" and not key.startswith("rules.") and UNIT_BESIDE_AN_AMOUNT.search(str(text))
    )
    assert inline == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rules_for_a_table_count_its_own_pairs(players):
    """At 2 or 3 players the rules no longer say "at a table of four, six pairs" (issue 40, item 8)."""
    en = Translator("en")
    doc = RulesText(en, Preset.TAIWAN, players=players).markdown()
    pairs = players * (players - 1) // 2
    assert f"At this table of {players}: {pairs} pair" in doc and "table of four, six pairs" not in doc
    banker = RulesText(en, Preset.HONGKONG, banker=True, players=players).markdown()
    assert f"At this table of {players}: {players - 1} pair" in banker
