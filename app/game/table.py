"""The table's state machine as plain Python (no Textual): a session of deals at a table of two to four.

:class:`Table` conducts the session: phases ``dealing → arranging → revealing → results → next deal`` (plus
``exchanging`` before arranging when the table passes cards, ``round_summary`` in arcade and ``over``), the
player's seat, each seat's decision and scoring through :mod:`rules.scoring`. What it hands to a part of its own is
that part's one job: the session's ledger and treasure queue (``totals``), the chairs and the computers' levels
(``seating``), the AI's requests (``asking``), auto-arrange and hints (``helping``), the player's wagers (``wagers``),
換三張 (``exchange``), the countdown and its time-out (``countdown``), the reveal (``reveal``), the deal in
progress kept for Continue (``progress``) and the coach (``coach``). The screen only reads it and calls its
methods and its parts'.

The table conducts each deal: every call that moves it on returns what happens next (:class:`.conduct.Next`:
the requests to run, the deal it scored, what the coach may price). The screen runs those requests in worker
threads and hands the answers back (:meth:`Table.answer`); headless play runs them at once (:meth:`Table.run`,
:meth:`Table.decide_computers`), so the table screen, the samples and the tests share one conductor.

The same concept on another floor: the state machine behind :mod:`app.screens.table`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ai import Choice, PassChoice
from app.config import STAKES, TableConfig
from rules.cards import Card
from rules.dealing import deal_by_key, session_key
from rules.ledger import EndReason
from rules.scoring import score_deal
from rules.session import seat_totals
from rules.specials import detect_specials

from .arrange import ArrangeError, ArrangeState
from .asking import Asking
from .banker import deal_stakes, next_banker
from .clock import Clock
from .coach import Coach
from .conduct import REFUSED, Next, answer_each, play_out
from .countdown import Countdown
from .exchange import Exchange
from .exemption import hand_in, prefilled
from .helping import Helper
from .journal import Recorder
from .outcome import SessionOutcome
from .phase import Phase, SeatState
from .progress import Progress, restore_made
from .record import HUMAN, SEATS, DealRecord, Decider, deal_seed
from .requests import AIRequest, PassRequest, Purpose
from .reveal import Revealing, RevealProgress, reveal_steps
from .saving import Saving
from .seating import Seating
from .totals import Totals
from .wagers import Wagers
from .why import Why


class Table:
    """A session at a table of two to four: seat 0 is the human unless watching (觀戰); the seats a smaller
    table does not use are empty chairs (:class:`.seating.Seating`)."""

    helpers = True  # auto-arrange and hints are offered (a drill turns them off)
    always_coach = False  # the coach prices the player's play even with the coach off (a drill turns it on)

    def __init__(
        self,
        config: TableConfig,
        *,
        now: Callable[[], float] = time.monotonic,
        sort: str = "rank",
        journal: Recorder | None = None,
    ) -> None:
        self.config = config
        self.preset = config.preset
        self.now = now
        self.sort = sort
        self.seed = config.seed if config.seed is not None else random.SystemRandom().randrange(2**31)
        self.human: int | None = None if config.watch else HUMAN
        self.viewer = HUMAN  # the seat drawn at the bottom of the screen
        self.player_seat = self.human  # the seat the player last held (still theirs in the summary once left)
        self.phase = Phase.DEALING
        self.number = 0
        self.history: list[DealRecord] = []
        self.current: DealRecord | None = None
        self.arrange: ArrangeState | None = None
        self.wagers = Wagers(self)  # the player's 賭倍 this deal and stake from the next deal on
        self.clock = Clock(now)  # the countdown to decide (arranging, a pass), with its holds
        self.reveal = Revealing(self)  # the scored deal's reveal, step by step, then the results
        self.seating = Seating(self)  # the chairs in use, the computers' levels, the seat a watcher takes next
        self.totals = Totals(self)  # the ledger and arcade's treasure queue
        # Every priced decision of the session; the history is told of each review kept.
        self.coach = Coach(listener=None if journal is None else journal.reviewed)
        self.outcome = SessionOutcome(self)  # why the session ends, its end and its summary
        self.journal = journal  # the history (:mod:`.journal`), told of every deal scored and every review
        self.asking, self.helping = Asking(self), Helper(self)  # the computer's requests; auto-arrange and hints
        self.exchange = Exchange(self)  # 換三張: the rounds of passing
        self.progress = Progress(self)  # the deal in progress and its clock, kept with the session for Continue
        self.countdown = Countdown(self)  # the seconds left to decide, and the time-out at zero
        self.saving = Saving(self)  # the session written with every deal, and read back to continue it

    # ---- what the table is

    @property
    def scored(self) -> bool:
        """False in practice mode (本局計分 off)."""
        return self.config.scored

    @property
    def watching(self) -> bool:
        """True while no seat is the human's (觀戰)."""
        return self.human is None

    def is_computer(self, seat: int) -> bool:
        """True when the computer plays ``seat``."""
        return seat != self.human

    # ---- dealing

    def start_deal(self) -> DealRecord:
        """Deal the next hands and start arranging (and the countdown when a person plays)."""
        if self.phase not in (Phase.DEALING, Phase.RESULTS, Phase.ROUND_SUMMARY):
            raise RuntimeError(f"cannot deal during {self.phase}")
        if self.phase is Phase.RESULTS and self.outcome.reason() is not None:
            raise RuntimeError("the session is over")
        if (taken := self.seating.sit_down()) is not None:
            self.human = self.viewer = self.player_seat = taken
        self.progress.dealt()
        self.number += 1
        # The deal's seed still seeds the computers' choices and the coach; the cards come from its key
        # (rules/RULES.md §23), which a deal code carries and any program can deal from the rule book.
        seed = deal_seed(self.seed, self.number)
        key = self.deal_key(self.number)
        seats = self.seating.seats_in_play()
        joker = self.config.options.joker  # a dealt card turned up, the joker in its place (rules/RULES.md §20.2)
        dealt = deal_by_key(key, len(seats), joker)
        hands = dealt.hands
        cut = None
        treasure: tuple[Card, ...] = ()
        if self.preset.treasure:
            cut = dealt.cut
            treasure = self.totals.add_treasure(cut)
        human = self.human if self.human in seats else None
        record = DealRecord(
            number=self.number,
            seed=seed,
            preset=self.preset,
            seats=seats,
            hands={s: h for s, h in zip(seats, hands, strict=True)},
            human=human,
            options=self.config.options,
            dealer=self.totals.dealer,
            cut=cut,
            treasure=treasure,
            players=self.config.players,
            turned=dealt.turned,
            key=key,
        )
        if self.config.banker:  # 莊家 (rules/RULES.md §16.1): the bank goes round, the player stakes
            record.banker = next_banker(
                self.history[-1].banker if self.history else None,
                seats,
                self.config.banker_moves,
                self.config.first_banker,
            )
            record.stakes = deal_stakes(record, self.seating.levels, self.wagers.stake)
            made = self.progress.made_for(self.number)
            if made is not None and made.stake in STAKES:  # Continue: a stake chosen during the deal, for the next
                self.wagers.restore_stake(made.stake)
        self.current = record
        self.reveal.show(RevealProgress())
        self.wagers.new_deal()
        self.countdown.new_deal()
        self.clock.restart()
        if not self.exchange.start(record):  # 換三張 first, when the table passes cards
            self.begin_arranging()
        return record

    def deal_key(self, number: int) -> int:
        """The key deal ``number`` is dealt from: a deal code's for deal 1 of a table started from one, else the
        session's own (:func:`rules.dealing.session_key`, so that Continue deals the same cards again)."""
        if number == 1 and self.config.deal_key is not None:
            return self.config.deal_key
        return session_key(self.seed, number)

    def begin_arranging(self) -> None:
        """Arranging starts (after the exchange, if any): the player's hand as it now is, and the countdown."""
        record, human = self.current, self.current.human if self.current is not None else None
        assert record is not None
        self.arrange = None
        self.clock.limit(None)
        if human is not None and human == self.human:
            specials = detect_specials(record.hands[human]) & self.preset.specials
            state = ArrangeState.new(record.hands[human], self.sort, self.config.options.wheel, specials)
            self.arrange = prefilled(state, self.config.options, self.preset)  # 免擺, the ladder
            if self.config.time_limit > 0:
                self.clock.limit(self.progress.time_for(self.number, self.config.time_limit))
            self.clock.restart()  # the player's seconds to arrange count from here
            made = self.progress.made_for(self.number)
            if made is not None:
                restore_made(self, record, human, made)
        self.phase = Phase.ARRANGING

    def status(self, seat: int) -> SeatState:
        """Thinking or ready during a deal; out when the seat does not play; empty for an unused chair."""
        rec = self.current
        if self.seating.is_empty(seat):
            return SeatState.EMPTY
        if rec is None or seat not in rec.seats:
            return SeatState.OUT if self.seating.is_out(seat) else SeatState.THINKING
        return SeatState.READY if seat in rec.decisions else SeatState.THINKING

    # ---- conducting: what happens next

    def deal(self) -> Next:
        """Deal the next deal (after the results, :meth:`next`): the computers' passes to choose when the table
        passes cards first, else their decisions; a stored deal shown again is scored at once. Nothing is asked
        when the session (or an arcade round) is over instead."""
        if self.phase is Phase.DEALING:
            self.start_deal()
        elif self.phase in (Phase.RESULTS, Phase.ROUND_SUMMARY):
            self.next()
        if self.phase in (Phase.OVER, Phase.ROUND_SUMMARY):
            return Next()
        requests: tuple[AIRequest | PassRequest, ...] = (*self.exchange.requests(), *self.asking.computer_requests())
        hand_in(self)  # the pattern ladder: the hand goes in as dealt, no READY and no clock (and nothing to price)
        rec, human = self.current, self.human
        # Continue: the passes and the decision the player had made are priced again, as when they were made.
        resumed = rec is not None and human is not None and self.progress.made_for(rec.number) is not None
        coach = (
            (human, self.asking.view_for(human))
            if resumed and human is not None and rec is not None and rec.own(human)
            else None
        )
        passed = human if resumed and self.phase is Phase.ARRANGING and rec is not None and rec.passes else None
        return Next(
            requests, scored=self.current if self.phase is Phase.REVEALING else None, coach=coach, coach_passes=passed
        )

    def answer(self, request: AIRequest | PassRequest, answer: Choice | PassChoice) -> Next:
        """Hand a seat's answer to the call its request is for (a pass, a takeover, a computer's decision)."""
        if isinstance(request, PassRequest):
            assert isinstance(answer, PassChoice)
            return self.exchange.accept(request, answer.cards)
        assert isinstance(answer, Choice)
        if request.purpose is Purpose.TAKEOVER:
            return self.countdown.accept(request, answer)
        if request.purpose is Purpose.DECIDE:
            return self.accept(request, answer)
        raise ValueError(f"a {request.purpose} request is the helper's, not the table's")

    def run(self, step: Next) -> Next:
        """Headless: run ``step``'s requests now, and the ones their answers ask for, until nothing is asked."""
        return play_out(self, step)

    def decision_in(self) -> Next:
        """A seat's decision is in (a computer's, the player's READY, the countdown's takeover): the coach may
        price the player's own (with the view it was made with; never a hand the computer decided for them: no
        decision, no verdict); once every seat has decided, the deal is scored."""
        rec = self.current
        assert rec is not None
        human = rec.human
        coach = (human, self.asking.view_for(human)) if human is not None and rec.own(human) else None
        scored = self.score() if self.phase is Phase.ARRANGING and self.all_decided else None
        return Next(coach=coach, scored=scored)

    # ---- computer decisions

    def accept(self, request: AIRequest, choice: Choice) -> Next:
        """Record a computer seat's choice (:data:`REFUSED` when it is stale or the seat already decided);
        the deal is scored once every seat has decided."""
        rec = self.current
        if rec is None or request.deal != rec.number or self.phase is not Phase.ARRANGING:
            return REFUSED
        if request.seat in rec.decisions:
            return REFUSED
        rec.decisions[request.seat] = choice.decision
        # The player's own seat, finished by the computer once they left it, is not the player's decision.
        rec.decided_by[request.seat] = Decider.TAKEOVER if request.seat == rec.human else Decider.level(request.level)
        if self.preset.double_picks and choice.double is not None:
            rec.doubles[request.seat] = rec.seats[choice.double]
        return self.decision_in()

    def decide_computers(self) -> Next:
        """Headless: every computer seat still to decide decides now (scoring the deal once all have)."""
        return answer_each(self, self.asking.computer_requests())

    # ---- the human's arrangement

    def apply(self, state: ArrangeState) -> None:
        """Show the player's change (a new :class:`ArrangeState` made from :attr:`arrange` by its methods).

        :class:`ArrangeError` ``not_arranging`` when the player can no longer arrange, or ``not_this_hand``.
        """
        if not (self.can_arrange or self.exchange.can_pick) or self.arrange is None or not self.preset.arranged:
            raise ArrangeError(Why.NOT_ARRANGING)  # the ladder: nothing to arrange
        if state.hand != self.arrange.hand:
            raise ArrangeError(Why.NOT_THIS_HAND)
        self.arrange = state

    def replace_arrange(self, state: ArrangeState | None) -> None:
        """Put ``state`` in place of the player's arrangement in progress (None: they have none now). The table's
        parts change it this way (a hint's suggestions, a pass, a time-out's completion, a deal restored), while
        :meth:`apply` checks a change the player made."""
        self.arrange = state

    def enter(self, phase: Phase) -> None:
        """Move to ``phase``: how a part that conducts one (the exchange, the reveal, the session's end) moves the
        table on."""
        self.phase = phase

    def toggle_sort(self) -> str:
        """Sort the hand the other way (``rank`` ↔ ``suit``), now and for the next deals; the new sort."""
        self.sort = "suit" if self.sort == "rank" else "rank"
        if self.arrange is not None:
            self.arrange = self.arrange.set_sort(self.sort)
        return self.sort

    # ---- the human's decision

    def ready(self, *, as_dealt: bool = False) -> Next:
        """READY: submit the human's arrangement (the deal is scored if everyone else has decided);
        :class:`ArrangeError` when it is incomplete or a foul. ``as_dealt``: the hand goes in as dealt (the pattern
        ladder), so nobody took time to arrange it and the record counts none."""
        rec = self.current
        if self.phase is not Phase.ARRANGING or rec is None or self.arrange is None or self.human is None:
            raise ArrangeError(Why.NOT_ARRANGING)
        if self.human in rec.decisions:
            raise ArrangeError(Why.LOCKED)
        if self.countdown.handled is not None:
            raise ArrangeError(Why.TIME_UP)
        decision = self.arrange.decision()
        rec.decisions[self.human] = decision
        rec.decided_by[self.human] = Decider.PLAYER
        rec.seconds = None if as_dealt else self.clock.taken()
        if self.preset.double_picks:
            rec.doubles[self.human] = self.wagers.double
        self.clock.limit(None)
        step = self.decision_in()
        self.progress.decided()  # READY is written at once while the others still think
        return step

    @property
    def human_ready(self) -> bool:
        """True once the human's decision is in for this deal."""
        rec = self.current
        return rec is not None and self.human is not None and self.human in rec.decisions

    @property
    def can_arrange(self) -> bool:
        """True while the human may still change their arrangement (not ready, the time not up)."""
        return (
            self.phase is Phase.ARRANGING
            and self.human is not None
            and self.arrange is not None
            and not self.human_ready
            and self.countdown.handled is None
        )

    # ---- leaving and taking seats

    def leave(self) -> Next:
        """The human leaves: the computer takes the seat if allowed (asking for the request that finishes the
        current hand or pass, if any), else the session ends with its summary."""
        if self.human is None or not self.config.takeover:
            self.outcome.end(EndReason.LEFT)
            return Next()
        seat = self.human
        request: AIRequest | PassRequest | None = None
        if self.phase is Phase.ARRANGING and self.current is not None and seat not in self.current.decisions:
            request = self.asking.request(seat, self.seating.level_of(seat), Purpose.DECIDE)
        elif self.exchange.active and seat not in self.exchange.passes:
            request = self.exchange.request(seat, self.seating.level_of(seat), Purpose.DECIDE)
        self.hand_over()
        self.arrange = None
        self.clock.limit(None)
        return Next(() if request is None else (request,))

    def hand_over(self) -> int:
        """The computer plays the player's seat from now on and the player watches it (leaving, a time-out's
        takeover); returns the seat. The hand in progress stays, for the computer to complete."""
        seat = self.human
        assert seat is not None
        self.human = None
        self.viewer = seat
        return seat

    def restore(self, *, seed: int, number: int, seat: int | None, history: list[DealRecord]) -> None:
        """Stand where a stored session stood before its next deal (:meth:`.saving.Saving.load` reads and checks
        it, and puts its totals back in :attr:`totals`): ``seat`` is the player's unless None."""
        self.seed, self.number, self.history = seed, number, history
        if seat is not None:
            self.human = self.viewer = self.player_seat = seat

    # ---- scoring, and after the results

    @property
    def all_decided(self) -> bool:
        """True when every seat of the deal has decided."""
        rec = self.current
        return rec is not None and all(s in rec.decisions for s in rec.seats)

    def score(self) -> DealRecord:
        """Score the deal once every seat has decided; update the session; build the reveal steps."""
        rec = self.current
        if rec is None or self.phase is not Phase.ARRANGING or not self.all_decided:
            raise RuntimeError("not every seat has decided")
        result = score_deal(rec.to_deal())
        rec.result = result
        rec.units = seat_totals(rec.seats, result.totals, SEATS)
        self.totals.settle(rec)
        self.history.append(rec)
        if self.journal is not None:
            self.journal.deal_scored(self, rec)
        self.reveal.show(RevealProgress(reveal_steps(rec)))
        self.phase = Phase.REVEALING
        self.clock.limit(None)
        return rec

    def next(self) -> Phase:
        """After the results (`n`): the session summary, the arcade round summary, or the next deal."""
        if self.phase is Phase.REVEALING:
            self.reveal.finish()
        if self.phase not in (Phase.RESULTS, Phase.ROUND_SUMMARY, Phase.DEALING):
            raise RuntimeError(f"no next deal during {self.phase}")
        if self.phase is Phase.RESULTS:
            reason = self.outcome.reason()
            if reason is not None:
                self.outcome.end(reason)
                return self.phase
            if self.totals.ledger.round_over:
                self.phase = Phase.ROUND_SUMMARY
                return self.phase
        self.start_deal()
        return self.phase
