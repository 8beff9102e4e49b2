"""The banker game on screen: the banker on its seat and in the top bar, the stake key, results with the
banker's pairs only; and snapshots of a hongkong table at 80×24."""

from __future__ import annotations

import pytest

from app.screens.results import ResultsScreen
from rules.presets import Preset
from tests.app.harness import LANGS, Clock, config, make_app, play_a_deal, settle, table_screen
from tests.tiers import long


def _app(lang: str = "en", **kw):
    return make_app(config(Preset.HONGKONG, seed=3, banker=True, **kw), lang=lang, clock=Clock())


async def _help_names_the_stake_key(pilot) -> bool:
    """Open the help (?), say whether it names the stake key, close it."""
    from app.screens.table.help import HelpScreen

    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    shown = any(keys == "w" and "stake" in text for keys, text in pilot.app.screen.rows())
    await pilot.press("escape")
    await pilot.pause()
    return shown


async def test_the_stake_key_and_the_banker_on_screen() -> None:
    app = _app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert await _help_names_the_stake_key(pilot)  # a banker game: the help names the stake key
        assert app.screen is screen
        assert "Banker: East" in str(screen.view.info_text())
        assert screen.view.me_title() == "You · stake 1"
        await pilot.press("w")
        await pilot.pause()
        # This deal keeps the stake it was dealt with.
        assert screen.view.me_title() == "You · stake 1, then 2 from the next deal"
        assert screen.table.wagers.stake == 2
        await play_a_deal(pilot)
        await pilot.press("enter")
        await pilot.pause()
        results = app.screen
        assert isinstance(results, ResultsScreen)
        account = results.view.account()
        assert account.names == ("East",)  # the player meets the bank alone
        assert account.lines[-1].kind == "stake" and account.lines[-1].cells[0].mark == "×1"
        await pilot.press("n")
        await settle(pilot)
        rec = screen.table.current
        assert rec.banker == 2 and rec.stakes[0] == 2
        assert screen.view.me_title() == "You · stake 2"


@long("tests/app/test_help_keys.py::test_each_tables_own_keys")
async def test_the_help_names_the_stake_key_in_a_banker_game_only() -> None:
    # (A banker game's help names it: test_the_stake_key_and_the_banker_on_screen.)
    app = make_app(config(Preset.TAIWAN, seed=3, banker=False), clock=Clock())
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert not await _help_names_the_stake_key(pilot)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hongkong_table_while_arranging(snap_compare, lang):
    async def arranging(pilot) -> None:
        await settle(pilot)
        await pilot.press("w", "space", "right", "space", "3")
        await pilot.pause()

    assert snap_compare(_app(lang), terminal_size=(80, 24), run_before=arranging)


async def test_the_host_screens_banker_rows_follow_the_setting() -> None:
    from app.config import TableConfig
    from app.screens.host import HostScreen
    from app.widgets.form import ChoiceRow
    from rules.presets import TieRule
    from tests.app.harness import ScreenApp

    app = ScreenApp(lambda: HostScreen(TableConfig.quick(Preset.TAIWAN)), animate=False)  # nothing animated looked at
    async with app.run_test(size=(100, 40)) as pilot:
        host = app.screen
        row = host.query_one("#banker", ChoiceRow)
        assert not host.has_class("-banker") and not host.query_one("#ties").display
        row.focus()
        await pilot.press("right")  # the banker game on
        await pilot.pause()
        assert host.config.banker and host.has_class("-banker") and host.query_one("#ties").display
        assert not host.query_one("#rule_seven").display  # hongkong's own
        host.query_one("#preset", ChoiceRow).focus()
        await pilot.press("left", "left", "left")  # taiwan -> ladder (the last preset) -> backrow -> hongkong
        await pilot.pause()
        assert host.config.preset is Preset.HONGKONG and host.config.banker
        assert host.query_one("#rule_seven").display
        host.query_one("#rule_seven", ChoiceRow).focus()
        await pilot.press("right")
        await pilot.pause()
        assert host.config.options.rule_seven and host.config.options.ties is TieRule.BANKER
        assert host.query_one("#ties", ChoiceRow).value is TieRule.BANKER
