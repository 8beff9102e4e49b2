"""The lobby's section of `chinese-poker bench` (app/lobby/bench.py), run small: a deal at the table of three and
two tables for the memory. The report's shape is checked, never its figures against their targets: a busy machine
is slow, and the targets live in bench."""

from __future__ import annotations

from app.lobby.bench import LOBBY_TARGETS, main, run_lobby_bench


def test_the_lobby_bench_reports_the_latency_and_the_servers_memory() -> None:
    report = run_lobby_bench(deals=1, tables=2)
    assert report["deals"] == 1 and report["people"] == 3
    assert report["tables"] == 2 and report["people_per_table"] == 2
    assert 0 < report["latency_median_ms"] <= report["latency_max_ms"]
    # The server's record starts later (READY taken) and ends sooner (the reveal sent, not yet read).
    assert 0 < report["server_latency_median_ms"] <= report["server_latency_max_ms"]
    assert report["server_idle_rss_mb"] > 0 and 0 < report["tables_rss_mb"] <= report["tables_peak_rss_mb"]
    assert report["tables_growth_mb"] == round(report["tables_rss_mb"] - report["server_idle_rss_mb"], 1)
    assert report["seconds"] > 0
    assert set(report["targets"]) == set(LOBBY_TARGETS)
    for name, target in report["targets"].items():
        assert target["limit"] == LOBBY_TARGETS[name] and target["measured"] == report[name]
        assert target["met"] == (target["measured"] <= target["limit"])


def test_the_server_child_needs_its_word() -> None:
    assert main(["listen"]) == 2
