"""Keep compiled modules even under ``PYTHONDONTWRITEBYTECODE``, and have the xdist workers of a fresh checkout
share the work of compiling the suite: a plugin that pyproject.toml's ``addopts`` loads with ``-p``, the first
thing pytest imports after its own modules.

pytest rewrites the asserts of every test module and conftest, and of every module of a plugin's distribution
(hypothesis, syrupy, xdist, pytest-asyncio, platformdirs: some 110 modules), and caches the result beside each
in ``__pycache__``, but only while Python may write bytecode. Where the environment forbids it, every run
rewrote them all again in the controller and in each worker: about a second of CPU a process for the plugins,
four for the suite's own 200 modules. Plugins are imported before any conftest, so the switch must be made
here; the product's own modules, compiled by Python, are kept the same way (a game keeps its bytecode too,
``app/screens/app_bench.py``). The files go where Python puts them, in ``__pycache__`` (ignored by git).

In a fresh checkout (CI's clone) nothing is cached yet, and every worker collects the same modules in the same
order at the same time: each rewrote all of them, some 4.5 s of CPU a worker. So before collecting, a worker
imports the test modules not cached yet starting at its own share of the list (:func:`first_imports`): the
others' shares are mostly written by the time it reaches them, and it loads them from ``__pycache__``.
Collection then finds them imported, in the order it always collects them.
"""

from __future__ import annotations

import contextlib
import fnmatch
import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.dont_write_bytecode = False


def _cached(path: Path) -> bool:
    """Whether ``path``'s rewritten module is in its ``__pycache__`` (pytest names it by its own version)."""
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
    return (path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc").is_file()


def _module_name(path: Path, root: Path) -> str | None:
    """``tests.app.test_x`` for a test module inside packages up to ``root`` (as pytest imports it), else None."""
    try:
        parts = path.relative_to(root).with_suffix("").parts
    except ValueError:
        return None
    if any(not (root.joinpath(*parts[:i]) / "__init__.py").is_file() for i in range(1, len(parts))):
        return None
    return ".".join(parts)


def _package_modules(where: Path, patterns: list[str]) -> Iterator[Path]:
    """The test modules under ``where`` that live in packages (only those have a name to import them by): a
    folder without ``__init__.py``, a virtual environment's among them, is not walked."""
    for folder, subfolders, names in os.walk(where):
        subfolders[:] = [d for d in subfolders if os.path.isfile(os.path.join(folder, d, "__init__.py"))]
        yield from (Path(folder, n) for n in names if any(fnmatch.fnmatch(n, p) for p in patterns))


def first_imports(files: list[Path], worker: int, workers: int) -> list[Path]:
    """The files a worker imports before collecting: those not cached, the list turned to start at its share."""
    todo = [f for f in sorted(files) if not _cached(f)]
    start = len(todo) * worker // max(1, workers)
    return todo[start:] + todo[:start]


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    worker, workers = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("PYTEST_XDIST_WORKER_COUNT", "")
    if not worker.startswith("gw") or not workers.isdigit() or int(workers) < 2:
        return
    config = session.config
    root = config.rootpath
    patterns = config.getini("python_files")
    files: set[Path] = set()
    for arg in config.args:
        where = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if where.is_dir():
            files.update(_package_modules(where, patterns))
        elif where.is_file():
            files.add(where)
    wanted = [f for f in files if not config.hook.pytest_ignore_collect(collection_path=f, config=config)]
    for path in first_imports(wanted, int(worker[2:]), int(workers)):
        name = _module_name(path, root)
        if name is None or name in sys.modules:
            continue
        # A module that fails (or skips) here is imported again by collection, which reports it as it always has.
        with contextlib.suppress(Exception, pytest.skip.Exception):
            importlib.import_module(name)
