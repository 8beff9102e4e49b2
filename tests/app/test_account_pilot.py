"""The account in the running game (issue 30 #1): `?` on the results panel opens the Rules screen at the
section of the deal's largest item and esc comes back to the panel; the board's account says what the panel
says and never wraps at 80 columns."""

from __future__ import annotations

from textual.containers import VerticalScroll

from app.screens.results import ResultsScreen
from app.screens.rules_screen import RulesScreen
from rules.presets import Preset
from tests.app.harness import SIZE, Clock, config, make_app, play_a_deal, table_screen


async def test_the_rules_key_opens_the_rules_at_the_items_section() -> None:
    app = make_app(config(Preset.ARCADE, seed=2), clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await play_a_deal(pilot)
        await pilot.press("enter")
        await pilot.pause()
        results = app.screen
        assert isinstance(results, ResultsScreen)
        assert any(b.key == "question_mark" and b.show for b in results.BINDINGS if hasattr(b, "key"))
        section = results.view.rules_section()
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.section == section
        heading = rules.section_widget(section)
        assert heading is not None  # the section is in this table's rules
        body = rules.query_one("#rules-body", VerticalScroll)
        assert body.scroll_y > 0 and 0 <= heading.virtual_region.y - body.scroll_y <= 1  # at the top (its margin)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is results


async def test_the_boards_account_matches_the_panel_and_fits_80_columns() -> None:
    app = make_app(config(Preset.TAIWAN, seed=1), clock=Clock())
    async with app.run_test(size=SIZE) as pilot:
        await play_a_deal(pilot)
        screen = table_screen(app)
        board = str(screen.view.board.text())
        account = ResultsScreen(screen.table, screen.table.current, t=screen.t).view.account()
        for name, total in zip(account.names, account.totals, strict=True):
            line = next(ln for ln in board.splitlines() if ln.startswith(f"vs {name}"))
            assert line.endswith(f"= {total:+d}" if total else "= 0")
        assert all(len(ln) <= 78 for ln in board.splitlines())
