"""The game measured in processes of its own (app/screens/app_bench.py, `chinese-poker bench`, issue 44): each
measure runs and reports what bench checks its targets against. Small here (a deal, two tabs forked at once, one
game started on its own); the soak tier runs bench as a real process at its defaults (tests/cli/test_ai_cli.py).
The figures are not asserted against their targets: a busy machine is slow, and targets live in bench."""

from __future__ import annotations

import pytest

from app.screens.app_bench import GAME_TARGETS, measure_forked, measure_menu, measure_shared, measure_table

pytestmark = pytest.mark.slow


def test_a_table_reports_its_peak_after_playing_its_deals() -> None:
    table = measure_table(deals=1)
    assert table["deals"] == 1
    assert 0 < table["table_rss_mb"] <= table["table_peak_rss_mb"]


@pytest.mark.soak  # a fork server, a game on its own and a menu (some 3 s of CPU); everyday: the table above
def test_tables_at_once_report_what_each_adds_and_the_menu_its_start() -> None:
    forked = measure_forked(processes=2, deals=0)
    assert forked["processes"] == 2 and 0 < forked["tab_pss_mb"] <= forked["tab_pss_max_mb"]
    assert forked["fork_server_pss_mb"] > 0
    alone = measure_shared(processes=1, deals=0)  # a game started on its own: one is its path (bench opens five)
    assert 0 < alone["alone_pss_mb"] <= alone["alone_pss_max_mb"]
    menu = measure_menu(repeat=1)
    assert menu["menu_start_s"] > 0 and menu["menu_rss_mb"] > 0
    assert set(GAME_TARGETS) <= {*forked, *menu, "table_peak_rss_mb"}


async def test_the_menu_is_measured_up_at_its_first_drawn_frame() -> None:
    # Where the menu's start is read (MainMenu.when_drawn, through the App): the menu on show and drawn (its items
    # in the frame), not sooner, and once.
    from tests.app.harness import make_app

    app = make_app(menu=True)
    seen: list[tuple[bool, bool]] = []
    app.when_menu_drawn.append(lambda menu: seen.append((menu is app.screen, "Quit" in app.export_screenshot())))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
    assert seen == [(True, True)]
