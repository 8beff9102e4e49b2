"""The Settings screen: editing, saving atomically to $CHINESE_POKER_HOME, reloading, and bad files."""

from __future__ import annotations

import json

from textual.app import App

from app.screens import settings as settings_screen
from app.screens.menu import MainMenu
from app.screens.settings import SettingsScreen
from app.settings import Settings, load_settings, settings_path
from app.widgets.form import CardStrip, ChoiceRow
from app.widgets.textual_private import notifications
from tests.app.harness import SIZE, ScreenApp
from tests.tiers import long


def SettingsApp(make_screen=SettingsScreen, *, with_settings: bool = False) -> ScreenApp:
    """The shared bare App at the Settings screen (or ``make_screen``), with default settings or none."""
    return ScreenApp(make_screen, settings=Settings() if with_settings else None)


def _row(app: App, row_id: str) -> ChoiceRow:
    return app.screen.query_one(f"#{row_id}", ChoiceRow)


async def test_save_writes_the_file_and_reloads(home):
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        assert _row(app, "language").has_focus
        await pilot.press("right", "right")  # locale -> English -> 繁體中文
        await pilot.press("down", "right")  # four-colour deck
        await pilot.press("down", "right")  # letters
        await pilot.press("down", "right")  # animation: normal -> slow
        await pilot.press("down", "right")  # sort by suit
        await pilot.press("s")
        await pilot.pause()
    expected = Settings(language="zh-TW", deck="four_colour", suits="letters", animation="slow", sort="suit")
    assert app.changed == [expected]
    assert app.results == [expected]
    assert settings_path() == home / "settings.json"
    assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["language"] == "zh-TW"
    assert load_settings() == (expected, None)
    # No temporary file is left beside it (the write is atomic: temp file, then rename).
    assert [p.name for p in home.iterdir()] == ["settings.json"]

    # Reopening shows what was saved.
    again = SettingsApp()
    async with again.run_test(size=SIZE):
        assert _row(again, "language").value == "zh-TW"
        assert _row(again, "deck").value == "four_colour"
        assert _row(again, "suits").value == "letters"
        assert _row(again, "animation").value == "slow"
        assert _row(again, "sort").value == "suit"


async def test_back_discards_changes(home):
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "right", "escape")
        await pilot.pause()
    assert app.changed == [] and app.results == [None]
    assert not (home / "settings.json").exists()


async def test_bad_settings_file_shows_a_warning_and_never_crashes(home):
    (home / "settings.json").write_text("{ not json", encoding="utf-8")
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notes = list(notifications(app))
        assert len(notes) == 1
        assert notes[0].severity == "warning"
        assert "not valid JSON" in notes[0].message
        assert _row(app, "deck").value == "two_colour"  # the defaults
        # The bad file is set aside, so that saving cannot overwrite it.
        (kept,) = home.glob("settings.json.bad-*")
        assert kept.name in notes[0].message
        assert kept.read_text(encoding="utf-8") == "{ not json"
        await pilot.press("s")
        await pilot.pause()
    assert load_settings() == (Settings(), None)
    assert kept.read_text(encoding="utf-8") == "{ not json"


async def test_unknown_values_fall_back_with_a_warning(home):
    (home / "settings.json").write_text(json.dumps({"deck": "rainbow", "suits": "letters"}), encoding="utf-8")
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (note,) = notifications(app)
        assert note.severity == "warning" and 'deck = "rainbow" is not one of two_colour, four_colour' in note.message
        assert _row(app, "deck").value == "two_colour" and _row(app, "suits").value == "letters"


async def test_save_failure_is_reported(home, monkeypatch):
    def fail(settings, path=None):
        raise PermissionError("read-only")

    monkeypatch.setattr(settings_screen, "save_settings", fail)
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)  # still open, nothing lost
        assert [n.severity for n in notifications(app)] == ["error"]
    assert app.changed == []


async def test_preview_follows_deck_and_suits(home):
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        preview = app.screen.query_one("#preview", CardStrip)
        assert "♠" in str(preview.render())
        await pilot.press("down", "down", "right")  # suits: letters
        await pilot.pause()
        assert str(preview.render()).split() == ["As", "Kh", "Qd", "Jc", "Ts"]
        assert preview.look.suits == "letters"


async def test_theme_previews_and_back_restores(home):
    app = SettingsApp()
    async with app.run_test(size=SIZE) as pilot:
        before = app.theme
        _row(app, "theme").focus()
        await pilot.press("right")
        await pilot.pause()
        assert app.theme != before
        await pilot.press("escape")
        await pilot.pause()
        assert app.theme == before


async def test_menu_redraws_in_the_saved_language(home):
    app = SettingsApp(MainMenu, with_settings=True)
    async with app.run_test(size=SIZE) as pilot:
        assert "Quick play" in str(app.screen.query_one("#menu-list").get_option_at_index(0).prompt)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("right", "right", "s")  # 繁體中文, save
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.screen.t.lang == "zh-TW"
        assert "馬上加入" in str(app.screen.query_one("#menu-list").get_option_at_index(0).prompt)
        assert app.screen.query_one("#menu-list").has_focus
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert "離開" in descriptions
    assert app.changed[0].language == "zh-TW"


@long(
    "tests/app/test_app_flow.py::test_bad_settings_warning_once_at_the_menu_and_quick_play_then_new_table_starts_from_that_table"
)
async def test_menu_passes_on_the_apps_settings_warning_once(home):
    app = SettingsApp(MainMenu, with_settings=True)
    app.settings_warning = "settings.json is not valid JSON; using default settings"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [n.severity for n in notifications(app)] == ["warning"]
        assert app.settings_warning is None  # a later menu does not repeat it


async def test_the_saved_notice_speaks_the_language_just_chosen(home, monkeypatch):
    """Switching to 简体中文 and saving says so in Simplified Chinese, not in the language the screen opened in
    (issue 40, item 12)."""
    from tests.app.harness import make_app, settle

    app = make_app(menu=True, lang="zh-TW")
    said: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **kw: said.append(str(message)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        row = _row(app, "language")
        row.select("zh-CN")
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
    assert "设置已保存。" in said and "設定已儲存。" not in said
