"""The coach subcommand: the coach's verdict on one play of 13 cards, as after a deal at the table."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ai import Budget, PricedPlay, Review, TableView, parse_play, review
from app.commands.common import SEED, CommandParser, add_command, bounded, fail
from app.i18n import Translator
from app.view.coach import above_best, loss_text, play_text, why
from app.view.formatting import units_text
from rules.arrangement import Row
from rules.cards import JOKER, CardError, parse_cards
from rules.deal import DealError, Decision
from rules.presets import Options, parse_preset
from rules.specials import Special


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add coach to the command line."""
    p = add_command(sub, "coach", cmd_coach, help="price one play of 13 cards against the best play")
    p.add_argument("cards", nargs="+", metavar="CARDS", help="the 13 cards dealt")
    p.add_argument("--play", metavar='"FRONT / MIDDLE / BACK"', help="the arrangement played (a foul is priced)")
    p.add_argument("--declare", metavar="SPECIAL", choices=[s.id for s in Special], help="a special declared instead")
    p.add_argument("--rules", metavar="PRESET", default="taiwan")
    p.add_argument(
        "--samples",
        type=bounded("--samples", 2, 100_000),
        default=None,
        metavar="N",
        help="pricing budget in tables (default 500, the Settings' standard; legal plays at a four-player table"
        " are priced on 16 of the bank's hands a table)",
    )
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--joker", action="store_true", help="the joker option (鬼牌, rules/RULES.md §20): JK is wild")
    p.add_argument("--json", action="store_true")


def _decision(args: argparse.Namespace, cards: tuple[Any, ...]) -> Decision:
    if (args.play is None) == (args.declare is None):
        fail('give the play: --play "FRONT / MIDDLE / BACK" or --declare SPECIAL')
    if args.declare is not None:
        try:
            return Decision.declared(cards, Special(args.declare))
        except DealError as exc:
            fail(str(exc))
    try:
        arrangement = parse_play(args.play)
    except (CardError, ValueError) as exc:
        fail(f"--play: {exc}")
    if sorted(arrangement.cards) != sorted(cards):
        fail("--play must use exactly the 13 cards given")
    return Decision.arranged(arrangement)


def _play_json(play: PricedPlay) -> dict[str, Any]:
    d = play.decision
    rows = d.arrangement.to_dict() if d.arrangement is not None else {"front": None, "middle": None, "back": None}
    return {**rows, "declare": d.declare.id if d.declare else None, "ev": round(play.ev, 4)}


def cmd_coach(args: argparse.Namespace) -> int:
    """Print the coach's verdict on ``--play`` (or ``--declare``) for the 13 cards."""
    preset = parse_preset(args.rules)
    options = Options.for_preset(preset, {"joker": True} if args.joker else None)  # the ladder refuses it
    cards = parse_cards(" ".join(args.cards), 13)
    if JOKER in cards and not options.joker:
        fail("the hand holds the joker (JK): price it with --joker (rules/RULES.md §20)")
    played = _decision(args, cards)
    tables = args.samples if args.samples is not None else Budget.STANDARD
    r = review(cards, played, TableView(preset=preset, options=options), tables=tables, seed=args.seed)
    t = Translator("en")
    if args.json:
        print(json.dumps(review_json(r, t), ensure_ascii=False))
        return 0
    print(loss_text(t, r))
    print(f"yours  {play_text(t, r.played.decision):<40} ev {units_text(t, r.played.ev, places=2)}")
    print(f"best   {play_text(t, r.best.decision):<40} ev {units_text(t, r.best.ev, places=2)}")
    print(f"why    {why(t, r)}")
    for n, alt in enumerate(r.alternatives, 2):
        print(f"#{n}     {play_text(t, alt.decision):<40} ev {units_text(t, alt.ev, places=2)}")
    if above_best(r):
        print(f"note   {t('coach.review.tied')}")
    print(f"({r.tables} pricing tables, seed {args.seed})")
    return 0


def review_json(r: Review, t: Translator) -> dict[str, Any]:
    """The JSON of ``coach --json``: the keys the issue names, plus the reasoning."""
    you, best = r.played, r.best
    rows = {
        row.id: {
            "yours_win": None if you.row_wins is None else round(you.row_wins[row], 4),
            "best_win": None if best.row_wins is None else round(best.row_wins[row], 4),
        }
        for row in Row
    }
    return {
        "ev": round(you.ev, 4),
        "best_ev": round(best.ev, 4),
        "loss": r.loss,
        "ci95": r.ci95,
        "verdict": r.verdict.value,
        "best": _play_json(best),
        "rows": rows,
        "sweeps": {
            "yours_given": round(you.sweeps_given, 4),
            "yours_taken": round(you.sweeps_taken, 4),
            "best_given": round(best.sweeps_given, 4),
            "best_taken": round(best.sweeps_taken, 4),
        },
        "why": why(t, r),
        "alternatives": [_play_json(a) for a in r.alternatives],
        "note": t("coach.review.tied") if above_best(r) else None,
        "tables": r.tables,
    }
