"""简体中文 (zh-CN): complete like the other languages, written in simplified characters and in the mainland
players' own words (十三水, 头道, 乌龙, 倒水, 打枪, 全垒打, 报到 …), chosen by ``--lang``, the settings and the
locale, and shown by the menu and the table.
"""

from __future__ import annotations

import itertools
import locale
import string

import pytest
from textual.screen import Screen

from app.cli import build_parser
from app.i18n import LANGUAGES, Translator, language_from_locale, load_strings, resolve_language
from app.screens.menu import MainMenu
from app.screens.settings import SettingsScreen
from app.settings import LANGUAGE_CHOICES, Settings
from rules.evaluate import Category
from rules.specials import Special
from tests.app.harness import SIZE, ScreenApp, make_app, settle, table_screen
from tests.tiers import long

ZH_CN, ZH_TW = "zh-CN", "zh-TW"

#: Traditional characters whose simplified form differs: every one that the zh-TW strings use (collected with
#: a traditional-to-simplified converter when zh-CN was written), and a few more that a translation would
#: most likely carry over. None of them belongs in simplified text.
TRADITIONAL_ONLY = frozenset(
    "並佈來個們備價儀儲內兩別則創動勝區問啟單嗎嚴報場壘夾學實寫寬寶將專對層屬帶幣幫幾張強後從態戰戲採換擇擬擺攤"
    "數於時暫會東條槍標樣機檔檢歸決沒湊準滿灣為烏無狀現畫當發盡確碼種積簡紀約紅級細終組結給統經線編練縮總績繞繼"
    "續習腦與舊莊蓋蘆號衝補裡見規視覽觀計討記設許評該認語誤說調請論講證議讀變讓負資賭賽贏車較輪輸輾辦這連進遊過"
    "違適選還邊銷錄錢錯鍵鎖鐘鐵長閉開間關闢階際隨雙離難電響頁頂項順須預領頭題額顏顯餘馬驟體麼點龍"
    "門擊歷聽壓廣歡樂雲產業處買賣閒樣麗圖濟"
)

#: Strings that name another language in that language itself (the Settings list names each language so).
NAMED_IN_ITSELF = {"settings.language_zh_tw": "繁體中文"}

#: The hand categories as the mainland names them (rules.evaluate.Category.zh is the traditional name).
MAINLAND_CATEGORY = {
    Category.HIGH_CARD: "乌龙",
    Category.PAIR: "一对",
    Category.TWO_PAIR: "两对",
    Category.TRIPS: "三条",
    Category.STRAIGHT: "顺子",
    Category.FLUSH: "同花",
    Category.FULL_HOUSE: "葫芦",
    Category.QUADS: "铁支",
    Category.STRAIGHT_FLUSH: "同花顺",
}

#: The special hands (报到) as the mainland names them (rules.specials.Special.zh is the traditional name).
MAINLAND_SPECIAL = {
    Special.THREE_FLUSHES: "三同花",
    Special.THREE_STRAIGHTS: "三顺子",
    Special.SIX_PAIRS: "六对半",
    Special.FIVE_PAIRS_TRIPS: "五对三条",
    Special.FOUR_TRIPS: "四套三条",
    Special.ONE_COLOR: "凑一色",
    Special.ALL_SMALL: "全小",
    Special.ALL_BIG: "全大",
    Special.THREE_QUADS: "三分天下",
    Special.THREE_STRAIGHT_FLUSHES: "三同花顺",
    Special.TWELVE_ROYALS: "十二皇族",
    Special.DRAGON: "一条龙",
    Special.SUITED_DRAGON: "至尊清龙",
}


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def _traditional(text: str) -> set[str]:
    return set(text) & TRADITIONAL_ONLY


# ---------------------------------------------------------------- complete, in simplified characters


def test_zh_cn_is_a_language():
    assert ZH_CN in LANGUAGES and ZH_CN in LANGUAGE_CHOICES
    assert Translator(ZH_CN).lang == ZH_CN and load_strings(ZH_CN)


@pytest.mark.parametrize(("lang", "other"), list(itertools.permutations(["en", ZH_TW, ZH_CN], 2)))
def test_every_key_is_in_every_language_with_the_same_placeholders(lang, other):
    mine, theirs = load_strings(lang), load_strings(other)
    assert sorted(set(mine) - set(theirs)) == [], f"in {lang}, missing from {other}"
    wrong = {
        k: (mine[k], theirs[k])
        for k in mine.keys() & theirs.keys()
        if _placeholders(mine[k]) != _placeholders(theirs[k])
    }
    assert wrong == {}


def test_the_traditional_set_is_sound():
    # Characters written alike in both scripts must not be in it (牌, 道, 中 …)…
    simplified = "".join(MAINLAND_CATEGORY.values()) + "".join(MAINLAND_SPECIAL.values())
    simplified += "十三水头道中道尾道牌倒水打枪全垒打报到庄家闲家冲三四梅宝牌赌倍记录设置点击历纪这选开关间将门说语"
    assert TRADITIONAL_ONLY.isdisjoint(simplified)
    # …and it catches the traditional text: most zh-TW strings with Chinese in them hold one of its characters.
    tw = [v for v in load_strings(ZH_TW).values() if any("\u4e00" <= c <= "\u9fff" for c in v)]
    assert sum(1 for v in tw if _traditional(v)) > 0.7 * len(tw)


def test_no_zh_cn_string_is_a_copy_of_a_traditional_zh_tw_string():
    cn, tw = load_strings(ZH_CN), load_strings(ZH_TW)
    copied = sorted(k for k, v in cn.items() if v == tw[k] and _traditional(v) and k not in NAMED_IN_ITSELF)
    assert copied == []


def test_zh_cn_strings_have_no_traditional_character():
    found = {
        k: "".join(sorted(_traditional(v)))
        for k, v in load_strings(ZH_CN).items()
        if _traditional(v) and NAMED_IN_ITSELF.get(k) != v
    }
    assert found == {}


def test_each_language_is_named_in_itself_in_every_language():
    for lang in LANGUAGES:
        t = Translator(lang)
        assert t("settings.language_zh_tw") == "繁體中文"
        assert t("settings.language_zh_cn") == "简体中文"


# ---------------------------------------------------------------- the mainland players' words


def test_the_game_is_called_shisanshui():
    t = Translator(ZH_CN)
    assert t("common.app_title").startswith("十三水")
    assert t("common.app_title_shisanshui").startswith("十三水")
    assert t("menu.title").replace(" ", "") == "十三水"
    assert "十三水" in t("menu.learn") and "十三水" in t("guide.title", n=1, of=9)
    # 十三张 names only the Taiwanese game (十三张牌 is thirteen cards).
    assert sorted(k for k, v in load_strings(ZH_CN).items() if "十三张" in v.replace("十三张牌", "")) == [
        "host.preset.taiwan.desc",
    ]


def test_rows_are_tou_zhong_wei_dao():
    t = Translator(ZH_CN)
    assert [t(f"common.row.{r}") for r in ("front", "middle", "back")] == ["头道", "中道", "尾道"]
    assert t("table.row_label.front", size=3) == "头道 3"
    assert [t(f"table.key.{r}") for r in ("front", "middle", "back")] == ["头道", "中道", "尾道"]
    assert t("results.step.front") == "头道"


@pytest.mark.parametrize("category", list(Category))
def test_hand_names_are_the_mainland_ones(category):
    t = Translator(ZH_CN)
    name = MAINLAND_CATEGORY[category]
    assert t(f"rankings.category.{category.id}.name") == name
    assert t(f"rankings.category.{category.id}.alt") == category.en
    assert t(f"common.category.{category.id}") == f"{name} {category.en}"
    assert t(f"common.category_short.{category.id}") == name


def test_four_of_a_kind_is_tiezhi_and_its_note_says_zhadan():
    t = Translator(ZH_CN)
    assert t("rankings.category.quads.name") == "铁支"
    assert "炸弹" in t("rankings.category.quads.note")


@pytest.mark.parametrize("special", list(Special))
def test_special_names_are_the_mainland_ones(special):
    t = Translator(ZH_CN)
    name = MAINLAND_SPECIAL[special]
    assert t(f"common.special.{special.id}") == f"{name} {special.en}"
    assert t(f"rules.special.{special.id}.name") == name


def test_scoring_words():
    t = Translator(ZH_CN)
    # A foul is 倒水 (相公 is named only where the term is explained).
    assert t("table.status.foul").startswith("倒水")
    assert t("drills.choice.foul") == t("history.foul") == t("stats.fouls") == "倒水"
    assert [k for k, v in load_strings(ZH_CN).items() if "相公" in v] == [
        "rankings.foul_heading",
        "rules.foul_rule",
        "rules.heading.foul",
    ]
    assert t("results.item.sweep") == t("results.step.sweeps") == "打枪"
    for key in (
        "results.item.home_run",
        "results.item.taiwan.home_run",
        "results.item.tournament.home_run",
        "results.step.home_runs",
        "results.step.home_runs_taiwan",
    ):
        assert t(key) == "全垒打", key
    assert "红不让" in t("rules.tw_home_run", sweep=6, home=6, each=12, total=36)  # the Taiwanese name, explained
    assert t("table.key.declare") == "报到" and t("rules.heading.specials") == "报到"
    assert t("table.dealer", seat="南家") == "庄家：南家"
    assert t("results.item.rush_three") == "冲三"


# ---------------------------------------------------------------- choosing the language


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("zh_CN.UTF-8", ZH_CN),
        ("zh_CN.GB18030", ZH_CN),
        ("zh_SG.UTF-8", ZH_CN),
        ("zh_SG", ZH_CN),
        ("zh_Hans", ZH_CN),
        ("zh_Hans_CN.UTF-8", ZH_CN),
        ("zh-Hans-SG", ZH_CN),
        ("zh_Hans_HK", ZH_CN),  # the script says simplified, wherever the region
        ("zh", ZH_CN),  # a plain zh: CLDR's likely subtags make it zh-Hans-CN
        ("zh.UTF-8", ZH_CN),
        ("zh_TW.UTF-8", ZH_TW),
        ("zh_TW.Big5", ZH_TW),
        ("zh_HK.UTF-8", ZH_TW),
        ("zh_MO", ZH_TW),
        ("zh_Hant", ZH_TW),
        ("zh_Hant_TW.UTF-8", ZH_TW),
        ("zh-Hant-HK", ZH_TW),
        ("en_US.UTF-8", "en"),
        ("en_SG.UTF-8", "en"),
        ("fr_FR", "en"),
        ("C", "en"),
        ("POSIX", "en"),
    ],
)
def test_locale_names_map_to_languages(value, expected):
    assert language_from_locale({"LANG": value}) == expected


def test_locale_variables_are_read_in_order():
    assert language_from_locale({"LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US"}) == ZH_TW
    assert language_from_locale({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_TW.UTF-8"}) == ZH_CN
    assert language_from_locale({"LC_ALL": "", "LANG": "zh_SG.UTF-8"}) == ZH_CN
    assert language_from_locale({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}) == "en"  # the first one set decides


@pytest.mark.parametrize(
    ("code", "expected"),
    [(("zh_CN", "UTF-8"), ZH_CN), (("zh_HK", "UTF-8"), ZH_TW), (("en_GB", "UTF-8"), "en"), ((None, None), "en")],
)
def test_without_variables_the_locale_module_decides(monkeypatch, code, expected):
    monkeypatch.setattr(locale, "getlocale", lambda *a: code)
    assert language_from_locale({}) == expected


def test_an_unreadable_locale_is_english(monkeypatch):
    def broken(*a):
        raise ValueError("unknown locale")

    monkeypatch.setattr(locale, "getlocale", broken)
    assert language_from_locale({}) == "en"


def test_lang_and_setting_come_before_the_locale():
    assert resolve_language(ZH_CN, ZH_TW, {"LANG": "en_US"}) == ZH_CN
    assert resolve_language(None, ZH_CN, {"LANG": "zh_TW.UTF-8"}) == ZH_CN
    assert resolve_language(None, None, {"LANG": "zh_CN.UTF-8"}) == ZH_CN


def test_the_settings_file_accepts_zh_cn():
    settings, ignored = Settings.parse({"language": ZH_CN})
    assert settings.language == ZH_CN and ignored == ()


@pytest.mark.parametrize("argv", [["play", "--lang", ZH_CN], ["replay", "7", "--lang", ZH_CN]])
def test_the_command_line_accepts_lang_zh_cn(argv):
    assert build_parser().parse_args(argv).lang == ZH_CN


def test_play_lang_zh_cn_starts_the_app_in_zh_cn(monkeypatch, tmp_path):
    from app.cli import main
    from app.tui import ChinesePokerApp

    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))
    started: list[ChinesePokerApp] = []
    monkeypatch.setattr(ChinesePokerApp, "run", lambda self: started.append(self))
    assert main(["play", "--menu", "--lang", ZH_CN]) == 0
    assert started[-1].lang == ZH_CN and started[-1].t("common.app_title").startswith("十三水")


# ---------------------------------------------------------------- on screen


def _bare(make_screen: type[Screen], lang: str = ZH_CN) -> ScreenApp:
    return ScreenApp(make_screen, lang, settings=Settings())


@long("tests/app/test_i18n_zh_cn.py::test_menu_snapshot_zh_cn")
async def test_menu_renders_in_zh_cn():
    app = _bare(MainMenu)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu-list")
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        text = "\n".join(prompts) + str(app.screen.query_one("#menu-title").render())
        for word in ("快速开始", "开新桌", "观战", "牌型大小", "游戏规则", "设置", "退出", "十 三 水"):
            assert word in text, word
        assert _traditional(text) == set()
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"快速开始", "退出"} <= descriptions
        footer_keys = list(app.screen.query("FooterKey"))
        assert footer_keys and all(key.region.right <= SIZE[0] for key in footer_keys)


async def test_settings_offer_zh_cn_and_save_it():
    app = ScreenApp(SettingsScreen, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right")  # locale -> English -> 繁體中文 -> 简体中文
        assert app.screen.query_one("#language").value == ZH_CN
        await pilot.press("s")
        await pilot.pause()
    assert app.changed[0].language == ZH_CN


async def test_zh_cn_plays_a_deal():
    app = make_app(lang=ZH_CN)
    async with app.run_test(size=SIZE) as pilot:
        screen = table_screen(app)
        await settle(pilot)
        assert "十三水" in str(screen.query_one("#info").render())
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "本局" in str(screen.query_one("#board").render())


class ZhCnShotApp(ScreenApp):
    """The bare App in zh-CN, default settings, no animation (its class name shows in the snapshot)."""

    def __init__(self) -> None:
        super().__init__(MainMenu, ZH_CN, settings=Settings(), animate=False)


def test_menu_snapshot_zh_cn(snap_compare):
    assert snap_compare(ZhCnShotApp(), terminal_size=SIZE)
