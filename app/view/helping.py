"""The helper's words at the table: what auto-arrange's suggestion on show is (which of how many, around how
many placed cards, or the best from scratch) and its figure said for what it is: the units the helper
expects against this table's opponents before the other hands are seen. One line of the message bar, so the
play itself is left to the rows, which name each row's hand (a declaration is named). Plain Python.

The same concept on another floor: :mod:`app.game.helping` decides, :mod:`app.screens.table.helping` shows.
"""

from __future__ import annotations

from app.game import Table
from app.i18n import Translator
from app.view.formatting import units_text


def suggestion_text(t: Translator, table: Table) -> str:
    """The suggestion on show, with what it is and its expected units against this table."""
    st = table.arrange
    assert st is not None and 0 <= st.suggestion < len(st.suggestions)
    sug = st.suggestions[st.suggestion]
    d = sug.decision
    # The rows name each row's hand beside it already; a declaration empties them, so it is named here.
    play = "" if d.declare is None else t("table.msg.suggestion_declare", special=t(f"common.special.{d.declare.id}"))
    fields = {"n": st.suggestion + 1, "total": len(st.suggestions), "play": play, "ev": units_text(t, sug.ev)}
    offer = table.helping.offer
    kind = "plain" if offer is None else offer.kind(st.suggestion)
    if kind == "free":
        return t("table.msg.suggestion_free", **fields)
    if kind == "around":
        assert offer is not None
        if offer.free is not None:
            free = t("table.msg.suggestion_free_last")
        elif offer.free_pending:
            free = t("table.msg.suggestion_free_asking")
        else:
            free = t("table.msg.suggestion_free_kept")
        return t("table.msg.suggestion_around", placed=offer.around, free=free, **fields)
    return t("table.msg.suggestion", **fields)


def hint_with_ev(t: Translator, hint: str, ev: float) -> str:
    """The hint's sentence and the figure of the completion it comes from, said for what it is."""
    return t("table.msg.hint_ev", hint=hint, ev=units_text(t, ev))
