"""An opponent's box names its rows one way (issue 40, item 12): where one row's full bilingual name does not
fit, every row of the box takes its short name, never "對子 Pair" over "兩對"."""

from __future__ import annotations

from rich.text import Text

from app.view.cards import CardLook
from app.view.models import RowLine, SeatModel
from app.widgets.table_widgets import SeatPanel


def _panel(*names: tuple[str, str]) -> SeatPanel:
    panel = SeatPanel(CardLook())
    rows = tuple(RowLine("", None, 5, name=full, short_name=short, marks=Text("★")) for full, short in names)
    panel.model = SeatModel(rows=rows)
    return panel


def test_one_row_too_long_for_its_full_name_makes_every_row_short() -> None:
    panel = _panel(("兩對 Two pair", "兩對"), ("三條 Trips", "三條"), ("同花順 Straight flush", "同花順"))
    width = 16  # room for "三條 Trips ★" but not for "同花順 Straight flush ★"
    drawn = [panel._name_and_marks(row, width).plain for row in panel.model.rows]
    assert all("Two pair" not in d and "Trips" not in d and "Straight" not in d for d in drawn), drawn
    assert [d.split()[0] for d in drawn] == ["兩對", "三條", "同花順"]
    wide = [panel._name_and_marks(row, 40).plain for row in panel.model.rows]
    expected = ["兩對 Two pair", "三條 Trips", "同花順 Straight flush"]
    assert all(full in d for d, full in zip(wide, expected, strict=True))


def test_a_placed_rows_cursor_and_selection_show_in_shape_without_colour() -> None:
    """With NO_COLOR, or to a colour-blind player, the cursor (▸) and a selected card (▴) of a placed row still
    show (issue 40, item 10): the marks are in the text itself, small cards and big."""
    from app.view.models import RowsModel
    from app.widgets.table_widgets import RowsView
    from rules.cards import parse_cards

    front = tuple(parse_cards("As Kd 7c", 3))
    rows = (RowLine("Front 3", front, 3), RowLine("Middle 5", (), 5), RowLine("Back 5", (), 5))
    for big in (False, True):
        view = RowsView(CardLook())
        view.big = big
        view.model = RowsModel(rows, front[0], frozenset({front[1]}))
        plain = view.render().plain
        assert "▸" in plain and "▴" in plain, plain
        view.model = RowsModel(rows, None, frozenset())
        assert "▸" not in view.render().plain and "▴" not in view.render().plain


async def test_a_row_whose_name_and_odds_do_not_fit_shows_its_short_form_not_a_cut_one() -> None:
    """At 80 columns "Four of a kind 鐵支 · 98% vs typical rows" was cut mid-word: the row takes its short form
    ("鐵支 · 98%") where the whole does not fit, and the whole where it does (issue 40, item 9)."""
    from textual.app import App, ComposeResult

    from app.view.models import RowsModel
    from app.widgets.table_widgets import RowsView
    from rules.cards import parse_cards

    back = tuple(parse_cards("As Ah Ad Ac Kd", 5))
    line = RowLine("Back 5", back, 5, name="Four of a kind 鐵支 · 98% vs typical rows", short_name="鐵支 · 98%")
    model = RowsModel((RowLine("Front 3", (), 3), RowLine("Middle 5", (), 5), line))

    class Rows(App[None]):
        def compose(self) -> ComposeResult:
            yield RowsView(CardLook())

    for width, whole in ((70, False), (120, True)):  # 70: the rows inside the player's box at 80 columns
        app = Rows()
        async with app.run_test(size=(width, 10)) as pilot:
            view = app.query_one(RowsView)
            view.model = model
            await pilot.pause()
            plain = view.render().plain
            assert ("Four of a kind" in plain) is whole and "…" not in plain and "鐵支 · 98%" in plain, plain
