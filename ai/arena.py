"""Duplicate matches between players: every deal is replayed with the hands rotated across the seats.

With four seats each deal is played four times, hand h going to seat (h + r) mod 4 in rotation r, so
every player plays every hand from every seat and luck of the deal cancels out. Results are mean units
per deal with a 95% confidence interval over deals (the rotations of one deal are averaged first, since
they are not independent).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from rules.cards import Card
from rules.deal import Deal, Outcome
from rules.presets import Preset
from rules.scoring import score_deal

from .bots import Player, make_player
from .contract import TableView


def seat_names(names: Sequence[str]) -> list[str]:
    """Who sits where: two names alternate over four seats; three or four names sit as given."""
    if len(names) == 2:
        return [names[0], names[1], names[0], names[1]]
    if len(names) in (3, 4):
        return list(names)
    raise ValueError("an arena needs 2 to 4 players")


@dataclass
class PlayerStats:
    """One player's record over an arena."""

    name: str
    per_deal: list[float] = field(default_factory=list)  # mean units per seat-hand, one value per deal
    fouls: int = 0
    forfeits: list[str] = field(default_factory=list)
    scoops: int = 0
    seconds: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        """The JSON-ready line of the report: mean units per deal with its 95% interval, counts, timing."""
        n = len(self.per_deal)
        mean = statistics.fmean(self.per_deal) if n else 0.0
        ci = 1.96 * statistics.stdev(self.per_deal) / math.sqrt(n) if n > 1 else 0.0
        out: dict[str, object] = {
            "name": self.name,
            "mean": round(mean, 4),
            "ci95": round(ci, 4),
            "fouls": self.fouls,
            "scoops": self.scoops,
            "median_ms": round(statistics.median(self.seconds) * 1000, 3) if self.seconds else 0.0,
        }
        if self.forfeits:
            out["invalid_answers"] = len(self.forfeits)
            out["first_invalid"] = self.forfeits[0]
        return out


def _treasure_for(deal_seed: int, preset: Preset, queue: list[Card]) -> list[Card]:
    """The arcade 寶牌 on show for a deal: the last four cut cards (no treasure in other presets)."""
    if preset is not Preset.ARCADE:
        return queue
    cut = Card(int(np.random.default_rng([deal_seed, 7]).integers(52)))
    rest = [c for c in queue if c != cut]
    return ([*rest, cut])[-4:]


def run_arena(
    names: Sequence[str],
    deals: int,
    seed: int = 0,
    preset: Preset = Preset.TAIWAN,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, object]:
    """Play ``deals`` duplicate deals and return the JSON-ready report."""
    seats = seat_names(names)
    n = len(seats)
    players: dict[str, Player] = {}
    for name in seats:
        if name not in players:
            players[name] = make_player(name)
    stats = {name: PlayerStats(name) for name in players}
    levels = tuple(name if not name.startswith("cmd:") else None for name in seats)
    treasure: list[Card] = []
    try:
        for d in range(deals):
            deal_seed = (seed * 1_000_003 + d) & 0xFFFFFFFFFFFF  # numpy seeds must not be negative
            rng = np.random.default_rng([deal_seed, 1])
            deck = rng.permutation(52)
            hands = [tuple(sorted(Card(int(c)) for c in deck[13 * h : 13 * h + 13])) for h in range(n)]
            treasure = _treasure_for(deal_seed, preset, treasure)
            sums: dict[str, list[float]] = {name: [] for name in players}
            for r in range(n):
                decisions, doubles = [], []
                for s, name in enumerate(seats):
                    view = TableView(preset=preset, players=n, seat=s, treasure=tuple(treasure), levels=levels)
                    played = players[name].decide(hands[(s + r) % n], view, seed=deal_seed * 8 + s)
                    decisions.append(played.decision)
                    doubles.append(played.double if preset is Preset.ARCADE else None)
                    stats[name].seconds.append(played.seconds)
                    if played.forfeit:
                        stats[name].forfeits.append(played.forfeit)
                result = score_deal(
                    Deal(
                        preset,
                        preset.default_options,
                        tuple(decisions),
                        tuple(doubles) if preset is Preset.ARCADE else (),
                        tuple(treasure),
                    )
                )
                for s, name in enumerate(seats):
                    sums[name].append(result.totals[s])
                    stats[name].fouls += result.fouled[s]
                for p in result.pairs:
                    # A scoop is three rows won against a hand that was played: fouls and forfeits don't count.
                    if p.rows is None or result.fouled[p.i] or result.fouled[p.j]:
                        continue
                    if p.rows.count(Outcome.WIN) == 3:
                        stats[seats[p.i]].scoops += 1
                    if p.rows.count(Outcome.LOSS) == 3:
                        stats[seats[p.j]].scoops += 1
            for name, values in sums.items():
                stats[name].per_deal.append(statistics.fmean(values))
            if progress:
                progress(d + 1, deals)
    finally:
        for p in players.values():
            p.close()
    return {"rules": preset.value, "deals": deals, "players": [stats[name].summary() for name in players]}
