"""The coach's review screen writes each play's expected units signed: a whole number as a whole number (as
:func:`app.view.formatting.signed` writes units everywhere), anything else to two places."""

from __future__ import annotations

import pytest

from ai import PricedPlay
from app.screens.review import signed_ev
from rules.arrangement import Arrangement
from rules.cards import parse_cards
from rules.deal import Decision

_ROWS = Arrangement(
    tuple(parse_cards("2c 3d 4h")), tuple(parse_cards("5s 5c 8d 9h Jc")), tuple(parse_cards("Qd Kh As Ad Ah"))
)


def _play(ev: float) -> PricedPlay:
    return PricedPlay(Decision.arranged(_ROWS), ev, None, 0.0, 0.0)


@pytest.mark.parametrize(
    ("ev", "text"),
    [
        (4.0, "+4"),
        (-18.0, "-18"),
        (0.0, "0"),
        (1500.0, "+1,500"),  # whole: no decimals (it was "+4.0")
        (1.25, "+1.25"),
        (-0.45, "-0.45"),
        (0.5, "+0.50"),
    ],
)
def test_a_play_s_expected_units_are_signed_whole_or_to_two_places(ev: float, text: str) -> None:
    assert signed_ev(_play(ev)) == text
