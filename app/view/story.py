"""The reveal's story as the board tells it: each beat's title and who scored what, compact or spread out.

:class:`Narrator` is built by the board (:class:`~app.view.board.BoardText`) for each drawing (the board's height
decides whether the items of a beat go one a line); it holds only words, the preset and the seat names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.text import Text

from app.game import DealRecord, ItemLine, RevealStep, StepKind
from app.i18n import Translator
from app.view.formatting import SPECIAL_IDS, item_name, signed
from rules.arrangement import Row
from rules.deal import Outcome
from rules.presets import Preset


def step_title(t: Translator, step: RevealStep, preset: Preset) -> str:
    """The heading of a reveal step ("Fronts 頭道", "打槍 Sweeps", "紅不讓" or "全壘打", …)."""
    if step.kind is StepKind.ROW and step.row is not None:
        return t(f"results.step.{step.row.id}")
    if step.kind is StepKind.HOME_RUNS:
        return t("results.step.home_runs_taiwan" if preset.taiwan_family else "results.step.home_runs")
    return t(f"results.step.{step.kind}")


def group_lines(lines: Iterable[ItemLine]) -> dict[tuple[int, str], tuple[int, list[int]]]:
    """Reveal lines grouped by (winner, kind): the total and who paid it, in the order they came."""
    out: dict[tuple[int, str], tuple[int, list[int]]] = {}
    for ln in lines:
        value, losers = out.get((ln.winner, ln.kind), (0, []))
        out[(ln.winner, ln.kind)] = (value + ln.value, [*losers, ln.loser])
    return out


class Narrator:
    """Tells the reveal's beats (see the module docstring)."""

    def __init__(self, t: Translator, preset: Preset, seat_name: Callable[[int], str], tall: bool) -> None:
        self.t, self.preset, self.seat_name, self.tall = t, preset, seat_name, tall

    def story(self, rec: DealRecord, steps: Sequence[RevealStep], spread: bool = False) -> Text:
        """The reveal so far, compact enough for the board: the three rows on one line, and each kind of
        item on one line after its title (wrapping only when the width runs out); ``spread``: each item on
        a line of its own under its title, for a board with lines to spare."""
        rows = [self.step_text(rec, step) for step in steps if step.kind is StepKind.ROW]
        # Each row on its own line where there is room (every seat is named, zeros too, so one line of three
        # rows no longer fits 80 columns).
        lines = rows if spread else [Text("   ").join(rows)] if rows else []
        lines += [
            self.step_text(rec, step, run_on=not spread, spread=spread)
            for step in steps
            if step.kind is not StepKind.ROW
        ]
        return Text("\n").join(lines)

    def step_text(self, rec: DealRecord, step: RevealStep, run_on: bool = False, spread: bool = False) -> Text:
        """One reveal beat: its title, then who scored what (rows: each seat's gain; items: named lines, one
        a line on a tall board unless ``run_on``)."""
        out = Text(step_title(self.t, step, self.preset), style=self._title_style(step))
        if step.kind is StepKind.TOTALS:
            out.append("  " + self.figures(rec, rec.units or (0,) * 4))
            return out
        if step.kind is StepKind.ROW:
            # Every seat, zeros too. The taiwan family settles a pair's rows together once the backs are in
            # (2-1 pays 1, three rows 6), so its row beats say how many seats each one beat in the row, and
            # the back's what the rows paid; the others pay each row as it is turned.
            if self.preset.taiwan_family and step.row is not None:
                out.append("  " + self.rows_won(rec, step.row, step.delta if step.row is Row.BACK else None))
            else:
                out.append("  " + self.figures(rec, step.delta))
            fouls = [self.seat_name(s) for s in rec.seats if rec.fouled(s)]
            if fouls and step.row is Row.FRONT:
                out.append("\n" + self.t("results.fouled", seats=", ".join(fouls)), style="red")
            return out
        lines = [
            self.t(
                "results.line",
                winner=self.seat_name(w),
                item=item_name(self.t, kind, self.preset),
                value=value,
                losers=", ".join(self.seat_name(lo) for lo in losers),
            )
            for (w, kind), (value, losers) in group_lines(step.lines).items()
        ]
        if lines:
            # One per line when there is room; run on (and wrap) on a short board or in the story.
            if (self.tall or spread) and not run_on:
                out.append("\n" + "\n".join(lines))
            else:
                out.append(("  " if run_on else "\n") + "  ·  ".join(lines))
        return out

    def figures(self, rec: DealRecord, values: Sequence[int]) -> str:
        """Every seat of ``rec`` with its figure, zeros too: ``You +3  East -1  North -2``."""
        return "  ".join(f"{self.seat_name(s)} {signed(values[s])}" for s in rec.seats)

    def rows_won(self, rec: DealRecord, row: Row, paid: Sequence[int] | None) -> str:
        """Every seat of ``rec`` with the number of seats it beat in ``row`` (and, given ``paid``, what the rows
        paid it): ``You won 3 (+3)  East won 1 (-1)``."""
        result = rec.result
        assert result is not None
        pairs = {(p.i, p.j) for p in result.pairs}  # a banker game pairs each seat with the banker only
        out = []
        for s in rec.seats:
            beaten = 0
            for o in rec.seats:
                i, j = rec.position(s), rec.position(o)
                rows = result.pair(i, j).rows if (i, j) in pairs or (j, i) in pairs else None
                beaten += rows is not None and rows[row] is Outcome.WIN
            won = self.t("results.row_won", seat=self.seat_name(s), n=beaten)
            out.append(won if paid is None else f"{won} ({signed(paid[s])})")
        return "  ".join(out)

    @staticmethod
    def _title_style(step: RevealStep) -> str:
        """A reveal beat's title style: 打槍 and 紅不讓/全壘打, and special hands, are a banner moment."""
        if step.kind is StepKind.HOME_RUNS:
            return "bold reverse magenta"
        if step.kind is StepKind.SWEEPS or any(line.kind in SPECIAL_IDS for line in step.lines):
            return "bold reverse yellow"
        return "bold"
