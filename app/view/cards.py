"""Card tiles as Rich text: fixed-width, rank + suit, red hearts and diamonds (or a four-colour deck).

Everything here is a pure function of the card and a :class:`CardLook`, so every widget draws cards the same
way and a tile never changes width (CJK terminals may draw ♠ wide: the letter-suit look avoids the symbols).

The same concept on another floor: the faces of :mod:`rules.cards`' cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rich.style import Style
from rich.text import Text

from rules.cards import RANK_CHARS, SUIT_SYMBOLS, Card

FACE = "#eeeeea"
SELECTED = "#ffd75f"
CURSOR = "#8fd3ff"
CURSOR_SELECTED = "#b9e769"
HINT = "#c7a6ff"
RECEIVED = "#bfe8c4"  # 換三張: a card passed in, until the player moves it (marked in shape too, under the hand)
TREASURE = "#f5d98b"  # arcade 寶牌: a treasure card's face, wherever it lies
BACK_FG = "#9fb7ec"
BACK_BG = "#23407f"
EMPTY_BG = "#3a3a3a"
EMPTY_FG = "#6c6c6c"
JOKER_FACE = "#e9c8ff"  # the joker (鬼牌, rules/RULES.md §20): a face of its own, lilac
JOKER_INK = "#5b0f8f"  # and its own ink, deep purple, in either deck

# Two-colour: black and red. Four-colour: ♠ black, ♥ red, ♦ blue, ♣ green (suit ids 0 ♦, 1 ♣, 2 ♥, 3 ♠).
TWO_COLOUR = ("#c41a1a", "#111111", "#c41a1a", "#111111")
FOUR_COLOUR = ("#1656c8", "#127a2a", "#c41a1a", "#111111")
SUIT_LETTERS = "dchs"


@dataclass(frozen=True)
class CardLook:
    """How cards are drawn: ``deck`` two_colour/four_colour, ``suits`` symbols/letters (from Settings)."""

    deck: str = "two_colour"
    suits: str = "symbols"
    treasure: frozenset[Card] = frozenset()  # arcade 寶牌 on show: marked wherever they are drawn

    def with_treasure(self, cards: Iterable[Card]) -> CardLook:
        """This look marking ``cards`` as treasure."""
        return replace(self, treasure=frozenset(cards))

    def label(self, card: Card) -> str:
        """Two cells: the rank letter and the suit (``A♠`` or ``As``); ``JK`` for the joker."""
        if card.is_joker:
            return "JK"
        suit = SUIT_LETTERS[card.suit] if self.suits == "letters" else SUIT_SYMBOLS[card.suit]
        return RANK_CHARS[card.rank] + suit

    def colour(self, card: Card) -> str:
        """The suit's colour in this deck (the joker's own ink)."""
        if card.is_joker:
            return JOKER_INK
        return (FOUR_COLOUR if self.deck == "four_colour" else TWO_COLOUR)[card.suit]


def tile(
    card: Card,
    look: CardLook,
    width: int = 4,
    *,
    selected: bool = False,
    cursor: bool = False,
    hint: bool = False,
    received: bool = False,
    shapes: bool = False,
) -> Text:
    """One face-up card, ``width`` cells (2 or 4): the card face, tinted when selected, under the cursor,
    hinted or (換三張) received. ``shapes`` (4 cells, where nothing else shows them: a placed row) marks the
    cursor (▸) and a selected card (▴) in shape too, which no colour setting or eye can lose."""
    bg = FACE
    if cursor and selected:
        bg = CURSOR_SELECTED
    elif cursor:
        bg = CURSOR
    elif selected:
        bg = SELECTED
    elif hint:
        bg = HINT
    elif received:
        bg = RECEIVED
    elif card in look.treasure:
        bg = TREASURE
    elif card.is_joker:
        bg = JOKER_FACE
    label = look.label(card)
    mark = "*" if card in look.treasure else " "  # a treasure card says so in shape too, not by colour alone
    if shapes and cursor and mark == " ":
        mark = "▸"
    tail = "▴" if shapes and selected else " "
    text = f"{mark}{label}{tail}" if width >= 4 else label
    return Text(text, style=Style(color=look.colour(card), bgcolor=bg, bold=True, underline=cursor))


def big_tile(
    card: Card | None,
    look: CardLook,
    *,
    selected: bool = False,
    cursor: bool = False,
    hint: bool = False,
    face_down: bool = False,
    received: bool = False,
    shapes: bool = False,
) -> list[Text]:
    """A card five cells wide and three lines tall (rank and suit top left and bottom right), for the
    roomier layout; None draws an empty slot. ``shapes``: a selected card's top right says ▴, the cursor's
    bottom left ▸ (see :func:`tile`)."""
    if face_down:
        style = Style(color=BACK_FG, bgcolor=BACK_BG)
        return [Text("░░░░░", style=style) for _ in range(3)]
    if card is None:
        style = Style(color=EMPTY_FG, bgcolor=EMPTY_BG)
        return [
            Text("     ", style=style),
            Text(" ·· ", style=style) + Text(" ", style=style),
            Text("     ", style=style),
        ]
    face = tile(card, look, 4, selected=selected, cursor=cursor, hint=hint, received=received)
    style = face.style if isinstance(face.style, Style) else Style()
    label = look.label(card)
    plain = style + Style(underline=False)
    # The joker's middle line names it (鬼, two cells) where a natural card repeats its suit.
    middle = "  鬼 " if card.is_joker else f"  {label[1]}  "
    top = f"{label} ▴ " if shapes and selected else f"{label}   "
    bottom = f"▸  {label}" if shapes and cursor else f"   {label}"
    return [Text(top, style=plain), Text(middle, style=plain), Text(bottom, style=style)]


HUGE_W = 7  # a huge tile's cells across (and HUGE_H lines): the side seats' boxes on a big terminal
HUGE_H = 5


def huge_tile(
    card: Card | None,
    look: CardLook,
    *,
    face_down: bool = False,
    selected: bool = False,
    cursor: bool = False,
    hint: bool = False,
    received: bool = False,
    shapes: bool = False,
) -> list[Text]:
    """A card seven cells wide and five lines tall (rank and suit in two corners, the suit in the middle), for
    an opponent's box with room to spare and the player's own on a vast terminal (then tinted as :func:`tile`
    tints, and with ``shapes`` a selected card's top right says ▴, the cursor's bottom left ▸); None draws an
    empty slot."""
    if face_down:
        style = Style(color=BACK_FG, bgcolor=BACK_BG)
        return [Text("░" * HUGE_W, style=style) for _ in range(HUGE_H)]
    if card is None:
        style = Style(color=EMPTY_FG, bgcolor=EMPTY_BG)
        blank = Text(" " * HUGE_W, style=style)
        return [blank, blank, Text("  ··   ", style=style), blank, blank]
    face = tile(card, look, 4, selected=selected, cursor=cursor, hint=hint, received=received)
    style = face.style if isinstance(face.style, Style) else Style()
    plain = style + Style(underline=False)
    label = look.label(card)
    middle = "   鬼  " if card.is_joker else f"   {label[1]}   "
    blank = Text(" " * HUGE_W, style=plain)
    return [
        Text(f"{label}  ▴  " if shapes and selected else f"{label}     ", style=plain),
        blank,
        Text(middle, style=plain),
        blank,
        Text(f"▸    {label}" if shapes and cursor else f"     {label}", style=style),
    ]


def back(width: int = 4) -> Text:
    """A face-down card."""
    return Text(("░" * width) if width < 4 else " ░░ ", style=Style(color=BACK_FG, bgcolor=BACK_BG))


def empty(width: int = 4) -> Text:
    """An empty slot of a row (shows the row's size while arranging)."""
    return Text(" ·· " if width >= 4 else "··", style=Style(color=EMPTY_FG, bgcolor=EMPTY_BG))


def join(tiles: Iterable[Text], gap: str = " ") -> Text:
    """Tiles side by side with a plain gap between them."""
    out = Text()
    for k, t in enumerate(tiles):
        if k:
            out.append(gap)
        out.append_text(t)
    return out


def cards_text(cards: Iterable[Card], look: CardLook) -> Text:
    """Cards inline in running text (messages, results): compact two-cell tiles."""
    return join((tile(c, look, 2) for c in cards), " ")
