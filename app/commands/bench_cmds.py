"""The `bench` subcommand: the AI's speed and memory, the history's timings, the real game's start-up and memory,
and the lobby's latency and memory, each against its target; a missed target exits 1."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, cast

from app.commands.common import CommandParser, add_command, bounded, counted, fail
from app.commands.serve_cmds import web_installed
from app.exits import EXIT_FAILURE


def register(sub: argparse._SubParsersAction[CommandParser]) -> None:
    """Add `bench` to the command line."""
    p = add_command(sub, "bench", cmd_bench, help="measure search and decision speed, and memory")
    p.add_argument("--hands", type=bounded("--hands", 4, 100_000), default=200)
    p.add_argument(
        "--expert-hands",
        type=bounded("--expert-hands", 1, 100_000),
        default=None,
        metavar="N",
        help="hands the slow timings take: expert's, and expert's and the coach's after a pass "
        "(default: 24, or --hands when fewer)",
    )
    p.add_argument(
        "--history-deals",
        type=bounded("--history-deals", 0, 1_000_000),
        default=100_000,
        metavar="N",
        help="deals in the generated history the history is timed on (0: leave the history out)",
    )
    p.add_argument(
        "--game-processes",
        type=bounded("--game-processes", 0, 16),
        default=5,
        metavar="N",
        help="the real game measured headless: its menu, a table of five deals, and N served tabs at once for the "
        "memory each adds (forked as serve forks them, and started on their own); a served tab's menu where the "
        "[web] extra is installed (0: leave the game out)",
    )
    p.add_argument(
        "--lobby-deals",
        type=bounded("--lobby-deals", 0, 1000),
        default=None,
        metavar="N",
        help="the lobby on this machine: READY to the reveal over N deals at a table of three people, and the "
        "server's memory with ten tables (default 5 where the [web] extra is installed; 0: leave the lobby out)",
    )
    p.add_argument("--json", action="store_true")


def cmd_bench(args: argparse.Namespace) -> int:
    """Measure the AI's speed and memory and print the report."""
    from ai import run_bench  # lazy, for start-up speed; it also needs the POSIX-only `resource`

    lobby_deals = _lobby_deals(args.lobby_deals)  # before the long runs: a usage error is said at once
    show = sys.stderr.isatty() and not args.json
    say = (lambda m: print(f"… {m}", file=sys.stderr)) if show else None
    report = run_bench(args.hands, expert_hands=args.expert_hands, progress=say)
    if args.history_deals:
        from app.game.rating import standing
        from app.game.samples import sample_records
        from app.screens.history_timing import time_history_screen
        from app.store.bench import run_history_bench

        # The pool the file is filled from: 25 real deals a preset, fewer for a small file (a quick check).
        pool = sample_records(max(2, min(25, args.history_deals // 40)))
        report["history"] = history = run_history_bench(
            pool, args.history_deals, progress=say, screen=time_history_screen, rating=standing
        )
        for name, target in history["targets"].items():
            report["targets"][f"history_{name}"] = target  # type: ignore[index]
    if args.game_processes:
        from app.screens.app_bench import GAME_TARGETS, measure_forked, measure_menu, measure_shared, measure_table

        if say:
            say("the game: its menu, a table of five deals, tables at once (forked as served tabs, and on their own)")
        processes = args.game_processes
        game = {**measure_menu(), **measure_table(), **measure_forked(processes), **measure_shared(processes)}
        targets = dict(GAME_TARGETS)
        if web_installed():  # a served tab's menu (issue 44: in 1.0 s in a browser tab)
            from app.web_bench import TAB_TARGETS, time_tab_starts

            game |= time_tab_starts()
            targets |= TAB_TARGETS
        report["game"] = game
        for name, limit in targets.items():
            report["targets"][name] = {"limit": limit, "measured": game[name], "met": game[name] <= limit}  # type: ignore[index]
    if lobby_deals:
        from app.lobby.bench import run_lobby_bench

        if say:
            say(f"the lobby: {counted(lobby_deals, 'deal')} at a table of three people, then ten tables at once")
        report["lobby"] = lobby = run_lobby_bench(lobby_deals)
        for name, target in lobby["targets"].items():
            report["targets"][f"lobby_{name}"] = target  # type: ignore[index]
    missed = [name for name, t in report["targets"].items() if not t["met"]]  # type: ignore[attr-defined]
    status = EXIT_FAILURE if missed else 0  # a missed target fails the run (the soak tier runs it)
    if args.json:
        print(json.dumps(report))
        return status
    _print_ai(report)
    _print_game(report)
    _print_history(report)
    _print_lobby(report)
    for name, t in cast(dict[str, dict[str, Any]], report["targets"]).items():
        print(f"  {'met ' if t['met'] else 'MISSED'} {name}: {t['measured']} (limit {t['limit']})")
    print("targets: all met" if not missed else f"targets missed: {', '.join(missed)}")
    return status


def _print_ai(report: dict[str, Any]) -> None:
    """The bench's text report: the AI's timings and memory."""
    from app.i18n import Translator
    from app.view.formatting import units_text  # the game's floor, only for this text

    en = Translator("en")  # the commands' text output is English
    targets = report["targets_ms"]
    print(f"{report['hands']} hands")
    print(
        f"subset evaluation (286 + 1,287): median {report['subset_eval_ms']['median_ms']:.3f} ms "
        f"(target {targets['subset_eval']} ms)"
    )
    print(
        f"split search (72,072 splits):    median {report['split_search_ms']:.3f} ms, "
        f"p95 {report['split_search_p95_ms']:.3f} ms (target {targets['split_search']} ms)"
    )
    joker = report["joker"]
    print(
        f"split search with a joker:       median {joker['split_search_ms']:.3f} ms, "
        f"p95 {joker['split_search_p95_ms']:.3f} ms, {joker['split_ratio']:.1f}x without (target 10x)"
    )
    print(
        f"expert with the joker            median {joker['expert']['median_ms']:8.2f} ms, "
        f"p95 {joker['expert']['p95_ms']:8.2f} ms (target 150 ms, p95 300 ms)"
    )
    print(
        f"score one 4-player deal:         median {report['score_deal_ms']['median_ms']:.3f} ms "
        f"(target {targets['score_deal']} ms)"
    )
    for level, s in report["levels"].items():
        target = f" (target {targets[level]} ms)" if level in targets else ""
        print(f"level {level:<8} median {s['median_ms']:8.2f} ms, p95 {s['p95_ms']:8.2f} ms{target}")
    for preset, c in report["coach_ms"].items():
        print(
            f"coach {preset:<11} median {c['median_ms']:8.1f} ms, p95 {c['p95_ms']:8.1f} ms, "
            f"loss ±{units_text(en, report['coach_ci95'][preset], places=2, sign=False)} (95%, median)"
        )
    for who, s in report["pass_ms"].items():
        what = "the coach's review" if who == "coach" else f"{who}'s pass"
        print(f"換三張 {what:<20} median {s['median_ms']:8.1f} ms, p95 {s['p95_ms']:8.1f} ms")
    known = report["known_ms"]
    print(f"換三張 expert, knowing its pass  median {known['expert']['median_ms']:8.1f} ms (target 150 ms)")
    print(f"換三張 the coach, knowing it     median {known['coach']['median_ms']:8.1f} ms (target 2000 ms)")
    print(f"import ai + load tables and a bank: {report['import_and_load_s']:.3f} s (target 0.5 s)")
    print(f"peak RSS of this measuring process: {report['peak_rss_mb']} MB")


def _print_game(report: dict[str, Any]) -> None:
    """The bench's text report: the real game's start-up and memory (when measured)."""
    if "game" in report:
        g = report["game"]
        names = ["menu_start_s", "menu_rss_mb", "menu_continue_start_s", "menu_continue_rss_mb"]
        names += ["table_peak_rss_mb", "tab_pss_mb"]
        limit = {name: report["targets"][name]["limit"] for name in names}  # GAME_TARGETS, as the run checked them
        print(
            f"the game: menu in {g['menu_start_s']:.3f} s (target {limit['menu_start_s']:g} s; "
            f"{g['menu_start_cpu_s']:.3f} s of CPU), {g['menu_rss_mb']} MB there (target {limit['menu_rss_mb']:g} MB)"
        )
        print(
            f"  a returning player's, with Continue: {g['menu_continue_start_s']:.3f} s (target "
            f"{limit['menu_continue_start_s']:g} s; {g['menu_continue_start_cpu_s']:.3f} s of CPU), "
            f"{g['menu_continue_rss_mb']} MB (target {limit['menu_continue_rss_mb']:g} MB)"
        )
        peak = g["table_peak_rss_mb"]
        print(
            f"  a table of four, {g['deals']} deals, the coach on: peak RSS {peak} MB "
            f"(target {limit['table_peak_rss_mb']:g} MB)"
        )
        print(
            f"  {g['processes']} served tabs at once: {g['tab_pss_mb']} MB PSS each (largest {g['tab_pss_max_mb']} MB, "
            f"target {limit['tab_pss_mb']:g} MB), forked from a fork server of {g['fork_server_pss_mb']} MB; "
            f"started on their own, {g['alone_pss_mb']} MB each"
        )
        if "tab_menu_s" in g:
            print(
                f"  a served tab's menu in {g['tab_menu_s']:.3f} s forked (target "
                f"{report['targets']['tab_menu_s']['limit']:g} s), {g['tab_alone_menu_s']:.3f} s started on its own"
            )


def _print_history(report: dict[str, Any]) -> None:
    """The bench's text report: the history's timings (when measured)."""
    if "history" in report:
        h = report["history"]
        print(f"history of {h['deals']:,} deals ({h['file_mb']} MB):")
        print(f"  record a deal median {h['record_median_ms']:.2f} ms, p95 {h['record_p95_ms']:.2f} ms (target 5 ms)")
        print(
            f"  opening History {h['history_open_s']:.3f} s, its queries {h['history_queries_s']:.4f} s (target 0.5 s)"
        )
        print(f"  statistics {h['stats_s']:.3f} s (target 0.5 s)")
        print(
            f"  start-up with the history: {h['startup_empty_s']:.4f} s empty, {h['startup_full_s']:.4f} s full "
            f"(growth target 0.05 s)"
        )
        print(f"  the rating from {h['rated_deals']:,} priced deals: {h['rating_s']:.3f} s (target 1 s)")


def _print_lobby(report: dict[str, Any]) -> None:
    """The bench's text report: the lobby's latency and memory (when measured)."""
    if "lobby" in report:
        lo = report["lobby"]
        print(
            f"the lobby, a table of {lo['people']} people and the computer, {counted(lo['deals'], 'deal')}: "
            f"READY to the reveal median {lo['latency_median_ms']:.1f} ms, max {lo['latency_max_ms']:.1f} ms "
            f"(target {lo['targets']['latency_median_ms']['limit']:g} ms; "
            f"the server's own {lo['server_latency_median_ms']:.2f} ms)"
        )
        print(
            f"  {lo['tables']} tables of {lo['people_per_table']} people, a deal each: the server's RSS "
            f"{lo['tables_rss_mb']} MB (target {lo['targets']['tables_rss_mb']['limit']:g} MB; "
            f"{lo['server_idle_rss_mb']} MB idle, "
            f"+{lo['tables_growth_mb']} MB, peak {lo['tables_peak_rss_mb']} MB)"
        )


def _lobby_deals(asked: int | None) -> int:
    """The deals the lobby's bench plays: ``--lobby-deals``, else 5 where aiohttp (the [web] extra) is there to
    run a lobby and 0 where it is not; asked for without it, a usage error naming the extra."""
    from importlib.util import find_spec

    from app.commands.lobby_cmds import INSTALL_HINT

    installed = find_spec("aiohttp") is not None
    if asked is None and installed:
        from app.lobby.bench import DEALS  # imports aiohttp

        return DEALS
    if asked is None:
        return 0
    if asked and not installed:
        fail(INSTALL_HINT)
    return asked
