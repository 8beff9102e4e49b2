"""Where a player stands: the performance rating, accuracy and luck, computed from the coach's prices of each
decision (:class:`ai.reviews.Review`). The formulas and the scale are RULES.md §24; this module is them in code.

- A deal's decision is put on one scale whatever the table: its loss is divided by the preset's scale (its
  blunder bound over taiwan's, :func:`ai.skill.scale`) and by the pairs it was priced at, over three (a table
  of four meets three opponents): the **normalised loss**, in taiwan units at a table of four.
- The **deal's figure** is ten times that (:data:`SCALE`); the **rating** is the mean figure over the counted
  deals, the newest :data:`WINDOW` with weights halving every :data:`HALF_LIFE` (a level's measured rating:
  every deal alike), with a 95% interval. Lower is better, like backgammon's PR.
- A deal is **not counted** when nothing was decided (免擺, the coach priced no table) or when its best play
  was obvious (it beats every other play the coach priced by more than :data:`OBVIOUS`) and the player found
  it; a miss of an obvious play counts, as the error it is.
- **Accuracy** maps a deal's figure to 0–100% with lichess's curve; a session's or a week's is the mean.
- **Luck**: the cards are the best play's value at the table (an average hand's is 0: the deal is zero-sum and
  every seat is dealt alike), the play is minus the units lost, and the rest is the result less both.

Plain numpy, so that 10,000 deals are rated in milliseconds (`chinese-poker bench`).

The same concept on another floor: the formulas; the player's figures read from the history are
:mod:`app.game.rating`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.presets import Preset

from .verdicts import THRESHOLDS

SCALE = 10.0  # the rating's points for one taiwan unit lost a deal at a table of four
WINDOW = 200  # counted deals a player's rating reads, the newest
HALF_LIFE = 100.0  # counted deals after which a deal weighs half as much
OBVIOUS = 2.0  # normalised units by which an obvious best play beats every other play priced
ENOUGH = 30  # counted deals before a rating is given (and `matched` follows it)
# lichess's accuracy curve (lila's AccuracyPercent), fed the deal's figure where lichess feeds the drop in
# winning chances: a loss at the inaccuracy bound (0.8 units) reads 8 and some 72%.
_A, _K, _B = 103.1668, 0.04354, 3.1669


def preset_scale(preset: Preset) -> float:
    """How a preset's units compare with taiwan's: the ratio of its blunder bounds (as :func:`ai.skill.scale`)."""
    return THRESHOLDS[preset][3] / THRESHOLDS[Preset.TAIWAN][3]


def pairs(players: int, banker: int | None = None, seat: int = 0, stakes: Sequence[int] = ()) -> float:
    """The pairs a seat's decision is priced at: every opponent, or in a banker game the banker's players (each
    for its stake) and a player's one pair with the banker (for its own stake)."""
    if banker is None:
        return float(max(1, players - 1))
    stake = [stakes[s] if s < len(stakes) else 1 for s in range(players)]
    if seat == banker:
        return float(max(1, sum(stake[s] for s in range(players) if s != banker)))
    return float(max(1, stake[seat]))


def normaliser(preset: Preset, pairs_priced: float) -> float:
    """What one normalised unit is in ``preset``'s units at a seat priced at ``pairs_priced`` pairs."""
    return preset_scale(preset) * pairs_priced / 3.0


def norm_for(
    preset: Preset, players: int, banker: int | None = None, seat: int = 0, stakes: Sequence[int] = ()
) -> float:
    """:func:`normaliser` of a seat at a table: its preset, size, banker and stakes."""
    return normaliser(preset, pairs(players, banker, seat, stakes))


def deal_figure(loss: float, norm: float) -> float:
    """A deal's figure on the rating's scale: :data:`SCALE` times its normalised loss."""
    return SCALE * max(0.0, loss) / norm


def accuracy(figure: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Each deal's accuracy in percent (0–100) from its figure (lichess's curve, its +1 included)."""
    x = np.asarray(figure, dtype=float)
    return np.clip(_A * np.exp(-_K * x) - _B + 1.0, 0.0, 100.0)


def counted(
    figure: npt.ArrayLike, gap: npt.ArrayLike, tables: npt.ArrayLike, norm: npt.ArrayLike
) -> npt.NDArray[np.bool_]:
    """Which deals the rating counts: something was priced (``tables`` > 0) and the best play was not an
    obvious one the player found (``gap``: what the best beats the next play priced by, in the preset's units;
    NaN when no other play was priced)."""
    g = np.asarray(gap, dtype=float) / np.asarray(norm, dtype=float)
    obvious = np.nan_to_num(g, nan=0.0) > OBVIOUS
    found = np.asarray(figure, dtype=float) <= 0.0
    keep: npt.NDArray[np.bool_] = (np.asarray(tables) > 0) & ~(obvious & found)
    return keep


@dataclass(frozen=True)
class Rating:
    """A rating with its 95% half-width over ``deals`` counted deals (``value`` is None with none)."""

    value: float | None
    ci95: float
    deals: int

    @property
    def enough(self) -> bool:
        """Whether it rests on :data:`ENOUGH` counted deals."""
        return self.value is not None and self.deals >= ENOUGH

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"rating": self.value, "ci95": self.ci95, "deals": self.deals}


def weighted(figures: npt.ArrayLike, *, fading: bool = True) -> Rating:
    """The rating of counted deals' figures, oldest first: the newest :data:`WINDOW` fading by
    :data:`HALF_LIFE` (``fading``), or every deal alike; the interval from the weighted spread and the
    effective number of deals."""
    x = np.asarray(figures, dtype=float)
    if fading:
        x = x[-WINDOW:]
    n = len(x)
    if n == 0:
        return Rating(None, 0.0, 0)
    w = 0.5 ** (np.arange(n - 1, -1, -1) / HALF_LIFE) if fading else np.ones(n)
    total = float(w.sum())
    mean = float((w * x).sum() / total)
    n_eff = total * total / float((w * w).sum())
    if n < 2 or n_eff <= 1.0:
        return Rating(round(mean, 2), 0.0, n)
    var = float((w * (x - mean) ** 2).sum() / total) * n_eff / (n_eff - 1.0)
    return Rating(round(mean, 2), round(1.96 * math.sqrt(var / n_eff), 2), n)


def history(figures: npt.ArrayLike, points: int = 60, start: int = 10) -> tuple[list[int], list[float], list[float]]:
    """The rating over time: after which counted deal (1-based), the rating then and its half-width, at up to
    ``points`` evenly spaced deals from the ``start``-th (the first few deals' interval is too wide to draw;
    the last deal always among them), each read as :func:`weighted` reads it."""
    x = np.asarray(figures, dtype=float)
    n = len(x)
    if n == 0:
        return [], [], []
    first = min(start, n)
    ends = sorted({int(e) for e in np.rint(np.linspace(first, n, min(points, n - first + 1)))})
    out_v: list[float] = []
    out_c: list[float] = []
    for end in ends:
        r = weighted(x[:end])
        out_v.append(r.value or 0.0)
        out_c.append(r.ci95)
    return ends, out_v, out_c


@dataclass(frozen=True)
class Rated:
    """Deals rated together (oldest first): each one's figure, whether it counts, its accuracy, and the rating."""

    figures: npt.NDArray[np.float64]
    counted: npt.NDArray[np.bool_]
    accuracy: npt.NDArray[np.float64]
    rating: Rating


def rate_deals(
    loss: npt.ArrayLike, norm: npt.ArrayLike, gaps: npt.ArrayLike, tables: npt.ArrayLike, *, fading: bool = True
) -> Rated:
    """Rate priced deals, oldest first, from what the history stores of each: the units lost, the normaliser
    (:func:`norm_for`), the best's gap to the next play priced (:func:`gap`) and the pricing tables."""
    n = np.asarray(norm, dtype=float)
    figures = SCALE * np.maximum(0.0, np.asarray(loss, dtype=float)) / n
    keep = counted(figures, gaps, tables, n)
    return Rated(figures, keep, accuracy(figures), weighted(figures[keep], fading=fading))


@dataclass(frozen=True)
class Luck:
    """A deal's (or a sum of deals') result told apart: ``cards`` + ``play`` + ``rest`` == ``result``."""

    cards: float
    play: float
    rest: float
    result: float

    def __add__(self, other: Luck) -> Luck:
        return Luck(
            self.cards + other.cards, self.play + other.play, self.rest + other.rest, self.result + other.result
        )

    def to_dict(self) -> dict[str, float]:
        """JSON-ready, to two places (the rest taken so that the parts still add up to the result)."""
        cards, play = round(self.cards, 2), round(self.play, 2)
        return {"cards": cards, "play": play, "rest": round(self.result - cards - play, 2), "result": self.result}


NO_LUCK = Luck(0.0, 0.0, 0.0, 0.0)


def luck(best_ev: float, loss: float, result: float) -> Luck:
    """A deal told apart: the cards (the best play's value at the table, less an average hand's, which is 0),
    the play (the units it lost) and the rest (the opponents' cards and plays, and the draw of the deal)."""
    cards, play = float(best_ev), -max(0.0, float(loss))
    return Luck(cards, play, float(result) - cards - play, float(result))


__all__ = [
    "ENOUGH",
    "HALF_LIFE",
    "NO_LUCK",
    "OBVIOUS",
    "SCALE",
    "WINDOW",
    "Luck",
    "Rated",
    "Rating",
    "accuracy",
    "counted",
    "deal_figure",
    "gap",
    "history",
    "level_ratings",
    "luck",
    "norm_for",
    "normaliser",
    "pairs",
    "preset_scale",
    "rate_deals",
    "weighted",
]


RATINGS_PATH = Path(__file__).resolve().parent.parent / "assets" / "ai" / "ratings.json"
"""The computer levels' measured ratings (`chinese-poker rate`; the file's ``command`` says how it was made)."""


@cache
def _ratings_file() -> dict[str, object]:
    try:
        found = json.loads(RATINGS_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def level_ratings(preset: Preset | str = Preset.TAIWAN) -> dict[str, tuple[float, float]]:
    """Each computer level's measured rating and 95% half-width at ``preset``, weakest first (taiwan's where
    ``preset`` was not measured: the scale is one for every preset); empty when the table is missing."""
    table = _ratings_file().get("rules", {})
    if not isinstance(table, dict):
        return {}
    name = preset.value if isinstance(preset, Preset) else preset
    levels = table.get(name) or table.get(Preset.TAIWAN.value) or {}
    out: dict[str, tuple[float, float]] = {}
    for level in ("easy", "normal", "hard", "expert"):
        v = levels.get(level) if isinstance(levels, dict) else None
        if isinstance(v, dict) and isinstance(v.get("rating"), int | float):
            out[level] = (float(v["rating"]), float(v.get("ci95", 0.0)))
    return out


def gap(best_ev: float, others: Sequence[float]) -> float:
    """What the best play beats the next play priced by (NaN when no other play was priced)."""
    return best_ev - max(others) if others else math.nan
