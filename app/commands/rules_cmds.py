"""The rules subcommands: rank, compare, check, score."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.cli import fail
from rules.arrangement import Arrangement, foul_reason
from rules.cards import format_cards, parse_cards
from rules.evaluate import Wheel, compare_values, evaluate_row
from rules.presets import parse_preset
from rules.scoring import deal_from_document, score_deal


def cmd_rank(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards), (3, 5))
    value = evaluate_row(cards, Wheel(args.wheel))
    if args.json:
        print(
            json.dumps(
                {
                    "cards": format_cards(sorted(cards, reverse=True)),
                    "size": value.size,
                    "category": value.category.id,
                    "name": value.category.en,
                    "name_zh": value.category.zh,
                    "ranks": [r for r in value.rank_text.split()],
                },
                ensure_ascii=False,
            )
        )
    else:
        print(f"{value.category.en} {value.category.zh}: {value.rank_text}")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    wheel = Wheel(args.wheel)
    a = evaluate_row(parse_cards(args.row_a, (3, 5)), wheel)
    b = evaluate_row(parse_cards(args.row_b, (3, 5)), wheel)
    print({1: ">", 0: "=", -1: "<"}[compare_values(a, b, args.suit_tiebreak)])
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    arrangement = Arrangement.parse(args.front, args.middle, args.back)
    reason = foul_reason(arrangement, Wheel(args.wheel))
    print("legal" if reason is None else f"foul: {reason}")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    if args.rules is not None:
        parse_preset(args.rules)  # a bad --rules is the first thing to report, before reading input
    source = args.input or "standard input"
    try:
        raw = Path(args.input).read_bytes() if args.input else sys.stdin.buffer.read()
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
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
