"""The table's layout (issue 10, "a layout that uses the screen"): the opponents round the board where the
screen has room, across the top where it has not, the hand's lines given to the board once the cards are
down, and nothing drawn beyond its box at any size from 80×24 up."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.geometry import Region

from app.widgets.table_widgets import SeatPanel
from rules.presets import Preset
from tests.app.harness import config, make_app, play_a_deal, settle, table_screen

SIZES = [(80, 24), (110, 34), (120, 40), (160, 45), (200, 50)]


def regions(screen) -> dict[str, Region]:
    return {
        name: screen.query_one(f"#{name}").region for name in ("seat-left", "seat-top", "seat-right", "board", "me")
    }


async def test_from_116x40_the_opponents_sit_round_the_board():
    app = make_app(config(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert screen.has_class("-ring")
        r = regions(screen)
        west, north, east, board, me = (r[k] for k in ("seat-left", "seat-top", "seat-right", "board", "me"))
        assert west.right <= board.x and east.x >= board.right, "West and East beside the board"
        assert north.bottom <= board.y and north.x >= west.right and north.right <= east.x, "North above it"
        # the side seats run down the whole height of North and the board, as round a table
        assert west.y == north.y and west.bottom >= board.bottom and east.bottom >= board.bottom
        assert me.y >= max(west.bottom, east.bottom, board.bottom) and me.width == 120, "the player below all"


@pytest.mark.parametrize("size", [(80, 24), (110, 34), (115, 45)])
async def test_below_116x40_the_opponents_sit_across_the_top(size):
    app = make_app(config(seed=3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert not screen.has_class("-ring")
        r = regions(screen)
        assert r["seat-left"].y == r["seat-top"].y == r["seat-right"].y
        assert r["seat-left"].right <= r["seat-top"].x and r["seat-top"].right <= r["seat-right"].x
        assert r["board"].y >= r["seat-top"].bottom and r["me"].y >= r["board"].bottom


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_once_the_cards_are_down_the_hand_gives_its_lines_to_the_board(size):
    app = make_app(config(seed=3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        board = screen.query_one("#board").region.height
        assert screen.query_one("#hand").display
        await play_a_deal(pilot)
        assert screen.has_class("-revealed") and not screen.query_one("#hand").display
        assert screen.query_one("#board").region.height > board


def _wrapped(text: Text, width: int) -> int:
    return len(text.wrap(Console(width=max(1, width)), max(1, width)))


def _nothing_overflows(screen) -> None:
    board = screen.query_one("#board")
    region = board.content_region
    shown = screen.view.board.text()
    assert _wrapped(shown, region.width) <= region.height, shown.plain
    assert "\n" in shown.plain, "the deal's line and the keys at least"
    for seat in screen.query(SeatPanel):
        content = seat._content()
        lines = content.plain.split("\n")
        assert len(lines) <= seat.content_region.height, content.plain
        assert all(cell_len(line) <= seat.content_region.width for line in lines), content.plain


def _overflow_app(preset: Preset):
    # A seed with sweeps and bonuses in taiwan (the longest story the snapshots show), and the same seed
    # elsewhere: the board's text and every seat's rows fit inside their boxes as they wrap there.
    return make_app(config(preset, seed=152, coins=100000) if preset is Preset.ARCADE else config(preset, seed=152))


# Every day each size once, in one deal a preset resized through its sizes: shisanshui (the longest rows) at
# three, the others at one each; the soak tier, the grid, each case a deal played at its size.
EVERYDAY = {Preset.SHISANSHUI: [(80, 24), (120, 40), (200, 50)], Preset.TAIWAN: [(110, 34)], Preset.ARCADE: [(160, 45)]}


@pytest.mark.parametrize("preset", list(EVERYDAY), ids=lambda p: p.value)
async def test_nothing_overflows_its_box_at_the_end_of_the_reveal_at_any_size(preset):
    app = _overflow_app(preset)
    first, *others = EVERYDAY[preset]
    async with app.run_test(size=first) as pilot:
        screen = table_screen(app)
        await play_a_deal(pilot)
        await pilot.pause()
        _nothing_overflows(screen)
        for size in others:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.size == size
            _nothing_overflows(screen)


@pytest.mark.soak
@pytest.mark.parametrize(
    ("preset", "size"),
    [pytest.param(preset, size, id=f"{preset.value}-{size[0]}x{size[1]}") for preset in EVERYDAY for size in SIZES],
)
async def test_nothing_overflows_its_box_at_the_end_of_the_reveal(size, preset):
    app = _overflow_app(preset)
    async with app.run_test(size=size) as pilot:
        screen = table_screen(app)
        await play_a_deal(pilot)
        await pilot.pause()
        _nothing_overflows(screen)
