"""A lobby's words, for the lobby screen (:mod:`app.screens.lobby`): the tables, the table, the hand and the
reveal, from what the lobby's server sent (plain dicts of app/lobby/PROTOCOL.md). Rich, no Textual.

The same concept on another floor: :mod:`app.lobby.lobby`."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from app.game.arrange import ArrangeState
from app.i18n import Translator
from rules.arrangement import Row

SEAT_KEYS = ("south", "east", "north", "west")


def tables_text(t: Translator, tables: list[dict[str, Any]], chosen: int) -> Text:
    """The lobby's tables, the chosen one marked."""
    out = Text()
    if not tables:
        out.append(t("lobby.no_tables") + "\n", style="dim")
    for i, table in enumerate(tables):
        seats = ", ".join(
            f"{t('lobby.seat.' + SEAT_KEYS[s['seat']])}: {s['name'] or t('lobby.kind.' + s['kind'])}"
            for s in table["seats"]
        )
        mark = "▶ " if i == chosen else "  "
        out.append(mark, style="bold")
        out.append(
            t(
                "lobby.table_line",
                id=table["id"],
                host=table["host"],
                preset=table["preset"],
                players=table["players"],
                state=t("lobby.state." + table["state"]),
                spectators=table["spectators"],
            ),
            style="bold" if i == chosen else "",
        )
        out.append(f"\n    {seats}\n")
    return out


def table_text(t: Translator, table: dict[str, Any]) -> Text:
    """The table everyone sees: each seat, its person or the computer, its status and money."""
    out = Text(
        t(
            "lobby.at_table",
            id=table["id"],
            host=table["host"],
            state=t("lobby.state." + table["state"]),
            deal=table["deal"],
        )
        + "\n"
    )
    for s in table["seats"]:
        who = s["name"] or t("lobby.kind." + s["kind"])
        if s["connected"] is False:
            who += " " + t("lobby.away")
        status = t("lobby.status." + s["status"]) if s["status"] else ""
        you = " ←" if table["you"] == s["seat"] else ""
        out.append(f"  {t('lobby.seat.' + SEAT_KEYS[s['seat']]):<6} {who:<14} {status:<10} {s['money']:>6}{you}\n")
    public = table.get("public") or {}
    if public.get("turned"):
        out.append("  " + t("lobby.turned", card=public["turned"]) + "\n")
    if public.get("banker") is not None:
        out.append("  " + t("lobby.banker", seat=t("lobby.seat." + SEAT_KEYS[public["banker"]])) + "\n")
    return out


def hand_text(t: Translator, state: ArrangeState | None, ask: str | None) -> Text:
    """The hand being arranged: the rows, then the cards still in hand with the cursor and the selection."""
    out = Text()
    if state is None:
        return out
    for row, key in ((Row.FRONT, "front"), (Row.MIDDLE, "middle"), (Row.BACK, "back")):
        out.append(f"  {t('lobby.row.' + key):<7} " + " ".join(str(c) for c in state.row_cards(row)) + "\n")
    out.append("  ")
    cursor = state.cursor_card
    for c in state.loose:
        style = ("reverse " if c == cursor else "") + ("bold yellow" if c in state.selected else "")
        out.append(str(c), style=style.strip() or None)
        out.append(" ")
    out.append("\n  " + t("lobby.ask." + (ask or "wait")) + "\n", style="bold")
    return out


def reveal_text(t: Translator, record: dict[str, Any]) -> Text:
    """The reveal: each seat's rows and what it won or lost."""
    out = Text(t("lobby.revealed", deal=record["number"]) + "\n", style="bold")
    units = record.get("units") or [0, 0, 0, 0]
    for seat in record["seats"]:
        d = record["decisions"][str(seat)]
        rows = d.get("declare") or f"{d['front']} / {d['middle']} / {d['back']}"
        out.append(f"  {t('lobby.seat.' + SEAT_KEYS[seat]):<6} {rows}  {units[seat]:+d}\n")
    return out


def over_text(t: Translator, over: dict[str, Any]) -> Text:
    """The table's summary."""
    out = Text(
        t(
            "lobby.over",
            reason=t("lobby.reason." + over["reason"]) if over["reason"] in REASONS else over["reason"],
            deals=over["deals"],
        )
        + "\n",
        style="bold",
    )
    for line in over["lines"]:
        who = line["name"] or t("lobby.kind.computer")
        out.append(f"  {t('lobby.seat.' + SEAT_KEYS[line['seat']]):<6} {who:<14} {line['change']:+d}\n")
    return out


REASONS = ("host_left", "over")
