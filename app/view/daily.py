"""The deal of the day's screen in words (no Textual): the month's calendar, what a day holds (to play, played for
the record with its comparison and share line, begun and left), the streak; and a deal code's error in the
player's language. The screens draw what these build.

The same concept on another floor: the words of :mod:`app.game.daily`, drawn by :mod:`app.screens.daily`."""

from __future__ import annotations

import datetime as dt

from rich.cells import cell_len
from rich.text import Text

from app.game.daily import DayPlayed, month_weeks
from app.i18n import Translator
from app.view.formatting import preset_name
from rules.dealcode import DealCode, DealCodeError, Fault

CELL = 4  # a day's cell: two digits, its mark and a space (7 cells: 28 columns, at home in 80)


def calendar_text(
    t: Translator, month: dt.date, selected: dt.date, today: dt.date, played: dict[dt.date, bool]
) -> Text:
    """``month``'s calendar, Monday first: ``played`` days (True: scored; False: begun and left) marked, the
    ``selected`` day reversed, today underlined, days to come dim (their deal is not dealt yet)."""
    out = Text()
    out.append(f"{month.year:04d}-{month.month:02d}\n", style="bold")
    # A weekday's name over its days' two digits (a Chinese one is one character two cells wide).
    out.append(
        "".join(" " * (2 - cell_len(d)) + d + " " * (CELL - 2) for d in t("daily.weekdays").split()) + "\n", style="dim"
    )
    for week in month_weeks(month.year, month.month):
        for day in week:
            if day is None:
                out.append(" " * CELL)
                continue
            mark = " " if day not in played else "✓" if played[day] else "·"
            style = "dim" if day > today else ("green" if played.get(day) else "")
            if day == today:
                style += " underline"
            if day == selected:
                style += " reverse"
            out.append(f"{day.day:>2}{mark}", style=style.strip())
            out.append(" ")
        out.append("\n")
    return out


def day_text(
    t: Translator, day: dt.date, today: dt.date, preset: str, code: str, played: DayPlayed | None, recording: bool
) -> Text:
    """What ``day`` holds for ``preset``: its code, and whether ⏎ plays it for the record, for practice or not at
    all (a day to come); once played, the result, the levels' results with the same cards and the share line."""
    out = Text()
    out.append(t("daily.day", date=day.isoformat(), preset=preset_name(t, preset), code=code) + "\n", style="bold")
    if day > today:
        out.append(t("daily.future"))
        return out
    if played is None:
        out.append(t("daily.unplayed") if recording else t("daily.no_history"))
        return out
    rec = played.record
    if rec is None or rec.human is None or rec.units is None:
        out.append(t("daily.begun"))
        return out
    units = rec.units[rec.human]
    verdict = t(f"coach.verdict.{played.verdict}") if played.verdict else "–"
    mp = "–" if played.comparison is None else f"{played.comparison.matchpoints}%"
    out.append(t("daily.result", units=f"{units:+d}", mp=mp, verdict=verdict) + "\n")
    if played.comparison is None:
        out.append(t("daily.comparing") + "\n", style="dim")
    else:
        parts = [
            t(
                "daily.against",
                level=t(f"host.level.{a.level.value}"),
                units=f"{a.units:+d}",
                mark=t(f"daily.mark.{a.mark}"),
            )
            for a in played.comparison.against
        ]
        out.append(" · ".join(parts) + "\n")
    line = played.share()
    if line is not None:
        out.append(t("daily.share") + " ", style="dim")
        out.append(line + "\n")
    out.append(t("daily.practice"), style="dim")
    return out


def streak_text(t: Translator, days: int) -> str:
    """The streak: how many days in a row were played for the record."""
    return t("daily.streak", n=days)


def code_label(t: Translator, code: DealCode | None) -> str:
    """A deal's code as the results panel, History and the review name it ("" for a deal dealt by its seed)."""
    return "" if code is None else t("daily.code_label", code=code.text)


def code_error(t: Translator, error: DealCodeError, typed: str) -> str:
    """A deal code's error in the player's language, naming what is wrong (a character, the length, the check,
    the preset)."""
    chars = [c for c in typed if c not in " -"]
    if error.fault is Fault.CHARACTER:
        bad = next((c for c in chars if c.upper() not in "0123456789ABCDEFGHJKMNPQRSTVWXYZOIL"), "?")
        return t("daily.code.fault.character", char=bad)
    if error.fault is Fault.LENGTH:
        return t("daily.code.fault.length", n=len(chars))
    if error.fault in (Fault.CHECKSUM, Fault.PRESET):
        return t(f"daily.code.fault.{error.fault}")
    return t("daily.code.fault.deal")
