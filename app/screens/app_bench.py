"""The real game, headless, measured in processes of its own (`chinese-poker bench`, issue 44): its memory at the
menu and at a table after some deals with the coach on, what each further process adds when several play at
once (served tabs, lobby tables), and how long the menu takes to come up.

Run as ``python -m app.screens.app_bench menu|table [DEALS] [--hold]``: the child builds the game's App as
`chinese-poker` does (its C heap set as :mod:`app.heap` sets it), runs it headless, prints one JSON line when it
is at the menu or has played its deals, and with ``--hold`` then waits for its standard input to close, so that
the bench can read its memory while its siblings run too.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GAME_TARGETS = {  # issue 44: the game's memory and start-up
    "menu_start_s": 0.5,  # launch to the menu, warm, in a terminal (headless here)
    "menu_rss_mb": 60.0,
    "menu_continue_start_s": 0.5,  # the same for a returning player, whose menu offers Continue
    "menu_continue_rss_mb": 60.0,
    "table_peak_rss_mb": 100.0,  # a table of four, five deals, the coach on
    "tab_pss_mb": 40.0,  # what each further served tab adds, with five open (forked: app.forkserver)
}
DEALS = 5  # deals a table plays before its peak is read (the measure)
PROCESSES = 5  # processes open at once when the memory each adds is read
SIZE = (120, 40)


def _rss_mb() -> float:
    """This process's resident set now (Linux: /proc/self/statm)."""
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _peak_mb() -> float:
    """This process's peak resident set so far: VmHWM, its own memory's high-water mark. Not getrusage's
    ru_maxrss, which Linux carries over from the parent a child was spawned from (the bench's own 120 MB showed
    as the peak of every game it started)."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _play(kind: str, deals: int, hold: bool) -> None:
    """The child's run: :func:`app.screens.headless.play_headless`, its report on one line with the game still
    open, then (``hold``) its wait for standard input to close."""

    frame: dict[str, Any] = {}

    def readings() -> dict[str, Any]:
        use = resource.getrusage(resource.RUSAGE_SELF)
        cpu = round(use.ru_utime + use.ru_stime, 3)  # what the start cost the machine, whatever else it runs
        # CLOCK_MONOTONIC, one clock for the whole system: the bench reads its launch on it (measure_menu).
        return {
            "rss_mb": round(_rss_mb(), 1),
            "peak_rss_mb": round(_peak_mb(), 1),
            "cpu_s": cpu,
            "at": time.monotonic(),
        }

    def on_frame(menu: Any) -> None:
        # Read as the menu's first frame is out: not what the menu does once it is up (its Continue check).
        frame.update(readings(), continue_offered=menu.offers_continue)

    async def report(played: int) -> None:
        line = {**(frame or readings()), "deals": played}
        print(json.dumps(line))
        sys.stdout.flush()
        if hold:
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

    from app.screens.headless import play_headless

    await play_headless(kind, deals, report, size=SIZE, on_frame=on_frame)


def _child(kind: str, deals: int, hold: bool, home: Path) -> subprocess.Popen[str]:
    """Start a child process measuring ``kind`` with its own data folder ``home``, its modules compiled."""
    _compiled()
    env = _env(home)
    args = [sys.executable, "-m", "app.screens.app_bench", kind, str(deals), *(["--hold"] if hold else [])]
    return subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )


def _env(home: Path) -> dict[str, str]:
    """A child's environment: its own data folder, and Python's bytecode kept as an installed game keeps it (from
    its second start on: a "warm" start), even where this environment asks Python not to write it
    (PYTHONDONTWRITEBYTECODE would make every start compile the game's 300 modules again)."""
    env = {**os.environ, "CHINESE_POKER_HOME": str(home)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


@functools.cache
def _compiled() -> None:
    """Compile the game's modules once a bench, before anything is measured (a start that compiles them spends
    CPU, and memory that stays in its peak, on what a player's game did once)."""
    code = "import app.tui, app.screens.table, app.game.table, ai.coach, ai.expert"
    env = _env(Path(tempfile.gettempdir()))
    subprocess.run([sys.executable, "-c", code], env=env, check=True, stdin=subprocess.DEVNULL)


def _line(proc: subprocess.Popen[str]) -> dict[str, Any]:
    """The child's JSON line (its standard output's first)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.wait()
        raise RuntimeError(f"the measured game ended with status {proc.returncode} before it reported")
    report: dict[str, Any] = json.loads(line)
    return report


def _finish(proc: subprocess.Popen[str]) -> None:
    """Let a holding child end (its standard input closed) and reap it."""
    if proc.stdin is not None:
        proc.stdin.close()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _pss_mb(pid: int) -> float:
    """A process's proportional set size: its private pages, and each shared page divided among its sharers."""
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no Pss line for process {pid}")


def _menu_starts(homes: list[Path]) -> list[dict[str, Any]]:
    """A menu started in each of ``homes`` in turn: each child's report at its first drawn frame (its CPU seconds
    and resident set then, whether it offered Continue), with the ``seconds`` from its launch to that frame."""
    reports = []
    for home in homes:
        t = time.monotonic()
        proc = _child("menu", 0, False, home)
        report = _line(proc)
        _finish(proc)
        reports.append({**report, "seconds": report["at"] - t})
    return reports


def _no_backlog(home: Path) -> None:
    """The returning player's deal was priced as it was played: no background pricing (numpy and the coach, in
    a thread) would start with the menus measured and add to their figures."""
    from app.store.database import HISTORY_FILE, open_history

    history = open_history(home / HISTORY_FILE).history
    if history is None:
        raise RuntimeError(f"the measured table left no history in {home}")
    try:
        if history.unpriced(1):
            raise RuntimeError("the measured table left a deal unpriced")
    finally:
        history.close()


def measure_menu(repeat: int = 3) -> dict[str, float]:
    """Seconds from launching the game to its menu's first drawn frame (warm: the median of ``repeat`` runs after
    one that warms the caches), the CPU seconds that took (the start's own cost: on a busy machine the wall clock
    also counts the other programs' turns), and the resident set at the menu; for a new player (no history), and
    for a returning one, whose menu offers to continue the session a table of one deal left open."""
    with tempfile.TemporaryDirectory(prefix="cp-bench-") as tmp:
        returning = Path(tmp) / "returning"
        proc = _child("table", 1, False, returning)
        _line(proc)
        _finish(proc)
        _no_backlog(returning)
        # The first run of each warms the file cache (and writes the bytecode).
        new = _menu_starts([Path(tmp) / str(i) for i in range(repeat + 1)])[1:]
        back = _menu_starts([returning] * (repeat + 1))[1:]
    if not all(r.get("continue_offered") for r in back):  # at its first frame (the check that it rebuilds follows)
        raise RuntimeError("a returning player's menu did not offer to continue the session left open")
    figures: dict[str, float] = {}
    for name, runs in (("menu", new), ("menu_continue", back)):
        figures[f"{name}_start_s"] = round(statistics.median(r["seconds"] for r in runs), 3)
        figures[f"{name}_start_cpu_s"] = round(statistics.median(r["cpu_s"] for r in runs), 3)
        figures[f"{name}_rss_mb"] = round(max(r["rss_mb"] for r in runs), 1)
    return figures


def measure_table(deals: int = DEALS) -> dict[str, float]:
    """The peak resident set of a table of four that played ``deals`` deals with the coach on."""
    with tempfile.TemporaryDirectory(prefix="cp-bench-") as tmp:
        proc = _child("table", deals, False, Path(tmp) / "0")
        report = _line(proc)
        _finish(proc)
    return {"table_peak_rss_mb": report["peak_rss_mb"], "table_rss_mb": report["rss_mb"], "deals": report["deals"]}


def measure_shared(processes: int = PROCESSES, deals: int = 1) -> dict[str, float]:
    """What each game started on its own adds (a terminal's `chinese-poker`) with ``processes`` open at once:
    their mean PSS once each has played ``deals`` deals (what they share, the libraries and the mapped tables, is
    divided among them). Served tabs are forked instead: :func:`measure_forked`."""
    with tempfile.TemporaryDirectory(prefix="cp-bench-") as tmp:
        procs = [_child("table", deals, True, Path(tmp) / str(i)) for i in range(processes)]
        try:
            for proc in procs:
                _line(proc)
            pss = [_pss_mb(p.pid) for p in procs]
        finally:
            for proc in procs:
                _finish(proc)
    return {"alone_pss_mb": round(statistics.mean(pss), 1), "alone_pss_max_mb": round(max(pss), 1)}


def measure_forked(processes: int = PROCESSES, deals: int = 1) -> dict[str, float]:
    """What each served tab adds (``chinese-poker serve`` forks each tab's game from its fork server,
    :mod:`app.forkserver`): the mean PSS of ``processes`` tables forked at once, each after ``deals`` deals, and
    the fork server's own, paid once whatever the number of tabs."""
    _compiled()
    with tempfile.TemporaryDirectory(prefix="cp-bench-") as tmp:
        return asyncio.run(_forked(Path(tmp), processes, deals))


async def _forked(tmp: Path, processes: int, deals: int) -> dict[str, float]:
    from app.forkserver import ForkServer

    server = await ForkServer.start(env=_env(tmp / "server"))
    games = []
    try:
        for i in range(processes):
            games.append(
                await server.spawn("app.screens.app_bench", ["table", str(deals), "--hold"], _env(tmp / str(i)))
            )
        for game in games:
            if not await game.stdout.readline():
                raise RuntimeError(f"a forked game ended with status {await game.wait()} before it reported")
        pss = [_pss_mb(game.pid) for game in games]
        server_pss = _pss_mb(server.pid)
    finally:
        for game in games:
            game.stdin.close()
        for game in games:
            await game.wait()
        await server.close()
    return {
        "tab_pss_mb": round(statistics.mean(pss), 1),
        "tab_pss_max_mb": round(max(pss), 1),
        "fork_server_pss_mb": round(server_pss, 1),
        "processes": processes,
    }


def main(argv: list[str] | None = None) -> int:
    """The child: ``menu`` or ``table [DEALS]``, ``--hold`` to wait for standard input to close."""
    args = sys.argv[1:] if argv is None else argv
    from app.heap import keep_heap_small

    keep_heap_small()  # as app.__main__ does
    kind = args[0] if args else "menu"
    deals = int(args[1]) if len(args) > 1 and args[1].isdigit() else DEALS
    asyncio.run(_play(kind, deals, "--hold" in args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
