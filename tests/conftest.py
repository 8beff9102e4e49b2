"""Shared test settings: the two tiers (``tests/tiers.py``), hypothesis profiles (CI runs the same examples
every time) and the markers that select parts of the suite."""

from __future__ import annotations

import gc
import inspect
import os

import pytest
from hypothesis import HealthCheck, settings

from tests import tiers
from tests.answers import Answers, remember_answers
from tests.snapshot_text import differences

settings.register_profile(
    "ci", max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# The soak tier's long property runs (at least as many examples as the everyday profiles ever had).
settings.register_profile(
    "soak",
    max_examples=300,
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow],
)

SOAK_COMMAND = "pytest -m soak"
# The cyclic collector's thresholds in the everyday tier, from collection on: (young, middle, old) as
# ``gc.set_threshold`` takes them. Python's defaults (700, 10, 10) are for a program whose heap stays small.
EVERYDAY_GC_THRESHOLDS = (10_000, 20, 20)
_TIERS = pytest.StashKey[dict[str, int]]()
# What `tiers.long` left to the soak tier, collected in this process: each such test's node id with the everyday
# test it names, and the node ids and files collected (tests/test_harness.py checks the names against them).
LONG = pytest.StashKey[tuple[list[tuple[str, str]], set[str], set[str]]]()


def _soak_tier(config: pytest.Config) -> bool:
    """Whether this run is the soak tier: its ``-m`` expression asks for ``soak`` (and not ``not soak``)."""
    expr = " ".join(str(config.getoption("markexpr", "") or "").split())
    return "soak" in expr and "not soak" not in expr


@pytest.hookimpl(trylast=True)  # after pytest's terminal plugin has registered its reporter
def pytest_configure(config: pytest.Config) -> None:
    # Before any test module is imported, so that `tiers.examples` and `tiers.sized` read the tier.
    tiers.SOAK = _soak_tier(config)
    if tiers.SOAK:
        settings.load_profile("soak")
    else:
        settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
        # Collection builds the suite's long-lived objects; at Python's thresholds a sixth of it was the collector.
        gc.set_threshold(*EVERYDAY_GC_THRESHOLDS)
    if hasattr(config, "workerinput"):
        # An xdist worker reports to the controller, which writes the terminal: nothing a worker's own reporter
        # writes is shown. At its end that reporter had syrupy count, for its summary, the stored snapshots no
        # test of this worker used (each snapshot file against each test run): a second of CPU, for nothing.
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            config.pluginmanager.unregister(reporter)


def _is_property(item: pytest.Item) -> bool:
    return bool(getattr(getattr(item, "function", None), "is_hypothesis_test", False))


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects: the markers below are part of what it reads
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark Pilot and snapshot tests by what they use; in the soak tier every property test runs again, long;
    in any other run the soak tests are left out unless the ``-m`` expression names them."""
    soak_tier = tiers.SOAK
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "snap_compare" in fixtures:
            item.add_marker(pytest.mark.snapshot)
        elif "tests/app/" in item.nodeid and inspect.iscoroutinefunction(getattr(item, "function", None)):
            item.add_marker(pytest.mark.pilot)
        if soak_tier and _is_property(item):
            item.add_marker(pytest.mark.soak)
    soak = [i for i in items if i.get_closest_marker("soak") is not None]
    marks = [(i, i.get_closest_marker("soak")) for i in soak]
    named = [(i.nodeid, str(m.kwargs["everyday"])) for i, m in marks if m is not None and "everyday" in m.kwargs]
    config.stash[LONG] = (named, {i.nodeid for i in items if i not in soak}, {i.nodeid.split("::")[0] for i in items})
    expr = str(config.getoption("markexpr", "") or "")
    if "soak" not in expr and soak:  # the everyday tier: the README's plain `pytest`
        config.hook.pytest_deselected(items=soak)
        items[:] = [i for i in items if i.get_closest_marker("soak") is None]
    counts = {
        "everyday": sum(1 for i in items if i.get_closest_marker("soak") is None) if not soak_tier else 0,
        "soak": len(soak),
        "tier_soak": int(soak_tier),
    }
    config.stash[_TIERS] = counts
    if hasattr(config, "workeroutput"):  # an xdist worker: the controller prints the summary
        config.workeroutput["tiers"] = counts  # type: ignore[attr-defined]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Take what collection built (every test item, the imported product, Textual, numpy, hypothesis) out of
    the cyclic collector's walk; young garbage piles up longer before a pass (EVERYDAY_GC_THRESHOLDS).

    A worker holds the whole collected suite for the rest of its life, and at Python's default thresholds a
    full collection rescanned all of it every few hundred milliseconds: a fifth of a Pilot test's CPU was the
    collector finding nothing. Reference counting still frees almost everything at once; the cycles a test
    leaves (an App and its widgets) are still collected, a little later. The soak tier keeps Python's own
    collector settings, so that the long walks also run the way the game does.
    """
    if tiers.SOAK:
        return
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)  # after the session's fixtures are torn down
def pytest_sessionfinish(session: pytest.Session) -> None:
    """In the everyday tier, collect once at the end and freeze what is left: pytest then collects five times
    more (to bring out any exception a finaliser raises), and each full pass walked all that the tests left
    alive in a worker (their caches, the hypothesis database), some 2 s of CPU a worker. What one pass leaves
    is reachable; garbage its finalisers make is young, and pytest's passes still collect it."""
    if tiers.SOAK:
        return
    gc.collect()
    gc.freeze()


def pytest_testnodedown(node, error) -> None:
    counts = getattr(node, "workeroutput", {}).get("tiers")
    if counts is not None:
        node.config.stash[_TIERS] = counts


def _tests(n: int) -> str:
    return f"{n:,} test" + ("" if n == 1 else "s")


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """One line on the tiers: how many tests each holds and how to run the other."""
    counts = config.stash.get(_TIERS, None)
    if counts is None or hasattr(config, "workerinput"):
        return
    if counts["tier_soak"]:
        line = (
            f"tiers: the soak tier, {_tests(counts['soak'])} (the long walks, sweeps, arena and bench runs, and "
            f"every property at {tiers.SOAK_FACTOR}x its examples); the everyday tier is plain `pytest`"
        )
    else:
        line = (
            f"tiers: the everyday tier, {_tests(counts['everyday'])}; the soak tier holds "
            f"{_tests(counts['soak'])} more (the long walks, sweeps, arena and bench runs) and every property "
            f"test again at {tiers.SOAK_FACTOR}x its examples: `{SOAK_COMMAND}`"
        )
    terminalreporter.write_line(line)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers a core for ``-n auto``: the Pilot tests wait on Textual's event loop about half the time, so
    one worker a core leaves the cores idle (measured: 98 s with 2 workers, 77 s with 4 on 2 cores)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores


@pytest.fixture
def snap_compare(snap_compare, request: pytest.FixtureRequest):
    """pytest-textual-snapshot's ``snap_compare``, which on a mismatch also says which rows of the screen differ
    (its HTML report is not there to open when CI fails)."""
    import pickle

    from pytest_textual_snapshot import node_to_report_path

    def compare(*args, **kwargs) -> bool:
        if snap_compare(*args, **kwargs):
            return True
        data = pickle.loads(node_to_report_path(request.node).read_bytes())
        expected, actual = data[1], data[2]
        if data[9]:  # a stored snapshot exists: say how the screen differs from it
            raise AssertionError(f"the screen differs from its snapshot:\n{differences(expected, actual)}")
        return False

    return compare


@pytest.fixture(autouse=True, scope="session")
def _answers_remembered() -> Answers:
    """The computer's answers to the game's requests, each asked once a worker (tests/answers.py): the game's tests
    deal the same seeded tables again and again, and more than a quarter of their AI was answers already given."""
    import app.game.requests

    return remember_answers(app.game.requests)
