"""Tables of two or three players on screen (issue 14): hosting one from the host screen and playing a deal
to the results, the empty chair on the table, in the results, the summary and 接玩; and snapshots of a table
of three and of two at 80×24 (seeded, the clock frozen, animations off), and of the host screen at three."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from ai import Level
from app.config import TableConfig
from app.i18n import Translator
from app.screens.dialogs import SeatPickScreen
from app.screens.host import HostScreen
from app.screens.menu import MainMenu
from app.screens.results import ResultsScreen
from app.screens.summary import SummaryScreen
from app.settings import Settings
from app.view.results_panel import account_view, totals_table
from app.widgets.table_widgets import SeatPanel
from rules.presets import Preset
from tests.app.harness import SIZE, Clock, ScreenApp, coached_app, config, play_a_deal, settle, table_screen
from tests.tiers import long


def _plain(renderable) -> str:
    console = Console(file=io.StringIO(), width=100, record=True, legacy_windows=False)
    console.print(renderable)
    return console.export_text()


@long("tests/app/test_players_pilot.py::test_a_three_player_table_at_the_end_of_the_reveal")
async def test_a_three_player_table_hosted_from_the_host_screen_plays_a_deal_to_the_results():
    app = coached_app(menu=True, clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MainMenu)
        menu.last_config = config(seed=5, levels=(Level.EASY,) * 3)  # the host starts from it: a seeded session
        await pilot.press("n")
        await pilot.pause()
        host = app.screen
        assert isinstance(host, HostScreen)
        await pilot.press("down", "down", "down", "down")  # rules, scoring, time limit, takeover, players
        assert app.focused is host.query_one("#players")
        await pilot.press("right")  # 4 -> 3
        assert host.config.players == 3
        assert not host.query_one("#level2").display  # North's chair is empty: no level to choose
        assert host.query_one("#level1").display and host.query_one("#level3").display
        await pilot.press("s")
        await play_a_deal(pilot)
        screen = table_screen(app)
        table = screen.table
        assert table.config.players == 3 and table.config.seed == 5
        rec = table.current
        assert rec.seats == (0, 1, 3) and rec.result is not None and sum(rec.units) == 0
        top = screen.query_one("#seat-top", SeatPanel)
        assert top.has_class("-empty") and not top.has_class("-out") and top.border_title == "North"
        assert "empty seat" in str(top.render())
        assert "North" not in str(screen.query_one("#board").render())
        await pilot.press("enter")
        await pilot.pause()
        results = app.screen
        assert isinstance(results, ResultsScreen)
        totals = _plain(totals_table(results.view))
        assert "East" in totals and "West" in totals and "North" not in totals
        assert "North" not in _plain(account_view(results.view))
        await pilot.press("n")
        await settle(pilot)
        assert table.number == 2 and table.current.seats == (0, 1, 3)


async def test_the_summary_and_the_seat_pick_leave_out_the_empty_chairs():
    app = coached_app(config(Preset.TOURNAMENT, seed=3, players=2, watch=True), clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        screen.pacing.paused = True  # the watched table waits for us
        await pilot.press("t")
        await pilot.pause()
        pick = app.screen
        assert isinstance(pick, SeatPickScreen)
        listed = str(pick.query_one(".dialog-body").render())
        assert "South" in listed and "North" in listed and "East" not in listed and "West" not in listed
        assert pick.check_action("pick", (1,)) is False and pick.check_action("pick", (2,)) is True
        await pilot.press("2")  # East's key does nothing: the chair is empty
        assert app.screen is pick
        await pilot.press("escape")
        await pilot.pause()
        screen.table.outcome.end("left")
        screen.show_summary()
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        standings = _plain(summary.standings())
        assert "South" in standings and "North" in standings and "East" not in standings
        assert "(out)" not in standings


# Every day three presets whose forms differ (the plain one, arcade's coins, the ladder where nobody arranges,
# which the form ends on either way); every preset in the soak tier.
@pytest.mark.parametrize(
    "presets",
    [
        pytest.param((Preset.TAIWAN, Preset.ARCADE, Preset.LADDER), id="some"),
        pytest.param(tuple(Preset), id="every", marks=pytest.mark.soak),
    ],
)
async def test_the_host_screen_offers_the_setting_in_every_preset(presets):
    app = ScreenApp(HostScreen, settings=Settings())
    async with app.run_test(size=(80, 60)) as pilot:
        host = app.screen
        assert isinstance(host, HostScreen)
        for preset in presets:
            host.query_one("#preset").select(preset)
            await pilot.pause()
            assert host.config.preset is preset and host.query_one("#players").display
        host.query_one("#players").select(2)
        await pilot.pause()
        assert host.config.players == 2
        assert [host.query_one(f"#level{s}").display for s in (1, 2, 3)] == [False, True, False]
        host.query_one("#players").select(4)
        await pilot.pause()
        assert all(host.query_one(f"#level{s}").display for s in (1, 2, 3))
        await pilot.press("s")
        await pilot.pause()
    assert app.results[-1].players == 4


def test_the_seat_panel_of_an_empty_chair_is_not_that_of_a_seat_out():
    from app.game import Table
    from app.view.presenter import TablePresenter

    table = Table(config(Preset.TOURNAMENT, players=3))
    table.start_deal()
    view = TablePresenter(table, Translator("zh-TW"))
    empty = view.seat_model(2)
    assert empty.status_class == "empty" and empty.status == "空位" and empty.rows == () and empty.subtitle == ""
    assert "空位" not in view.sidebar_text().plain and "北家" not in view.sidebar_text().plain


# ------------------------------------------------------------------------------------------- snapshots


def _app(players: int, lang: str = "en", preset: Preset = Preset.TAIWAN):
    return coached_app(config(preset, seed=1, players=players), lang=lang, clock=Clock())


# 繁體中文 in the soak tier: test_the_seat_panel_of_an_empty_chair... reads its empty chair's words every day.
@pytest.mark.parametrize("lang", ["en", pytest.param("zh-TW", marks=pytest.mark.soak)])
def test_a_three_player_table_at_the_end_of_the_reveal(snap_compare, lang):
    assert snap_compare(_app(3, lang), terminal_size=(80, 24), run_before=play_a_deal)


@long("tests/app/test_players_pilot.py::test_a_three_player_table_at_the_end_of_the_reveal")
def test_a_two_player_table_at_the_end_of_the_reveal(snap_compare):
    assert snap_compare(_app(2), terminal_size=(80, 24), run_before=play_a_deal)


def test_a_two_player_arcade_table_while_arranging(snap_compare):
    assert snap_compare(_app(2, preset=Preset.ARCADE), terminal_size=(80, 24), run_before=settle)


def test_the_host_screen_at_three_players(snap_compare):
    class ShotApp(ScreenApp):
        def __init__(self) -> None:
            super().__init__(lambda: HostScreen(TableConfig(players=3)), "en", settings=Settings(), animate=False)

    assert snap_compare(ShotApp(), terminal_size=(80, 24))
