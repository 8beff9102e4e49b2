"""The Hand rankings screen: the nine row categories with an example each, the front row, fouls, A-2-3-4-5.

Every hand name on the screen is worked out from the example cards by ``rules.evaluate`` rather than
typed next to them, so an example can never show the wrong name; a test checks the same.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from app.i18n import Translator
from app.screens.base import MENU_CSS, BaseScreen
from app.widgets.form import CardStrip
from rules.cards import parse_cards
from rules.evaluate import Category, Wheel, compare_values, evaluate_row

# One example per category, strongest first; several are rules/RULES.md §12's comparisons.
EXAMPLES: tuple[tuple[Category, str], ...] = (
    (Category.STRAIGHT_FLUSH, "9h 8h 7h 6h 5h"),
    (Category.QUADS, "8s 8h 8c 8d Js"),
    (Category.FULL_HOUSE, "7s 7h 7d 5c 5s"),
    (Category.FLUSH, "Ad Qd 6d 5d 3d"),
    (Category.STRAIGHT, "Ts 9h 8d 7c 6s"),
    (Category.TRIPS, "9s 9h 9c Qd Js"),
    (Category.TWO_PAIR, "Js Jh 9c 9d 2s"),
    (Category.PAIR, "Ks Kh 9d 3c 2s"),
    (Category.HIGH_CARD, "As Qh 6c 5d 3s"),
)

# The front row: suited and consecutive is still high card (§2).
FRONT_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Qh Jh Th", "front_suited"),
    ("7s 7d Kc", "front_pair"),
    ("5s 5h 5d", "front_trips"),
)

# The same 13 cards arranged twice: fouled (front pair over a high-card middle), then legal.
FOUL_ROWS = ("Qs Qd 4c", "Ah Kd 9s 7c 3h", "Jh Jc Jd 6h 6s")
LEGAL_ROWS = ("Ah Kd 4c", "Qs Qd 9s 7c 3h", "Jh Jc Jd 6h 6s")

WHEEL = "Ah 2s 3d 4c 5h"
NOT_STRAIGHT = "Kd Ah 2s 3d 4c"


def category_name(t: Translator, category: Category) -> str:
    """A category's name in the screen's language, with the other language's name after it."""
    return f"{t(f'rankings.category.{category.id}.name')}  {t(f'rankings.category.{category.id}.alt')}"


def row_status(rows: tuple[str, str, str]) -> tuple[tuple[Category, Category, Category], bool, bool]:
    """Categories of three rows, and whether the front beats the middle and the middle beats the back."""
    values = [evaluate_row(parse_cards(r)) for r in rows]
    cats = (values[0].category, values[1].category, values[2].category)
    return cats, compare_values(values[0], values[1]) > 0, compare_values(values[1], values[2]) > 0


class RankingsScreen(BaseScreen[None]):
    """Categories high to low with example tiles, front-row limits, the foul rule and the wheel; scrollable."""

    CSS_PATH: ClassVar[str] = MENU_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "menu.key.back", key_display="esc"),
        Binding("pagedown,space", "page(1)", "menu.key.page", key_display="PgDn"),
        Binding("pageup", "page(-1)", show=False),
    ]

    SCROLL_BODY = "rankings-body"

    def compose(self) -> ComposeResult:
        """Four sections in one scrolling column."""
        t = self.t
        yield Static(t("rankings.title"), classes="screen-title")
        with VerticalScroll(id="rankings-body", classes="doc"):
            yield Static(t("rankings.five_heading"), classes="section")
            for number, (category, cards) in enumerate(EXAMPLES, 1):
                yield self._entry(f"{number}", cards, category, t(f"rankings.category.{category.id}.note"))
            yield Static(t("rankings.ties"), classes="para")

            yield Static(t("rankings.front_heading"), classes="section")
            yield Static(t("rankings.front_rule"), classes="para")
            for cards, note in FRONT_EXAMPLES:
                category = evaluate_row(parse_cards(cards)).category
                yield self._entry("", cards, category, t(f"rankings.{note}"))
            yield Static(t("rankings.front_vs_middle"), classes="para")

            yield Static(t("rankings.foul_heading"), classes="section")
            yield Static(t("rankings.foul_rule"), classes="para")
            yield from self._example(FOUL_ROWS, foul=True)
            yield from self._example(LEGAL_ROWS, foul=False)
            yield Static(t("rankings.foul_penalty"), classes="para")

            yield Static(t("rankings.wheel_heading"), classes="section")
            with Horizontal(classes="entry-head"):
                yield Static("", classes="entry-no")
                yield CardStrip(WHEEL, classes="entry-cards")
                yield Static(category_name(t, evaluate_row(parse_cards(WHEEL)).category), classes="entry-name")
            yield Static(t("rankings.wheel_rule"), classes="para")
            with Horizontal(classes="entry-head"):
                yield Static("✗", classes="entry-no bad")
                yield CardStrip(NOT_STRAIGHT, classes="entry-cards")
                yield Static(
                    category_name(t, evaluate_row(parse_cards(NOT_STRAIGHT), Wheel.LOW).category), classes="entry-name"
                )
            yield Static(t("rankings.no_wrap"), classes="para")
        yield self.too_small()
        yield self.footer()

    def _entry(self, number: str, cards: str, category: Category, note: str) -> Vertical:
        """One example row: its number, its cards, its category's name and a note below."""
        head = Horizontal(
            Static(number, classes="entry-no"),
            CardStrip(cards, classes="entry-cards"),
            Static(category_name(self.t, category), classes="entry-name"),
            classes="entry-head",
        )
        return Vertical(head, Static(note, classes="entry-note"), classes="entry")

    def _example(self, rows: tuple[str, str, str], *, foul: bool) -> ComposeResult:
        t = self.t
        cats, front_high, middle_high = row_status(rows)
        verdict = t("rankings.example_foul") if foul else t("rankings.example_legal")
        yield Static(verdict, classes="verdict bad" if foul else "verdict good")
        labels = ("front", "middle", "back")
        for i, (label, cards, category) in enumerate(zip(labels, rows, cats, strict=True)):
            beats = (i == 0 and front_high) or (i == 1 and middle_high)
            with Horizontal(classes="entry-head example"):
                yield Static(t(f"rankings.row_{label}"), classes="row-label")
                yield CardStrip(cards, classes="entry-cards")
                yield Static(category_name(t, category), classes="entry-name")
                yield Static(t(f"rankings.beats_{labels[i + 1]}") if beats else "", classes="entry-flag bad")

    def after_compose(self) -> None:
        """Focus the scrolling body so the arrow keys and page keys scroll it."""
        self.query_one("#rankings-body").focus()

    def action_back(self) -> None:
        """Back to where the screen was opened from."""
        self.dismiss(None)
