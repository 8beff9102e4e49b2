"""One way to save and restore a session (:meth:`app.game.saving.Saving.save`, :func:`app.game.resume.restore`):
save → restore → save is the identity for sessions of every preset and option, and the restored table deals the
next deal the first table would have dealt (its cards, its bank and every seat's stake)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import Level
from app.config import TableConfig
from app.game import Phase, Table
from app.game.record import Decider
from app.game.resume import restore
from rules.exchange import Direction
from rules.presets import OptionError, Preset, TieRule
from tests.app.history_helpers import random_decision
from tests.tiers import examples


def _pass_everything(table: Table) -> None:
    """Play the deal's exchange, if any: the computers' passes and the player's first three cards."""
    while table.phase is Phase.EXCHANGING:
        table.exchange.decide()
        if table.exchange.can_pick:
            state = table.arrange
            assert state is not None
            for card in state.order[:3]:
                state = state.move_to(card).toggle_select()
            table.apply(state)
            table.exchange.give()


@st.composite
def sessions(draw: st.DrawFn) -> tuple[TableConfig, int, int]:
    preset = draw(st.sampled_from(list(Preset)))
    options = replace(
        preset.default_options,
        exempt=draw(st.booleans()),
        joker=draw(st.booleans()) and preset.arranged,
        suit_tiebreak=draw(st.booleans()),
        ties=draw(st.sampled_from(list(TieRule))),
    )
    values = {
        "preset": preset,
        "options": options,
        "seed": draw(st.integers(0, 2**31 - 1)),
        "time_limit": 0,
        "players": draw(st.sampled_from([2, 3, 4])),
        "banker": draw(st.booleans()),
        "watch": draw(st.booleans()),
        "scored": draw(st.booleans()),
        "levels": (Level.EASY,) * 3,
        "watch_level": Level.EASY,
        "exchange": draw(st.integers(0, 2)) if preset.arranged else 0,
        "exchange_way": draw(st.sampled_from(list(Direction))),
        "player_stake": draw(st.sampled_from([1, 2, 3, 5])),
    }
    try:
        config = TableConfig(**values)  # type: ignore[arg-type]
    except OptionError:
        config = TableConfig(preset=preset, seed=values["seed"], time_limit=0, levels=(Level.EASY,) * 3)
    return config, draw(st.integers(0, 4)), draw(st.integers(0, 1000))


def _played(config: TableConfig, deals: int, seed: int) -> Table:
    table = Table(config)
    rng = random.Random(seed)
    for _ in range(deals):
        if table.phase is Phase.OVER or table.outcome.reason() is not None:
            break
        if table.phase is not Phase.DEALING and table.next() is Phase.ROUND_SUMMARY:
            table.next()
        if table.phase is Phase.DEALING:
            table.start_deal()
        _pass_everything(table)
        rec = table.current
        assert rec is not None
        for seat in rec.seats:  # random decisions (fouls among them), set straight on the record
            rec.decisions[seat] = random_decision(rec.hands[seat], rng, table.preset)
            rec.decided_by[seat] = Decider.PLAYER if seat == rec.human else Decider.level(table.seating.levels[seat])
        if rec.human is not None:
            rec.seconds = rng.uniform(1.0, 60.0)
        table.score()
        table.reveal.finish()
    return table


# 5 sessions every day (each plays up to four deals, passes included: 60 were the everyday tier's slowest test, and
# 20 some 3 s of CPU), 100 in the soak tier.
@settings(max_examples=examples(5, soak=100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_save_restore_save_is_the_identity(session: tuple[TableConfig, int, int]) -> None:
    config, deals, seed = session
    table = _played(config, deals, seed)
    saved = table.saving.save()
    json.dumps(saved)  # JSON-ready
    again = restore(json.loads(json.dumps(saved)))
    assert again.saving.save() == saved
    assert again.totals.money() == table.totals.money() and again.phase is Phase.DEALING
    if table.phase is not Phase.OVER and table.outcome.reason() is None and not table.totals.ledger.round_over:
        # The next deal is the one the first table would have dealt.
        first = table.start_deal() if table.phase is Phase.DEALING else (table.next(), table.current)[1]
        restored = again.start_deal()
        assert first is not None and restored.hands == first.hands
        assert restored.banker == first.banker and restored.stakes == first.stakes  # the computers' stakes too
