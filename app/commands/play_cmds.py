"""The `play` subcommand: start the game straight at a table (or, with no arguments at all, at the menu)."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ai import Level
from app.commands.common import SESSION_SEED, CommandParser, add_command, fail, whole_number
from app.config import TableConfig
from app.i18n import LANGUAGES
from rules.dealcode import DealCodeError, parse_deal_code
from rules.exchange import MAX_ROUNDS, Direction
from rules.presets import Preset

MAX_TIME_LIMIT = 3600
TIME_LIMIT = whole_number(
    0,
    MAX_TIME_LIMIT,
    not_whole="invalid time limit {text!r} (seconds, 0 for none)",
    out_of_range="time limit must be 0 to {high} seconds, not {value}",
)
"""Seconds to arrange: 0 (none) up to an hour."""

PLAYERS = whole_number(
    2,
    4,
    not_whole="invalid number of players {text!r} (2, 3 or 4)",
    out_of_range="a table seats 2, 3 or 4 players, not {value}",
)
"""How many sit at the table (rules/RULES.md §10.1): 2 (you and North), 3 (you, East and West) or 4."""


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add ``play`` to the command line."""
    p = add_command(sub, "play", cmd_play, help="play at a table: you against one to three computer players")
    _add_rules_options(p)
    _add_session_options(p)


def _add_rules_options(p: argparse.ArgumentParser) -> None:
    """What the table plays: the preset, the computer's level, the time limit, the table's size and the house
    rules (banker, 免擺, 換三張, the joker)."""
    p.add_argument("--rules", choices=[x.value for x in Preset], help="the preset (default: taiwan)")
    p.add_argument(
        "--level",
        choices=[*(x.value for x in Level), "matched"],
        help="the computer players' level (default: normal); matched: the level nearest your rating at the preset "
        "(rules/RULES.md §24.5)",
    )
    p.add_argument("--time-limit", type=TIME_LIMIT, metavar="S", help="seconds to arrange (0: none; default 60)")
    p.add_argument(
        "--players",
        type=PLAYERS,
        metavar="N",
        help="players at the table: 2 (you and North), 3 (you, East and West) or 4 (default)",
    )
    p.add_argument(
        "--banker",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a banker game (莊家): everyone plays the banker, whose seat goes round "
        "(default: on in hongkong, off elsewhere)",
    )
    p.add_argument(
        "--exempt",
        action="store_true",
        help="免擺: a straight flush or four of a kind wins without arranging (rules/RULES.md §18)",
    )
    p.add_argument(
        "--exchange",
        type=int,
        choices=range(MAX_ROUNDS + 1),
        metavar="N",
        help=f"換三張: rounds of passing three cards before arranging, 0 to {MAX_ROUNDS} (rules/RULES.md §21)",
    )
    p.add_argument(
        "--exchange-way",
        choices=[d.value for d in Direction],
        help="which way the cards go (default clockwise; rotate: a different way each deal)",
    )
    p.add_argument(
        "--joker",
        action="store_true",
        help="鬼牌: a dealt card is turned up and a wild joker dealt in its place (rules/RULES.md §20)",
    )


def _add_session_options(p: argparse.ArgumentParser) -> None:
    """How the session runs: practice or scored, the takeover, watching, its seed or a deal's code, the language
    (and the menu, which the command line asks for when the game starts with no arguments)."""
    p.add_argument("--practice", action="store_true", help="practice: keep no score")
    p.add_argument(
        "--no-takeover",
        action="store_true",
        help="no automatic takeover: at the time-out you choose whether the computer finishes your hand or the "
        "table ends, and leaving your seat ends the table (default: the computer takes your seat at once)",
    )
    p.add_argument("--watch", action="store_true", help="watch computer players (觀戰): four, or --players N")
    p.add_argument(
        "--seed", type=SESSION_SEED, metavar="N", help="seed the session (the same seed deals the same cards)"
    )
    p.add_argument(
        "--deal",
        metavar="CODE",
        help="play the deal a code names (shown on the results panel, in History and by 'daily'): the same cards "
        "to the same seats; the code carries the rules, the table's size, the joker and 換三張",
    )
    p.add_argument("--lang", choices=list(LANGUAGES), help="language (default: the settings, then the locale)")
    # app/cli.py adds it when the game starts with no arguments at all: the main menu rather than a table.
    p.add_argument("--menu", action="store_true", help=argparse.SUPPRESS)


# What a deal code carries (rules/RULES.md §23.6): given with --deal, these would deal other cards.
_CARRIED = (("rules", "--rules"), ("players", "--players"), ("joker", "--joker"), ("exchange", "--exchange"))


def _table_of(args: argparse.Namespace) -> tuple[Preset, TableConfig]:
    """The preset and the table to start from: the deal code's (``--deal``), or quick play's for ``--rules``."""
    if not getattr(args, "deal", None):
        preset = Preset(args.rules) if args.rules else Preset.TAIWAN
        return preset, TableConfig.quick(preset).with_preset(preset)
    for name, flag in (*_CARRIED, ("exchange_way", "--exchange-way")):
        if getattr(args, name) not in (None, False):
            fail(f"{flag} cannot go with --deal: the code carries the rules, the table's size, the joker and 換三張")
    try:
        code = parse_deal_code(args.deal)
    except DealCodeError as exc:
        fail(f"--deal {args.deal[:60]!r}: {exc}")
    return code.preset, TableConfig.for_code(code)


def config_from_args(args: argparse.Namespace) -> TableConfig:
    """The table the flags describe (quick play's defaults for everything not given; a deal code's table)."""
    preset, config = _table_of(args)
    if args.level == "matched":  # chosen when the table starts, from the history (app.game.rating)
        config = replace(config, matched=(1, 2, 3))
    elif args.level:
        level = Level(args.level)
        config = replace(config, levels=(level, level, level), watch_level=level)
    if args.time_limit is not None:
        config = replace(config, time_limit=args.time_limit)
    if args.players is not None:
        config = replace(config, players=args.players)
    if args.banker is not None:
        config = replace(config, banker=args.banker)
    if args.exempt:
        config = replace(config, options=replace(config.options, exempt=True))
    if args.exchange is not None or args.exchange_way:
        rounds = args.exchange if args.exchange is not None else 1  # a way alone means one round
        config = replace(config, exchange=rounds, exchange_way=Direction(args.exchange_way or config.exchange_way))
    if args.joker:
        if not preset.arranged:
            fail(f"the joker is not played in {preset.value} (rules/RULES.md §20.1)")
        config = replace(config, options=replace(config.options, joker=True))
    return replace(config, scored=not args.practice, takeover=not args.no_takeover, watch=args.watch, seed=args.seed)


def cmd_play(args: argparse.Namespace) -> int:
    """Run the Textual app at a table (or at the menu when started with no arguments); 1 when it ended by an
    unexpected exception (Textual has printed the traceback and set its return code), 0 otherwise."""
    return _launch(None if args.menu else config_from_args(args), args)


def _launch(config: TableConfig | None, args: argparse.Namespace) -> int:
    """Run the game at ``config``'s table (None: the menu); its exit status."""
    from app.tui import ChinesePokerApp  # lazy, for start-up speed: Textual is needed by this command only

    app = ChinesePokerApp(config, menu=args.menu, lang=args.lang)
    app.run()
    return 1 if app.return_code else 0
