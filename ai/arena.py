"""Duplicate matches between players: every deal is replayed with the hands rotated across the seats.

With four seats each deal is played four times, hand h going to seat (h + r) mod 4 in rotation r, so
every player plays every hand from every seat and luck of the deal cancels out. Two players alternate
round the table (A B A B), and that table is the same after a shift of two seats: rotations 2 and 3 would
replay rotations 0 and 1 seat for seat (the doubles of 賭倍 included), so only those two are played, and
each player still plays every hand. Results are mean units
per deal with a 95% confidence interval over deals (the rotations of one deal are averaged first, since
they are not independent).

Players are named: a name in :data:`PLAYERS` (our levels, and any other in-process player registered
there) or ``cmd:<command line>`` for an external bot (:mod:`ai.bots`). Deals can be played on several
processes (``jobs``): each deal depends only on the seed and its index (the arcade treasure queue is worked
out first, in order), and the blocks' records are joined in deal order, so the report is the same for any
number of processes. External bots always play in this one process (see :func:`run_arena`).

Each deal is dealt as the table deals it (:func:`rules.cards.deal`, :func:`rules.session.cut_card` and the
rules' :class:`~rules.session.TreasureQueue`) from its own seed (:func:`deal_seed_of`). Until issue 28 the arena
shuffled with numpy instead, so an arena's deals for a given seed changed once then (see assets/ai/README.md).
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from rules.cards import Card, deal, turned_card
from rules.deal import Deal, DealResult, Decision, Outcome
from rules.exchange import Direction, pass_round, seen_holdings
from rules.presets import Options, Preset
from rules.scoring import score_deal
from rules.session import TreasureQueue, cut_card

from .bots import BotLimits, ExternalPlayer, LevelPlayer, Player
from .contract import Level, TableView
from .exchange import candidates, choose_pass
from .reference import make_reference_player
from .workers import play_parallel

PlayerFactory = Callable[[Preset], Player]
"""Makes an in-process player for a table of the given preset."""

EXTERNAL = "cmd:"
"""The prefix of an external bot's name: ``cmd:<command line>``."""


def _level_player(level: Level) -> PlayerFactory:
    def make(preset: Preset) -> Player:
        return LevelPlayer(level)

    return make


PLAYERS: dict[str, PlayerFactory] = {
    **{level.value: _level_player(level) for level in Level},
    # The published-style separable strategy: a yardstick that is not one of our levels (issue 8).
    "reference": lambda preset: make_reference_player(),
}
"""Every in-process arena player by name: name -> factory(preset). Add a player here with one line."""

LEVEL_NAMES = frozenset(level.value for level in Level)  # the public levels a TableView may show
BLOCK_DEALS = 2  # deals per task at most with jobs > 1: fine-grained progress, and a Ctrl+C is soon obeyed


def make_player(name: str, preset: Preset = Preset.TAIWAN, limits: BotLimits | None = None) -> Player:
    """A player from its arena name: one of :data:`PLAYERS`, or ``cmd:<command line>`` held to ``limits``."""
    if name.startswith(EXTERNAL):
        return ExternalPlayer(name[len(EXTERNAL) :].strip(), limits or BotLimits(), name=name)
    check_player_name(name)
    return PLAYERS[name](preset)


def check_player_name(name: str) -> None:
    """ValueError, naming the players there are, unless ``name`` is a registered player or a ``cmd:`` bot."""
    if not name.startswith(EXTERNAL) and name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} ({', '.join(PLAYERS)}; or {EXTERNAL}<command line>)")


def default_jobs() -> int:
    """Processes to use by default: every core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def seat_names(names: Sequence[str]) -> list[str]:
    """Who sits where: two names alternate over four seats; three or four names sit as given."""
    if len(names) == 2:
        return [names[0], names[1], names[0], names[1]]
    if len(names) in (3, 4):
        return list(names)
    raise ValueError("an arena needs 2 to 4 players")


def rotations(seats: Sequence[str]) -> int:
    """How many rotations of the hands a table needs: one per seat, or two when two players alternate."""
    n = len(seats)
    if n == 4 and seats[0] == seats[2] and seats[1] == seats[3]:
        return 2
    return n


@dataclass
class PlayerStats:
    """One player's record over an arena."""

    name: str
    per_deal: list[float] = field(default_factory=list)  # mean units per seat-hand, one value per deal
    fouls: int = 0
    forfeits: list[str] = field(default_factory=list)
    scoops: int = 0
    seconds: list[float] = field(default_factory=list)

    def extend(self, later: PlayerStats) -> None:
        """Append the record of the deals that follow this one's (``later``, from another block)."""
        self.per_deal += later.per_deal
        self.fouls += later.fouls
        self.forfeits += later.forfeits
        self.scoops += later.scoops
        self.seconds += later.seconds

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
    """The arcade 寶牌 on show for a deal: the rules' queue after this deal's cut (no treasure elsewhere)."""
    if not preset.treasure:
        return queue
    return list(TreasureQueue(tuple(queue)).add(cut_card(deal_seed)).cards)


def deal_seed_of(seed: int, d: int) -> int:
    """Deal ``d``'s own seed: everything about the deal follows from it."""
    return (seed * 1_000_003 + d) & 0xFFFFFFFFFFFF  # never negative, whatever the arena's seed


def treasures_for(seed: int, deals: int, preset: Preset) -> list[tuple[Card, ...]]:
    """The treasure on show at each deal; worked out in order first, as each deal's depends on the last's."""
    out: list[tuple[Card, ...]] = []
    queue: list[Card] = []
    for d in range(deals):
        queue = _treasure_for(deal_seed_of(seed, d), preset, queue)
        out.append(tuple(queue))
    return out


@dataclass(frozen=True)
class _Block:
    """A run of consecutive deals to play: the table, the first deal's index and each deal's treasure."""

    seats: tuple[str, ...]
    preset: Preset
    seed: int
    first: int
    treasures: tuple[tuple[Card, ...], ...]
    limits: BotLimits
    exchange: int = 0  # 換三張 (RULES.md §21): rounds of passing before each hand is played
    exchange_way: Direction = Direction.CLOCKWISE
    options: Options | None = None  # None: the preset's defaults


def _make_players(block: _Block) -> dict[str, Player]:
    """One player per distinct name, in seat order (the order of the report)."""
    players: dict[str, Player] = {}
    try:
        for name in block.seats:
            if name not in players:
                players[name] = make_player(name, block.preset, block.limits)
    except BaseException:
        _close(players)
        raise
    return players


def _close(players: dict[str, Player]) -> None:
    for p in players.values():
        p.close()


def deal_hands(deal_seed: int, players: int, options: Options) -> tuple[list[tuple[Card, ...]], Card | None]:
    """The hands of a deal from its seed, dealt as the table deals (:func:`rules.cards.deal`), and the card
    turned up for the joker (None without it)."""
    hands = list(deal(deal_seed, players, joker=options.joker))
    return hands, turned_card(deal_seed, players) if options.joker else None


PassFor = Callable[[int, int, tuple[Card, ...]], tuple[Card, ...]]
"""What seat s passes in round r (from 0) of 換三張 holding ``hand``: ``pass_for(s, r, hand)``."""


def exchange_cards(
    pass_for: PassFor, held: Sequence[tuple[Card, ...]], views: Sequence[TableView], rounds: int, way: Direction
) -> tuple[list[tuple[Card, ...]], list[TableView], list[list[tuple[Card, ...]]]]:
    """換三張 at an arena table: the hands after ``rounds`` rounds of passing, the views that know where each
    seat's passes went (``views`` are the seats' views before the pass), and every round's passes."""
    n = len(held)
    passed: list[list[tuple[Card, ...]]] = []
    hands = list(held)
    for rnd in range(rounds):
        passes = [pass_for(s, rnd, hands[s]) for s in range(n)]
        hands = list(pass_round(hands, passes, way))
        passed.append(passes)
    known = [replace(v, held=seen_holdings(s, n, way, passed)) for s, v in enumerate(views)]
    return hands, known, passed


def table_passer(seat_players: Sequence[Player], views: Sequence[TableView], deal_seed: int) -> PassFor:
    """Each seat passing by its own player, from its view before the pass, seeded by deal, seat and round."""

    def pass_for(seat: int, rnd: int, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        return _pass(seat_players[seat], hand, views[seat], (deal_seed * 8 + seat) * 4 + rnd + 1)

    return pass_for


def score_table(
    preset: Preset,
    options: Options,
    decisions: Sequence[Decision],
    doubles: Sequence[int | None],
    treasure: tuple[Card, ...],
) -> DealResult:
    """The scored result of one table's decisions (``doubles`` count only in arcade)."""
    arcade = preset.double_picks
    return score_deal(Deal(preset, options, tuple(decisions), tuple(doubles) if arcade else (), treasure))


def seat_scoops(result: DealResult) -> list[int]:
    """Each seat's scoops at one table: three rows won against a hand that was played (fouls and forfeits
    don't count)."""
    won = [0] * len(result.totals)
    for p in result.pairs:
        if p.rows is None or result.fouled[p.i] or result.fouled[p.j]:
            continue
        won[p.i] += p.rows.count(Outcome.WIN) == 3
        won[p.j] += p.rows.count(Outcome.LOSS) == 3
    return won


def _play(
    block: _Block, players: dict[str, Player], progress: Callable[[int], None] | None = None
) -> dict[str, PlayerStats]:
    """Play the block's deals with ``players``; ``progress`` hears after each deal."""
    seats, preset = block.seats, block.preset
    options = block.options or preset.default_options
    n = len(seats)
    stats = {name: PlayerStats(name) for name in players}
    levels = tuple(name if name in LEVEL_NAMES else None for name in seats)
    for k, treasure in enumerate(block.treasures):
        deal_seed = deal_seed_of(block.seed, block.first + k)
        hands, turned = deal_hands(deal_seed, n, options)
        sums: dict[str, list[float]] = {name: [] for name in players}
        for r in range(rotations(seats)):
            decisions, doubles = [], []
            views = [
                TableView(
                    preset=preset,
                    options=block.options,
                    players=n,
                    seat=s,
                    treasure=treasure,
                    levels=levels,
                    turned=turned,
                )
                for s in range(n)
            ]
            held = [hands[(s + r) % n] for s in range(n)]
            if block.exchange:
                way = block.exchange_way.for_deal(block.first + k + 1, n)
                passer = table_passer([players[name] for name in seats], views, deal_seed)
                held, views, _ = exchange_cards(passer, held, views, block.exchange, way)
            for s, name in enumerate(seats):
                played = players[name].decide(held[s], views[s], seed=deal_seed * 8 + s)
                decisions.append(played.decision)
                doubles.append(played.double if preset.double_picks else None)
                stats[name].seconds.append(played.seconds)
                if played.forfeit:
                    stats[name].forfeits.append(played.forfeit)
            result = score_table(preset, options, decisions, doubles, treasure)
            for s, name in enumerate(seats):
                sums[name].append(result.totals[s])
                stats[name].fouls += result.fouled[s]
            for name, won in zip(seats, seat_scoops(result), strict=True):
                stats[name].scoops += won
        for name, values in sums.items():
            stats[name].per_deal.append(statistics.fmean(values))
        if progress:
            progress(block.first + k + 1)
    return stats


def _pass(player: Player, hand: tuple[Card, ...], view: TableView, seed: int) -> tuple[Card, ...]:
    """What ``player`` passes in 換三張: a level by its own choice, any other in-process player (the reference)
    what the quick look likes least."""
    if isinstance(player, LevelPlayer):
        return choose_pass(hand, view, player.level, seed=seed).cards
    return candidates(hand, 1)[0]


def _play_block(block: _Block, progress: Callable[[int], None] | None = None) -> dict[str, PlayerStats]:
    """A worker process's task (and the arena's own, on one process): make the players, play the block, let the
    players go; ``progress`` hears after each deal."""
    players = _make_players(block)
    try:
        return _play(block, players, progress)
    finally:
        _close(players)


class Deals(Protocol):
    """A block of consecutive deals for a worker (the arena's and the field's): one treasure (possibly none) a deal."""

    @property
    def treasures(self) -> tuple[tuple[Card, ...], ...]: ...


def deals_in(block: Deals) -> int:
    """How many deals a block holds (what :func:`ai.workers.play_parallel` counts its progress in)."""
    return len(block.treasures)


def _play_in_blocks(
    whole: _Block, size: int, jobs: int, progress: Callable[[int, int], None] | None
) -> dict[str, PlayerStats]:
    """The deals of ``whole`` shared among ``jobs`` processes in blocks of ``size``, their players' records put
    back together in deal order."""
    deals = len(whole.treasures)
    blocks = [
        replace(whole, first=first, treasures=whole.treasures[first : first + size]) for first in range(0, deals, size)
    ]
    parts = play_parallel(_play_block, blocks, jobs, deals, progress, deals_in)
    stats = parts[0]
    for part in parts[1:]:
        for name, record in part.items():
            stats[name].extend(record)
    return stats


def run_arena(
    names: Sequence[str],
    deals: int,
    seed: int = 0,
    preset: Preset = Preset.TAIWAN,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int = 1,
    limits: BotLimits | None = None,
    exchange: int = 0,
    exchange_way: Direction = Direction.CLOCKWISE,
    options: Options | None = None,
) -> dict[str, object]:
    """Play ``deals`` duplicate deals and return the JSON-ready report.

    ``jobs`` processes share the deals (:func:`default_jobs` gives every core); the report is the same for
    any ``jobs`` but for the timings. An arena with an external bot (``cmd:``) is always played in this
    process, whatever ``jobs`` says: its program, and everything it starts, stays under this process's
    watch, and it is asked its questions in the same order every time. With ``jobs`` > 1 the workers are
    new interpreters (spawned), so a script calling this must keep its top level under
    ``if __name__ == "__main__":``. ``limits`` bound each external bot (:class:`ai.bots.BotLimits`).
    ``progress(done, total)`` hears after each deal (each block of deals with several processes).
    ``exchange`` rounds of 換三張 are passed before every hand is played (``exchange_way`` as a host sets it;
    an external bot cannot pass, so an arena with one refuses them).
    ``options`` replace the preset's defaults (the joker, RULES.md §20: ``Options.for_preset(p, {"joker": True})``).
    """
    if jobs < 1:
        raise ValueError("jobs must be 1 or more")
    seats = tuple(seat_names(names))
    for name in seats:
        check_player_name(name)
    treasures = treasures_for(seed, deals, preset)
    if any(name.startswith(EXTERNAL) for name in seats):
        if exchange:
            raise ValueError("an external bot cannot pass cards: play 換三張 between in-process players")
        jobs = 1
    size = block_size(deals, jobs)
    limits = limits or BotLimits()
    block = _Block(seats, preset, seed, 0, tuple(treasures), limits, exchange, exchange_way, options)
    if jobs == 1 or deals <= size:
        stats = _play_block(block, (lambda done: progress(done, deals)) if progress else None)
    else:
        stats = _play_in_blocks(block, size, jobs, progress)
    report = report_head(preset, deals, options, exchange, exchange_way)
    report["players"] = [record.summary() for record in stats.values()]
    return noted(report, preset, seats, exchange)


def report_head(
    preset: Preset, deals: int, options: Options | None, exchange: int, exchange_way: Direction
) -> dict[str, object]:
    """What every arena report opens with: the rules, the deals, the joker and the exchange if played."""
    report: dict[str, object] = {"rules": preset.value, "deals": deals}
    if options is not None and options.joker:
        report["joker"] = True
    if exchange:
        report["exchange"] = {"rounds": exchange, "way": exchange_way.value}
    return report


def noted(report: dict[str, object], preset: Preset, names: Sequence[str], exchange: int) -> dict[str, object]:
    """``report`` with the :func:`equal_by_rule` note, where there is one."""
    note = equal_by_rule(preset, names, exchange)
    if note:
        report["note"] = note
    return report


def block_size(deals: int, jobs: int) -> int:
    """Deals per task on ``jobs`` processes: small blocks, for fine-grained progress and a prompt Ctrl+C."""
    return max(1, min(BLOCK_DEALS, deals // (jobs * 16)))


# The levels that reach backrow's exact answer: the strongest back the cards make (RULES.md §17). Since issue 39
# `easy` and `normal` misjudge close calls there too (a back a kicker or a pair weaker), as a person would.
_EXACT_IN_BACKROW = frozenset({Level.HARD.value, Level.EXPERT.value})


def equal_by_rule(preset: Preset, names: Sequence[str], exchange: int = 0) -> str | None:
    """Why some of these players cannot differ at ``preset``'s table whatever the deals, or None.

    An arena between them measures nothing, and the report says so rather than leave a reader to make
    something of a 0.000 ± 0.000 (assets/ai/README.md, "backrow"). With 換三張 (``exchange`` rounds) the
    levels pass by their own budgets and so hold different hands: backrow's levels can differ then."""
    if not preset.arranged:
        return "nobody arranges in the pattern ladder (RULES.md §19): every player scores alike by rule"
    same = [name for name in dict.fromkeys(names) if name in _EXACT_IN_BACKROW]
    if preset is Preset.BACKROW and len(same) > 1 and not exchange:
        who = f"{', '.join(same[:-1])} and {same[-1]}"
        return (
            f"{who} play the strongest back the cards make (RULES.md §17): "
            "equal by construction, so only the lower levels' shortfalls can show"
        )
    return None
