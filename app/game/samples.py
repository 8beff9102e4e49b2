"""A pool of real deal records, played quickly at every preset (the history's bench fills its file with them)."""

from __future__ import annotations

from typing import Any

from ai import Level
from app.config import TableConfig
from rules.presets import Preset

from .phase import Phase
from .requests import run_ai
from .table import Table


def sample_records(deals: int = 25, seed: int = 2026) -> list[dict[str, Any]]:
    """``deals`` deals of each preset, as :meth:`DealRecord.to_dict` writes them; every seat at level easy
    (the player's seat taken over), so that the pool is made in a second or two. Played headlessly through the
    table's own conducting calls (:meth:`Table.deal`, :meth:`Countdown.accept`, :meth:`Table.run`)."""
    out: list[dict[str, Any]] = []
    for preset in Preset:
        config = TableConfig(
            preset=preset, options=preset.default_options, seed=seed, time_limit=0, levels=(Level.EASY,) * 3
        )
        table = Table(config)
        for _ in range(deals):
            step = table.deal()
            if table.phase is Phase.ROUND_SUMMARY:  # arcade: a round is over, the next deal starts the next
                step = table.deal()
            request = table.asking.takeover_request()
            step = table.run(table.countdown.accept(request, run_ai(request)).then(step))
            assert step.scored is not None
            out.append(step.scored.to_dict())
            table.reveal.finish()
            if table.outcome.reason() is not None:
                table = Table(config)
    return out
