"""The reveal's row beats in the taiwan family: the rows are paid together once the backs are in, so each row
beat says how many seats each player beat in that row (never a row of zeros after a player won every front),
and the back's what the rows paid (issue 40, item 2)."""

from __future__ import annotations

from app.config import TableConfig
from app.game import StepKind, Table
from app.game.conduct import play_out
from app.i18n import Translator
from app.view.story import Narrator
from rules.deal import Outcome
from rules.presets import Preset


def test_the_taiwan_row_beats_count_the_seats_each_player_beat() -> None:
    table = Table(TableConfig(preset=Preset.TAIWAN, seed=5, time_limit=0, watch=True))
    play_out(table, table.deal())
    rec = table.current
    assert rec is not None and rec.result is not None
    names = {0: "S", 1: "E", 2: "N", 3: "W"}
    narrator = Narrator(Translator("en"), Preset.TAIWAN, names.__getitem__, True)
    rows = [step for step in table.reveal.steps if step.kind is StepKind.ROW]
    for step in rows:
        assert step.row is not None
        text = narrator.step_text(rec, step).plain
        for s in rec.seats:
            beaten = sum(
                rec.result.pair(rec.position(s), rec.position(o)).rows[step.row] is Outcome.WIN  # type: ignore[index]
                for o in rec.seats
                if o != s
            )
            assert f"{names[s]} won {beaten}" in text, text
    back = narrator.step_text(rec, rows[-1]).plain
    assert all(f"({'+' if rows[-1].delta[s] > 0 else ''}{rows[-1].delta[s]})" in back for s in rec.seats), back
