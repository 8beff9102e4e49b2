"""The schema's own bounds (app/store/validate.py): nesting found without parsing, numbers kept unconverted
until their field is known, field paths that stay one short line."""

from __future__ import annotations

import pytest

from app.store.validate import MAX_DEPTH, PRESETS, DamagedRow, Mode, Status, listing, nesting, obj, parse, text
from rules.presets import Preset


def test_nesting_ignores_brackets_inside_strings() -> None:
    assert nesting('{"a": "[[[[{{{{", "b": [[1]], "c": "\\"]"}') == 3
    assert nesting("[" * 5000) == 5000 and nesting("") == 0


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"nested {MAX_DEPTH + 1} deep"),
        ('{"a": [1, ' + "9" * 5000 + "]}", "a[1]: a number of 5,000 digits"),  # past int()'s own 4,300-digit limit
        ('{"a": NaN}', "a: not a finite number"),
        ('{"a": 1e400}', "a: not a finite number"),
        ('{"a": ' + str(2**63) + "}", "a: a number beyond"),
        ('{"a": "' + "x" * 5000 + '"}', "a: a text of 5,000 characters"),
        ("[" + "0," * 1000 + "0]", "1,001 items"),
        ("{not json", "not JSON"),
    ],
)
def test_parse_bounds_every_value(doc: str, words: str) -> None:
    with pytest.raises(DamagedRow) as failed:
        parse(doc)
    assert words in str(failed.value)


def test_a_strange_key_is_quoted_and_cut_in_the_field() -> None:
    check = obj({"a": text(4)})
    with pytest.raises(DamagedRow) as failed:
        check({"x\n" * 40: 1}, "deal")
    assert "\n" not in str(failed.value) and len(failed.value.field) < 45
    assert failed.value.reason == "is not a field of this format"


def test_the_listing_columns_are_checked() -> None:
    good = (1, "0" * 16, 1, 1, 1.7e9, "taiwan", Mode.TABLE.value, 0, -3, 2, 0, 1, 0, None, 4.5, None, None, None, 4)
    listing(good)
    with pytest.raises(DamagedRow, match="mode: must be one of"):
        listing((*good[:6], "nowhere", *good[7:]))
    assert {s.value for s in Status} == {"open", "over"}


def test_the_schema_knows_every_preset() -> None:
    assert set(PRESETS) == {p.value for p in Preset}
