"""A stored deal at the table again: shown once more (its reveal and review), or retried by the player.

:class:`OneDeal` is a :class:`~app.game.table.Table` of one deal, rebuilt from a stored
:class:`~app.game.record.DealRecord`: the same seed, hands, treasure and dealer, and every opponent's stored
decision (they do not think again, so the retry meets exactly what the first try met). Replaying fills in
the player's decision too, so the deal goes straight to its reveal; retrying leaves it to the player, under
the first session's clock, not scored (practice). A retry is written to the history as a try of the stored
deal (:class:`RetryJournal`), and :func:`compare_tries` lines the two up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ai import Review
from app.config import TableConfig
from app.store.database import History, Mode, WriteFailed
from rules.ledger import EndReason
from rules.specials import detect_specials

from .arrange import ArrangeState
from .conduct import Next
from .journal import Journal
from .journal import Table as JournalTable
from .outcome import SessionOutcome
from .phase import Phase
from .record import DealRecord
from .reveal import RevealProgress
from .table import Table


class RetryJournal(Journal):
    """Writes a retry as a practice try of the stored deal ``retry_of`` (no session of its own)."""

    def __init__(self, history: History | None, retry_of: int) -> None:
        super().__init__(history)
        self.retry_of = retry_of

    def deal_scored(self, table: JournalTable, rec: DealRecord) -> None:
        if self.history is None:
            return
        try:
            self._humans[rec.number] = rec.human
            early = self._early.pop(rec.number, None)
            self._deal_ids[rec.number] = self.history.record_deal(
                None,
                rec.to_dict(),
                Mode.RETRY,
                retry_of=self.retry_of,
                review=None if early is None else early.to_dict(),
            )
        except WriteFailed as exc:
            self._failed(exc)

    def ended(self, table: JournalTable) -> None:
        """A try has no session to close."""


class OneDealOutcome(SessionOutcome):
    """One deal: over once it is shown."""

    def reason(self) -> EndReason | None:
        """Over (as the player leaving it) once the deal is shown."""
        return EndReason.LEFT if self.table.phase in (Phase.RESULTS, Phase.REVEALING, Phase.OVER) else None


class OneDeal(Table):
    """One stored deal played again (see the module docstring)."""

    def __init__(
        self,
        stored: DealRecord,
        *,
        retry: bool,
        review: Review | None = None,
        time_limit: int = 0,
        journal: Journal | None = None,
        now: Callable[[], float] = time.monotonic,
        sort: str = "rank",
    ) -> None:
        config = TableConfig(
            preset=stored.preset,
            options=stored.options,
            scored=False,
            time_limit=time_limit,
            takeover=True,
            seed=stored.seed,
            players=stored.players,
            banker=stored.banker is not None,
        )
        super().__init__(config, now=now, sort=sort, journal=journal)
        self.stored, self.retrying = stored, retry
        self.asking.stop_thinking()  # nobody thinks: the opponents' stored decisions stand
        self.outcome = OneDealOutcome(self)
        if stored.human is None:
            self.human = None
        else:
            self.human = self.viewer = self.player_seat = stored.human
        if review is not None and stored.human is not None and not retry:
            self.coach.reviews[(stored.number, stored.human)] = review

    def start_deal(self) -> DealRecord:
        """Lay out the stored deal: the opponents' decisions are in; the player's too unless retrying."""
        if self.phase is not Phase.DEALING:
            raise RuntimeError(f"cannot deal during {self.phase}")
        old = self.stored
        keep = {s: d for s, d in old.decisions.items() if not (self.retrying and s == old.human)}
        rec = DealRecord(
            number=old.number,
            seed=old.seed,
            preset=old.preset,
            seats=old.seats,
            hands=dict(old.hands),
            human=old.human,
            options=old.options,
            dealer=old.dealer,
            cut=old.cut,
            treasure=old.treasure,
            decisions=keep,
            doubles={s: t for s, t in old.doubles.items() if s in keep},
            decided_by={s: d for s, d in old.decided_by.items() if s in keep},
            players=old.players,
            banker=old.banker,
            stakes=dict(old.stakes),
            turned=old.turned,
            key=old.key,
            # 換三張 (RULES.md §21): the passes stand as made; a retry arranges the hand as it was played.
            exchange=old.exchange,
            passes=[dict(p) for p in old.passes],
            dealt=dict(old.dealt),
            passed_for_human=old.passed_for_human,
            passed_after_leaving=old.passed_after_leaving,
            pass_seconds=old.pass_seconds,
        )
        self.number, self.current = old.number, rec
        self.reveal.show(RevealProgress())
        self.arrange = None
        self.wagers.new_deal()
        self.countdown.new_deal()
        self.clock.limit(None)
        self.phase = Phase.ARRANGING
        if self.retrying and old.human is not None:
            specials = detect_specials(old.hands[old.human]) & self.preset.specials
            self.arrange = ArrangeState.new(old.hands[old.human], self.sort, old.options.wheel, specials)
            if self.config.time_limit > 0:
                self.clock.limit(self.config.time_limit)
            self.clock.restart()
        else:
            self.score()
        return rec

    def deal(self) -> Next:
        """Lay out the stored deal (:meth:`start_deal`); a retry of a 換三張 deal has the coach price the player's
        passes again, as they stand in it, so that its verdict is the whole deal's as the first try's is."""
        step = super().deal()
        rec = self.current
        if self.retrying and rec is not None and rec.passes and rec.human is not None:
            step = replace(step, coach_passes=rec.human)
        return step


@dataclass(frozen=True)
class Tries:
    """The first try of a deal and a retry, side by side (the player's seat)."""

    first: DealRecord
    retry: DealRecord
    first_review: Review | None
    retry_review: Review | None

    @property
    def seat(self) -> int:
        assert self.first.human is not None
        return self.first.human

    @property
    def units(self) -> tuple[int, int]:
        """The player's units in each try."""
        assert self.first.units is not None and self.retry.units is not None
        return self.first.units[self.seat], self.retry.units[self.seat]


def compare_tries(table: OneDeal, first_review: Review | None) -> Tries | None:
    """The two tries of a retried deal, once the retry is scored (None before)."""
    rec = table.current
    if not table.retrying or rec is None or rec.result is None or rec.human is None:
        return None
    return Tries(table.stored, rec, first_review, table.coach.review_for(rec.number, rec.human))
