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
