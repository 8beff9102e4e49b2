"""The coach at the table: which decisions it prices, the requests that price them (plain data for a worker
thread), the reviews of the session and the player's running measure of skill.

Plain Python, like the rest of :mod:`app.game`; the pricing itself is :func:`ai.coach.review`.

The same concept on another floor: the table's side of :mod:`ai.coach`; its words are :mod:`app.view.coach`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai import Budget, PassReview, Review, TableView, Verdict, review, review_pass
from rules.cards import Card
from rules.deal import Decision

from .record import DealRecord
from .requests import COMPUTING
from .seat_decisions import own_passes


def coach_seed(rec: DealRecord, seat: int) -> int:
    """The seed of the coach's pricing of ``seat``'s play in ``rec``; auto-arrange's advice to that seat is
    drawn on it too, so that the play it offers first is the one the coach calls best."""
    return rec.seed ^ (seat << 20)


@dataclass(frozen=True)
class CoachRequest:
    """One decision to price: the deal and seat it belongs to, and everything :func:`review` needs."""

    deal: int
    seat: int
    hand: tuple[Card, ...]
    played: Decision
    view: TableView
    seed: int
    budget: Budget = Budget.STANDARD


def run_coach(request: CoachRequest) -> Review:
    """Price ``request`` (blocking, some 0.2 s at the standard budget: run it in a worker thread)."""
    with COMPUTING:  # one computation at a time (app/game/requests.py)
        return review(request.hand, request.played, request.view, tables=request.budget, seed=request.seed)


@dataclass(frozen=True)
class PassCoachRequest:
    """One pass of 換三張 to price: the deal, seat and round it belongs to, the hand it was made from."""

    deal: int
    seat: int
    round: int
    hand: tuple[Card, ...]
    played: tuple[Card, ...]
    view: TableView
    seed: int


def run_pass_coach(request: PassCoachRequest) -> PassReview:
    """Price ``request``'s pass (blocking, a second or two: run it in a worker thread)."""
    with COMPUTING:
        return review_pass(request.hand, request.played, request.view, seed=request.seed)


@dataclass(frozen=True)
class Skill:
    """A seat's running measure over the deals the coach priced this session."""

    deals: int
    mean_loss: float  # units lost a deal
    best_share: float  # share of plays the coach found best

    @property
    def priced(self) -> bool:
        return self.deals > 0


@dataclass
class Coach:
    """The session's reviews, by (deal number, seat), and which are being priced.

    A review is the whole deal's: with 換三張 the rows' price and each of the seat's own passes' are priced apart
    (:attr:`rows`, :attr:`passes`) and the review kept (:attr:`reviews`, what the board, History and the
    figures read) once every part is in, its loss their sum (:meth:`ai.reviews.Review.with_passes`)."""

    reviews: dict[tuple[int, int], Review] = field(default_factory=dict)
    pending: set[tuple[int, int]] = field(default_factory=set)
    listener: Callable[[int, int, Review], None] | None = None  # told of each review kept (the history)
    rows: dict[tuple[int, int], Review] = field(default_factory=dict)  # the rows priced alone, by (deal, seat)
    budget: Budget = Budget.STANDARD  # the pricing tables (the player's setting): auto-arrange's advice uses it too
    passes: dict[tuple[int, int, int], PassReview] = field(default_factory=dict)  # 換三張: (deal, seat, round)
    passes_pending: set[tuple[int, int, int]] = field(default_factory=set)
    # Auto-arrange's constrained suggestions, by (deal, seat): how many placed cards they kept, and the plays.
    constrained: dict[tuple[int, int], tuple[int, tuple[Decision, ...]]] = field(default_factory=dict)

    def note_constrained(self, deal: int, seat: int, around: int, plays: Sequence[Decision]) -> None:
        """Remember that auto-arrange offered ``plays`` around ``around`` placed cards (the best from scratch
        is not among them), so that a verdict on one of them can say it was constrained."""
        _, before = self.constrained.get((deal, seat), (0, ()))
        self.constrained[(deal, seat)] = (around, (*before, *plays))

    def note_unconstrained(self, deal: int, seat: int, play: Decision) -> None:
        """``play`` is also the best from scratch: a verdict on it is not a constrained one."""
        around, plays = self.constrained.get((deal, seat), (0, ()))
        self.constrained[(deal, seat)] = (around, tuple(p for p in plays if p != play))

    def constrained_around(self, deal: int, seat: int, played: Decision) -> int:
        """How many placed cards the suggestion ``played`` was built around; 0 when it was not a constrained
        suggestion (the player's own play, or a suggestion from scratch)."""
        around, plays = self.constrained.get((deal, seat), (0, ()))
        return around if played in plays else 0

    def request(
        self, rec: DealRecord, seat: int, view: TableView, budget: Budget = Budget.STANDARD
    ) -> CoachRequest | None:
        """The request pricing ``seat``'s decision in ``rec`` (None when it is decided already, priced or
        being priced, or the seat has not decided)."""
        key = (rec.number, seat)
        if not rec.preset.arranged:  # the pattern ladder: nobody decides anything, so there is nothing to price
            return None
        if key in self.rows or key in self.reviews or key in self.pending or seat not in rec.decisions:
            return None
        self.pending.add(key)
        return CoachRequest(rec.number, seat, rec.hands[seat], rec.decisions[seat], view, coach_seed(rec, seat), budget)

    def pass_requests(self, rec: DealRecord, seat: int, view: TableView) -> list[PassCoachRequest]:
        """The requests pricing each of ``seat``'s passes in ``rec`` not yet priced or being priced (never one the
        computer chose for the player: :func:`.seat_decisions.own_passes`)."""
        out = []
        for made in own_passes(rec, seat):
            k = made.round
            assert k is not None
            key = (rec.number, seat, k)
            if key in self.passes or key in self.passes_pending:
                continue
            self.passes_pending.add(key)
            out.append(
                PassCoachRequest(
                    rec.number,
                    seat,
                    k,
                    rec.hand_before(seat, k),
                    made.cards,
                    view,
                    coach_seed(rec, seat) ^ (k + 1) << 24,
                )
            )
        return out

    def accept_pass(self, request: PassCoachRequest, result: PassReview) -> None:
        """Keep a priced pass (the deal's review is kept once its rows are priced too)."""
        key = (request.deal, request.seat, request.round)
        self.passes_pending.discard(key)
        self.passes[key] = result
        self._settle(request.deal, request.seat)

    def accept(self, request: CoachRequest, result: Review) -> None:
        """Keep a priced arrangement (the deal's review is kept once its passes, if any, are priced too)."""
        key = (request.deal, request.seat)
        self.pending.discard(key)
        self.rows[key] = result
        self._settle(request.deal, request.seat)

    def _settle(self, deal: int, seat: int) -> None:
        """Keep the deal's whole review once its rows and every pass asked for are priced, and tell the history."""
        rows = self.rows.get((deal, seat))
        if rows is None or self.passes_waiting(deal, seat):
            return
        passes = [(k, r) for (d, s, k), r in sorted(self.passes.items()) if d == deal and s == seat]
        whole = rows.with_passes(passes)
        if self.reviews.get((deal, seat)) == whole:
            return
        self.reviews[(deal, seat)] = whole
        if self.listener is not None:
            self.listener(deal, seat, whole)

    def passes_waiting(self, deal: int, seat: int) -> bool:
        """Whether a pass of ``seat`` in deal ``deal`` is still being priced."""
        return any(d == deal and s == seat for d, s, _k in self.passes_pending)

    def review_for(self, deal: int, seat: int) -> Review | None:
        """The review of ``seat``'s decisions in deal ``deal``, once every one is priced."""
        return self.reviews.get((deal, seat))

    def is_pending(self, deal: int, seat: int) -> bool:
        """Whether that deal's decisions are being priced now (its rows, or a pass)."""
        return (deal, seat) in self.pending or ((deal, seat) in self.rows and self.passes_waiting(deal, seat))

    def skill(self, seat: int, deals: set[int] | None = None) -> Skill:
        """``seat``'s mean units lost and share of best plays over its priced deals (those in ``deals`` only,
        when given: the deals the seat played itself)."""
        mine = [r for (n, s), r in self.reviews.items() if s == seat and (deals is None or n in deals)]
        if not mine:
            return Skill(0, 0.0, 0.0)
        best = sum(r.verdict is Verdict.BEST for r in mine)
        return Skill(len(mine), sum(r.loss for r in mine) / len(mine), best / len(mine))
