"""The New table form offers only what exists (issue 29 item 5): the first banker among the seated players,
換三張's ways at the table's size, arcade's coins only on a scored arcade table, no clock in the ladder; a
dependent row follows the choice it depends on, and a settings record naming an empty chair is fixed up to the
seat the table plays. A property walks the form at random: every combination it reaches is one the rows show,
saves and reads back, and builds a table that deals with it."""

from __future__ import annotations

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from app.config import PLAYERS, TableConfig, seats_for
from app.game import Table
from app.game.banker import first_banker
from app.screens.host import HostScreen
from app.settings import Settings
from app.view.host_form import exchange_value, exchange_values, fit
from app.widgets.form import ChoiceRow
from rules.exchange import Direction
from rules.presets import Preset
from tests import tiers
from tests.app.harness import ScreenApp
from tests.tiers import examples, long

SIZE = (100, 50)  # every row of the form in view


def _host(app: ScreenApp) -> HostScreen:
    host = app.screen
    assert isinstance(host, HostScreen)
    return host


def _labels(row: ChoiceRow) -> list[str]:
    return [label for _, label in row.choices]


async def _cycle(pilot, row: ChoiceRow) -> list[str]:
    """Every value the row shows as the player steps through it with →, from where it is back to there."""
    row.focus()
    seen = [str(row.choices[row.index][1])]
    for _ in range(len(row.choices) - 1):
        await pilot.press("right")
        seen.append(str(row.choices[row.index][1]))
    await pilot.press("right")  # round to the start
    return seen


BANKERS = [(2, ["You", "North"]), (3, ["You", "East", "West"]), (4, ["You", "East", "North", "West"])]


@long("tests/app/test_banker_pilot.py::test_the_host_screens_banker_rows_follow_the_setting")
async def test_the_first_banker_lists_only_the_seated_players_and_follows_the_table_size() -> None:
    # One form, the table's size chosen in turn (a form of its own for each size was most of the test's time);
    # the same form then checks the first banker following the table's size to the seat the table plays.
    app = ScreenApp(lambda: HostScreen(TableConfig(banker=True)))
    async with app.run_test(size=SIZE) as pilot:
        host = _host(app)
        for players, names in BANKERS:
            host.query_one("#players", ChoiceRow).select(players)
            await pilot.pause()
            row = host.query_one("#first_banker", ChoiceRow)
            assert row.display and sorted(await _cycle(pilot, row)) == sorted(names), players
            assert _labels(row) == names  # you first, then the opponents in seat order
            assert host.config.first_banker in seats_for(players)
        assert host.config.players == 4  # the last size chosen: the form is back at a table of four
        banker = host.query_one("#first_banker", ChoiceRow)
        banker.select(3)  # West, at four
        await pilot.pause()
        assert host.config.first_banker == 3
        host.query_one("#players", ChoiceRow).select(2)  # West's chair is empty now: the next seat is yours
        await pilot.pause()
        assert host.config.first_banker == 0 and banker.value == 0
        assert banker.shown == "You"
        host.query_one("#players", ChoiceRow).select(3)  # you stay the first banker: your chair is still in use
        await pilot.pause()
        assert host.config.first_banker == 0 and _labels(banker) == ["You", "East", "West"]
        banker.select(1)
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
    chosen = app.results[-1]
    assert isinstance(chosen, TableConfig) and (chosen.players, chosen.first_banker) == (3, 1)
    assert Table(chosen).start_deal().banker == 1


def test_a_settings_record_naming_an_empty_chair_reads_as_the_seat_the_table_played() -> None:
    # Before the form offered only seated players a table of two could be saved with East (or West) to bank
    # first, and the table quietly gave the bank to the next seat: the record now reads as that seat.
    for players in PLAYERS:
        seats = seats_for(players)
        for chosen in range(4):
            saved = TableConfig(banker=True, players=players).to_dict() | {"first_banker": chosen}
            config = TableConfig.from_dict(saved)
            assert config.first_banker == first_banker(seats, chosen) and config.first_banker in seats
            assert TableConfig.from_dict(config.to_dict()) == config
    assert TableConfig(players=2).first_banker == 2  # the default (East) at a table of two is North


WAYS = [
    (4, ["clockwise", "counter-clockwise", "across", "a new way each deal"]),
    (3, ["clockwise", "counter-clockwise", "a new way each deal"]),
    (2, ["with North"]),
]


@long("tests/app/test_exchange_table.py::test_the_host_sets_rounds_and_way_in_one_row_and_the_ladder_hides_it")
async def test_the_exchange_offers_the_ways_the_table_has_and_a_size_without_the_way_shows_the_way_it_plays() -> None:
    app = ScreenApp(lambda: HostScreen(TableConfig()))
    async with app.run_test(size=SIZE) as pilot:
        host = _host(app)
        for players, ways in WAYS:  # one form, the table's size chosen in turn
            host.query_one("#players", ChoiceRow).select(players)
            await pilot.pause()
            row = host.query_one("#exchange", ChoiceRow)
            expected = ["Off", *(f"Once, {w}" for w in ways), *(f"Twice, {w}" for w in ways)]
            assert await _cycle(pilot, row) == expected, players
        # The same form: across at four, then three players: nobody sits across, and across passes clockwise
        # there (RULES.md §21). (A form of its own for this was most of its time.)
        host.query_one("#players", ChoiceRow).select(4)
        await pilot.pause()
        row.select((2, Direction.ACROSS))
        await pilot.pause()
        assert row.value == (2, Direction.ACROSS) == (host.config.exchange, host.config.exchange_way)
        host.query_one("#players", ChoiceRow).select(3)
        await pilot.pause()
        assert row.value == (2, Direction.CLOCKWISE) == (host.config.exchange, host.config.exchange_way)
        assert "Twice, clockwise" in row.shown
    # A saved table of three with across opens showing (and keeping) what it plays.
    app = ScreenApp(lambda: HostScreen(TableConfig(players=3, exchange=1, exchange_way=Direction.ACROSS)))
    async with app.run_test(size=SIZE) as pilot:
        host = _host(app)
        assert host.config.exchange_way is Direction.CLOCKWISE
        assert host.query_one("#exchange", ChoiceRow).value == (1, Direction.CLOCKWISE)


# ---------------------------------------------------------------- the property

ROWS = (
    "preset",
    "scored",
    "time_limit",
    "takeover",
    "players",
    "banker",
    "banker_moves",
    "first_banker",
    "ties",
    "player_stake",
    "level1",
    "level2",
    "level3",
    "wheel",
    "suit_tiebreak",
    "exempt",
    "exchange",
    "joker",
    "three_flush_straight",
    "royalties",
    "rule_seven",
    "stake",
    "rake",
)
FIELDS = {
    "scored": "scored",
    "time_limit": "time_limit",
    "takeover": "takeover",
    "players": "players",
    "banker": "banker",
    "banker_moves": "banker_moves",
    "first_banker": "first_banker",
    "player_stake": "player_stake",
    "stake": "stake",
    "rake": "rake",
    "preset": "preset",
}


def _shown_matches(host: HostScreen) -> None:
    """Every row on screen shows what the settings hold, and offers only what exists."""
    c = host.config
    for name in ROWS:
        row = host.query_one(f"#{name}", ChoiceRow)
        if not row.display:
            continue
        if name in FIELDS:
            assert row.value == getattr(c, FIELDS[name]), name
        elif name == "exchange":
            assert row.value == exchange_value(c) and [v for v, _ in row.choices] == list(exchange_values(c.players))
        elif name.startswith("level"):  # a seat's level, or `matched` (chosen when the table starts)
            seat = int(name[-1])
            assert row.value == ("matched" if seat in c.matched else c.levels[seat - 1])
        else:
            assert row.value == getattr(c.options, name), name
    assert [v for v, _ in host.query_one("#first_banker", ChoiceRow).choices] == list(c.seats)


# Each example runs the form (some 0.4 s of CPU): no shrinking, which would take minutes; the failing steps
# print. Two examples every day (random walks of up to 25 steps over every row, each step checked), the soak
# tier's thirty as before.
@settings(
    max_examples=examples(6) if tiers.SOAK else 2, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate)
)
@given(steps=st.lists(st.tuples(st.sampled_from(ROWS), st.sampled_from((-1, 1, 2))), min_size=1, max_size=25))
async def test_every_combination_the_form_reaches_is_a_table_that_deals(steps) -> None:
    app = ScreenApp(lambda: HostScreen(TableConfig(seed=7)))
    async with app.run_test(size=SIZE) as pilot:
        host = _host(app)
        for name, delta in steps:
            row = host.query_one(f"#{name}", ChoiceRow)
            if not row.display:
                continue  # a row not on screen cannot be changed
            row.action_step(delta)
            await pilot.pause()
            await pilot.pause()  # the rows a change redraws after the next refresh have had it
            _shown_matches(host)
        c = host.config
        assert fit(c) == c and c.first_banker in c.seats
        saved = c.to_dict()  # as a session saves and reads it (a banker game's rows only in a banker game)
        assert TableConfig.from_dict(saved).to_dict() == saved
        await pilot.press("s")
        await pilot.pause()
    chosen = app.results[-1]
    assert chosen == c
    table = Table(chosen)
    rec = table.start_deal()
    assert rec.seats == chosen.seats
    if chosen.banker:
        assert rec.banker == chosen.first_banker  # the bank is where the form said, not quietly elsewhere


# ---------------------------------------------------------------- how it looks


# 120×40 in 繁體中文 in the soak tier: the host screen is shot in 繁體中文 every day by test_snapshots_menu.
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), pytest.param((120, 40), "zh-TW", marks=pytest.mark.soak)])
def test_the_host_screen_of_a_banker_game_of_two(snap_compare, size, lang) -> None:
    # The first banker reads North (the default East's chair is empty), 換三張 "with North".
    config = TableConfig(players=2, banker=True, exchange=1, exchange_way=Direction.ACROSS)

    class ShotApp(ScreenApp):
        def __init__(self) -> None:
            super().__init__(lambda: HostScreen(config), lang, settings=Settings(), animate=False)

    async def to_the_banker(pilot) -> None:
        await pilot.pause()
        pilot.app.screen.query_one("#first_banker", ChoiceRow).focus()
        await pilot.pause()

    assert snap_compare(ShotApp(), terminal_size=size, run_before=to_the_banker)


@long("tests/app/test_menu_pilot.py::test_host_fits_80x24_with_arcade_rows_and_sets_stake_and_rake")
async def test_down_goes_row_by_row_to_start_even_where_the_form_scrolls_and_arcade_coins_only_when_scored() -> None:
    # Arcade with the banker game is taller than 80×24: ↓ still moves to the next setting (the form scrolls to
    # keep it in view), and the Footer names ↑↓.
    # Animations off: the scroll lands at once (smooth scrolling drew frames between the keys; where the form
    # scrolls to is the point, not how).
    app = ScreenApp(lambda: HostScreen(TableConfig(preset=Preset.ARCADE, banker=True, players=4)), animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        host = _host(app)
        await pilot.pause()
        shown = {b.binding.action: b.binding.key_display for b in host.active_bindings.values() if b.binding.show}
        assert shown.get("row(1)") == "↑↓"
        rows = [w for w in host.query(ChoiceRow) if w.display]
        for row in rows:
            assert app.focused is row
            await pilot.press("down")
        assert app.focused is host.query_one("#start")
        await pilot.wait_for_scheduled_animations()  # the form may scroll smoothly
        body = host.query_one("#host-body")
        assert body.max_scroll_y > 0 and body.scroll_y > 0  # it did scroll, to follow the focus
        await pilot.press("up")
        assert app.focused is rows[-1]
        # The same form (arcade, scored): arcade's coins only on a scored table, no clock in the ladder. (A test
        # of its own before, from the quick arcade table; a form of its own was most of its time.)
        stake, rake = host.query_one("#stake"), host.query_one("#rake")
        shapes = host.query_one("#three_flush_straight")
        assert stake.display and rake.display and shapes.display
        host.query_one("#scored", ChoiceRow).select(False)  # practice: no coins to stake or rake
        await pilot.pause()
        assert not stake.display and not rake.display and shapes.display  # the shapes still score
        host.query_one("#scored", ChoiceRow).select(True)
        await pilot.pause()
        assert stake.display and rake.display
        clock = host.query_one("#time_limit")
        assert clock.display
        host.query_one("#preset", ChoiceRow).select(Preset.LADDER)
        await pilot.pause()
        assert not clock.display and not host.query_one("#exchange").display  # nobody arranges
        host.query_one("#preset", ChoiceRow).select(Preset.TAIWAN)
        await pilot.pause()
        assert clock.display


@long("tests/app/test_menu_pilot.py::test_host_preset_switch_resets_options")
async def test_presets_stepped_through_quickly_leave_the_form_and_its_rules_pane_agreeing() -> None:
    """→→→ on the preset at 120×40 without a pause: each row's older value (set by a preset passed by) must not
    land after the newer one, and the rules pane must show the table the rows show (issue 40, item 1)."""
    app = ScreenApp(lambda: HostScreen(TableConfig.quick(Preset.TAIWAN)))
    async with app.run_test(size=(120, 40)) as pilot:
        host = _host(app)
        row = host.query_one("#preset", ChoiceRow)
        await pilot.pause()
        for _ in range(3):  # three presses handled before the screen hears of the first (a player's quick →→→)
            row.action_step(1)
        for _ in range(5):
            await pilot.pause()
        c = host.config
        for row_id, value in (("preset", c.preset), ("wheel", c.options.wheel), ("joker", c.options.joker)):
            assert host.query_one(f"#{row_id}", ChoiceRow).value == value, row_id
        assert c.options == TableConfig.quick(c.preset).options  # the preset's own defaults, nothing stale
        assert host.query_one("#host-rules-text").source == host._rules_markdown()


async def test_the_form_says_what_the_level_chosen_is() -> None:
    """Under the levels, the one last chosen in a player's words, from the coach's measure (issue 39, item 4)."""
    from ai import Level
    from app.view.rules_text import level_note

    app = ScreenApp(lambda: HostScreen(TableConfig.quick(Preset.TAIWAN)))
    async with app.run_test(size=(100, 40)) as pilot:
        host = _host(app)
        note = host.query_one("#level-note")
        assert str(note.render()) == level_note(app.translator, host.config.levels[0])
        host.query_one("#level2", ChoiceRow).select(Level.EASY)
        await pilot.pause()
        assert str(note.render()).startswith("Easy misjudges")
