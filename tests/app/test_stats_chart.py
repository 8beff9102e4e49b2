"""Statistics' charts have labelled axes and units: the value axis names its unit and is labelled at its top
and bottom (zero, or the lowest value below it), the deal axis runs from 1 to the count under the columns with
its title beneath, and each column is as tall as its value on that scale."""

from __future__ import annotations

from app.view.chart import EIGHTHS, Axes, column_chart

AXES = Axes("units lost", "your last 5 own deals, oldest → newest", "{:.2f}")


def _columns(lines: list[str], height: int) -> list[str]:
    """The chart's column lines, the axis and its labels cut off."""
    return [line.split("┤" if "┤" in line else "│", 1)[1] for line in lines[1 : 1 + height]]


def test_the_axes_are_labelled_with_their_units() -> None:
    lines = column_chart([0.5, 2.0, 0.0, 4.0, 1.0], AXES, height=4)
    assert lines[0].strip() == "units lost"
    assert lines[1].lstrip().startswith("4.00 ┤") and lines[4].lstrip().startswith("0.00 ┤")
    assert lines[5].strip() == "└┬───┬"
    assert lines[6].strip() == "1   5" and lines[7].strip() == AXES.across
    # the tick under the last column, and the count ends under it
    assert lines[5].index("┬", lines[5].index("┬") + 1) == lines[1].index("┤") + 5 == len(lines[6]) - 1


def test_each_column_is_as_tall_as_its_value() -> None:
    height = 4
    values = [0.5, 2.0, 0.0, 4.0, 1.0]
    columns = _columns(column_chart(values, AXES, height=height), height)
    for k, value in enumerate(values):
        eighths = sum(EIGHTHS.index(line[k]) for line in columns)
        assert eighths == round(value / 4.0 * height * 8)


def test_a_value_below_zero_moves_the_bottom_of_the_axis() -> None:
    lines = column_chart([-1.0, 1.0], AXES, height=3)
    assert lines[1].lstrip().startswith("1.00 ┤") and lines[2].lstrip().startswith("0.00 ┤")
    assert lines[3].lstrip().startswith("-1.00 ┤")


def test_no_values_no_chart() -> None:
    assert column_chart([], AXES) == []


def test_values_near_zero_do_not_fill_the_chart() -> None:
    lines = column_chart([0.0, 0.004], AXES, height=4)  # the coach found both plays best, or nearly
    assert lines[1].lstrip().startswith("1.00 ┤")  # the axis's least span: one unit lost
    assert set("".join(_columns(lines, 4))) <= {" "}
