"""The ★ on a row marks the best hand at the table in that row, whoever was compared with whom (issue 40,
item 4: at a banker table a queen-high flush had it and a king-high one did not)."""

from __future__ import annotations

from app.config import TableConfig
from app.game import Table, row_winners
from app.game.conduct import play_out
from rules.arrangement import Row
from rules.presets import Preset


def test_the_star_is_the_strongest_row_laid_down_at_every_kind_of_table() -> None:
    for preset, banker in ((Preset.TAIWAN, False), (Preset.HONGKONG, True), (Preset.SHISANSHUI, False)):
        for seed in range(6):
            table = Table(TableConfig(preset=preset, seed=seed, time_limit=0, watch=True, banker=banker))
            play_out(table, table.deal())
            rec = table.current
            assert rec is not None and rec.result is not None
            for row in Row:
                keys = {
                    s: d.arrangement.values(rec.options.wheel)[row].key(rec.options.suit_tiebreak)
                    for s, d in rec.decisions.items()
                    if d.arrangement is not None and not rec.fouled(s)
                }
                stars = row_winners(rec, row)
                assert all(keys[s] == max(keys.values()) for s in stars), (preset, seed, row)
                assert stars or len(set(keys.values())) < 2, (preset, seed, row)
