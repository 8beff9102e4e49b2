"""Quick sessions for the history's tests: random (often fouled) decisions set straight on the table, no AI,
so that thousands of deals take seconds."""

from __future__ import annotations

import random

from ai import Level
from app.config import TableConfig
from app.game.journal import Journal
from app.game.record import DealRecord, Decider
from app.game.table import Table
from rules.arrangement import Arrangement
from rules.deal import Decision
from rules.presets import Preset
from rules.specials import detect_specials


def random_decision(hand: tuple, rng: random.Random, preset: Preset) -> Decision:
    """A random split of ``hand`` (a foul more often than not), or a special it makes, half the time."""
    specials = sorted(detect_specials(hand) & preset.specials, key=lambda s: s.id)
    if specials and rng.random() < 0.5:
        return Decision.declared(hand, rng.choice(specials))
    cards = list(hand)
    rng.shuffle(cards)
    return Decision.arranged(Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:])))


def play_random_deal(table: Table, rng: random.Random, seconds: float = 7.5) -> DealRecord:
    """Deal, decide every seat at random, score; the reveal finished."""
    rec = table.start_deal()
    for seat in rec.seats:
        rec.decisions[seat] = random_decision(rec.hands[seat], rng, table.preset)
        rec.decided_by[seat] = Decider.PLAYER if seat == rec.human else Decider.level(table.seating.levels[seat])
        if table.preset is Preset.ARCADE and rng.random() < 0.5:
            rec.doubles[seat] = rng.choice([s for s in rec.seats if s != seat])
    if rec.human is not None:
        rec.seconds = seconds + rng.random()
    table.score()
    table.reveal.finish()
    return rec


def config(preset: Preset, seed: int, **kw: object) -> TableConfig:
    """A table of ``preset`` with no clock, seeded."""
    values = {
        "preset": preset,
        "options": preset.default_options,
        "seed": seed,
        "time_limit": 0,
        "levels": (Level.HARD, Level.NORMAL, Level.EASY),
        **kw,
    }
    return TableConfig(**values)  # type: ignore[arg-type]


def play_session(preset: Preset, seed: int, deals: int, journal: Journal | None = None, **kw: object) -> Table:
    """A session of up to ``deals`` random deals (fewer when it ends by the rules)."""
    rng = random.Random(seed)
    table = Table(config(preset, seed, **kw), journal=journal)
    for _ in range(deals):
        if table.outcome.reason() is not None:
            break
        play_random_deal(table, rng)
    return table
