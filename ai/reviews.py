"""What the coach says of a seat's decisions in one deal, as data: the plays priced, the parts of the price
(each pass of 換三張 and the rows) and the review that holds them, each read back from its JSON.

Computed by :mod:`ai.coach`; kept apart from it so that whatever only reads a stored review (the history, the
menu's rating, the records) does not load the search, numpy's tables and the bank behind it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Protocol

from rules.deal import Decision
from rules.presets import Preset

from .contract import PricedDecision
from .verdicts import Verdict, verdict_for


class Budget(StrEnum):
    """How many pricing tables the coach spends (a Settings choice): more is slower and more precise."""

    QUICK = "quick"
    STANDARD = "standard"
    DEEP = "deep"


@dataclass(frozen=True)
class PricedPlay(PricedDecision):
    """One play priced on the coach's tables: ``ev`` is the mean units a deal over them."""

    row_wins: tuple[float, float, float] | None  # each row's share of opponents' rows beaten (a tie half)
    sweeps_given: float  # share of the opponents this play sweeps (打槍)
    sweeps_taken: float  # share of the opponents that sweep it

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.decision.to_dict(),
            "ev": self.ev,
            "row_wins": list(self.row_wins) if self.row_wins is not None else None,
            "sweeps_given": self.sweeps_given,
            "sweeps_taken": self.sweeps_taken,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PricedPlay:
        wins = data.get("row_wins")
        return cls(
            Decision.from_dict(data["decision"]),
            float(data["ev"]),
            tuple(float(w) for w in wins) if wins is not None else None,  # type: ignore[arg-type]
            float(data["sweeps_given"]),
            float(data["sweeps_taken"]),
        )


class Priced(Protocol):
    """A priced decision of the deal other than the rows (a pass of 換三張: :class:`ai.exchange.PassReview`); read
    only, as that frozen dataclass's fields are."""

    @property
    def loss(self) -> float: ...

    @property
    def ci95(self) -> float: ...

    @property
    def verdict(self) -> Verdict: ...


class PartKind(StrEnum):
    """Which decision of a deal a part of the coach's price is."""

    PASS = "pass"  # a pass of 換三張 (its round in :attr:`Part.round`)
    ROWS = "rows"  # the arrangement (or the declaration)


@dataclass(frozen=True)
class Part:
    """One decision's share of a deal's price: its loss, its interval and its own verdict."""

    kind: PartKind
    loss: float
    ci95: float
    verdict: Verdict
    round: int | None = None  # a pass: its round of the exchange (0-based)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "loss": self.loss,
            "ci95": self.ci95,
            "verdict": self.verdict.value,
        }
        if self.round is not None:
            out["round"] = self.round
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Part:
        rnd = data.get("round")
        return cls(
            PartKind(data["kind"]),
            float(data["loss"]),
            float(data["ci95"]),
            Verdict(data["verdict"]),
            None if rnd is None else int(rnd),
        )


@dataclass(frozen=True)
class Review:
    """The coach's word on a seat's decisions in one deal: the play, the best, the next best, and the loss with
    its verdict. ``loss``, ``ci95`` and ``verdict`` are the whole deal's: with 換三張 they add the passes' losses to
    the rows' (:meth:`with_passes`; ``parts`` itemises them), else they are the rows' alone."""

    preset: Preset
    played: PricedPlay
    best: PricedPlay
    alternatives: tuple[PricedPlay, ...]
    loss: float  # units the decisions give up against the best (0 when they do as well)
    ci95: float  # 95% half-width of the loss
    verdict: Verdict
    tables: int  # pricing tables
    parts: tuple[Part, ...] = ()  # the passes, then the rows: empty when the rows are the only decision

    @property
    def same_as_best(self) -> bool:
        """Whether the player played the best play's rows (or its declaration) and made no pass worse than the
        best: nothing was lost anywhere."""
        return self.rows_as_best and self.passes_loss <= 0

    @property
    def rows_as_best(self) -> bool:
        """Whether the rows (or the declaration) played are the best play's, whatever the passes lost."""
        return same_play(self.played.decision, self.best.decision)

    @property
    def rows_part(self) -> Part:
        """The arrangement's own share: its loss, interval and verdict."""
        for part in self.parts:
            if part.kind is PartKind.ROWS:
                return part
        return Part(PartKind.ROWS, self.loss, self.ci95, self.verdict)

    @property
    def passes_loss(self) -> float:
        """What the passes of 換三張 lost, together (0 without them)."""
        return sum(p.loss for p in self.parts if p.kind is PartKind.PASS)

    @property
    def worst(self) -> Part | None:
        """The part that lost most, when the deal had more than one decision (None otherwise)."""
        if len(self.parts) < 2:
            return None
        return max(self.parts, key=lambda p: p.loss)

    def with_passes(self, passes: Sequence[tuple[int, Priced]]) -> Review:
        """This review of the rows with the seat's priced passes added, as (round, priced pass) pairs in the
        order of the rounds (a round the computer chose for the player is not among them): the loss is the sum of
        the parts' (the pass pricing and the rows pricing draw their own tables, so their errors are independent
        and the intervals add in quadrature), and the verdict follows the sum of what each part counts by its
        own verdict's rule (the rows' loss; a pass's loss less its interval, RULES.md §21)."""
        rows = self.rows_part
        if not passes:
            return replace(self, loss=rows.loss, ci95=rows.ci95, verdict=rows.verdict, parts=())
        parts = (*(Part(PartKind.PASS, p.loss, p.ci95, p.verdict, k) for k, p in passes), rows)
        loss = round(sum(p.loss for p in parts), 4)
        ci = round(math.sqrt(sum(p.ci95**2 for p in parts)), 4)
        # Each part counts toward the verdict as its own verdict counts it: the rows by their loss, a pass by the
        # part of its loss the pass coach is sure of (so a pass it calls best never makes the deal worse).
        counted = rows.loss + sum(max(0.0, p.loss - p.ci95) for _k, p in passes)
        return replace(self, loss=loss, ci95=ci, verdict=verdict_for(counted, self.preset), parts=parts)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "preset": self.preset.value,
            "played": self.played.to_dict(),
            "best": self.best.to_dict(),
            "alternatives": [a.to_dict() for a in self.alternatives],
            "loss": self.loss,
            "ci95": self.ci95,
            "verdict": self.verdict.value,
            "tables": self.tables,
        }
        if self.parts:
            out["parts"] = [p.to_dict() for p in self.parts]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        return cls(
            Preset(data["preset"]),
            PricedPlay.from_dict(data["played"]),
            PricedPlay.from_dict(data["best"]),
            tuple(PricedPlay.from_dict(a) for a in data["alternatives"]),
            float(data["loss"]),
            float(data["ci95"]),
            Verdict(data["verdict"]),
            int(data["tables"]),
            tuple(Part.from_dict(p) for p in data.get("parts", ())),
        )


def same_play(a: Decision, b: Decision) -> bool:
    """Whether two decisions are the same play: the same declaration, or the same cards in each row."""
    if a.declare is not None or b.declare is not None:
        return a.declare == b.declare
    assert a.arrangement is not None and b.arrangement is not None
    return [sorted(r) for r in a.arrangement.rows] == [sorted(r) for r in b.arrangement.rows]
