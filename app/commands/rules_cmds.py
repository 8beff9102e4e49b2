"""The rules subcommands: rank, compare, check, score."""

from __future__ import annotations

import argparse
import json
import sys

from app.commands.common import CommandParser, add_command, add_wheel, fail
from rules.arrangement import Arrangement, foul_reason
from rules.cards import format_cards, parse_cards
from rules.evaluate import Wheel, compare_values, evaluate_row
from rules.presets import Preset, parse_preset
from rules.scoring import deal_from_document, score_deal

_PRESETS = ", ".join(p.value for p in list(Preset)[:-1]) + f" or {list(Preset)[-1].value}"

MAX_INPUT = 1 << 20
"""The most `score` reads, in bytes: a deal document is a few KB, and anything larger is refused unread rather than
held in memory (``--input /dev/zero``, an endless pipe)."""


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add rank, compare, check and score to the command line."""
    p = add_command(sub, "rank", cmd_rank, help="name the category of a 3- or 5-card row")
    p.add_argument("cards", nargs="+", metavar="CARDS", help='the row, e.g. "As Ks Qs" or As Ks Qs')
    add_wheel(p)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = add_command(sub, "compare", cmd_compare, help="compare two rows: prints >, < or =")
    p.add_argument("row_a", metavar="ROW_A")
    p.add_argument("row_b", metavar="ROW_B")
    add_wheel(p)
    p.add_argument("--suit-tiebreak", action="store_true", help="break equal rows by suit (♠ > ♥ > ♣ > ♦)")

    p = add_command(sub, "check", cmd_check, help="check an arrangement for a foul")
    for row in ("front", "middle", "back"):
        p.add_argument(row, metavar=row.upper())
    add_wheel(p)

    p = add_command(sub, "score", cmd_score, help="score a deal: JSON in (stdin or --input), JSON out")
    p.add_argument("--rules", metavar="PRESET", help=f"{_PRESETS} (overrides the input)")
    p.add_argument("--input", metavar="FILE", help="read the deal from FILE instead of stdin")


def cmd_rank(args: argparse.Namespace) -> int:
    """Print the category of one row (and its ranks with --json)."""
    cards = parse_cards(" ".join(args.cards), (3, 5))
    value = evaluate_row(cards, Wheel(args.wheel))
    if args.json:
        out = {
            "cards": format_cards(sorted(cards, reverse=True)),
            "size": value.size,
            "category": value.category.id,
            "name": value.category.en,
            "name_zh": value.category.zh,
            "ranks": [r for r in value.rank_text.split()],
        }
        if value.joker is not None:
            out["joker"] = str(value.joker)  # the card the joker stands for (RULES.md §20.3)
        print(json.dumps(out, ensure_ascii=False))
    else:
        joker = f" (JK = {value.joker})" if value.joker is not None else ""
        print(f"{value.category.en} {value.category.zh}: {value.rank_text}{joker}")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """Print whether the first row beats, ties or loses to the second."""
    wheel = Wheel(args.wheel)
    a = evaluate_row(parse_cards(args.row_a, (3, 5)), wheel)
    b = evaluate_row(parse_cards(args.row_b, (3, 5)), wheel)
    print({1: ">", 0: "=", -1: "<"}[compare_values(a, b, args.suit_tiebreak)])
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Print ``legal`` or the arrangement's foul."""
    arrangement = Arrangement.parse(args.front, args.middle, args.back)
    reason = foul_reason(arrangement, Wheel(args.wheel))
    print("legal" if reason is None else f"foul: {reason}")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Score the deal document read from --input or stdin and print the result as JSON."""
    if args.rules is not None:
        parse_preset(args.rules)  # a bad --rules is the first thing to report, before reading input
    source = args.input or "standard input"
    try:
        if args.input:
            with open(args.input, "rb") as stream:
                raw = stream.read(MAX_INPUT + 1)
        else:
            raw = sys.stdin.buffer.read(MAX_INPUT + 1)
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
    if len(raw) > MAX_INPUT:
        fail(f"{source} is over {MAX_INPUT // 2**20} MB (a deal document is a few KB)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(f"{source} is not UTF-8 text")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except RecursionError:
        fail("malformed JSON: nested too deeply")
    except ValueError as exc:  # e.g. an integer with thousands of digits
        fail(f"malformed JSON: {exc}")
    result = score_deal(deal_from_document(doc, args.rules))
    print(json.dumps(result.to_dict(), ensure_ascii=False))
    return 0
