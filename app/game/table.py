"""The game's state machine as plain Python (no Textual): a session of deals at a table of four.

Two layers, both plain data with pure-ish methods so that they test without a terminal:

- :class:`ArrangeState` is the human's arrangement in progress (hand, rows, cursor, selection); every method
  returns a new state. Its errors are :class:`ArrangeError` with a ``code`` the UI translates.
- :class:`Table` runs the session: phases ``dealing → arranging → revealing → results → next deal`` (plus
  ``round_summary`` in arcade and ``over``), the seats, the AI requests, the countdown (from an injected
  ``now`` clock and a ``time.monotonic()``-style deadline), scoring through :mod:`rules.scoring` and the
  per-preset session bookkeeping through :mod:`rules.session`.

The AI itself is never called here except by the small synchronous helpers (:func:`run_ai`,
:meth:`Table.decide_computers`) that tests and the thread workers use: the UI calls them from a worker thread.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ai import Choice, Fixed, Level, TableView, choose
from app.config import TableConfig
from rules import session as sess
from rules.arrangement import ROW_SIZES, Arrangement, Row
from rules.cards import Card, deal, format_cards, sort_cards
from rules.deal import Deal, DealResult, Decision, Item, Outcome
from rules.evaluate import Category, RowValue, Wheel, compare_values, evaluate_row
from rules.ledger import Currency
from rules.presets import Options, Preset
from rules.scoring import score_deal
from rules.specials import Special, detect_specials

SEATS = 4
HUMAN = 0
# The level that arranges for the human (auto-arrange, hint, time-out takeover): the strongest fast one.
HELPER_LEVEL = Level.HARD


class ArrangeError(ValueError):
    """An arranging move that cannot be made; ``code`` names it for the UI (``table.error.<code>``)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# ----------------------------------------------------------------------------------------- arranging


def _display_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A row's cards for display: bigger groups first (the pair of a pair), then by rank, high to low."""
    counts = Counter(c.rank for c in cards)
    return tuple(sorted(cards, key=lambda c: (counts[c.rank], c.rank, c.suit), reverse=True))


def partial_category(cards: Sequence[Card], size: int, wheel: Wheel = Wheel.LOW) -> Category | None:
    """What a row of ``size`` holds so far: the full evaluation once it has ``size`` cards, else what its
    ranks already make (a pair, two pair, trips, a full house, quads; straights and flushes need the whole
    row). None for an empty row."""
    if not cards:
        return None
    if len(cards) == size:
        return evaluate_row(cards, wheel).category
    shape = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    if shape[0] == 4:
        return Category.QUADS
    if shape[0] == 3:
        return Category.FULL_HOUSE if len(shape) > 1 and shape[1] >= 2 else Category.TRIPS
    if shape[0] == 2:
        return Category.TWO_PAIR if len(shape) > 1 and shape[1] == 2 else Category.PAIR
    return Category.HIGH_CARD


@dataclass(frozen=True)
class ArrangeState:
    """The human's arrangement in progress.

    ``cursor`` indexes :attr:`order`: the cards still in hand (sorted by ``sort``) followed by the front,
    middle and back rows, so the cursor can reach a placed card to move or return it.
    """

    hand: tuple[Card, ...]
    rows: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] = ((), (), ())
    cursor: int = 0
    selected: frozenset[Card] = frozenset()
    sort: str = "rank"
    wheel: Wheel = Wheel.LOW
    suggestions: tuple[Arrangement, ...] = ()
    suggestion: int = -1  # which suggestion the rows show; -1 when the player changed them since
    declared: Special | None = None
    specials: frozenset[Special] = frozenset()  # what the cards make that this preset lets one declare

    @classmethod
    def new(
        cls,
        hand: Sequence[int],
        sort: str = "rank",
        wheel: Wheel = Wheel.LOW,
        specials: frozenset[Special] = frozenset(),
    ) -> ArrangeState:
        """A fresh arrangement: all 13 cards in hand, the cursor on the first."""
        return cls(tuple(sorted(Card(c) for c in hand)), sort=sort, wheel=wheel, specials=specials)

    # ---- reading

    @property
    def placed(self) -> frozenset[Card]:
        """The cards already in a row."""
        return frozenset(c for row in self.rows for c in row)

    @property
    def loose(self) -> tuple[Card, ...]:
        """Cards still in hand, in the chosen sort order (high first)."""
        placed = self.placed
        return sort_cards((c for c in self.hand if c not in placed), by_suit=self.sort == "suit")

    def row_cards(self, row: Row) -> tuple[Card, ...]:
        """A row's cards in display order."""
        return _display_order(self.rows[row])

    @property
    def order(self) -> tuple[Card, ...]:
        """Every card in cursor order: the hand, then front, middle and back."""
        return self.loose + self.row_cards(Row.FRONT) + self.row_cards(Row.MIDDLE) + self.row_cards(Row.BACK)

    @property
    def cursor_card(self) -> Card | None:
        """The card under the cursor (None only for an empty hand)."""
        order = self.order
        return order[self.cursor] if 0 <= self.cursor < len(order) else None

    def where(self, card: Card) -> Row | None:
        """The row holding ``card``, or None when it is in hand."""
        for row in Row:
            if card in self.rows[row]:
                return row
        return None

    def room(self, row: Row) -> int:
        """How many more cards ``row`` takes."""
        return ROW_SIZES[row] - len(self.rows[row])

    @property
    def complete(self) -> bool:
        """True when all 13 cards are in the rows."""
        return all(self.room(r) == 0 for r in Row)

    def targets(self) -> tuple[Card, ...]:
        """The cards a place/return acts on: the selection, else the card under the cursor."""
        if self.selected:
            return tuple(c for c in self.order if c in self.selected)
        card = self.cursor_card
        return () if card is None else (card,)

    def row_value(self, row: Row) -> RowValue | None:
        """The evaluated row once it is full."""
        cards = self.rows[row]
        return evaluate_row(cards, self.wheel) if len(cards) == ROW_SIZES[row] else None

    def row_category(self, row: Row) -> Category | None:
        """The row's hand so far (full rows exactly, partial rows by their groups)."""
        return partial_category(self.rows[row], ROW_SIZES[row], self.wheel)

    def fouls(self) -> tuple[tuple[Row, Row], ...]:
        """Pairs (upper, lower) of full rows where the upper row beats the lower one: a foul in the making."""
        values = {r: self.row_value(r) for r in Row}
        out = []
        for upper, lower in ((Row.FRONT, Row.MIDDLE), (Row.MIDDLE, Row.BACK), (Row.FRONT, Row.BACK)):
            a, b = values[upper], values[lower]
            if a is not None and b is not None and compare_values(a, b) > 0:
                out.append((upper, lower))
        # front > back is implied by a front > middle or middle > back already listed; say it only alone.
        if len(out) > 1 and (Row.FRONT, Row.BACK) in out:
            out.remove((Row.FRONT, Row.BACK))
        return tuple(out)

    @property
    def legal(self) -> bool:
        """Complete and not a foul: READY may be pressed."""
        return self.complete and not self.fouls()

    def arrangement(self) -> Arrangement | None:
        """The rows as an :class:`Arrangement` once complete, else None."""
        return Arrangement.of(*self.rows) if self.complete else None

    def fixed(self) -> Fixed:
        """The placed cards, for completing around them."""
        return Fixed(front=tuple(self.rows[0]), middle=tuple(self.rows[1]), back=tuple(self.rows[2]))

    def ready_problem(self) -> str | None:
        """Why READY is not allowed yet (``incomplete`` or ``foul``), or None."""
        if self.declared is not None:
            return None
        if not self.complete:
            return "incomplete"
        if self.fouls():
            return "foul"
        return None

    def decision(self) -> Decision:
        """The decision READY submits; :class:`ArrangeError` when it is not allowed."""
        if self.declared is not None:
            return Decision.declared(self.hand, self.declared)
        problem = self.ready_problem()
        if problem is not None:
            raise ArrangeError(problem)
        arrangement = self.arrangement()
        assert arrangement is not None
        return Decision.arranged(arrangement)

    # ---- moving

    def _with(self, **changes: Any) -> ArrangeState:
        return replace(self, **changes)

    def move(self, delta: int) -> ArrangeState:
        """Move the cursor by ``delta`` over all 13 cards, wrapping round."""
        return self._with(cursor=(self.cursor + delta) % len(self.hand))

    def move_to(self, card: Card) -> ArrangeState:
        """Put the cursor on ``card`` (a click)."""
        return self._with(cursor=self.order.index(card))

    def toggle_select(self, card: Card | None = None) -> ArrangeState:
        """Select or unselect ``card`` (default: the card under the cursor)."""
        card = self.cursor_card if card is None else card
        if card is None:
            return self
        return self._with(selected=self.selected ^ {card})

    def set_sort(self, sort: str) -> ArrangeState:
        """Sort the hand by ``rank`` or ``suit``; the cursor stays on its card."""
        card = self.cursor_card
        out = self._with(sort=sort)
        return out if card is None else out._with(cursor=out.order.index(card))

    def _after_move(self, old_cursor_card: Card | None, was_loose: bool, moved: set[Card]) -> ArrangeState:
        # Keep the cursor where the player is working: in the hand at the same place when cards left the
        # hand (the next card slides under it), else on the same card wherever it went.
        loose = self.loose
        if was_loose and old_cursor_card in moved and loose:
            return self._with(cursor=min(self.cursor, len(loose) - 1))
        if old_cursor_card is not None:
            return self._with(cursor=self.order.index(old_cursor_card))
        return self._with(cursor=0)

    def can_place(self, row: Row) -> bool:
        """True when the cards :meth:`place` would move fit into ``row``."""
        cards = [c for c in self.targets() if c not in self.rows[row]]
        return self.declared is None and bool(cards) and len(cards) <= self.room(row)

    def place(self, row: Row) -> ArrangeState:
        """Put the selected cards (or the one under the cursor) into ``row``.

        When that leaves exactly one row unfilled and the hand holds exactly its cards, they go there too:
        there is no other place for them.
        """
        if self.declared is not None:
            raise ArrangeError("declared")
        targets = self.targets()
        if not targets:
            raise ArrangeError("no_card")
        moving = [c for c in targets if c not in self.rows[row]]
        if not moving:
            raise ArrangeError("already_there", row=row.id)
        if len(moving) > self.room(row):
            raise ArrangeError("row_full", row=row.id, size=ROW_SIZES[row], room=self.room(row))
        old = self.cursor_card
        was_loose = self.cursor < len(self.loose)
        rows = [tuple(c for c in r if c not in moving) for r in self.rows]
        rows[row] = rows[row] + tuple(moving)
        out = self._with(rows=tuple(rows), selected=frozenset(), suggestion=-1)._after_move(old, was_loose, set(moving))
        return out._fill_last_row()

    def _fill_last_row(self) -> ArrangeState:
        loose = self.loose
        open_rows = [r for r in Row if self.room(r) > 0]
        if len(open_rows) == 1 and loose and len(loose) == self.room(open_rows[0]):
            rows = list(self.rows)
            rows[open_rows[0]] = rows[open_rows[0]] + loose
            return self._with(rows=tuple(rows), cursor=0)
        return self

    def unplace(self) -> ArrangeState:
        """Return the selected cards (or the one under the cursor) from the rows to the hand."""
        if self.declared is not None:
            raise ArrangeError("declared")
        back = [c for c in self.targets() if self.where(c) is not None]
        if not back:
            raise ArrangeError("nothing_to_return")
        old = self.cursor_card
        rows = tuple(tuple(c for c in r if c not in back) for r in self.rows)
        out = self._with(rows=rows, selected=frozenset(), suggestion=-1)  # type: ignore[arg-type]
        return out._with(cursor=out.order.index(old)) if old is not None else out

    def return_all(self) -> ArrangeState:
        """回收: every card back to the hand; a declaration is withdrawn too, except a dragon's (the game
        always declares a dragon, RULES.md §13.1)."""
        keep = self.declared if self.declared is not None and self.declared.is_dragon else None
        return self._with(rows=((), (), ()), selected=frozenset(), cursor=0, suggestion=-1, declared=keep)

    def with_arrangement(self, arrangement: Arrangement, suggestion: int = -1) -> ArrangeState:
        """Show ``arrangement`` in the rows (a suggestion or the takeover's choice)."""
        if sorted(arrangement.cards) != sorted(self.hand):
            raise ArrangeError("not_this_hand")
        return self._with(rows=arrangement.rows, selected=frozenset(), cursor=0, suggestion=suggestion, declared=None)

    # ---- auto-arrange

    def next_suggestion(self) -> ArrangeState | None:
        """The next cached suggestion when the rows still show one (pressing `a` again), else None."""
        if self.suggestion < 0 or not self.suggestions:
            return None
        current = self.suggestions[self.suggestion]
        if Arrangement.of(*self.rows) != current:
            return None
        nxt = (self.suggestion + 1) % len(self.suggestions)
        return self.with_arrangement(self.suggestions[nxt], nxt)._with(suggestions=self.suggestions)

    def suggestion_fixed(self) -> Fixed | None:
        """What a new suggestion must keep: the placed cards, unless all 13 are placed (then start afresh)."""
        if self.complete or not self.placed:
            return None
        return self.fixed()

    def with_suggestions(self, arrangements: Sequence[Arrangement]) -> ArrangeState:
        """Take fresh suggestions (best first) and show the first."""
        distinct: list[Arrangement] = []
        for a in arrangements:
            if a not in distinct and sorted(a.cards) == sorted(self.hand):
                distinct.append(a)
        if not distinct:
            raise ArrangeError("no_suggestion")
        return self.with_arrangement(distinct[0], 0)._with(suggestions=tuple(distinct))

    def auto_arrange(self, suggest: Callable[[tuple[Card, ...], Fixed | None], Sequence[Arrangement]]) -> ArrangeState:
        """`a`: the next suggestion if one is showing, else ask ``suggest(hand, fixed)`` for new ones."""
        if self.declared is not None:
            raise ArrangeError("declared")
        nxt = self.next_suggestion()
        if nxt is not None:
            return nxt
        return self.with_suggestions(suggest(self.hand, self.suggestion_fixed()))

    # ---- declaring

    def declare(self, special: Special | None) -> ArrangeState:
        """Declare ``special`` instead of arranging (None withdraws the declaration)."""
        if special is not None and special not in self.specials:
            raise ArrangeError("cannot_declare", special=special.id)
        return self._with(declared=special, selected=frozenset())


def hint_row(state: ArrangeState, suggestion: Arrangement) -> Row | None:
    """Where ``suggestion`` (a completion around the placed cards) puts the card under the cursor."""
    card = state.cursor_card
    if card is None:
        return None
    for row in Row:
        if card in suggestion.rows[row]:
            return row
    return None


# ------------------------------------------------------------------------------------------------ AI calls


@dataclass(frozen=True)
class AIRequest:
    """Everything one call of :func:`ai.levels.choose` needs; plain data so it can cross to a worker thread."""

    seat: int  # table seat
    deal: int  # deal number, so that a late answer for an old deal is ignored
    hand: tuple[Card, ...]
    view: TableView
    level: Level
    seed: int
    fixed: Fixed | None = None
    purpose: str = "decide"  # decide | suggest | hint | takeover
    top: int = 3


def run_ai(request: AIRequest) -> Choice:
    """Call the AI for ``request`` (blocking: run it in a worker thread). `expert` falls back to `hard` if
    its module is not installed."""
    try:
        return choose(request.hand, request.view, request.level, seed=request.seed, fixed=request.fixed,
                      top=request.top)
    except ModuleNotFoundError:
        return choose(request.hand, request.view, Level.HARD, seed=request.seed, fixed=request.fixed,
                      top=request.top)


def choice_arrangements(choice: Choice) -> list[Arrangement]:
    """The arrangements of a choice, best first (declarations skipped)."""
    out = []
    for d in (choice.decision, *(a.decision for a in choice.alternatives)):
        if d.arrangement is not None and d.arrangement not in out:
            out.append(d.arrangement)
    return out


# --------------------------------------------------------------------------------------------- the table


class Phase(StrEnum):
    """Where the table is."""

    DEALING = "dealing"  # between deals: the next one has not been dealt
    ARRANGING = "arranging"
    REVEALING = "revealing"
    RESULTS = "results"
    ROUND_SUMMARY = "round_summary"  # arcade, after six deals: continue or leave
    OVER = "over"


class Status(StrEnum):
    """A seat's state during a deal, as the other players see it."""

    THINKING = "thinking"
    READY = "ready"
    OUT = "out"  # not in this deal (tournament elimination, no coins)


@dataclass(frozen=True)
class ItemLine:
    """One scored item between two table seats, from the receiving seat's side (``value`` > 0)."""

    winner: int
    loser: int
    kind: str
    value: int


@dataclass(frozen=True)
class RevealStep:
    """One beat of the reveal: a row (``row`` set) or a group of items, and what it adds to each seat."""

    kind: str  # row | sweeps | home_runs | bonuses | totals
    row: Row | None = None
    lines: tuple[ItemLine, ...] = ()
    delta: tuple[int, ...] = (0, 0, 0, 0)  # units added to each table seat's deal tally by this step


ROW_KINDS = {"front": Row.FRONT, "middle": Row.MIDDLE, "back": Row.BACK}
SWEEP_KINDS = frozenset({"sweep", "crush"})


@dataclass
class DealRecord:
    """One deal as plain data: who played, the cards, the decisions, and the scored result."""

    number: int  # 1-based within the session
    seed: int
    preset: Preset
    seats: tuple[int, ...]  # table seats that play, in deal order (deal position k is seats[k])
    hands: dict[int, tuple[Card, ...]]
    human: int | None  # the seat a person plays this deal (None when watching)
    options: Options = field(default_factory=Options)
    dealer: int | None = None  # tournament: who deals
    cut: Card | None = None  # arcade: the card cut before this deal
    treasure: tuple[Card, ...] = ()  # arcade: the treasure cards in force
    decisions: dict[int, Decision] = field(default_factory=dict)
    doubles: dict[int, int | None] = field(default_factory=dict)  # table seat -> table seat
    computer_for_human: bool = False  # the time-out (or leaving) had the computer finish the human's hand
    result: DealResult | None = None
    units: tuple[int, ...] | None = None  # per table seat (0 for seats not in the deal)
    settlement: sess.Settlement | None = None
    before: tuple[int, ...] = ()  # session money per seat before this deal (display currency)
    after: tuple[int, ...] = ()

    def position(self, seat: int) -> int:
        """Where table seat ``seat`` sits in this deal's order."""
        return self.seats.index(seat)

    def to_deal(self) -> Deal:
        """The :class:`rules.deal.Deal` to score (positions in deal order)."""
        decisions = tuple(self.decisions[s] for s in self.seats)
        doubles: tuple[int | None, ...] = ()
        if self.preset is Preset.ARCADE:
            doubles = tuple(
                None if self.doubles.get(s) not in self.seats else self.seats.index(self.doubles[s])  # type: ignore[arg-type]
                for s in self.seats
            )
        return Deal(self.preset, self.options, decisions, doubles, self.treasure)

    def outcome(self, seat: int, other: int, row: Row) -> Outcome | None:
        """``seat``'s result against ``other`` on ``row`` (None when they did not compare rows)."""
        if self.result is None:
            return None
        pair = self.result.pair(self.position(seat), self.position(other))
        return None if pair.rows is None else pair.rows[row]

    def pair_items(self, seat: int, other: int) -> tuple[Item, ...]:
        """Items of ``seat`` against ``other``, from ``seat``'s side."""
        assert self.result is not None
        return self.result.pair(self.position(seat), self.position(other)).items

    def fouled(self, seat: int) -> bool:
        """True when ``seat``'s arrangement was a foul (相公)."""
        return self.result is not None and self.result.fouled[self.position(seat)]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: enough to replay and explain the deal."""
        out: dict[str, Any] = {
            "number": self.number,
            "seed": self.seed,
            "rules": self.preset.value,
            "options": self.options.to_dict(),
            "seats": list(self.seats),
            "human": self.human,
            "hands": {str(s): format_cards(sorted(h, reverse=True)) for s, h in self.hands.items()},
            "decisions": {str(s): d.to_dict() for s, d in self.decisions.items()},
        }
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.preset is Preset.ARCADE:
            out["cut"] = None if self.cut is None else str(self.cut)
            out["treasure"] = [str(c) for c in self.treasure]
            out["doubles"] = {str(s): t for s, t in self.doubles.items()}
        if self.computer_for_human:
            out["computer_for_human"] = True
        if self.result is not None:
            out["result"] = self.result.to_dict()
            out["units"] = list(self.units or ())
        if self.settlement is not None:
            out["settlement"] = self.settlement.to_dict()
        return out


@dataclass(frozen=True)
class SeatLine:
    """One seat in a summary."""

    seat: int
    money: int  # in the table's currency (units, points or coins)
    change: int  # since the start of the session (or the round, for a round summary)
    out: bool


@dataclass(frozen=True)
class Summary:
    """What a round or session summary shows."""

    reason: str  # round | finished | eliminated | broke | left | timeout | players
    deals: int
    seats: tuple[SeatLine, ...]
    standings: tuple[int, ...]  # seats, best first
    round: int | None = None


def deal_seed(session_seed: int, number: int) -> int:
    """The seed of deal ``number`` of a session: reproducible from the session seed alone."""
    return random.Random(f"deal:{session_seed}:{number}").randrange(2**31)


class Table:
    """A session at a table of four: seat 0 is the human unless watching (觀戰)."""

    def __init__(
        self,
        config: TableConfig,
        *,
        now: Callable[[], float] = time.monotonic,
        sort: str = "rank",
    ) -> None:
        self.config = config
        self.preset = config.preset
        self.now = now
        self.sort = sort
        self.seed = config.seed if config.seed is not None else random.SystemRandom().randrange(2**31)
        self.human: int | None = None if config.watch else HUMAN
        self.viewer = HUMAN  # the seat drawn at the bottom of the screen
        self.pending_seat: int | None = None  # watch mode: the seat the human takes from the next deal
        self.levels: list[Level] = [config.watch_level, *config.levels]
        self.phase = Phase.DEALING
        self.number = 0
        self.history: list[DealRecord] = []
        self.current: DealRecord | None = None
        self.arrange: ArrangeState | None = None
        self.human_double: int | None = None
        self.deadline: float | None = None
        # This deal's time-out: None (not yet), "takeover" (the computer completes the hand) or "host" (takeover
        # is off: the countdown has stopped at zero and the host must choose, :meth:`resolve_timeout`).
        self.timeout: str | None = None
        self.steps: list[RevealStep] = []
        self.over_reason: str | None = None
        self.round_summary_due = False
        self.units = [0] * SEATS  # cumulative units (taiwan, shisanshui; also kept for the others)
        self.tournament = sess.new_tournament(SEATS) if self.scored and self.preset is Preset.TOURNAMENT else None
        self.arcade = (
            sess.new_arcade(config.coins, SEATS, stake=config.stake, rake=config.rake)
            if self.scored and self.preset is Preset.ARCADE
            else None
        )
        self.start_money = self.money()

    # ---- what the table is

    @property
    def scored(self) -> bool:
        """False in practice mode (本局計分 off)."""
        return self.config.scored

    @property
    def watching(self) -> bool:
        """True while no seat is the human's (觀戰)."""
        return self.human is None

    @property
    def currency(self) -> Currency:
        """How the session counts: units (taiwan, shisanshui), points (tournament), coins (arcade), none
        (practice)."""
        if not self.scored:
            return Currency.NONE
        return {Preset.TOURNAMENT: Currency.POINTS, Preset.ARCADE: Currency.COINS}.get(self.preset, Currency.UNITS)

    def money(self) -> tuple[int, ...]:
        """Each seat's standing in the table's currency."""
        if self.tournament is not None:
            return self.tournament.points
        if self.arcade is not None:
            return self.arcade.coins
        return tuple(self.units)

    def seat_out(self, seat: int) -> bool:
        """True when ``seat`` no longer plays (no points in a tournament, no coins in arcade)."""
        if self.tournament is not None:
            return sess.is_out(self.tournament, seat)
        if self.arcade is not None:
            return sess.is_broke(self.arcade, seat)
        return False

    def seats_in_play(self) -> tuple[int, ...]:
        """The seats that play the next deal, in seat order."""
        return tuple(s for s in range(SEATS) if not self.seat_out(s))

    def is_computer(self, seat: int) -> bool:
        """True when the computer plays ``seat``."""
        return seat != self.human

    def level_of(self, seat: int) -> Level:
        """The computer level of ``seat``."""
        return self.levels[seat]

    @property
    def dealer(self) -> int | None:
        """The dealer of the current (or next) deal: tournaments only (S4)."""
        return None if self.tournament is None else self.tournament.dealer

    @property
    def deals_limit(self) -> int | None:
        """The session's number of deals (tournaments), else None: open-ended."""
        return self.tournament.deals if self.tournament is not None else None

    # ---- dealing

    def start_deal(self) -> DealRecord:
        """Deal the next hands and start arranging (and the countdown when a person plays)."""
        if self.phase not in (Phase.DEALING, Phase.RESULTS, Phase.ROUND_SUMMARY):
            raise RuntimeError(f"cannot deal during {self.phase}")
        if self.phase is Phase.RESULTS and self.session_end_reason() is not None:
            raise RuntimeError("the session is over")
        if self.pending_seat is not None:
            self.human, self.viewer, self.pending_seat = self.pending_seat, self.pending_seat, None
        self.number += 1
        seed = deal_seed(self.seed, self.number)
        seats = self.seats_in_play()
        hands = deal(seed, len(seats))
        cut = None
        treasure: tuple[Card, ...] = ()
        if self.preset is Preset.ARCADE:
            cut = sess.cut_card(seed)
            if self.arcade is not None:
                self.arcade = sess.reveal_treasure(self.arcade, cut)
                treasure = self.arcade.treasure.cards
            else:
                prev = self.history[-1].treasure if self.history else ()
                treasure = sess.add_treasure(sess.TreasureQueue(prev), cut).cards
        human = self.human if self.human in seats else None
        record = DealRecord(
            number=self.number,
            seed=seed,
            preset=self.preset,
            seats=seats,
            hands={s: h for s, h in zip(seats, hands, strict=True)},
            human=human,
            options=self.config.options,
            dealer=self.dealer,
            cut=cut,
            treasure=treasure,
        )
        self.current = record
        self.steps = []
        self.human_double = None
        self.arrange = None
        self.deadline = None
        self.timeout = None
        if human is not None:
            specials = detect_specials(record.hands[human]) & self.preset.specials
            self.arrange = ArrangeState.new(record.hands[human], self.sort, self.config.options.wheel, specials)
            dragons = sorted((s for s in specials if s.is_dragon), key=lambda s: s.rung)
            if dragons:
                # A dragon is always declared (RULES.md §13.1): the player only confirms it.
                self.arrange = self.arrange.declare(dragons[-1])
            if self.config.time_limit > 0:
                self.deadline = self.now() + self.config.time_limit
        self.phase = Phase.ARRANGING
        return record

    def status(self, seat: int) -> Status:
        """Thinking or ready during a deal; out when the seat does not play."""
        rec = self.current
        if rec is None or seat not in rec.seats:
            return Status.OUT if self.seat_out(seat) else Status.THINKING
        return Status.READY if seat in rec.decisions else Status.THINKING

    # ---- computer decisions

    def view_for(self, seat: int) -> TableView:
        """The public information seat ``seat`` decides with."""
        rec = self.current
        assert rec is not None
        money = self.money()
        return TableView(
            preset=self.preset,
            options=self.config.options,
            players=len(rec.seats),
            seat=rec.position(seat),
            treasure=rec.treasure,
            totals=tuple(money[s] for s in rec.seats),
            levels=tuple(None if s == self.human else self.levels[s].value for s in rec.seats),
        )

    def _request(self, seat: int, level: Level, purpose: str, fixed: Fixed | None = None, top: int = 3) -> AIRequest:
        rec = self.current
        assert rec is not None
        return AIRequest(seat, rec.number, rec.hands[seat], self.view_for(seat), level, rec.seed * 8 + seat, fixed,
                         purpose, top)

    def computer_requests(self) -> list[AIRequest]:
        """One request per computer seat still to decide this deal, in seat order."""
        rec = self.current
        if rec is None or self.phase is not Phase.ARRANGING:
            return []
        return [self._request(s, self.levels[s], "decide") for s in rec.seats
                if self.is_computer(s) and s not in rec.decisions]

    def suggest_request(self) -> AIRequest:
        """Auto-arrange for the human: completions around what is placed, a few of them."""
        assert self.arrange is not None and self.human is not None
        return self._request(self.human, HELPER_LEVEL, "suggest", self.arrange.suggestion_fixed(), top=4)

    def hint_request(self) -> AIRequest:
        """The hint key: the best completion around the placed cards."""
        assert self.arrange is not None and self.human is not None
        fixed = None if self.arrange.complete else self.arrange.fixed()
        return self._request(self.human, HELPER_LEVEL, "hint", fixed, top=1)

    def takeover_request(self) -> AIRequest:
        """The time-out (or leaving) takeover: the computer completes around the placed cards."""
        assert self.human is not None
        fixed = None if self.arrange is None else self.arrange.fixed()
        return self._request(self.human, HELPER_LEVEL, "takeover", fixed, top=1)

    def accept(self, request: AIRequest, choice: Choice) -> bool:
        """Record a computer seat's choice; False (ignored) when it is stale or the seat already decided."""
        rec = self.current
        if rec is None or request.deal != rec.number or self.phase is not Phase.ARRANGING:
            return False
        if request.seat in rec.decisions:
            return False
        rec.decisions[request.seat] = choice.decision
        if self.preset is Preset.ARCADE and choice.double is not None:
            rec.doubles[request.seat] = rec.seats[choice.double]
        return True

    def decide_computers(self) -> None:
        """Decide every computer seat synchronously (tests, and the CLI's headless paths)."""
        for request in self.computer_requests():
            self.accept(request, run_ai(request))

    # ---- the human's decision

    def cycle_double(self) -> int | None:
        """Arcade 賭倍: the human's target moves to the next opponent in play, then to none."""
        rec = self.current
        if self.preset is not Preset.ARCADE or rec is None or self.human is None:
            raise ArrangeError("no_double")
        others = [s for s in rec.seats if s != self.human]
        options: list[int | None] = [*others, None]
        idx = options.index(self.human_double) if self.human_double in options else -1
        self.human_double = options[(idx + 1) % len(options)]
        return self.human_double

    def ready(self) -> Decision:
        """READY: submit the human's arrangement; :class:`ArrangeError` when it is incomplete or a foul."""
        rec = self.current
        if self.phase is not Phase.ARRANGING or rec is None or self.arrange is None or self.human is None:
            raise ArrangeError("not_arranging")
        if self.human in rec.decisions:
            raise ArrangeError("already_ready")
        if self.timeout is not None:
            raise ArrangeError("time_up")
        decision = self.arrange.decision()
        rec.decisions[self.human] = decision
        if self.preset is Preset.ARCADE:
            rec.doubles[self.human] = self.human_double
        self.deadline = None
        return decision

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
            and self.timeout is None
        )

    @property
    def awaiting_host(self) -> bool:
        """True while the host must choose after a time-out without takeover (:meth:`resolve_timeout`)."""
        return self.timeout == "host" and self.phase is Phase.ARRANGING

    def time_left(self) -> float | None:
        """Seconds left to arrange (None without a limit or once the human is ready); stopped at zero while
        the host chooses after a time-out."""
        if self.awaiting_host:
            return 0.0
        if self.deadline is None or self.phase is not Phase.ARRANGING or self.human_ready:
            return None
        return max(0.0, self.deadline - self.now())

    def timed_out(self) -> bool:
        """True when the countdown has reached zero and the time-out is still to be handled (:meth:`on_timeout`)."""
        if self.timeout is not None:
            return False
        left = self.time_left()
        return left is not None and left <= 0

    def accept_takeover(self, request: AIRequest, choice: Choice) -> bool:
        """The computer's completion of the human's hand at the time-out; legal by construction."""
        rec = self.current
        if rec is None or request.deal != rec.number or self.phase is not Phase.ARRANGING:
            return False
        seat = request.seat
        if seat in rec.decisions:
            return False
        decision = choice.decision
        if self.arrange is not None and self.arrange.declared is not None:
            decision = Decision.declared(self.arrange.hand, self.arrange.declared)  # the player's own choice
        elif decision.arrangement is not None and self.arrange is not None:
            self.arrange = self.arrange.with_arrangement(decision.arrangement)
        rec.decisions[seat] = decision
        if self.preset is Preset.ARCADE:
            rec.doubles[seat] = self.human_double if self.human_double is not None else (
                None if choice.double is None else rec.seats[choice.double])
        rec.computer_for_human = True
        self.deadline = None
        if self.human is None:
            self.arrange = None  # the computer plays the seat from now on (the host's choice at the time-out)
        return True

    def on_timeout(self) -> AIRequest | None:
        """At zero (RULES.md §10: the player counts as having left).

        With takeover allowed: the request that has the computer complete the hand around the placed cards.
        With it off: None; the countdown stops at zero and the host must choose (:meth:`resolve_timeout`).
        """
        if self.phase is not Phase.ARRANGING or self.human is None or self.human_ready or self.timeout is not None:
            raise ArrangeError("not_arranging")
        if self.config.takeover:
            self.timeout = "takeover"
            return self.takeover_request()
        self.timeout = "host"
        self.deadline = None
        return None

    def resolve_timeout(self, computer: bool) -> AIRequest | None:
        """The host's choice after a time-out without takeover (RULES.md §10).

        ``computer``: the computer plays the seat from now on, as for a player who left: it completes this
        hand around the placed cards (the returned request, for :meth:`accept_takeover`) and plays the seat in
        the later deals; the player watches and may take a seat again (:meth:`take_seat`). Otherwise the table
        ends (reason ``timeout``) and None is returned.
        """
        if not self.awaiting_host:
            raise ArrangeError("not_arranging")
        if not computer:
            self.end("timeout")
            return None
        request = self.takeover_request()
        self.timeout = "takeover"
        seat = self.human
        assert seat is not None
        self.human = None
        self.viewer = seat
        self.deadline = None
        return request

    # ---- leaving and taking seats

    def leave(self) -> AIRequest | None:
        """The human leaves: the computer takes the seat if allowed (returns the request to finish the
        current hand, if any), else the session ends with its summary."""
        if self.human is None:
            self.end("left")
            return None
        if not self.config.takeover:
            self.end("left")
            return None
        seat = self.human
        request = None
        if self.phase is Phase.ARRANGING and self.current is not None and seat not in self.current.decisions:
            request = self._request(seat, self.levels[seat], "decide")
        self.human = None
        self.viewer = seat
        self.arrange = None
        self.deadline = None
        return request

    def take_seat(self, seat: int) -> None:
        """接玩: while watching, take ``seat`` from the next deal on (the session goes on)."""
        if not self.watching:
            raise ArrangeError("not_watching")
        if not 0 <= seat < SEATS or self.seat_out(seat):
            raise ArrangeError("bad_seat", seat=seat + 1)
        self.pending_seat = seat

    # ---- scoring and the reveal

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
        rec.units = sess.seat_totals(rec.seats, result.totals, SEATS)
        rec.before = self.money()
        if self.scored:
            for s, u in enumerate(rec.units):
                self.units[s] += u
            if self.tournament is not None:
                self.tournament, _ = sess.play_tournament_deal(self.tournament, rec.units)
            if self.arcade is not None:
                self.arcade, rec.settlement = sess.play_arcade_deal(self.arcade, rec.units)
        rec.after = self.money()
        self.history.append(rec)
        self.steps = reveal_steps(rec)
        self.phase = Phase.REVEALING
        self.deadline = None
        return rec

    def finish_reveal(self) -> None:
        """The reveal has been shown (or skipped): the results."""
        if self.phase is Phase.REVEALING:
            self.phase = Phase.RESULTS

    def session_end_reason(self) -> str | None:
        """Why the session ends after this deal, or None when it goes on."""
        if self.over_reason is not None:
            return self.over_reason
        if self.tournament is not None:
            if self.human is not None and sess.is_out(self.tournament, self.human):
                return "eliminated"
            if sess.tournament_over(self.tournament):
                return "finished" if len(sess.active_seats(self.tournament)) >= 2 else "players"
        if self.arcade is not None:
            if self.human is not None and sess.is_broke(self.arcade, self.human):
                return "broke"
            if len(sess.seats_in_play(self.arcade)) < 2:
                return "players"
        return None

    def next(self) -> Phase:
        """After the results (`n`): the session summary, the arcade round summary, or the next deal."""
        if self.phase is Phase.REVEALING:
            self.finish_reveal()
        if self.phase not in (Phase.RESULTS, Phase.ROUND_SUMMARY, Phase.DEALING):
            raise RuntimeError(f"no next deal during {self.phase}")
        if self.phase is Phase.RESULTS:
            reason = self.session_end_reason()
            if reason is not None:
                self.end(reason)
                return self.phase
            if self.arcade is not None and self.arcade.round_over:
                self.phase = Phase.ROUND_SUMMARY
                return self.phase
        self.start_deal()
        return self.phase

    def end(self, reason: str) -> None:
        """End the session (its summary shows ``reason``)."""
        self.over_reason = reason
        self.phase = Phase.OVER
        self.deadline = None

    def summary(self) -> Summary:
        """The round summary (during ``round_summary``) or the session summary."""
        money = self.money()
        is_round = self.phase is Phase.ROUND_SUMMARY
        if is_round and self.arcade is not None:
            change = sess.round_net(self.arcade)
        else:
            change = tuple(m - s for m, s in zip(money, self.start_money, strict=True))
        if self.tournament is not None:
            order = sess.standings(money)
        else:
            order = tuple(sorted(range(SEATS), key=lambda s: (-money[s], s)))
        lines = tuple(SeatLine(s, money[s], change[s], self.seat_out(s)) for s in range(SEATS))
        reason = "round" if is_round else (self.over_reason or "left")
        rnd = self.arcade.round if self.arcade is not None else None
        return Summary(reason, len(self.history), lines, order, rnd)

    def to_dict(self) -> dict[str, Any]:
        """The session as JSON-ready data (config, seed, every deal)."""
        out: dict[str, Any] = {
            "config": self.config.to_dict(),
            "seed": self.seed,
            "phase": self.phase.value,
            "human": self.human,
            "deals": [r.to_dict() for r in self.history],
            "units": list(self.units),
        }
        if self.tournament is not None:
            out["tournament"] = self.tournament.to_dict()
        if self.arcade is not None:
            out["arcade"] = self.arcade.to_dict()
        if self.over_reason:
            out["over"] = self.over_reason
        return out


# --------------------------------------------------------------------------------------------- the reveal


def _lines_of(rec: DealRecord, kinds: Callable[[str], bool]) -> list[ItemLine]:
    assert rec.result is not None
    lines = []
    for pair in rec.result.pairs:
        i, j = rec.seats[pair.i], rec.seats[pair.j]
        for item in pair.items:
            if kinds(item.kind) and item.value:
                w, lo = (i, j) if item.value > 0 else (j, i)
                lines.append(ItemLine(w, lo, item.kind, abs(item.value)))
    return lines


def _row_lines(rec: DealRecord) -> dict[Row, list[ItemLine]]:
    # A treasure item belongs to the row item just before it (arcade lists them in that order).
    assert rec.result is not None
    out: dict[Row, list[ItemLine]] = {r: [] for r in Row}
    for pair in rec.result.pairs:
        i, j = rec.seats[pair.i], rec.seats[pair.j]
        last: Row | None = None
        for item in pair.items:
            row = ROW_KINDS.get(item.kind)
            if row is not None:
                last = row
            elif not (item.kind == "treasure" and last is not None):
                continue
            if item.value:
                w, lo = (i, j) if item.value > 0 else (j, i)
                out[last].append(ItemLine(w, lo, item.kind, abs(item.value)))  # type: ignore[index]
    return out


def _delta(lines: Sequence[ItemLine]) -> tuple[int, ...]:
    d = [0] * SEATS
    for ln in lines:
        d[ln.winner] += ln.value
        d[ln.loser] -= ln.value
    return tuple(d)


def reveal_steps(rec: DealRecord) -> list[RevealStep]:
    """The reveal, in order: fronts, middles, backs (with what each row scores), 打槍, 紅不讓/全壘打,
    bonuses and specials, then the totals. The deltas add up to the deal's units."""
    assert rec.result is not None
    rows = _row_lines(rec)
    # taiwan/tournament score rows as one ±1 per pair, known once the backs are shown.
    base = _lines_of(rec, lambda k: k == "rows")
    steps = [RevealStep("row", Row.FRONT, tuple(rows[Row.FRONT]), _delta(rows[Row.FRONT])),
             RevealStep("row", Row.MIDDLE, tuple(rows[Row.MIDDLE]), _delta(rows[Row.MIDDLE])),
             RevealStep("row", Row.BACK, tuple(rows[Row.BACK] + base), _delta(rows[Row.BACK] + base))]
    sweeps = _lines_of(rec, lambda k: k in SWEEP_KINDS)
    if sweeps:
        steps.append(RevealStep("sweeps", None, tuple(sweeps), _delta(sweeps)))
    homes = _lines_of(rec, lambda k: k == "home_run")
    if homes:
        steps.append(RevealStep("home_runs", None, tuple(homes), _delta(homes)))
    done = {"rows", "treasure", "home_run", *SWEEP_KINDS, *ROW_KINDS}
    others = _lines_of(rec, lambda k: k not in done)
    if others:
        steps.append(RevealStep("bonuses", None, tuple(others), _delta(others)))
    steps.append(RevealStep("totals", None, (), (0,) * SEATS))
    return steps


def tally_after(steps: Sequence[RevealStep], shown: int) -> tuple[int, ...]:
    """Each seat's deal tally once the first ``shown`` steps are shown."""
    out = [0] * SEATS
    for step in steps[:shown]:
        for s, d in enumerate(step.delta):
            out[s] += d
    return tuple(out)


def count_frames(start: int, end: int, frames: int) -> list[int]:
    """Values a number passes through counting from ``start`` to ``end`` in ``frames`` frames (ends exact)."""
    if frames <= 1 or start == end:
        return [end]
    return [round(start + (end - start) * k / frames) for k in range(1, frames + 1)]


def row_winners(rec: DealRecord, row: Row) -> set[int]:
    """The seats whose ``row`` beats or ties every other compared row (the row's best hand at the table)."""
    best = set()
    for s in rec.seats:
        outcomes = [rec.outcome(s, o, row) for o in rec.seats if o != s]
        known = [o for o in outcomes if o is not None]
        if known and all(o is not Outcome.LOSS for o in known) and any(o is Outcome.WIN for o in known):
            best.add(s)
    return best
