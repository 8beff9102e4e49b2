"""The suite's own settings: the everyday tier runs with the collected suite frozen out of the cyclic
collector's walk and at its raised thresholds; the soak tier keeps Python's collector as the game runs it; both
keep their compiled modules."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
import syrupy

from tests.bytecode import first_imports
from tests.conftest import EVERYDAY_GC_THRESHOLDS, LONG
from tests.tiers import long

PYTHON_DEFAULT_GC_THRESHOLDS = (700, 10, 10)


def test_the_everyday_tier_freezes_the_collected_suite_and_raises_the_thresholds() -> None:
    assert gc.get_threshold() == EVERYDAY_GC_THRESHOLDS
    assert gc.get_freeze_count() > 10_000  # the imported product, Textual and every collected test


def test_the_rewritten_modules_are_kept_from_the_first_plugin_on(request: pytest.FixtureRequest) -> None:
    """``tests/bytecode.py`` allows bytecode before pytest imports the plugins it rewrites: syrupy's, imported
    before any conftest, has its rewritten module in ``__pycache__`` (this run wrote it, or an earlier one)."""
    assert request.config.pluginmanager.has_plugin("tests.bytecode")
    assert not sys.dont_write_bytecode
    init = Path(syrupy.__file__)
    tail = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}.pyc"
    assert (init.parent / "__pycache__" / f"{init.stem}.{tail}").is_file()


def test_each_worker_first_compiles_its_own_share_of_what_is_not_cached(tmp_path: Path) -> None:
    """``tests/bytecode.py``: in a fresh checkout the workers start on different test modules, so that each
    module is rewritten about once, not once a worker; modules already cached are left to collection."""
    files = [tmp_path / f"test_{n}.py" for n in "abcdefgh"]
    for f in files:
        f.write_text("")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
    (cache / f"test_c.{tag}.pyc").write_bytes(b"")  # cached already
    todo = [f for f in files if f.stem != "test_c"]
    shares = [first_imports(list(reversed(files)), k, 4) for k in range(4)]
    assert all(sorted(share) == todo for share in shares)  # every worker still imports every module left
    assert [share[0] for share in shares] == [todo[0], todo[1], todo[3], todo[5]]  # each from its own quarter
    assert first_imports(files, 0, 1) == todo


@pytest.mark.soak
def test_the_soak_tier_keeps_pythons_collector() -> None:
    assert gc.get_threshold() == PYTHON_DEFAULT_GC_THRESHOLDS
    assert gc.get_freeze_count() == 0


def test_each_test_left_to_the_soak_tier_names_an_everyday_test_that_is_there(request: pytest.FixtureRequest) -> None:
    """``tiers.long``'s counterparts: each named test was collected and is in the everyday tier (checked where
    its file was collected: all of them in a whole run)."""
    named, everyday, files = request.config.stash[LONG]
    for nodeid, counterpart in named:
        if counterpart.split("::")[0] not in files:
            continue
        found = [e for e in everyday if e == counterpart or e.startswith(counterpart + "[")]
        assert found, f"{nodeid} names {counterpart}, which is not a test of the everyday tier"


@pytest.mark.parametrize("name", ["test_x", "tests/a.py", "tests/a.py::helper", "src/a.py::test_x"])
def test_a_counterpart_must_name_a_test(name: str) -> None:
    with pytest.raises(ValueError, match="does not name a test"):
        long(name)


def test_the_games_requests_are_answered_once_a_worker_and_the_answer_is_the_ais_own() -> None:
    import app.game.requests as requests
    from ai import Level, TableView
    from rules.cards import deal
    from tests.answers import ANSWERED, Answers

    assert all(getattr(requests, name).__wrapped__ for name in ANSWERED)  # served by tests/answers.py
    hand, view = tuple(sorted(deal(3)[0])), TableView()
    answers = Answers()
    choose = answers.wrap("choose", requests.choose.__wrapped__)
    first = choose(hand, view, Level.NORMAL, seed=4)
    assert choose(hand, view, Level.NORMAL, seed=4) is first and (answers.asked, answers.remembered) == (2, 1)
    # What is remembered is what the AI answers afresh: a decision draws only from its arguments.
    assert requests.choose.__wrapped__(hand, view, Level.NORMAL, seed=4) == first
    assert choose(hand, view, Level.NORMAL, seed=5) is not first  # another seed is another question
    assert choose(hand, view, "normal", seed=4) is not first  # equal, but another type: asked again
    assert choose(list(hand), view, Level.NORMAL, seed=4) == first  # a list cannot be a key: asked again
    assert (answers.asked, answers.remembered) == (5, 1)


def test_while_a_test_changes_the_ai_its_answers_are_neither_remembered_nor_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ai import Level, TableView
    from ai.exchange import BUDGET, choose_pass
    from rules.cards import deal
    from tests.answers import Answers

    hand, view = tuple(sorted(deal(5)[1])), TableView()
    answers = Answers()
    passing = answers.wrap("choose_pass", choose_pass)
    shipped = passing(hand, view, Level.EASY, seed=2)
    with monkeypatch.context() as patch:
        patch.setitem(BUDGET, Level.EASY, (1, 1))  # a table of settings changed in place
        assert not answers.shipped()
        small = passing(hand, view, Level.EASY, seed=2)
        assert small == choose_pass(hand, view, Level.EASY, seed=2) and small is not shipped
        patch.setattr("ai.exchange.hand_value", lambda *a, **k: 0.0)  # a function replaced
        assert not answers.shipped()
    assert answers.shipped() and passing(hand, view, Level.EASY, seed=2) is shipped
    assert answers.remembered == 1  # only the asking with the AI as shipped
