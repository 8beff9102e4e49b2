"""Real deals for the history tests: sessions played through the table's own API (the player's hand arranged
by the helper after some seconds on an injected clock, or a special declared), and record dicts made once per
process for the tests that insert many deals."""

from __future__ import annotations

import json
import random
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

from ai.reviews import Budget
from app.config import TableConfig
from app.game.coach import run_coach
from app.game.journal import Journal
from app.game.phase import Phase
from app.game.record import Decider
from app.game.requests import run_ai
from app.game.table import Table
from app.store.database import History
from rules.arrangement import Arrangement, is_foul
from rules.deal import Decision
from rules.dealing import deal_by_key, session_key
from rules.presets import Preset
from rules.specials import detect_specials
from tests.clock import Clock


class Collect:
    """A recorder that keeps each scored deal's record dict (no database)."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def deal_scored(self, table: Table, rec: Any) -> None:
        self.records.append(rec.to_dict())

    def reviewed(self, deal: int, seat: int, review: Any) -> None:
        pass

    def ended(self, table: Table) -> None:
        pass

    def take_notice(self) -> None:
        return None


def table_for(
    preset: Preset, seed: int, journal: Any = None, *, watch: bool = False, clock: Clock | None = None
) -> Table:
    """A seeded table of ``preset`` with no time limit."""
    # Hongkong is played as it is by default, a banker game, so that its records carry the bank and stakes.
    config = TableConfig(
        preset=preset,
        options=preset.default_options,
        seed=seed,
        time_limit=0,
        watch=watch,
        banker=preset.banker_by_default,
    )
    return Table(config, journal=journal, now=clock or Clock())


def play_deal(table: Table, rng: random.Random, *, foul: bool = False, review: bool = False) -> bool:
    """Deal and play the table's next deal to its results; False when the session is over instead.

    The player arranges the helper's play (or declares a special the hand makes) after 2 to 60 seconds on the
    table's clock; ``foul`` has the player's rows swapped into a foul instead (the table's READY refuses a
    foul, so the decision is put in directly, as an imported deal may hold one); ``review`` has the coach price
    the player's decision at the quick budget, as the table screen does."""
    if table.phase is Phase.DEALING:
        table.start_deal()
    else:
        if table.next() is Phase.ROUND_SUMMARY:
            table.next()
        if table.phase is not Phase.ARRANGING:
            return False
    rec = table.current
    assert rec is not None
    if table.human is not None:
        state = table.arrange
        assert state is not None
        table.now.t += rng.uniform(2.0, 60.0)  # type: ignore[attr-defined]
        if not table.preset.arranged:  # the pattern ladder: nothing to arrange, READY at once
            table.ready()
        elif state.specials and not foul:
            table.apply(state.declare(min(state.specials)))
            table.ready()
        else:
            decision = run_ai(table.asking.takeover_request()).decision
            arrangement = decision.arrangement
            if arrangement is None:  # the helper declared: so does the player
                table.apply(state.declare(decision.declare))
                table.ready()
            elif foul and is_foul(swapped := Arrangement(arrangement.front, arrangement.back, arrangement.middle)):
                rec.decisions[table.human] = Decision.arranged(swapped)
                rec.decided_by[table.human] = Decider.PLAYER
                rec.seconds = 5.0
            else:
                table.apply(state.with_arrangement(arrangement))
                table.ready()
    table.decide_computers()
    if table.phase is Phase.ARRANGING:  # the player's decision was put in directly: not conducted
        table.score()
    if review and table.human is not None:
        request = table.coach.request(rec, table.human, table.asking.view_for(table.human), Budget.QUICK)
        assert request is not None
        table.coach.accept(request, run_coach(request))
    table.reveal.finish()
    return True


def play_session(
    history: History | None,
    preset: Preset,
    seed: int,
    deals: int,
    *,
    watch: bool = False,
    reviews: int = 0,
    fouls: int = 0,
) -> tuple[Table, Journal]:
    """A session of up to ``deals`` deals recorded by a :class:`Journal` (fewer when the rules end it); the
    first ``reviews`` deals are priced by the coach, the first ``fouls`` are fouled by the player."""
    journal = Journal(history)
    table = table_for(preset, seed, journal, watch=watch)
    rng = random.Random(seed)
    for k in range(deals):
        if not play_deal(table, rng, review=k < reviews, foul=k < fouls):
            break
    return table, journal


@cache
def _records(per_preset: int) -> str:
    out: list[dict[str, Any]] = []
    for n, preset in enumerate(Preset):
        collect = Collect()
        table = table_for(preset, 100 + n, collect)
        rng = random.Random(n)
        for k in range(per_preset):
            if not play_deal(table, rng, foul=k == 1):
                break
        watch = table_for(preset, 200 + n, collect, watch=True)
        play_deal(watch, rng)
        out += collect.records
    collect = Collect()
    play_deal(table_for(Preset.SHISANSHUI, special_seed(Preset.SHISANSHUI), collect), random.Random(0))
    return json.dumps(out + collect.records)


def special_seed(preset: Preset) -> int:
    """The first session seed whose first deal gives the player (seat 0) a special hand of ``preset``."""
    return next(
        s for s in range(10_000) if detect_specials(deal_by_key(session_key(s, 1), 4).hands[0]) & preset.specials
    )


def sample_records(per_preset: int = 3) -> list[dict[str, Any]]:
    """Record dicts of real deals (fresh copies): of each preset, ``per_preset`` played by the player (the second
    one fouled) and one watched; last, a shisanshui deal where the player declares a special."""
    return json.loads(_records(per_preset))


def numbered(record: dict[str, Any], number: int) -> dict[str, Any]:
    """``record`` as deal ``number`` of its session."""
    return {**record, "number": number}


def connect(path: Path) -> sqlite3.Connection:
    """A plain connection to a history file, in autocommit mode (as the store uses it)."""
    return sqlite3.connect(path, isolation_level=None)
