"""The Arrange drill: hands to arrange under the countdown at a table of three `hard` opponents, each priced
by the coach at once, one after another; not scored (practice).

Hands come from a :class:`Pool`: random deals; *hard* hands, where the obvious play (the strongest back,
then the strongest middle of what is left) is far from the best by `hard`'s estimate; or the player's own
mistakes that are due (:mod:`.schedule`). Each hand is written to the history as a drill deal with the
coach's verdict, a hand lost badly is kept for the schedule, and the run ends with one drill record: the
mean units lost and the mean seconds a hand (:class:`ArrangeJournal`).

Only the player's own hands count (:meth:`app.game.record.DealRecord.own`): a hand the computer completed at
the time-out, or played in the player's place, is written as the computer's, and is neither in the run's
figures nor ever scheduled as the player's mistake, whatever way the player left it.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import time
from collections.abc import Callable, Iterator
from enum import StrEnum

from ai import THRESHOLDS, Fixed, Level, Review, TableView, choose
from app.config import TableConfig
from app.store.database import History, Mode, WriteFailed
from rules.arrangement import Arrangement, Row, is_foul
from rules.cards import Card, format_cards, parse_cards
from rules.evaluate import evaluate_row
from rules.ledger import EndReason
from rules.presets import Preset
from rules.specials import detect_specials

from ..arrange import ArrangeState
from ..journal import Journal
from ..journal import Table as Recorded
from ..outcome import SessionOutcome
from ..phase import Phase
from ..record import DealRecord
from ..reveal import RevealProgress
from ..table import Table
from ..totals import Totals
from .schedule import Mistake, after_play, played_well

# A hand is hard when its obvious play gives up half of what the coach calls a blunder at the preset, which is
# a mistake there (past its "inaccuracy" bound): the preset's own scale of a loss, read from its verdict bounds
# (ai.THRESHOLDS), not kept beside them. None where only the back is paid (backrow, RULES.md §17): the obvious
# play, the strongest back first, is the best there, so no hand is hard.
HARD_GAP: dict[Preset, float | None] = {p: THRESHOLDS[p][3] / 2 if p.pays(Row.FRONT) else None for p in Preset}


class Pool(StrEnum):
    """Where the drill's hands come from."""

    RANDOM = "random"
    HARD = "hard"
    MISTAKES = "mistakes"


def pools_for(preset: Preset) -> tuple[Pool, ...]:
    """The pools a drill at ``preset`` offers: every one but the hard hands where no hand is hard (backrow)."""
    return tuple(pool for pool in Pool if pool is not Pool.HARD or HARD_GAP[preset] is not None)


def _best_five(cards: list[Card]) -> tuple[Card, ...]:
    return max(itertools.combinations(cards, 5), key=lambda row: evaluate_row(row).base)


def obvious_play(hand: tuple[Card, ...]) -> Arrangement:
    """The play most players reach for first: the strongest back, the strongest middle of the rest."""
    back = _best_five(list(hand))
    rest = [c for c in hand if c not in back]
    middle = _best_five(rest)
    return Arrangement(tuple(c for c in rest if c not in middle), middle, back)


def gap_to_best(hand: tuple[Card, ...], preset: Preset) -> float:
    """How many units `hard` expects the obvious play to give up against its own best play."""
    view = TableView(preset=preset, options=preset.default_options)
    obvious = obvious_play(hand)
    if is_foul(obvious, view.rules_options.wheel):
        return float("inf")
    best = choose(hand, view, Level.HARD).ev
    fixed = Fixed(front=obvious.front, middle=obvious.middle, back=obvious.back)
    return best - choose(hand, view, Level.HARD, fixed=fixed).ev


def hands_from(
    pool: Pool, preset: Preset, rng: random.Random, history: History | None = None, now: float | None = None
) -> Iterator[tuple[Card, ...]]:
    """The pool's hands, as many as asked for (the mistakes pool stops when none is due)."""
    if pool is Pool.MISTAKES:
        due = [] if history is None else history.mistakes.due(preset.value, time.time() if now is None else now)
        for text in due:
            yield tuple(parse_cards(text, 13))
        return
    gap = HARD_GAP[preset]
    if pool is Pool.HARD and gap is None:
        # Drawing on would never end: say so where the pool is asked for its first hand.
        raise ValueError(f"no hand is hard in {preset.value}: its obvious play is its best")
    while True:
        hand = tuple(sorted((Card(c) for c in rng.sample(range(52), 13)), reverse=True))
        if detect_specials(hand) & preset.specials:
            continue  # a drill of arranging: a hand that would declare is skipped
        if pool is Pool.RANDOM or (gap is not None and gap_to_best(hand, preset) >= gap):
            yield hand


class RunOutcome(SessionOutcome):
    """A drill's run ends after its hands, once the coach has priced them all."""

    table: ArrangeTable

    def reason(self) -> EndReason | None:
        """Over after ``items`` hands, once the coach has priced them all."""
        t = self.table
        if self.ended is not None:
            return self.ended
        if t.number >= t.items and not t.coach.pending and t.phase is not Phase.ARRANGING:
            return EndReason.FINISHED
        return None


class RunTotals(Totals):
    """A drill's run keeps no money; its number of deals is its hands (the top bar counts them: "deal 3 of 10")."""

    table: ArrangeTable

    @property
    def deals_limit(self) -> int | None:
        """The run's hands."""
        return self.table.items


class ArrangeTable(Table):
    """A table of one drill run: the player's hands from a pool, three `hard` opponents, no score."""

    helpers = False  # no auto-arrange and no hints: the coach judges the player's own play
    always_coach = True

    def __init__(
        self,
        preset: Preset,
        hands: Iterator[tuple[Card, ...]],
        *,
        items: int,
        time_limit: int = 60,
        seed: int = 0,
        journal: Journal | None = None,
        now: Callable[[], float] = time.monotonic,
        sort: str = "rank",
    ) -> None:
        config = TableConfig(
            preset=preset,
            options=preset.default_options,
            scored=False,
            time_limit=time_limit,
            takeover=True,
            levels=(Level.HARD,) * 3,
            seed=seed,
        )
        super().__init__(config, now=now, sort=sort, journal=journal)
        self.hands, self.items, self.rng = hands, items, random.Random(seed)
        self.exhausted = False
        self.outcome = RunOutcome(self)
        self.totals = RunTotals(self)
        if isinstance(journal, ArrangeJournal):
            journal.follow(self)

    def start_deal(self) -> DealRecord:
        """The pool's next hand for the player; the other 39 cards dealt to the opponents."""
        if self.phase not in (Phase.DEALING, Phase.RESULTS):
            raise RuntimeError(f"cannot deal during {self.phase}")
        hand = next(self.hands, None)
        if hand is None:
            self.exhausted = True
            self.outcome.end(EndReason.FINISHED)
            raise RuntimeError("the pool has no more hands")
        rest = [Card(c) for c in range(52) if c not in hand]
        self.rng.shuffle(rest)
        self.number += 1
        hands = {0: hand, **{s: tuple(sorted(rest[13 * (s - 1) : 13 * s], reverse=True)) for s in (1, 2, 3)}}
        rec = DealRecord(
            number=self.number,
            seed=self.rng.randrange(2**31),
            preset=self.preset,
            seats=(0, 1, 2, 3),
            hands=hands,
            human=0,
            options=self.config.options,
        )
        self.current = rec
        self.reveal.show(RevealProgress())
        self.countdown.new_deal()
        self.wagers.new_deal()
        self.arrange = ArrangeState.new(hand, self.sort, self.config.options.wheel, frozenset())
        self.clock.limit(self.config.time_limit if self.config.time_limit > 0 else None)
        self.clock.restart()
        self.phase = Phase.ARRANGING
        return rec

    def next(self) -> Phase:
        """The next hand; after the last, the end (it waits for the coach's last verdict)."""
        if self.phase is Phase.REVEALING:
            self.reveal.finish()
        if self.number >= self.items:
            if self.outcome.reason() is not None:
                self.outcome.end(EndReason.FINISHED)
            return self.phase
        with contextlib.suppress(RuntimeError):  # the pool ran dry: the run ends with the hands it had
            self.start_deal()
        return self.phase

    def own_reviewed(self) -> list[tuple[DealRecord, Review]]:
        """The hands the player decided themselves that the coach has priced, in order, with their verdicts."""
        return [(rec, r) for rec in self.history if rec.own(0) and (r := self.coach.review_for(rec.number, 0))]

    def reviews(self) -> list[Review]:
        """The coach's verdicts on the player's own hands, in order (never a hand the computer decided)."""
        return [r for _, r in self.own_reviewed()]


class ArrangeJournal(Journal):
    """Writes each hand as a drill deal with its verdict, keeps the mistakes' schedule, and the run's record."""

    def __init__(self, history: History | None, *, pool: Pool, clock: Callable[[], float] = time.time) -> None:
        super().__init__(history)
        self.pool, self.clock = pool, clock
        self.table: ArrangeTable | None = None
        self.recorded: int | None = None

    def follow(self, table: ArrangeTable) -> None:
        """Write the run of ``table``, the drill's table this journal was made for."""
        self.table = table

    def deal_scored(self, table: Recorded, rec: DealRecord) -> None:
        if self.history is None:
            return
        self._humans[rec.number] = rec.human
        early = self._early.pop(rec.number, None)
        try:
            self._deal_ids[rec.number] = self.history.record_deal(
                None, rec.to_dict(), Mode.DRILL, review=None if early is None else early.to_dict()
            )
        except WriteFailed as exc:
            self._failed(exc)
            return
        if early is not None:
            self._schedule(rec, early)

    def reviewed(self, deal: int, seat: int, review: Review) -> None:
        known = deal in self._deal_ids
        super().reviewed(deal, seat, review)
        if known and self.history is not None and self.table is not None:
            rec = next((r for r in self.table.history if r.number == deal), None)
            if rec is not None:
                self._schedule(rec, review)

    def _schedule(self, rec: DealRecord, review: Review) -> None:
        assert self.history is not None
        if not rec.own(0):  # the computer's play is never the player's mistake (nor a good play of theirs)
            return
        hand, preset = format_cards(sorted(rec.hands[0], reverse=True)), rec.preset
        kept = self.history.mistakes.entry(hand, preset.value)
        entry = None if kept is None else Mistake(hand, preset.value, *kept)
        after = after_play(entry, hand, preset, review.loss, self.clock())
        try:
            self.history.mistakes.keep(
                hand, preset.value, None if after is None else (after.due, after.step, after.well)
            )
        except WriteFailed as exc:
            self._failed(exc)

    def ended(self, table: Recorded) -> None:
        """The run's record: hands, how many played well, mean seconds and units lost."""
        if self.history is None or not isinstance(table, ArrangeTable):
            return
        pairs = table.own_reviewed()
        reviews = [r for _, r in pairs]
        seconds = [r.seconds for r in table.history if r.own(0) and r.seconds is not None]
        well = [played_well(table.preset, r.loss) for r in reviews]
        streak = best = 0
        for ok in well:
            streak = streak + 1 if ok else 0
            best = max(best, streak)
        record = {
            "drill": "arrange",
            "rules": table.preset.value,
            "pool": self.pool.value,
            "timed": True,
            "items": len(reviews),
            "right": sum(well),
            "best_streak": best,
            "seconds": round(sum(seconds) / len(seconds), 3) if seconds else 0.0,
            "loss": round(sum(r.loss for r in reviews) / len(reviews), 4) if reviews else None,
            "hands": [
                {"deal": self._deal_ids.get(r.number), "loss": rv.loss, "verdict": rv.verdict.value} for r, rv in pairs
            ],
        }
        if not reviews:
            return
        try:
            self.recorded = self.history.record_drill(record)
        except WriteFailed as exc:
            self._failed(exc)
