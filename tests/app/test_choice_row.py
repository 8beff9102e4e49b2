"""The one-line choice row (app.widgets.form.ChoiceRow): drawn as one widget, ``label ◀ value ▶`` in fixed
columns, and changed by a click: back on the left arrow, forward anywhere else."""

from __future__ import annotations

from textual.app import App, ComposeResult

from app.widgets.form import ChoiceRow

CHOICES = [(1, "One"), (2, "Two"), (3, "Three")]


class _Form(App[None]):
    CSS = """
    ChoiceRow { height: 1; width: 1fr; }
    ChoiceRow > .choice-row--label { width: 28; }
    """

    def compose(self) -> ComposeResult:
        yield ChoiceRow("Count", CHOICES, 2, id="count")


def _line(app: _Form) -> str:
    return "".join(segment.text for segment in app.query_one(ChoiceRow).render_line(0))


async def test_the_row_draws_its_label_the_arrows_and_the_value_in_their_columns() -> None:
    app = _Form()
    async with app.run_test(size=(70, 3)) as pilot:
        await pilot.pause()
        line = _line(app)
        assert line.startswith("Count" + " " * 23 + " ◀ ")  # the label's 28 cells, then the left arrow's 3
        assert line[31:57] == " " * 11 + "Two" + " " * 12  # the value centred in its 26 cells
        assert line[57:60] == " ▶ "


async def test_a_click_on_the_left_arrow_goes_back_and_anywhere_else_forward() -> None:
    app = _Form()
    async with app.run_test(size=(70, 3)) as pilot:
        row = app.query_one(ChoiceRow)
        await pilot.click(row, offset=(29, 0))  # the left arrow (cells 28 to 30)
        assert row.value == 1 and row.shown == "One"
        await pilot.click(row, offset=(29, 0))  # back again, round to the last
        assert row.value == 3
        await pilot.click(row, offset=(2, 0))  # the label
        assert row.value == 1
        await pilot.click(row, offset=(40, 0))  # the value
        assert row.value == 2
        await pilot.click(row, offset=(58, 0))  # the right arrow
        assert row.value == 3
