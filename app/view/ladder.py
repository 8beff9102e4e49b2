"""How the table shows a hand of the pattern ladder (RULES.md §19): its 13 cards on one hand line, the cards
that make its pattern marked (and put first), the pattern's name and its tier, and (once the hands are shown)
whom it beats. There are no rows: nobody arranges, and nothing would compare them.

:class:`LadderLine` is the plain model the widgets draw (:mod:`app.widgets.ladder_widgets`); the presenter
builds one per seat with :func:`ladder_line` (face down until the reveal shows the hands).

The same concept on another floor: the view of :mod:`rules.ladder`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.text import Text

from app.game import Table
from app.i18n import Translator
from rules.cards import Card
from rules.ladder import TIERS, compare_ladder, ladder_hand, pattern_cards

MARK_STYLE = "bold yellow"  # the pattern's cards and its name


@dataclass(frozen=True)
class LadderLine:
    """One seat's ladder hand as shown: ``cards`` (None: face down), the pattern's cards ``marked``, the
    pattern's name with its tier, and ``marks`` (whom the hand beats, ▲ / ▼ / = per seat)."""

    cards: tuple[Card, ...] | None
    marked: frozenset[Card] = frozenset()
    name: str = ""
    marks: Text = field(default_factory=Text)


def ordered(cards: Sequence[Card], marked: frozenset[Card]) -> tuple[Card, ...]:
    """The hand as shown: the pattern's cards first, then the others, each high to low (so the name stands
    beside what it names, and a wrapped line keeps the pattern on its first line)."""

    def key(c: Card) -> tuple[bool, int, int]:
        return (c not in marked, -c.rank, -c.suit)

    return tuple(sorted(cards, key=key))


def pattern_name(t: Translator, cards: Sequence[Card], *, short: bool = False) -> str:
    """The pattern's name and its tier: "Trips 三條 · tier 6 of 7" (``short``: this language's name only)."""
    hand = ladder_hand(cards)
    name = t(f"ladder.short.{hand.pattern.id}") if short else t(f"ladder.pattern.{hand.pattern.id}")
    return t("ladder.named", name=name, tier=hand.tier, of=TIERS)


def beats(
    hands: Mapping[int, Sequence[Card]], seat: int, others: Sequence[int], short_name: Callable[[int], str]
) -> Text:
    """Whom ``seat``'s hand beats: " W▲ N▼ E=" for each of ``others`` at the table (as the rows' marks)."""
    out = Text()
    for other in others:
        if other not in hands:
            continue
        result = compare_ladder(hands[seat], hands[other])
        out.append(" " + short_name(other))
        out.append(*{1: ("▲", "bold green"), -1: ("▼", "bold red"), 0: ("=", "dim")}[result])
    return out


def ladder_line(
    t: Translator, cards: Sequence[Card] | None, *, short: bool = False, marks: Text | None = None
) -> LadderLine:
    """The line of a hand (None: still face down)."""
    if cards is None:
        return LadderLine(None)
    marked = pattern_cards(cards)
    return LadderLine(ordered(cards, marked), marked, pattern_name(t, cards, short=short), marks or Text())


def ladder_model(
    t: Translator,
    table: Table,
    seat: int,
    *,
    short: bool,
    revealed: int,
    others: Sequence[int],
    short_name: Callable[[int], str],
) -> LadderLine | None:
    """``seat``'s line at a ladder table (None at any other): its 13 cards face down until the reveal shows
    the hands (``revealed`` rows on show; one's own always), with whom it beats among ``others`` once shown
    (in the player's own box, not ``short``)."""
    rec = table.current
    if table.preset.arranged or rec is None or seat not in rec.hands:
        return None
    own = seat in (table.human, rec.human)
    shown = rec.result is not None and revealed > 0
    if not (own or shown):
        return ladder_line(t, None)
    playing = [o for o in others if o in rec.seats]
    marks = beats(rec.hands, seat, playing, short_name) if shown and not short else None
    return ladder_line(t, rec.hands[seat], short=short, marks=marks)


def ladder_board(t: Translator, cards: Sequence[Card]) -> str:
    """The board's line while the hands are dealt: what the player's hand is and where it stands."""
    hand = ladder_hand(cards)
    return t("ladder.board", hand=t(f"ladder.pattern.{hand.pattern.id}"), tier=hand.tier, of=TIERS)


__all__ = [
    "MARK_STYLE",
    "LadderLine",
    "beats",
    "ladder_board",
    "ladder_line",
    "ladder_model",
    "ordered",
    "pattern_name",
]
