"""The drills in words: each question's prompt and cards, each choice's label and the explanation of an answer,
in the player's language.

Plain functions of a :class:`~app.game.drills.Question` and a translator (no Textual), so that every
generated explanation can be checked to read without a missing value.

The same concept on another floor: the words of the drills that :mod:`app.screens.drill` shows.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from app.game.arrange import display_order
from app.game.drills import Layout, Prompt, Question, Words, spec
from app.i18n import Translator
from app.view.cards import CardLook, cards_text
from app.view.formatting import item_name, preset_name, seat_name, units_text
from rules.arrangement import Arrangement, is_foul
from rules.cards import RANK_CHARS, format_cards, parse_cards
from rules.evaluate import evaluate_row
from rules.presets import Preset


def rank_char(value: int) -> str:
    """A comparison value (2..14) as its rank letter."""
    return RANK_CHARS[value - 2]


def category_name(t: Translator, category: str) -> str:
    """A category in the screen's language only (the name drill shows the other language after answering)."""
    return t(f"rankings.category.{category}.name")


def choice_label(t: Translator, q: Question, choice: str) -> str:
    """What a choice reads as (its drill's spec says how: :class:`~app.game.drills.Words`)."""
    words = spec(q.drill).words
    if words is Words.CATEGORY:
        return category_name(t, choice)
    if words is Words.SPECIAL and choice != "none":
        return t(f"common.special.{choice}")
    if words is Words.SIGNED:
        value = int(choice)
        return f"{value:+d}" if value else "0"
    if words is Words.HANDS and choice != "equal":
        return t(f"drills.choice.hand_{choice}")  # hands, not rows
    if words is Words.PASS:
        return t("drills.choice.pass", cards=_symbols(q.show["passes"][choice]))
    return t(f"drills.choice.{choice}")


def prompt_text(t: Translator, q: Question) -> str:
    """The question's prompt: its drill's question, with what its spec says it names (the options the rows
    compare under, the preset whose specials count, the seat to score against)."""
    show, prompt = q.show, spec(q.drill).prompt
    if prompt is Prompt.OPTIONS:
        wheel = t(f"drills.prompt.wheel_{show['wheel']}")
        tie = t("drills.on") if show["suit_tiebreak"] else t("drills.off")
        return f"{t(f'drills.prompt.{q.drill.value}')}  {t('drills.prompt.compare_options', wheel=wheel, tiebreak=tie)}"
    if prompt is Prompt.RULES:
        return t(f"drills.prompt.{q.drill.value}", rules=preset_name(t, show["rules"]))
    if prompt is Prompt.SEAT:
        return t(f"drills.prompt.{q.drill.value}", b=seat_name(t, show["b"], 0))
    return t(f"drills.prompt.{q.drill.value}")


def _row(t: Translator, look: CardLook, label: str, cards: str, *, grouped: bool = True) -> Text:
    """A labelled line of cards: a row in the game's display order, or (``grouped`` off) as given."""
    out = Text(label + " " * max(1, 9 - cell_len(label)))
    row = parse_cards(cards)
    out.append_text(cards_text(display_order(row) if grouped else row, look))
    return out


def _seat(t: Translator, look: CardLook, seat: int, rows: dict[str, str]) -> tuple[Text, Text]:
    """A seat of the scored table in two lines: its three rows side by side, their hands below."""
    name = seat_name(t, seat, 0)
    top, below = Text(f"{name:<7}", style="bold"), Text(" " * 7)
    for r in ("front", "middle", "back"):
        cards = parse_cards(rows[r])
        tiles = cards_text(display_order(cards), look)
        width = max(tiles.cell_len, 9) + 2
        top.append_text(tiles)
        top.append(" " * (width - tiles.cell_len))
        label = t(f"common.category_short.{evaluate_row(cards).category.id}")
        below.append(label + " " * max(1, width - cell_len(label)), style="dim")
    if is_foul(Arrangement.parse(rows["front"], rows["middle"], rows["back"])):
        top.append(t("drills.choice.foul"), style="bold red")  # a fouled hand loses every row
    return top, below


def question_lines(t: Translator, q: Question, look: CardLook) -> list[Text]:
    """The question's cards, laid out as its drill's spec says (:class:`~app.game.drills.Layout`)."""
    show, layout = q.show, spec(q.drill).layout
    if layout in (Layout.TWO_ROWS, Layout.TWO_HANDS):  # one above the other: 9 + 13 × 3 cells fit 80 columns
        # A ladder hand stays high to low by rank (as dealt into show), where its pairs and its runs both show.
        grouped = layout is Layout.TWO_ROWS
        return [
            _row(t, look, t("drills.prompt.left"), show["a"], grouped=grouped),
            _row(t, look, t("drills.prompt.right_row"), show["b"], grouped=grouped),
        ]
    if layout is Layout.ROW:
        return [_row(t, look, "", show["row"])]
    if layout is Layout.THREE_ROWS:
        return [_row(t, look, t(f"common.row.{r}"), show[r]) for r in ("front", "middle", "back")]
    if layout is Layout.HAND:
        return [_row(t, look, "", show["hand"])]
    if layout is Layout.DEALT_HAND:  # the hand high to low, as it is dealt at the table
        return [_row(t, look, "", show["hand"], grouped=False)]
    return [line for seat, rows in enumerate(show["seats"]) for line in _seat(t, look, seat, rows)]


def _symbols(cards: str) -> str:
    return format_cards(parse_cards(cards), symbols=True)


def answer_text(t: Translator, q: Question) -> str:
    """The right answer (or answers) in words."""
    return " / ".join(choice_label(t, q, c) for c in q.choices if c in q.correct)


def verdict_text(t: Translator, q: Question, choice: str | None, correct: bool) -> str:
    """The answer's first line: "Correct." or "Wrong" with the right answer (or the time ran out). Never
    "right", which is an answer in several drills (the right-hand row or hand)."""
    if correct:
        return t("drills.correct")
    return t("drills.timeout" if choice is None else "drills.wrong", answer=answer_text(t, q))


def why_text(t: Translator, q: Question) -> str:
    """The explanation of the answer, from the deciding card or rule; with a joker in the cards, what it
    stands for (RULES.md §20)."""
    text = _why_body(t, q)
    v = q.why.values
    if v.get("joker"):
        text += " " + t("drills.why.joker", card=_symbols(v["joker"]))
    elif v.get("joker_any"):
        text += " " + t("drills.why.joker_any")
    return text


def _why_body(t: Translator, q: Question) -> str:
    key, v = q.why.key, q.why.values
    if key == "category":
        return t("drills.why.category", a=t(f"common.category.{v['a']}"), b=t(f"common.category.{v['b']}"))
    if key == "equal":
        return t("drills.why.equal", category=t(f"common.category.{v['category']}"))
    if key == "rank":
        return t(
            "drills.why.rank",
            category=t(f"common.category.{v['category']}"),
            pos=t(f"drills.ordinal.{min(5, int(v['pos']))}"),
            a=rank_char(v["a"]),
            b=rank_char(v["b"]),
        )
    if key == "straight_top":
        which = "straight_wheel" if v.get("wheel") or 5 in (v["a"], v["b"]) else "straight_top"
        return t(f"drills.why.{which}", a=rank_char(v["a"]), b=rank_char(v["b"]))
    if key == "named":
        name = v["category"]
        return t(
            "drills.why.named",
            category=category_name(t, name),
            ranks=v["ranks"],
            other=t(f"rankings.category.{name}.alt"),
        )
    if key in ("legal", "foul"):
        cats = {row: t(f"common.category.{v[row]}") for row in ("front", "middle", "back")}
        broken = t("rules.list_sep").join(t(f"drills.why.{b}") for b in v.get("broken", []))
        return t(f"drills.why.{key}", broken=broken, **cats)
    if key == "special":
        return t("drills.why.special", made=t("rules.list_sep").join(t(f"common.special.{s}") for s in v["made"]))
    if key == "ladder":
        return ladder_why(t, v)
    if key == "pass":
        worth = t("rules.list_sep").join(
            t("drills.why.pass_worth", cards=_symbols(q.show["passes"][c]), ev=units_text(t, v["evs"][c], places=2))
            for c in q.choices
        )
        return t("drills.why.pass", best=_symbols(v["best"]), worth=worth, draws=v["draws"])
    if key == "score":
        preset = Preset(q.show["rules"])
        items = t("rules.list_sep").join(f"{item_name(t, it['kind'], preset)} {it['value']:+d}" for it in v["items"])
        return t("drills.why.score", items=items or "–", total=units_text(t, v["total"]))
    return t(f"drills.why.{key}", **{k: x for k, x in v.items() if k not in ("joker", "joker_any")})


def pattern_name(t: Translator, pattern: str) -> str:
    """A pattern of the ladder (:class:`rules.ladder.Pattern` id) in both languages."""
    return t(f"ladder.pattern.{pattern}")


def ladder_why(t: Translator, v: dict[str, Any]) -> str:
    """*Which hand is higher?*: both hands' patterns and tiers, then what decided (a ``Why("ladder")``)."""
    details = {k: v[k] for k in ("a", "b", "pairs") if k in v}
    reason = t(f"drills.why.ladder_{v['decided']}", **details) if details else t(f"drills.why.ladder_{v['decided']}")
    return t(
        "drills.why.ladder",
        left=pattern_name(t, v["left"]),
        right=pattern_name(t, v["right"]),
        tier_left=t("ladder.tier", n=v["tier_left"]),
        tier_right=t("ladder.tier", n=v["tier_right"]),
        reason=reason,
    )
