"""Every message the table's message line says fits it at 80×24 in every language (issue 40, item 9): the line
wraps to two lines of 78 cells at most, so each message template is filled with the longest values it takes
(the longest seat, row and hand names, the widest cards, large figures) and measured, composed as the table
composes it (a hint with its figure, a foul naming two pairs of rows, a key's reason with the key's words)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from app.i18n import Translator, load_strings
from rules.arrangement import Row
from rules.evaluate import Category

LINE = 78  # 80 columns less the line's padding
LINES = 2  # the message line wraps to two lines (game.tcss: #message)


def _longest(t: Translator, prefix: str, ids: list[str]) -> str:
    return max((t(f"{prefix}.{i}") for i in ids), key=cell_len)


def _values(t: Translator) -> dict[str, str]:
    seat = _longest(t, "common.seat", ["south", "east", "north", "west"])
    row = _longest(t, "common.row", [r.id for r in Row])
    hand = _longest(t, "common.category", [c.id for c in Category])
    cards = "10♥ 10♦ 10♣ 10♠ A♠"
    return {
        "seat": seat,
        "seats": ", ".join([seat] * 3),
        "row": row,
        "upper": row,
        "lower": row,
        "hand": hand,
        "upper_hand": hand,
        "lower_hand": hand,
        "card": "10♥",
        "cards": cards,
        "keys": "backspace",
        "key": "backspace",
        "action": _longest(t, "table.key", ["ready", "pass_cards", "results", "declare", "unplace"]),
        "special": _longest(t, "common.special", ["three_flushes", "three_straights", "six_pairs", "dragon"]),
        "ev": "+12.34 units",
        "units": "+12.34 units",
    }


def _fill(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)(:[^}]*)?\}", lambda m: values.get(m.group(1), "99"), template)


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_every_message_fits_the_message_line(lang: str) -> None:
    t = Translator(lang)
    strings = load_strings(lang)
    values = _values(t)
    messages = {k: _fill(v, values) for k, v in strings.items() if k.startswith(("table.msg.", "table.why."))}
    hint = _fill(strings["table.msg.hint"], values)
    messages["hint with its figure"] = _fill(strings["table.msg.hint_ev"], {**values, "hint": hint})
    pair = _fill(strings["table.foul_pair"], values)
    messages["foul, two pairs"] = _fill(strings["table.foul"], {"rows": f"{pair}; {pair}"})
    messages["foul ahead"] = strings["table.foul_ahead"]
    for key, why in list(messages.items()):
        if key.startswith("table.why.") and key != "table.why.line":
            messages[f"{key} on a key"] = _fill(strings["table.why.line"], {**values, "why": why})
    too_long = {k: cell_len(m) for k, m in messages.items() if cell_len(m) > LINE * LINES}
    assert too_long == {}
