"""The AI subcommands: solve, arena, advice, levels (`bench` is :mod:`.bench_cmds`, `rate` :mod:`.rate_cmds`)."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, cast

from ai import Budget, Level, TableView, choose
from app.commands.common import SEED, CommandParser, add_command, add_run_options, bounded, counted, fail
from app.i18n import Translator
from rules.cards import JOKER, format_cards, parse_cards
from rules.deal import Decision
from rules.evaluate import evaluate_row
from rules.exchange import MAX_ROUNDS, Direction
from rules.ladder import ladder_hand
from rules.presets import Options, Preset, parse_preset

LEVELS = tuple(level.value for level in Level)


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add solve, arena, advice and levels to the command line."""
    _add_solve(sub)
    _add_arena(sub)
    _add_advice(sub)
    _add_levels(sub)


def _add_solve(sub: argparse._SubParsersAction[CommandParser]) -> None:
    p = add_command(sub, "solve", cmd_solve, help="the AI's arrangement of 13 cards, with alternatives")
    p.add_argument("cards", nargs="+", metavar="CARDS", help="13 cards")
    p.add_argument("--rules", metavar="PRESET", default="taiwan")
    p.add_argument("--level", choices=LEVELS, default="expert")
    p.add_argument(
        "--top", type=bounded("--top", 0, 100), default=3, metavar="K", help="alternatives to list (default 3)"
    )
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument(
        "--samples",
        type=bounded("--samples", 1, 10_000),
        default=None,
        help="expert's Monte Carlo budget: at most this many opponent tables (default: every bank hand that fits)",
    )
    p.add_argument("--joker", action="store_true", help="the joker option (鬼牌, rules/RULES.md §20): JK is wild")
    p.add_argument("--json", action="store_true")


def _add_arena(sub: argparse._SubParsersAction[CommandParser]) -> None:
    p = add_command(sub, "arena", cmd_arena, help="duplicate tournament between levels or external bots")
    p.add_argument(
        "--players",
        required=True,
        metavar="L1,L2[,L3,L4]",
        help=f"levels ({', '.join(LEVELS)}), reference (the separable yardstick) or cmd:<command line>",
    )
    p.add_argument("--deals", type=bounded("--deals", 1, 1_000_000), default=100)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--rules", metavar="PRESET", default="taiwan")
    p.add_argument(
        "--jobs",
        type=bounded("--jobs", 1, 256),
        default=None,
        metavar="N",
        help="processes to play the deals on (default: every core; cmd: bots always play on one)",
    )
    p.add_argument(
        "--exchange",
        type=int,
        choices=range(MAX_ROUNDS + 1),
        default=0,
        metavar="N",
        help=f"換三張: rounds of passing three cards before each hand (0 to {MAX_ROUNDS}; in-process players only)",
    )
    p.add_argument(
        "--exchange-way",
        choices=[d.value for d in Direction],
        default=Direction.CLOCKWISE.value,
        help="which way the cards go (rotate: a different way each deal)",
    )
    p.add_argument("--joker", action="store_true", help="play with the joker (鬼牌, rules/RULES.md §20)")
    p.add_argument(
        "--field",
        action="store_true",
        help="a field match: the first of two players in each seat in turn of a table of the second, "
        "scored against that table (sharper than duplicate deals with --exchange)",
    )
    p.add_argument("--json", action="store_true")


def _add_advice(sub: argparse._SubParsersAction[CommandParser]) -> None:
    p = add_command(
        sub,
        "advice",
        cmd_advice,
        help="how often auto-arrange's first suggestion, played as suggested, is the coach's best or good",
    )
    p.add_argument(
        "--hands",
        type=bounded("--hands", 1, 1_000_000),
        default=500,
        metavar="N",
        help="hands of each preset (default 500)",
    )
    p.add_argument("--rules", metavar="PRESET", default=None, help="one preset (default: every arranged preset)")
    p.add_argument(
        "--budget",
        choices=[b.value for b in Budget],
        default=Budget.STANDARD.value,
        help="the coach's budget the advice and the review share (default standard)",
    )
    add_run_options(p, "processes, one preset each at a time (default: every core)")


def _add_levels(sub: argparse._SubParsersAction[CommandParser]) -> None:
    p = add_command(
        sub,
        "levels",
        cmd_levels,
        help="the levels' ladder: what each level's play loses against the coach's best, over random hands",
    )
    p.add_argument(
        "--hands",
        type=bounded("--hands", 1, 1_000_000),
        default=1000,
        metavar="N",
        help="hands of each preset (default 1000, the issue's size: some 2 minutes a preset on one idle core)",
    )
    p.add_argument("--rules", metavar="PRESET", default=None, help="one preset (default: every arranged preset)")
    p.add_argument(
        "--budget",
        choices=[b.value for b in Budget],
        default=Budget.STANDARD.value,
        help="the coach's budget each hand is priced at (default standard, as a review at the table)",
    )
    add_run_options(p, "processes sharing blocks of hands (default: every core); the report is the same for any number")


def _decision_json(decision: Decision, ev: float, fallback: Decision | None = None) -> dict[str, Any]:
    rows = decision.arrangement or (fallback.arrangement if fallback else None)
    out: dict[str, Any] = rows.to_dict() if rows else {"front": None, "middle": None, "back": None}
    out["declare"] = decision.declare.id if decision.declare else None
    out["ev"] = round(ev, 4)
    return out


def cmd_solve(args: argparse.Namespace) -> int:
    """Print the AI's choice for 13 cards and its next-best alternatives."""
    preset = parse_preset(args.rules)
    options = Options.for_preset(preset, {"joker": True} if args.joker else None)  # the ladder refuses it
    cards = parse_cards(" ".join(args.cards), 13)
    if JOKER in cards and not options.joker:
        fail("the hand holds the joker (JK): solve it with --joker (rules/RULES.md §20)")
    if not preset.arranged:  # the pattern ladder: nothing to solve, the hand is what it holds (RULES.md §19)
        hand = ladder_hand(cards)
        if args.json:
            print(json.dumps({"pattern": hand.pattern.id, "tier": hand.tier}))
        else:
            print(f"pattern {hand.pattern.en} {hand.pattern.zh} (tier {hand.tier}): nothing is arranged in the ladder")
        return 0
    # Ask for one alternative at least: when the choice is a declaration, the best arrangement fills the
    # JSON rows whatever --top is, so the output has the same shape for every --top.
    choice = choose(
        cards,
        TableView(preset=preset, options=options),
        Level(args.level),
        seed=args.seed,
        top=max(args.top, 1),
        samples=args.samples,
    )
    arranged = [a for a in choice.alternatives if a.decision.arrangement is not None]
    fallback = arranged[0].decision if arranged else None
    choice = replace(choice, alternatives=choice.alternatives[: args.top])
    # `expert`'s choice is the best by expected units, but for one rule: a dragon is always declared (RULES.md
    # §13.1). A lower level may play a little below its best at any play (issue 39), which needs no such word.
    declared = choice.decision.declare
    overruled = declared is not None and declared.is_dragon and any(a.ev > choice.ev for a in choice.alternatives)
    if args.json:
        out = _decision_json(choice.decision, choice.ev, fallback)
        if overruled:
            out["why"] = "a dragon is always declared"
        out["alternatives"] = [_decision_json(a.decision, a.ev) for a in choice.alternatives]
        if preset.double_picks:
            out["double"] = choice.double
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(_describe(choice.decision, choice.ev, preset, options))
    if overruled:
        print("why    a dragon is always declared (rules/RULES.md §13.1), even where an arrangement prices higher")
    for n, alt in enumerate(choice.alternatives, 2):
        print(f"\n#{n}\n{_describe(alt.decision, alt.ev, preset, options)}")
    return 0


def _describe(decision: Decision, ev: float, preset: Preset, options: Options) -> str:
    wheel = options.wheel
    if decision.declare is not None:
        cards = format_cards(sorted(decision.cards, reverse=True))
        body = f"declare  {decision.declare.en} {decision.declare.zh}  ({cards})"
    else:
        assert decision.arrangement is not None
        lines = []
        for name, row in zip(("front", "middle", "back"), decision.arrangement.rows, strict=True):
            v = evaluate_row(row, wheel)
            joker = f"  (JK = {v.joker})" if v.joker is not None else ""
            lines.append(f"{name:<7}{format_cards(row):<16}{v.category.en} {v.category.zh}{joker}")
        body = "\n".join(lines)
    # The level's estimate against the table's opponents before their hands are seen (RULES.md §22.2).
    from app.view.formatting import units_text  # the game's floor, only for this text

    return f"{body}\nev     {units_text(Translator('en'), ev, places=2)} expected against this table"


def cmd_arena(args: argparse.Namespace) -> int:
    """Play a duplicate tournament between levels or external bots and print the standings."""
    from ai import EXTERNAL, default_jobs, run_arena  # lazy, for start-up speed: only this command

    preset = parse_preset(args.rules)
    options = Options.for_preset(preset, {"joker": True}) if args.joker else None  # the ladder refuses it
    names = _arena_players(args)
    jobs = args.jobs or default_jobs()  # None: not given
    if args.jobs and args.jobs > 1 and any(name.startswith(EXTERNAL) for name in names):
        print("note: an arena with a cmd: bot plays on one process; --jobs is ignored", file=sys.stderr)
    progress = _progress_bar(sys.stderr.isatty())
    if args.field:
        from ai import run_field  # lazy, like the arena

        with _ended_by_hangup_or_term():  # so a SIGTERM cancels the pool's remaining blocks, as in the arena
            report = run_field(
                names[0],
                names[1],
                args.deals,
                args.seed,
                preset,
                progress,
                jobs=jobs,
                options=options,
                exchange=args.exchange,
                exchange_way=Direction(args.exchange_way),
            )
        if args.json:
            print(json.dumps(report))
        else:
            _print_field(report)
        return 0
    with _ended_by_hangup_or_term():
        report = run_arena(
            names,
            args.deals,
            args.seed,
            preset,
            progress,
            jobs=jobs,
            options=options,
            exchange=args.exchange,
            exchange_way=Direction(args.exchange_way),
        )
    if args.json:
        print(json.dumps(report))
        return 0
    _print_arena(report)
    return 0


def _arena_players(args: argparse.Namespace) -> list[str]:
    """The players ``--players`` names, checked (a usage error otherwise): 2 to 4 levels or external bots (two
    levels with ``--field``), each bot's command found, none passing cards."""
    from ai import EXTERNAL, PLAYERS

    names = _split_players(args.players, tuple(PLAYERS))
    if args.field and (len(names) != 2 or any(name.startswith(EXTERNAL) for name in names)):
        fail("--field needs two in-process players: --players CHALLENGER,FIELD")
    if not 2 <= len(names) <= 4:
        fail("--players needs 2 to 4 comma-separated names")
    for name in names:
        if not name.startswith(EXTERNAL) and name not in PLAYERS:
            fail(f"unknown player {name!r} (players: {', '.join(PLAYERS)}; or cmd:<command line>)")
        if name.startswith(EXTERNAL):
            if args.exchange:
                fail("an external bot cannot pass cards: --exchange needs in-process players")
            _check_command(name[len(EXTERNAL) :])
    return names


def _progress_bar(show: bool) -> Callable[[int, int], None]:
    """The deals played so far as a bar on stderr, drawn over itself (nothing when ``show`` is off: not a
    terminal)."""

    def progress(done: int, total: int) -> None:
        if show:
            width = 30
            filled = width * done // total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    return progress


def _print_arena(report: dict[str, object]) -> None:
    """The arena's standings as text: each player's mean, its 95% interval, fouls, scoops and speed."""
    print(f"{counted(cast(int, report['deals']), 'duplicate deal')}, {_table_words(report)}")
    print(f"{'player':<24}{'mean':>9}{'±95%':>9}{'fouls':>7}{'scoops':>8}{'median ms':>11}")
    for p in cast(list[dict[str, Any]], report["players"]):
        print(
            f"{p['name'][:23]:<24}{p['mean']:>+9.3f}{p['ci95']:>9.3f}{p['fouls']:>7}{p['scoops']:>8}"
            f"{p['median_ms']:>11.2f}"
        )
        if p.get("invalid_answers"):
            print(f"  {counted(p['invalid_answers'], 'invalid answer')} scored as fouls; first: {p['first_invalid']}")
    if report.get("note"):
        print(f"note: {report['note']}")


def _table_words(report: dict[str, Any]) -> str:
    """The rules an arena report was played under, in words: "rules taiwan with the joker, 換三張 1× clockwise"."""
    passing = report.get("exchange")
    words = f"rules {report['rules']}" + (" with the joker" if report.get("joker") else "")
    return words + (f", 換三張 {passing['rounds']}× {passing['way']}" if isinstance(passing, dict) else "")


def _print_field(report: dict[str, Any]) -> None:
    """A field match's report as text."""
    me, table = report["challenger"], report["field"]
    print(
        f"{counted(report['deals'], 'field deal')}, {_table_words(report)}: "
        f"{me['name']} in each seat in turn of a table of {table['name']}"
    )
    from app.view.formatting import units_text  # the game's floor, only for this text

    gain = units_text(Translator("en"), f"{me['mean']:+.3f} ± {me['ci95']:.3f}")
    print(f"gain of {me['name']} over {table['name']}: {gain} a seat-hand (95%)")
    same = f"{me['name']}'s table played as the field's on {me['same_table']:.1%} of seat-hands"
    if "same_pass" in me:
        same += f"; {me['name']} passed as {table['name']} did on {me['same_pass']:.1%}"
    print(same)
    print(
        f"fouls {me['name']} {me['fouls']}, {table['name']} {table['fouls']}; scoops {me['name']} {me['scoops']}; "
        f"median ms {me['name']} {me['median_ms']:.2f}, {table['name']} {table['median_ms']:.2f}"
    )
    if report.get("note"):
        print(f"note: {report['note']}")


def _raise_exit(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


@contextmanager
def _ended_by_hangup_or_term() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into SystemExit for the block, so the arena's cleanup ends the bots it started.

    The bots run in sessions of their own, so a signal meant for the arena does not reach them: left to the
    default action, it would end the arena and leave them running.
    """
    if threading.current_thread() is not threading.main_thread():  # handlers can only be set there
        yield
        return
    wanted = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]
    before = {sig: signal.signal(sig, _raise_exit) for sig in wanted}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)  # None: set outside Python


def _check_command(command: str) -> None:
    """Fail early on a bot that cannot start (a typo would otherwise forfeit every hand)."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        fail(f"cannot read the bot's command line {command!r}: {exc}")
    if not argv:
        fail("cmd: needs a command line")
    program = argv[0]
    if shutil.which(program) is None and not (os.path.isfile(program) and os.access(program, os.X_OK)):
        fail(f"bot program {program!r} not found or not executable")


def _split_players(text: str, players: tuple[str, ...] = LEVELS) -> list[str]:
    """Split on commas, except inside a cmd: command line (which runs to the next ',<player>' or the end)."""
    out: list[str] = []
    for part in text.split(","):
        if out and out[-1].startswith("cmd:") and part.strip() not in players and not part.startswith("cmd:"):
            out[-1] += "," + part
        else:
            out.append(part.strip())
    return out


def cmd_advice(args: argparse.Namespace) -> int:
    """Play each preset's first suggestions as suggested and print the coach's verdicts on them."""
    from ai import default_jobs, run_agreement  # lazy, for start-up speed

    presets = [parse_preset(args.rules)] if args.rules else [p for p in Preset if p.arranged]
    if not any(p.arranged for p in presets):
        return fail(f"{args.rules}: nobody arranges in this preset, so there is no advice to check")
    report = run_agreement(presets, args.hands, args.seed, Budget(args.budget), args.jobs or default_jobs())
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{'preset':<11} {'hands':>6} {'best':>6} {'good':>6} {'worse':>6} {'best/good':>9} {'value gap':>10}")
    for r in report:
        v = r["verdicts"]
        worse = r["hands"] - v["best"] - v["good"]
        print(
            f"{r['preset']:<11} {r['hands']:>6} {v['best']:>6} {v['good']:>6} {worse:>6} "
            f"{100 * r['best_or_good']:>8.1f}% {r['largest_value_gap']:>10.2g}"
        )
    return 0


def cmd_levels(args: argparse.Namespace) -> int:
    """Price every level's play on random hands with the coach and print the ladder (issue 39)."""
    from ai import default_jobs, run_skill  # lazy, for start-up speed

    presets = [parse_preset(args.rules)] if args.rules else [p for p in Preset if p.arranged]
    if not any(p.arranged for p in presets):
        return fail(f"{args.rules}: nobody arranges in this preset, so there is no play to price")
    show = sys.stderr.isatty() and not args.json
    say = (lambda done, total: print(f"… {done}/{total} blocks", file=sys.stderr)) if show else None
    report = run_skill(presets, args.hands, args.seed, Budget(args.budget), args.jobs or default_jobs(), say)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    from app.view.formatting import unit_word  # the game's floor, only for this text

    word = unit_word(Translator("en"))
    for r in report:
        print(f"{r['preset']}: {r['hands']} hands, {word} lost against the coach's best (x{r['scale']:g} taiwan's)")
        print(f"  {'level':<7} {'mean':>7} {'90th':>7} {'99th':>7} {'worst':>7} {'blunders':>9}  targets")
        for level, v in r["levels"].items():
            print(
                f"  {level:<7} {v['mean']:>7.3f} {v['p90']:>7.2f} {v['p99']:>7.2f} {v['worst']:>7.2f} "
                f"{100 * v['blunders']:>8.1f}%  {'met' if v['met'] else 'not met'}"
            )
        worst = r["levels"]["easy"]
        print(f"  easy's worst: {worst['worst_play']} ({worst['worst_hand']})")
    return 0
