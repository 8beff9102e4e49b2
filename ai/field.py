"""Field matches: one challenger substituted into each seat in turn of a table of one field player.

The duplicate arena (:mod:`ai.arena`) cancels the cards' luck by rotating the hands, which works while the
players hold the same cards. With 換三張 it stops working: once two players pass differently, every hand
that follows differs, and a duplicate deal's spread grows about sixfold (assets/ai/README.md). A field
match pairs more tightly. Each deal is played first by a table of four ``field`` players (the baseline),
then once per seat s with the challenger in seat s and the field in the others::

    baseline     F F F F        the challenger's gain on the deal is the mean over s of
    seat 0       C F F F            score of seat s at its table  -  score of seat s at the baseline
    seat 1       F C F F
    seat 2       F F C F
    seat 3       F F F C

Everything else is held fixed, so only the challenger's own choices move a gain:

- both tables get the same cards, and every decision is seeded by deal and seat, so a field seat whose
  hand and view are the same decides the same (those decisions are played once per deal);
- the other seats' first passes are made before any card moves, so they are the baseline's;
- every seat's view shows the field's level in every seat (no level, as for a person, when the field is
  not one of ours), so nobody plays differently for knowing where the challenger sits (only arcade's 賭倍
  looks at the levels).

Where the challenger passes and plays (and in arcade doubles) as the field would, its table is the baseline
and the gain is exactly zero; the report says how often (``same_table``). The mean gain is in units per
seat-hand, with its 95% interval over deals. Against a table of itself a player gains exactly 0.000 ± 0.000.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from rules.cards import Card
from rules.deal import DealResult, Decision
from rules.exchange import Direction
from rules.presets import Options, Preset

from .arena import (
    EXTERNAL,
    LEVEL_NAMES,
    PassFor,
    PlayerStats,
    block_size,
    check_player_name,
    deal_hands,
    deal_seed_of,
    deals_in,
    exchange_cards,
    make_player,
    noted,
    report_head,
    score_table,
    seat_scoops,
    table_passer,
    treasures_for,
)
from .bots import Played, Player
from .contract import TableView
from .workers import play_parallel

FIELD_SEATS = 4
"""Seats at a field table."""

Hand = tuple[Card, ...]


@dataclass(frozen=True)
class _FieldBlock:
    """A run of consecutive deals for a field match."""

    challenger: str
    field: str
    preset: Preset
    seed: int
    first: int
    treasures: tuple[tuple[Card, ...], ...]
    exchange: int = 0
    exchange_way: Direction = Direction.CLOCKWISE
    options: Options | None = None


@dataclass
class FieldRecord:
    """A field match's record over some deals: the challenger's gains and the field's baseline play."""

    challenger: PlayerStats  # per_deal holds the gains; fouls, scoops and timings at the substituted tables
    field: PlayerStats  # fouls at the baseline tables; timings of every decision the field made
    same_table: int = 0  # seat-hands where the challenger's table played exactly as the baseline
    same_pass: int = 0  # seat-hands where the challenger passed in every round as the field did

    def extend(self, later: FieldRecord) -> None:
        """Append the record of the deals that follow this one's."""
        self.challenger.extend(later.challenger)
        self.field.extend(later.field)
        self.same_table += later.same_table
        self.same_pass += later.same_pass


Decide = Callable[[Hand, TableView, int], Played]


def _decider(player: Player, record: PlayerStats) -> Decide:
    """``player``'s plays at one deal, each (hand, view, seed) decided once and timed into ``record``."""
    seen: dict[tuple[Hand, TableView, int], Played] = {}

    def decide(hand: Hand, view: TableView, seed: int) -> Played:
        key = (hand, view, seed)
        if key not in seen:
            seen[key] = player.decide(hand, view, seed=seed)
            record.seconds.append(seen[key].seconds)
        return seen[key]

    return decide


@dataclass(frozen=True)
class _Deal:
    """One deal of a field match: its cards and views, and the two players' memoised choices."""

    seed: int
    hands: Sequence[Hand]
    views: Sequence[TableView]
    rounds: int
    way: Direction
    field_pass: PassFor
    challenger_pass: PassFor
    field_decide: Decide
    challenger_decide: Decide

    def table(self, seat: int | None) -> tuple[list[Played], list[list[Hand]]]:
        """The plays and passes of the table with the challenger in ``seat`` (None: the baseline)."""
        held, views = list(self.hands), list(self.views)
        passes: list[list[Hand]] = []
        if self.rounds:

            def pass_for(s: int, rnd: int, hand: Hand) -> Hand:
                return (self.challenger_pass if s == seat else self.field_pass)(s, rnd, hand)

            held, views, passes = exchange_cards(pass_for, self.hands, self.views, self.rounds, self.way)
        plays = [
            (self.challenger_decide if s == seat else self.field_decide)(held[s], views[s], self.seed * 8 + s)
            for s in range(len(held))
        ]
        return plays, passes


def _play_field(
    block: _FieldBlock, challenger: Player, fielder: Player, progress: Callable[[int], None] | None = None
) -> FieldRecord:
    """Play the block's deals: the baseline table and one substituted table per seat."""
    preset, n = block.preset, FIELD_SEATS
    options = block.options or preset.default_options
    record = FieldRecord(PlayerStats(block.challenger), PlayerStats(block.field))
    levels = (block.field if block.field in LEVEL_NAMES else None,) * n
    arcade = preset.double_picks

    def score(plays: list[Played], treasure: tuple[Card, ...]) -> DealResult:
        return score_table(preset, options, [p.decision for p in plays], [p.double for p in plays], treasure)

    def chosen(plays: list[Played]) -> list[tuple[Decision, int | None]]:
        return [(p.decision, p.double if arcade else None) for p in plays]

    for k, treasure in enumerate(block.treasures):
        deal_seed = deal_seed_of(block.seed, block.first + k)
        hands, turned = deal_hands(deal_seed, n, options)
        views = [
            TableView(
                preset=preset, options=block.options, players=n, seat=s, treasure=treasure, levels=levels, turned=turned
            )
            for s in range(n)
        ]
        deal = _Deal(
            deal_seed,
            hands,
            views,
            block.exchange,
            block.exchange_way.for_deal(block.first + k + 1, n),
            # Once per (seat, round, hand): each round's pass is chosen from the view before the
            # exchange (ai.arena.table_passer), the same at every table of the deal.
            cache(table_passer([fielder] * n, views, deal_seed)),
            table_passer([challenger] * n, views, deal_seed),
            _decider(fielder, record.field),
            _decider(challenger, record.challenger),
        )
        base, base_passes = deal.table(None)
        base_result = score(base, treasure)
        record.field.fouls += sum(base_result.fouled)
        gains = []
        for s in range(n):
            plays, passes = deal.table(s)
            result = score(plays, treasure)
            gains.append(result.totals[s] - base_result.totals[s])
            record.challenger.fouls += result.fouled[s]
            record.challenger.scoops += seat_scoops(result)[s]
            record.same_table += chosen(plays) == chosen(base)
            record.same_pass += all(r[s] == b[s] for r, b in zip(passes, base_passes, strict=True))
        record.challenger.per_deal.append(statistics.fmean(gains))
        if progress:
            progress(block.first + k + 1)
    return record


def _play_field_block(block: _FieldBlock, progress: Callable[[int], None] | None = None) -> FieldRecord:
    """Make the two players, play the block, let them go (a worker process's task)."""
    challenger = make_player(block.challenger, block.preset)
    try:
        fielder = make_player(block.field, block.preset)
        try:
            return _play_field(block, challenger, fielder, progress)
        finally:
            fielder.close()
    finally:
        challenger.close()


def run_field(
    challenger: str,
    field: str,
    deals: int,
    seed: int = 0,
    preset: Preset = Preset.TAIWAN,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int = 1,
    exchange: int = 0,
    exchange_way: Direction = Direction.CLOCKWISE,
    options: Options | None = None,
) -> dict[str, object]:
    """Play ``deals`` field deals of ``challenger`` against a table of ``field`` and return the JSON-ready
    report (see the module's docstring). Both must be in-process players; ``jobs``, ``progress``,
    ``exchange``, ``exchange_way`` and ``options`` are as for :func:`ai.arena.run_arena`, and the report is
    the same for any ``jobs`` but for the timings."""
    if jobs < 1:
        raise ValueError("jobs must be 1 or more")
    for name in (challenger, field):
        if name.startswith(EXTERNAL):
            raise ValueError("a field match is between in-process players: an external bot cannot be substituted")
        check_player_name(name)
    treasures = treasures_for(seed, deals, preset)

    def block(first: int, last: int) -> _FieldBlock:
        return _FieldBlock(
            challenger, field, preset, seed, first, tuple(treasures[first:last]), exchange, exchange_way, options
        )

    size = block_size(deals, jobs)
    if jobs == 1 or deals <= size:
        record = _play_field_block(block(0, deals), (lambda done: progress(done, deals)) if progress else None)
    else:
        blocks = [block(first, first + size) for first in range(0, deals, size)]
        parts = play_parallel(_play_field_block, blocks, jobs, deals, progress, deals_in)
        record = parts[0]
        for part in parts[1:]:
            record.extend(part)
    return field_report(record, preset, deals, exchange, exchange_way, options)


def field_report(
    record: FieldRecord, preset: Preset, deals: int, exchange: int, exchange_way: Direction, options: Options | None
) -> dict[str, object]:
    """The JSON-ready report of a field match."""
    report: dict[str, object] = {"mode": "field", **report_head(preset, deals, options, exchange, exchange_way)}
    seat_hands = FIELD_SEATS * len(record.challenger.per_deal)
    line = record.challenger.summary()
    line["same_table"] = round(record.same_table / seat_hands, 4) if seat_hands else 0.0
    if exchange:
        line["same_pass"] = round(record.same_pass / seat_hands, 4) if seat_hands else 0.0
    report["challenger"] = line
    base = record.field.summary()
    report["field"] = {key: base[key] for key in ("name", "fouls", "median_ms")}
    return noted(report, preset, [record.challenger.name, record.field.name], exchange)
