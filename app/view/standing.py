"""Where the player stands, in words and charts: the rating with its interval and the levels it lies between,
the rating over time with its band, the accuracy by week and the result told apart (RULES.md §24). The menu's
line and the Statistics screen read these. Plain Python and Rich, no Textual.

The same concept on another floor: the words of :mod:`app.game.rating`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai import ENOUGH, Rating, level_ratings
from app.game.rating import Matched, Standing, between
from app.i18n import Translator
from app.view.chart import Axes, band_chart, column_chart
from app.view.coach import accuracy_text, luck_text
from app.view.formatting import preset_name

if TYPE_CHECKING:
    from app.game.backlog import PricingProgress


def rating_value(rating: Rating) -> str:
    """``4.8 ± 0.9``."""
    return f"{rating.value or 0.0:.1f} ± {rating.ci95:.1f}"


def between_text(t: Translator, value: float, preset: str, *, short: bool = False) -> str:
    """Where ``value`` lies among the computer levels' measured ratings: `` · between hard (3.1) and normal
    (7.6)``, or beyond the best or the weakest; ``short``: the levels' names alone (the menu's line); empty when
    no level was measured."""
    better, worse = between(value, preset)
    table = level_ratings(preset)  # the levels' measured table (assets/ai/ratings.json)

    def named(level: str) -> str:
        name = t(f"host.level.{level}")
        return name if short else t("rating.level", level=name, rating=f"{table[level][0]:.1f}")

    prefix = "rating.menu_" if short else "rating."
    if better and worse:
        return t(prefix + "between", better=named(better), worse=named(worse))
    if better:
        return t(prefix + "beyond_all", level=named(better))
    if worse:
        return t(prefix + "below_all", level=named(worse))
    return ""


def rating_line(t: Translator, standing: Standing, preset: str, *, short: bool = False) -> str:
    """The player's rating in ``preset``'s family in one line, or how many more counted deals it needs; ``short``:
    the menu's one line (without the count, the levels' figures or "lower is better")."""
    family = preset_name(t, standing.family)
    rating = standing.rating
    prefix = "rating.menu_" if short else "rating."
    if not rating.enough or rating.value is None:
        return t(prefix + "not_yet", family=family, n=ENOUGH - rating.deals)
    between_levels = between_text(t, rating.value, preset, short=short)
    if short:
        return t("rating.menu", family=family, rating=rating_value(rating)) + between_levels
    return t("rating.line", family=family, rating=rating_value(rating), deals=rating.deals) + between_levels


def rating_chart(t: Translator, standing: Standing, height: int = 6) -> list[str]:
    """The rating over the counted deals with its 95% band (no lines with fewer than two points)."""
    ends, values, cis = standing.over_time
    if len(values) < 2:
        return []
    lows = [max(0.0, v - c) for v, c in zip(values, cis, strict=True)]
    highs = [v + c for v, c in zip(values, cis, strict=True)]
    axes = Axes(t("rating.axis"), t("rating.deals_axis", n=ends[-1]), "{:.1f}", 1.0)
    return band_chart(values, lows, highs, axes, first=ends[0], last=ends[-1], height=height)


def weeks_chart(t: Translator, standing: Standing) -> list[str]:
    """The accuracy of each week played (no lines with fewer than two weeks)."""
    if len(standing.weeks) < 2:
        return []
    values = [acc for _, acc, _ in standing.weeks]
    axes = Axes(t("rating.accuracy_axis"), t("rating.weeks_axis", since=standing.weeks[0][0]), "{:.0f}", 100.0)
    return column_chart(values, axes)


def standing_lines(t: Translator, standing: Standing) -> list[str]:
    """The priced deals' accuracy and their result told apart, for Statistics."""
    if not standing.priced or standing.accuracy is None:
        return [t("rating.none")]
    return [
        t("rating.accuracy", accuracy=accuracy_text(standing.accuracy), n=standing.priced),
        t("rating.luck", luck=luck_text(t, standing.luck)),
    ]


def matched_text(t: Translator, matched: Matched) -> str:
    """Which level `matched` seated, and why: the player's rating, or the counted deals it still needs."""
    level = t(f"host.level.{matched.level.value}")
    if matched.missing:
        return t("rating.matched_default", level=level, n=matched.missing)
    return t("rating.matched", level=level, rating=rating_value(matched.rating))


BAR = 12  # cells of the pricing bar


def pricing_text(t: Translator, progress: PricingProgress | None) -> str:
    """The background pricing of past deals as a bar (``▰▰▰▱▱▱ 120/480``), with the deals the coach could not
    price; empty when nothing is being priced."""
    if progress is None or progress.finished or not progress.total:
        return ""
    filled = round(BAR * (progress.done + progress.failed) / progress.total)
    bar = "▰" * filled + "▱" * (BAR - filled)
    text = t("rating.pricing", bar=bar, done=progress.done + progress.failed, total=progress.total)
    return text + (t("rating.pricing_failed", n=progress.failed) if progress.failed else "")


def priced_note(t: Translator, progress: PricingProgress | None) -> str:
    """After the pricing: how many past deals the coach could not price (left out of every figure); empty
    otherwise."""
    if progress is None or not progress.finished or not progress.failed:
        return ""
    return t("rating.left_out", n=progress.failed)
