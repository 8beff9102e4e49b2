"""The human's arrangement in progress (:class:`ArrangeState`), whether each of the player's actions
(:class:`~.why.Action`) can be taken on it, and the row-reading helpers the table screen shows
(:func:`partial_category`, :func:`hint_row`).

Every method of :class:`ArrangeState` returns a new state; a move that cannot be made raises
:class:`ArrangeError`, whose :class:`~.why.Why` the UI words as the keys' reasons are (``table.why.<why>``).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ai import Fixed, PricedDecision, legal_splits
from rules.arrangement import ROW_SIZES, Arrangement, Row
from rules.cards import JOKER, Card, sort_cards
from rules.deal import Decision
from rules.evaluate import Category, RowValue, Wheel, compare_values, evaluate_row
from rules.presets import Options
from rules.specials import Special

from .why import YES, Action, Allowed, Availability, Why, greyed

__all__ = ["Action", "Allowed", "ArrangeError", "ArrangeState", "Hint", "display_order", "hint_row", "partial_category"]


class ArrangeError(ValueError):
    """A move the table refuses: ``why`` says why in the one vocabulary the keys use (:class:`~.why.Why`, worded
    as ``table.why.<why>``), ``params`` the figures its words need."""

    def __init__(self, why: Why, **params: Any) -> None:
        super().__init__(why.value)
        self.why = why
        self.params = params


def display_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A row's cards for display, the one order used everywhere: bigger groups first (the trips of a full
    house, the pair of a pair), then by rank, high to low, as players lay them down. A joker in a full row
    lies beside the cards of the rank it stands for (rules/RULES.md §20.3), after them."""
    stands = evaluate_row(cards).joker if JOKER in cards and len(cards) in (3, 5) else None
    counts = Counter(stands.rank if c == JOKER and stands is not None else c.rank for c in cards)

    def key(c: Card) -> tuple[int, int, int]:
        if c == JOKER and stands is not None:
            return counts[stands.rank], stands.rank, -1
        return counts[c.rank], c.rank, c.suit

    return tuple(sorted(cards, key=key, reverse=True))


def partial_category(cards: Sequence[Card], size: int, wheel: Wheel = Wheel.LOW) -> Category | None:
    """What a row of ``size`` holds so far: the full evaluation once it has ``size`` cards, else what its
    ranks already make (a pair, two pair, trips, a full house, quads; straights and flushes need the whole
    row). None for an empty row."""
    if not cards:
        return None
    if len(cards) == size:
        return evaluate_row(cards, wheel).category
    # A joker joins the biggest group so far (it is wild, rules/RULES.md §20.3).
    shape = sorted(Counter(c.rank for c in cards if c != JOKER).values(), reverse=True) or [0]
    if JOKER in cards:
        shape[0] += 1
    if shape[0] == 4:
        return Category.QUADS
    if shape[0] == 3:
        return Category.FULL_HOUSE if len(shape) > 1 and shape[1] >= 2 else Category.TRIPS
    if shape[0] == 2:
        return Category.TWO_PAIR if len(shape) > 1 and shape[1] == 2 else Category.PAIR
    return Category.HIGH_CARD


class Hint(NamedTuple):
    """Where the card under the cursor goes, and why: the row of the helper's completion it belongs to."""

    card: Card
    row: Row
    group: tuple[Card, ...]  # that row's cards, in display order
    category: Category  # and what they make


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
    suggestions: tuple[PricedDecision, ...] = ()
    suggestion: int = -1  # which suggestion is on show; -1 when the player changed the play since
    declared: Special | None = None
    specials: frozenset[Special] = frozenset()  # what the cards make that this preset lets one declare
    received: frozenset[Card] = frozenset()  # 換三張: the cards passed in, marked in the hand until moved

    @classmethod
    def new(
        cls,
        hand: Sequence[int],
        sort: str = "rank",
        wheel: Wheel = Wheel.LOW,
        specials: frozenset[Special] = frozenset(),
    ) -> ArrangeState:
        """A fresh arrangement: all 13 cards in hand, the cursor on the first. A dragon among ``specials`` is
        declared at once: it is always declared (rules/RULES.md §13.1), the player only confirms it."""
        state = cls(tuple(sorted(Card(c) for c in hand)), sort=sort, wheel=wheel, specials=specials)
        dragons = sorted((s for s in specials if s.is_dragon), key=lambda s: s.rung)
        return state.declare(dragons[-1]) if dragons else state

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
        return display_order(self.rows[row])

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

    def joker_note(self, row: Row) -> str:
        """`` JK=K♠`` after a full row's name when it holds the joker: the card it stands for (RULES.md §20.3)."""
        value = self.row_value(row)
        return f" JK={value.joker.symbol()}" if value is not None and value.joker is not None else ""

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

    @functools.cached_property
    def foul_ahead(self) -> bool:
        """True when the cards placed so far can no longer be completed without a foul (three 7s in the
        front with what is left unable to beat them): the warning comes before the last card is placed."""
        if self.declared is not None or self.complete or not self.placed:
            return False
        return legal_splits(self.hand, Options(wheel=self.wheel), self.fixed()).legal.size == 0

    def ready_problem(self) -> Why | None:
        """Why READY is not allowed yet (:attr:`Why.INCOMPLETE` or :attr:`Why.FOUL`), or None."""
        if self.declared is not None:
            return None
        if not self.complete:
            return Why.INCOMPLETE
        if self.fouls():
            return Why.FOUL
        return None

    def decision(self) -> Decision:
        """The decision READY submits; :class:`ArrangeError` when it is not allowed."""
        if self.declared is not None:
            return Decision.declared(self.hand, self.declared)
        problem = self.ready_problem()
        if problem is not None:
            raise ArrangeError(problem, n=len(self.hand) - len(self.placed))
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

    def receive(self, cards: frozenset[Card]) -> ArrangeState:
        """Mark ``cards`` (of this hand) as passed in by the exchange (換三張): marked until the player moves
        them into a row."""
        return self._with(received=frozenset(cards) & frozenset(self.hand))

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

    def place(self, row: Row) -> ArrangeState:
        """Put the selected cards (or the one under the cursor) into ``row``.

        When that leaves exactly one row unfilled and the hand holds exactly its cards, they go there too:
        there is no other place for them.
        """
        if self.declared is not None:
            raise ArrangeError(Why.DECLARED)
        targets = self.targets()
        if not targets:
            raise ArrangeError(Why.NO_CARD)
        moving = [c for c in targets if c not in self.rows[row]]
        if not moving:
            raise ArrangeError(Why.ALREADY_THERE, row=row.id)
        if len(moving) > self.room(row):
            room = self.room(row)
            if room == 0:
                raise ArrangeError(Why.ROW_FULL, row=row.id, size=ROW_SIZES[row])
            raise ArrangeError(Why.ROW_ROOM, row=row.id, n=room, m=len(moving))
        old = self.cursor_card
        was_loose = self.cursor < len(self.loose)
        rows = [tuple(c for c in r if c not in moving) for r in self.rows]
        rows[row] = rows[row] + tuple(moving)
        out = self._with(rows=tuple(rows), selected=frozenset(), suggestion=-1, received=self.received - set(moving))
        out = out._after_move(old, was_loose, set(moving))
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
            raise ArrangeError(Why.DECLARED)
        back = [c for c in self.targets() if self.where(c) is not None]
        if not back:
            raise ArrangeError(Why.IN_HAND if self.placed else Why.NOTHING_PLACED)
        old = self.cursor_card
        rows = tuple(tuple(c for c in r if c not in back) for r in self.rows)
        out = self._with(rows=rows, selected=frozenset(), suggestion=-1)  # type: ignore[arg-type]
        return out._with(cursor=out.order.index(old)) if old is not None else out

    @property
    def _kept_declaration(self) -> Special | None:
        # A dragon is always declared (rules/RULES.md §13.1): returning the cards never withdraws it.
        return self.declared if self.declared is not None and self.declared.is_dragon else None

    @property
    def can_return_all(self) -> bool:
        """True when :meth:`return_all` has something to take back: placed cards or a declaration it withdraws."""
        return bool(self.placed) or self.declared != self._kept_declaration

    def return_all(self) -> ArrangeState:
        """回收: every card back to the hand; a declaration is withdrawn too, except a dragon's."""
        return self._with(
            rows=((), (), ()), selected=frozenset(), cursor=0, suggestion=-1, declared=self._kept_declaration
        )

    def with_arrangement(self, arrangement: Arrangement, suggestion: int = -1) -> ArrangeState:
        """Show ``arrangement`` in the rows (a suggestion or the takeover's choice)."""
        if sorted(arrangement.cards) != sorted(self.hand):
            raise ArrangeError(Why.NOT_THIS_HAND)
        return self._with(
            rows=arrangement.rows,
            selected=frozenset(),
            cursor=0,
            suggestion=suggestion,
            declared=None,
            received=frozenset(),
        )

    # ---- auto-arrange

    def showing_suggestion(self) -> bool:
        """True while the play on show is still the suggestion it came from (`a` again shows the next)."""
        if not 0 <= self.suggestion < len(self.suggestions):
            return False
        current = self.suggestions[self.suggestion].decision
        if current.declare is not None:
            return self.declared is current.declare
        return self.declared is None and self.complete and Arrangement.of(*self.rows) == current.arrangement

    def show_suggestion(self, index: int) -> ArrangeState:
        """Put suggestion ``index`` on show: its rows, or its declaration (the rows emptied)."""
        decision = self.suggestions[index].decision
        if decision.declare is not None:
            state = self._with(rows=((), (), ()), selected=frozenset(), cursor=0, declared=decision.declare)
            return state._with(suggestion=index)
        assert decision.arrangement is not None
        return self.with_arrangement(decision.arrangement, index)._with(suggestions=self.suggestions)

    def next_suggestion(self) -> ArrangeState | None:
        """The next cached suggestion when the play on show is still one (pressing `a` again), else None."""
        if not self.showing_suggestion():
            return None
        return self.show_suggestion((self.suggestion + 1) % len(self.suggestions))

    def suggestion_fixed(self) -> Fixed | None:
        """What a new suggestion must keep: the placed cards, unless all 13 are placed (then start afresh)."""
        if self.complete or not self.placed:
            return None
        return self.fixed()

    def hint_fixed(self) -> Fixed | None:
        """What a hint's completion must keep: the placed cards, unless all 13 are placed."""
        return None if self.complete else self.fixed()

    def with_suggestions(self, suggestions: Sequence[PricedDecision]) -> ArrangeState:
        """Take fresh suggestions (best first) and show the first; plays not of this hand, or repeated, and
        declarations this hand cannot make are left out."""
        kept: list[PricedDecision] = []
        for sug in suggestions:
            d = sug.decision
            fits = sorted(d.cards) == sorted(self.hand) and (d.declare is None or d.declare in self.specials)
            if fits and all(k.decision != d for k in kept):
                kept.append(sug)
        if not kept:
            raise ArrangeError(Why.NO_SUGGESTION)
        return self._with(suggestions=tuple(kept)).show_suggestion(0)

    # ---- what may be done

    def verdict(self, action: Action, row: Row | None = None) -> Availability:
        """Whether an arranging ``action`` can be taken on this state (``row``: where PLACE puts the cards), with
        the reason when not (greyed: these are the current step's keys). The table decides first whether the
        player may arrange at all (:func:`app.game.actions.verdict`)."""
        declared = self.declared is not None
        if action in (Action.SELECT, Action.PLACE, Action.UNPLACE, Action.HINT) and declared:
            return greyed(Why.DECLARED)
        if action in (Action.SELECT, Action.PLACE, Action.UNPLACE) and not self.targets():
            return greyed(Why.NO_CARD)
        if action is Action.PLACE:
            return self._place_verdict(row)
        if action is Action.UNPLACE and not any(self.where(c) is not None for c in self.targets()):
            return greyed(Why.IN_HAND if self.placed else Why.NOTHING_PLACED)
        if action is Action.CLEAR and not self.can_return_all:
            return greyed(Why.DRAGON if declared else Why.NOTHING_PLACED)
        if action is Action.AUTO and declared and not (self._kept_declaration is None and self.showing_suggestion()):
            return greyed(Why.AUTO_DECLARED)
        if action is Action.HINT and self.complete:
            return greyed(Why.ALL_PLACED)
        if action is Action.READY:
            problem = self.ready_problem()
            if problem is Why.INCOMPLETE:
                return greyed(Why.INCOMPLETE, n=len(self.hand) - len(self.placed))
            if problem is Why.FOUL:
                return greyed(Why.FOUL)
        return YES

    def _place_verdict(self, row: Row | None) -> Availability:
        if row is None:
            return greyed(Why.NO_ROW)
        moving = [c for c in self.targets() if c not in self.rows[row]]
        if not moving:
            return greyed(Why.ALREADY_THERE, row=row)
        if len(moving) > self.room(row):
            why = Why.ROW_FULL if self.room(row) == 0 else Why.ROW_ROOM
            return greyed(why, n=self.room(row), m=len(moving), row=row)
        return YES

    # ---- declaring

    def declare(self, special: Special | None) -> ArrangeState:
        """Declare ``special`` instead of arranging (None withdraws the declaration)."""
        if special is not None and special not in self.specials:
            raise ArrangeError(Why.CANNOT_DECLARE, special=special.id)
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
