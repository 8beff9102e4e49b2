"""A key that cannot act, in words: ``"⏎ Ready: place all 13 cards first (4 left)."`` (:mod:`app.game.why`).

The same concept on another floor: :mod:`app.game.why` decides; this module words it.
"""

from __future__ import annotations

from app.game.why import Availability
from app.i18n import Translator
from rules.arrangement import ROW_SIZES


def why_text(t: Translator, key: str, action: str, verdict: Availability) -> str:
    """What the message line says when ``key`` (bound to ``action``, its Footer word) cannot act now; empty
    when it can."""
    if verdict.why is None:
        return ""
    row = verdict.row
    words = {
        "n": verdict.n,
        "m": verdict.m,
        "row": t(f"common.row.{row.id}") if row is not None else "",
        "size": ROW_SIZES[row] if row is not None else 0,
    }
    why = t(f"table.why.{verdict.why.value}", **words)
    return t("table.why.line", keys=key, action=action, why=why) if action else why
