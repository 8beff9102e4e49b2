"""A deal as plain data: what each seat decided, and the itemised result of scoring it.

Everything here is a frozen dataclass that converts to and from JSON-ready dicts, so that a deal can be
saved, replayed and explained (RULES.md §4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .arrangement import Arrangement, Row, foul_reason_values
from .cards import JOKER, Card, CardError, format_cards, parse_cards
from .evaluate import Category, RowValue
from .presets import Options, Preset
from .specials import Special, detect_specials

MAX_STAKE = 100  # the most a player may stake against the banker, in units


class DealError(ValueError):
    """A deal that cannot be scored: bad cards, a special the cards do not make, bad doubles or treasure."""


class Outcome(StrEnum):
    """A row's result from one player's side."""

    WIN = "win"
    TIE = "tie"
    LOSS = "loss"

    def flipped(self) -> Outcome:
        return {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(self, Outcome.TIE)


@dataclass(frozen=True)
class Decision:
    """One seat's decision: an arrangement of its 13 cards, or a declared special hand."""

    cards: tuple[Card, ...]
    arrangement: Arrangement | None = None
    declare: Special | None = None

    def __post_init__(self) -> None:
        if (self.arrangement is None) == (self.declare is None):
            raise DealError("a decision is either an arrangement or a declaration")
        if len(self.cards) != 13 or len(set(self.cards)) != 13:
            raise DealError("a hand has 13 distinct cards")

    @classmethod
    def arranged(cls, arrangement: Arrangement) -> Decision:
        return cls(tuple(sorted(arrangement.cards)), arrangement=arrangement)

    @classmethod
    def declared(cls, cards: Sequence[int], special: Special) -> Decision:
        """Declare ``special``; raises :class:`DealError` when the cards do not make it."""
        hand = tuple(sorted(Card(c) for c in cards))
        if special not in detect_specials(hand):
            raise DealError(
                f"the cards {format_cards(sorted(hand, reverse=True))} do not make {special.id} ({special.zh})"
            )
        return cls(hand, declare=special)

    def to_dict(self) -> dict[str, str]:
        if self.arrangement is not None:
            return self.arrangement.to_dict()
        assert self.declare is not None
        return {"cards": format_cards(sorted(self.cards, reverse=True)), "declare": self.declare.id}

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        """Read ``{"front", "middle", "back"}`` or ``{"cards", "declare"}``; other keys are ignored."""
        if not isinstance(data, dict):
            raise DealError("a player must be an object with front/middle/back or cards/declare")
        # A null "declare" (as `solve --json` prints for an arrangement) means the rows are played.
        if data.get("declare") is not None:
            cards, declare = data.get("cards"), data.get("declare")
            if not isinstance(cards, str) or not isinstance(declare, str):
                raise DealError("a declaring player needs 'cards' (13 cards) and 'declare' (a special id)")
            try:
                special = Special(declare)
            except ValueError:
                raise DealError(f"unknown special hand {declare!r}") from None
            return cls.declared(parse_cards(cards, 13), special)
        rows = [data.get(r.id) for r in Row]
        if "cards" in data and not any(r.id in data for r in Row):
            raise DealError("a player given as 'cards' needs 'declare' (a special id); or give front, middle, back")
        if not all(isinstance(r, str) for r in rows):
            raise DealError("an arranged player needs 'front', 'middle' and 'back' as card strings")
        return cls.arranged(Arrangement.parse(*rows))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Deal:
    """Everything needed to score one deal; seats in table order."""

    preset: Preset
    options: Options
    decisions: tuple[Decision, ...]
    doubles: tuple[int | None, ...] = ()  # arcade 賭倍: the opponent each seat doubles, or None
    treasure: tuple[Card, ...] = ()  # arcade 寶牌, at most four
    banker: int | None = None  # the banker game (莊家, §16): the seat every other seat compares with, alone
    stakes: tuple[int, ...] = ()  # banker game: what each seat staked (下注), 1 when empty; the banker's is 1

    def __post_init__(self) -> None:  # noqa: C901 (validation: one check a field)
        n = len(self.decisions)
        if not 2 <= n <= 4:
            raise DealError(f"a deal has 2 to 4 players, got {n}")
        owner: dict[Card, int] = {}
        for seat, d in enumerate(self.decisions):
            for c in d.cards:
                if c in owner:
                    raise DealError(f"card {c} is held by players {owner[c]} and {seat}")
                owner[c] = seat
            if d.declare is not None and d.declare not in self.preset.specials:
                raise DealError(f"{d.declare.id} is not a special hand in {self.preset.value}")
            if JOKER in d.cards and not self.options.joker:
                raise DealError(f"player {seat} holds the joker (JK), which is played only with the option 'joker'")
        if self.options.joker and not self.preset.arranged:
            raise DealError(f"the joker (option 'joker') is not played in {self.preset.value}")
        # §13.13: outside arcade even a list of nulls is an error (there is nothing to double).
        if self.preset is not Preset.ARCADE and (self.doubles or self.treasure):
            raise DealError("doubles and treasure cards exist only in arcade")
        if self.doubles and len(self.doubles) != n:
            raise DealError(f"doubles needs one entry per player ({n}), got {len(self.doubles)}")
        for seat, target in enumerate(self.doubles):
            if target is not None and (not 0 <= target < n or target == seat):
                raise DealError(f"player {seat} cannot double {target}")
        if len(self.treasure) > 4 or len(set(self.treasure)) != len(self.treasure) or JOKER in self.treasure:
            raise DealError("treasure cards are 0 to 4 distinct natural cards (the joker is never one)")
        if self.banker is not None:
            if isinstance(self.banker, bool) or not isinstance(self.banker, int) or not 0 <= self.banker < n:
                raise DealError(f"the banker must be a player index 0 to {n - 1}, not {self.banker!r}")
            if self.doubles:
                raise DealError("doubles are not played in a banker game")
        if self.stakes:
            if self.banker is None:
                raise DealError("stakes exist only in a banker game (give 'banker')")
            if len(self.stakes) != n:
                raise DealError(f"stakes needs one entry per player ({n}), got {len(self.stakes)}")
            for seat, stake in enumerate(self.stakes):
                if isinstance(stake, bool) or not isinstance(stake, int) or not 1 <= stake <= MAX_STAKE:
                    raise DealError(f"player {seat}'s stake must be a whole number 1 to {MAX_STAKE}, not {stake!r}")
                if seat == self.banker and stake != 1:
                    raise DealError("the banker does not stake: its entry in 'stakes' must be 1")

    @property
    def players(self) -> int:
        return len(self.decisions)

    def stake(self, seat: int) -> int:
        """What ``seat`` staked against the banker (1 outside a banker game, and for the banker itself)."""
        return self.stakes[seat] if self.stakes else 1

    def doubled(self, seat: int, target: int) -> bool:
        return bool(self.doubles) and self.doubles[seat] == target

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.preset.value,
            "options": self.options.to_dict(),
            "players": [d.to_dict() for d in self.decisions],
        }
        if self.preset is Preset.ARCADE:
            out["doubles"] = list(self.doubles) or [None] * self.players
            out["treasure"] = [str(c) for c in self.treasure]
        if self.banker is not None:
            out["banker"] = self.banker
            out["stakes"] = list(self.stakes) or [1] * self.players
        return out


@dataclass(frozen=True)
class Item:
    """One line of a pair's score, from the first player's side (the kinds: app/commands/README.md, "score")."""

    kind: str
    value: int

    def flipped(self) -> Item:
        return Item(self.kind, -self.value)


@dataclass(frozen=True)
class PairResult:
    """How player ``i`` did against player ``j``; ``rows`` is None when the rows were not compared."""

    i: int
    j: int
    rows: tuple[Outcome, Outcome, Outcome] | None
    items: tuple[Item, ...] = field(default=())

    @property
    def score(self) -> int:
        """``i``'s gain, which is ``j``'s loss."""
        return sum(item.value for item in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [self.i, self.j],
            "rows": None if self.rows is None else [o.value for o in self.rows],
            "score": self.score,
            "items": [{"kind": it.kind, "value": it.value} for it in self.items],
        }

    @classmethod
    def from_dict(cls, data: Any) -> PairResult:
        """Read :meth:`to_dict`'s output (the ``score`` is derived from the items and checked against them)."""
        if not isinstance(data, dict):
            raise DealError("a pair result must be an object")
        players, rows, items = data.get("players"), data.get("rows"), data.get("items")
        if not (isinstance(players, list) and len(players) == 2 and all(_is_int(p) for p in players)):
            raise DealError("a pair result names its two 'players'")
        if rows is not None:
            try:
                rows = tuple(Outcome(o) for o in rows) if isinstance(rows, list) and len(rows) == 3 else ()
            except ValueError:
                rows = ()
            if not rows:
                raise DealError("a pair result's 'rows' are three of win/tie/loss, or null")
        if not isinstance(items, list) or not all(
            isinstance(it, dict) and isinstance(it.get("kind"), str) and _is_int(it.get("value")) for it in items
        ):
            raise DealError("a pair result's 'items' are objects with a 'kind' and an integer 'value'")
        pair = cls(players[0], players[1], rows, tuple(Item(it["kind"], it["value"]) for it in items))
        if "score" in data and data["score"] != pair.score:
            raise DealError(f"pair {players}: the score {data['score']!r} is not the sum of its items")
        return pair


@dataclass(frozen=True)
class DealResult:
    """The scored deal: units per player (zero-sum), fouls, and every pair itemised."""

    preset: Preset
    totals: tuple[int, ...]
    fouled: tuple[bool, ...]
    pairs: tuple[PairResult, ...]

    def pair(self, i: int, j: int) -> PairResult:
        """The result of ``i`` against ``j`` from ``i``'s side (flipped if stored the other way)."""
        for p in self.pairs:
            if (p.i, p.j) == (i, j):
                return p
            if (p.i, p.j) == (j, i):
                rows = None if p.rows is None else tuple(o.flipped() for o in p.rows)
                return PairResult(i, j, rows, tuple(it.flipped() for it in p.items))  # type: ignore[arg-type]
        raise KeyError((i, j))

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.preset.value,
            "totals": list(self.totals),
            "fouled": list(self.fouled),
            "pairs": [p.to_dict() for p in self.pairs],
        }

    @classmethod
    def from_dict(cls, data: Any) -> DealResult:
        """Read :meth:`to_dict`'s output; :class:`DealError` names what is wrong."""
        if not isinstance(data, dict):
            raise DealError("a result must be an object")
        rules = data.get("rules")
        if not isinstance(rules, str) or rules not in {p.value for p in Preset}:
            raise DealError(f"a result's 'rules' must be a preset, not {rules!r}")
        preset = Preset(rules)
        totals, fouled, pairs = data.get("totals"), data.get("fouled"), data.get("pairs")
        if not isinstance(totals, list) or not all(_is_int(t) for t in totals):
            raise DealError("a result's 'totals' are integers")
        if not isinstance(fouled, list) or len(fouled) != len(totals) or not all(isinstance(f, bool) for f in fouled):
            raise DealError("a result's 'fouled' is one true/false per player")
        if not isinstance(pairs, list):
            raise DealError("a result's 'pairs' must be a list")
        return cls(preset, tuple(totals), tuple(fouled), tuple(PairResult.from_dict(p) for p in pairs))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Seat:
    """A decision evaluated under the deal's options: row values, strength keys and foul state."""

    decision: Decision
    values: tuple[RowValue, RowValue, RowValue] | None
    keys: tuple[int, int, int] | None
    foul: str | None

    @property
    def fouled(self) -> bool:
        return self.foul is not None

    @property
    def special(self) -> Special | None:
        return self.decision.declare

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The rows as played, for the bonuses that read cards (a suited front, 7-11, treasure, 六輪車): a
        joker counts as the card its row's value gave it (RULES.md §20.5). An arranged seat only."""
        arr = self.decision.arrangement
        assert arr is not None and self.values is not None
        if JOKER not in arr.cards:
            return arr.rows
        f, m, b = (
            tuple(value.joker if c == JOKER and value.joker is not None else c for c in row)
            for row, value in zip(arr.rows, self.values, strict=True)
        )
        return f, m, b

    @classmethod
    def evaluate(cls, decision: Decision, options: Options) -> Seat:
        if decision.arrangement is None:
            return cls(decision, None, None, None)
        values = decision.arrangement.values(options.wheel)
        keys = tuple(v.key(options.suit_tiebreak) for v in values)
        return cls(decision, values, keys, foul_reason_values(*values))  # type: ignore[arg-type]


def row_outcomes(a: Seat, b: Seat) -> tuple[Outcome, Outcome, Outcome]:
    """Row results of arranged seat ``a`` against ``b``: a fouled hand loses every row, two fouls tie."""
    if a.fouled or b.fouled:
        o = Outcome.TIE if a.fouled and b.fouled else (Outcome.LOSS if a.fouled else Outcome.WIN)
        return (o, o, o)
    assert a.keys is not None and b.keys is not None
    return tuple(  # type: ignore[return-value]
        Outcome.WIN if x > y else Outcome.LOSS if x < y else Outcome.TIE for x, y in zip(a.keys, b.keys, strict=True)
    )


def won_rows(a: Seat, b: Seat, rows: Sequence[Outcome], worth: Callable[[Row, Category], int]) -> list[Item]:
    """One item a row neither side tied, from ``a``'s side: what the winner's row of its category is ``worth``
    (the presets that pay rows one by one: western, hongkong)."""
    items: list[Item] = []
    for row, outcome in zip(Row, rows, strict=True):
        if outcome is Outcome.TIE:
            continue
        winner, sign = (a, 1) if outcome is Outcome.WIN else (b, -1)
        assert winner.values is not None
        items.append(Item(row.id, worth(row, winner.values[row].category) * sign))
    return items


def pair_order(n: int) -> list[tuple[int, int]]:
    """The pairs of an n-player table in output order: (0,1), (0,2), …, (n-2, n-1)."""
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def parse_decisions(players: Any) -> tuple[Decision, ...]:
    """Read the ``players`` list of a score document; errors name the player."""
    if not isinstance(players, list):
        raise DealError("'players' must be a list of 2 to 4 players")
    out = []
    for seat, p in enumerate(players):
        try:
            out.append(Decision.from_dict(p))
        except (DealError, CardError) as exc:
            raise DealError(f"player {seat}: {exc}") from None
    return tuple(out)


def sweep_item(
    rows: tuple[Outcome, Outcome, Outcome], amount: int, sweeps: Counter[int], i: int, j: int
) -> Item | None:
    """The 打槍 item of pair (i, j) when either side won all three rows; counts it in ``sweeps``."""
    if rows.count(Outcome.WIN) == 3:
        sweeps[i] += 1
        return Item("sweep", amount)
    if rows.count(Outcome.LOSS) == 3:
        sweeps[j] += 1
        return Item("sweep", -amount)
    return None


def add_home_runs(items: dict[tuple[int, int], list[Item]], sweeps: Counter[int], n: int, amount: int) -> None:
    """紅不讓 / 全壘打: a seat that swept all three others at a table of four takes ``amount`` from each."""
    if n != 4:
        return
    for p, count in sweeps.items():
        if count == n - 1:
            for q in range(n):
                if q != p:
                    key, sign = ((p, q), 1) if p < q else ((q, p), -1)
                    items[key].append(Item("home_run", amount * sign))
