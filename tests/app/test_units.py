"""One unit, named once (issue 30 #2): one word for the scoring unit per language in every string, money as a
second figure only where the table has money with its rate said once, and English plurals that agree with
their count (rules/RULES.md §22.1)."""

from __future__ import annotations

import re
import tomllib

import pytest

from app.i18n import LANGUAGES, Translator, format_text, load_strings, plural_form
from app.paths import asset
from app.view.formatting import conversion_text, money_text, unit_word, units_text
from app.view.presenter import TablePresenter
from rules.presets import Preset
from tests.app.harness import Clock, config

EN = Translator("en")

#: The unit's one word (RULES.md §22.1).
UNIT = {"en": "units", "zh-TW": "賭", "zh-CN": "水"}

#: Words that name the unit in some source or in the other language, and that no string may use for an
#: amount. The lookarounds let through the names that contain them: 加賭 / 賭倍 (Taiwanese items), 倒水 (a
#: foul), 抽水 (the rake), 十三水 (the game), 下注 / 底注 (to stake, the stake), 注意, and 墩 as a row
#: (前墩, 中墩, 後墩, 尾墩, 頭墩, 底墩, 一墩, 牌墩).
OTHER_WORDS = {
    "en": r"賭(?!倍)|堵|水(?!數)|注|墩|單位|单位|赌",
    "zh-TW": r"(?<![倒抽三灌])水|堵|(?<![下底])注(?!意)|(?<![前中後后尾頭头底一二三牌各該该每])墩|單位|单位|赌",
    "zh-CN": r"(?<!加)赌(?!倍)|堵|(?<![下底])注(?!意)|(?<![前中後后尾頭头底一二三牌各該该每])墩|單位|单位|賭",
}

#: Placeholders that hold an amount in units: whatever word follows one must be the unit's (or none).
AMOUNT_FIELDS = r"\{(?:units|ev|loss|lost|yours|win|amount|stakes|dragon|report|each)(?::[^}]*)?\}"


def _flat(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(prefix: str, data: dict) -> None:
        for k, v in data.items():
            walk(f"{prefix}.{k}", v) if isinstance(v, dict) else out.__setitem__(f"{prefix}.{k}", str(v))

    for path in sorted(asset("i18n", lang).glob("*.toml")):
        with open(path, "rb") as fh:
            walk(path.stem, tomllib.load(fh))
    return out


def _scrub(text: str) -> str:
    """A string without its names in Latin script or the item names that hold a unit-like character."""
    for name in ("加賭", "加赌", "賭倍", "赌倍", "倒水", "抽水", "十三水", "下注", "底注", "注意"):
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_string_uses_another_word_for_the_unit(lang):
    # A scan of every TOML string of the language: an amount is counted in the one word, never in 單位, 注,
    # 墩, 堵, or (zh-TW) 水 / (zh-CN) 赌, whatever the source said.
    other = re.compile(OTHER_WORDS[lang])
    found = {k: v for k, v in _flat(lang).items() if other.search(_scrub(v) if lang == "en" else v)}
    if lang == "en":  # English may quote a Chinese name once it is a name (倒水, 只比尾墩, 十三水), never an amount
        found = {k: v for k, v in found.items() if re.search(r"(\d|\})\s*(" + OTHER_WORDS[lang] + ")", v)}
    assert found == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_amount_field_is_followed_by_the_unit_word_or_nothing(lang):
    # "{units} pts" (shisanshui's units shown as points) or "{ev} 單位" was the bug: a figure in units reads
    # in the unit's word; a field without a word beside it gets it from units_text.
    word = {"en": r"(unit|units)\b", "zh-TW": "賭", "zh-CN": "水"}[lang]
    wrong = {}
    for key, text in _flat(lang).items():
        for m in re.finditer(AMOUNT_FIELDS + r"[ \t]?([A-Za-z]+|[\u4e00-\u9fff])?", text):
            follower = m.group(1)
            if follower and not re.fullmatch(word, follower) and follower not in _ALLOWED_FOLLOWERS[lang]:
                wrong[key] = text
    assert wrong == {}


# Words that may follow an amount field and are not a unit: English verbs and prepositions; Chinese particles.
_ALLOWED_FOLLOWERS = {
    "en": {"from", "more", "less", "lost", "units", "unit", "expected", "as", "passing", "each", "a", "in", "for"},
    "zh-TW": {"賭", "：", "，", "、", "局", "道"},  # {lost} is also a count of deals or rows lost
    "zh-CN": {"水", "：", "，", "、", "局", "道"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_unit_word_is_the_one_key_every_amount_reads_through(lang):
    t = Translator(lang)
    assert unit_word(t) == UNIT[lang]
    assert UNIT[lang].rstrip("s") in units_text(t, 3)
    assert units_text(t, -3.84) == ("-3.8 units" if lang == "en" else f"-3.8 {UNIT[lang]}")


def test_english_amounts_agree_with_their_number():
    assert units_text(EN, 1) == "+1 unit"
    assert units_text(EN, -1) == "-1 unit"
    assert units_text(EN, 0) == "0 units"
    assert units_text(EN, 2) == "+2 units"
    assert units_text(EN, 1.0) == "+1.0 units"  # a visible decimal is plural, as CLDR reads it
    assert units_text(EN, 1, sign=False) == "1 unit"
    assert units_text(EN, 1500, sign=False) == "1,500 units"
    assert units_text(EN, "0.42 ± 0.10") == "0.42 ± 0.10 units"


@pytest.mark.parametrize(
    ("count", "form"),
    [
        (1, "one"),
        (-1, "one"),
        ("+1", "one"),
        ("1", "one"),
        (0, "other"),
        (2, "other"),
        (1.0, "other"),
        ("1.0", "other"),
        ("1,000", "other"),
        ("-2", "other"),
        ("n/a", "other"),
        (True, "other"),
    ],
)
def test_plural_form_follows_the_figure_shown(count, form):
    assert plural_form("en", count) == form
    assert plural_form("zh-TW", count) == plural_form("zh-CN", count) == "other"


def test_a_plural_spec_picks_the_form_and_leaves_other_specs_alone():
    assert format_text("en", "{n:# deal|# deals} played", n=1) == "1 deal played"
    assert format_text("en", "{n:# deal|# deals} played", n=2) == "2 deals played"
    assert format_text("en", "{n} {n:was|were}", n=1) == "1 was"
    assert format_text("en", "[{n:>3}]", n=7) == "[  7]"
    assert format_text("zh-TW", "{n} 局", n=1) == "1 局"


@pytest.mark.parametrize(
    ("key", "fields", "one", "many"),
    [
        ("menu.continue_played", {}, "1 deal played", "2 deals played"),
        ("history.count", {}, "1 deal listed", "2 deals listed"),
        ("stats.loss_trend", {"low": 0, "high": 1}, "last 1 deal ", "last 2 deals "),
        (
            "drills.stats_line",
            {"accuracy": "50%", "seconds": 3, "best": 1, "fastest": 2},
            "over 1 question,",
            "over 2 questions,",
        ),
        ("drills.arrange_result", {"loss": "0.10", "seconds": 3, "well": 1}, "1 hand:", "2 hands:"),
        ("history.salvaged", {"path": "x", "lost": 0}, "1 deal that could still be read was", "2 deals that could"),
        ("history.tries.better", {}, "won 1 unit more", "won 2 units more"),
        ("history.tries.first", {}, "First try  +1 unit", "First try  +2 units"),
        ("table.sidebar.deal_line", {"n": 4}, "Deal 4: +1 unit", "Deal 4: +2 units"),
    ],
)
def test_english_counts_take_their_nouns_number(key, fields, one, many):
    # "1 deals played" and its kin: every counted noun in the English strings agrees with its count.
    count_field = {
        "menu.continue_played": "deals",
        "history.count": "shown",
        "stats.loss_trend": "n",
        "drills.stats_line": "questions",
        "drills.arrange_result": "hands",
        "history.salvaged": "recovered",
        "history.tries.better": "units",
        "history.tries.first": "units",
        "table.sidebar.deal_line": "units",
    }[key]
    first, second = ("+1", "+2") if key in ("table.sidebar.deal_line", "history.tries.first") else (1, 2)
    if count_field == "units":  # an amount in units: its words are common.amount's, read through units_text
        first, second = (units_text(EN, n, sign=key != "history.tries.better") for n in (1, 2))
    assert one in EN(key, **fields, **{count_field: first})
    assert many in EN(key, **fields, **{count_field: second})


def test_no_english_string_counts_a_noun_without_a_plural_spec():
    # A count field right before a countable noun must carry the two forms ("{deals} deals" reads
    # "1 deals"); fields that are never 1 (a percentage, decimals) are not counts.
    nouns = r"(deal|hand|card|question|player|round|second|session|try)s\b"
    loose = {
        k: v
        for k, v in load_strings("en").items()
        if re.search(r"\{(n|shown|recovered|deals|hands|questions|rounds|limit)\}\s" + nouns, v)
    }
    assert loose == {}


# ------------------------------------------------------------------- money: a second figure, the rate once


def _table(preset: Preset, **kw):
    from app.game import Table

    table = Table(config(preset, **kw), now=Clock())
    table.start_deal()
    return table


@pytest.mark.parametrize(
    ("preset", "rate"),
    [
        (Preset.TAIWAN, "1 unit = 100 pts"),
        (Preset.TOURNAMENT, "1 unit = 20 pts"),
        (Preset.ARCADE, "1 unit = 10 coins"),
        (Preset.SHISANSHUI, None),
        (Preset.WESTERN, None),
        (Preset.HONGKONG, None),
    ],
)
def test_the_rate_of_a_unit_is_said_once_on_the_top_bar_where_the_table_has_money(preset, rate):
    table = _table(preset, **({"stake": 10} if preset is Preset.ARCADE else {}))
    assert conversion_text(EN, table.totals.money_style) == rate
    bar = TablePresenter(table, EN).info_text().plain
    if rate is None:
        assert "1 unit =" not in bar
    else:
        assert bar.count(rate) == 1


def test_practice_states_no_rate_and_units_alone_read_in_units():
    assert conversion_text(EN, _table(Preset.TAIWAN, scored=False).totals.money_style) is None
    shisanshui = _table(Preset.SHISANSHUI).totals.money_style
    assert money_text(EN, shisanshui, 5) == "+5 units"  # not "+5 pts": shisanshui has no money of its own
    assert money_text(Translator("zh-CN"), shisanshui, 5) == "+5 水"
    taiwan = _table(Preset.TAIWAN).totals.money_style
    assert money_text(Translator("zh-TW"), taiwan, 3) == "+3 賭"  # the rate is on the bar
    assert conversion_text(Translator("zh-TW"), _table(Preset.TAIWAN).totals.money_style) == "1 賭 = 100 分"
    assert conversion_text(Translator("zh-CN"), _table(Preset.TOURNAMENT).totals.money_style) == "1 水 = 20 分"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_80_columns_the_game_name_gives_way_to_the_rate(lang):
    # Arcade's bar (round, deal, rate) is the longest: at 80 columns the rate must not be cut by the clock.
    from app.view.table_info import CLOCK_ROOM, info_text

    table = _table(Preset.ARCADE, stake=10)
    t = Translator(lang)
    bar = info_text(t, table, None, str, room=80)
    assert conversion_text(t, table.totals.money_style) in bar.plain
    assert bar.cell_len <= 80 - CLOCK_ROOM
    assert t("common.app_title") in info_text(t, table, None, str, room=200).plain  # room to spare: kept


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_a_fastest_run_not_yet_made_is_a_dash_without_a_unit(lang):
    """Practice's line had "fastest – s": the unit goes with the figure, so no figure has none (issue 40, item 5)."""
    t = Translator(lang)
    for key in ("drills.stats_line", "drills.stats_arrange"):
        line = t(key, accuracy="50%", loss="0.1", questions=2, hands=2, seconds=3, best="–", fastest="–")
        assert line.rstrip().endswith("–"), line
    assert "12.5" in t("drills.seconds", s="12.5")
