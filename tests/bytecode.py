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
Collection then finds them imported and collects them in its own order. A test module's body so runs before its
folder's ``conftest.py`` is loaded, in a cold worker: a test module must not depend on a conftest's side effects
at import (the suite's conftests define fixtures and hooks only). Only test modules of packages, in folders that
collection would enter and under the run's arguments, are imported early; a module that fails, skips or is
refused on import is left to collection, which reports it as it always has.
"""

from __future__ import annotations

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


def _is_test_module(name: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatch(name, p) for p in patterns)


def _package_modules(where: Path, config: pytest.Config) -> Iterator[Path]:
    """The test modules under ``where`` that live in packages (only those have a name to import them by), in
    folders that collection enters: not a folder without ``__init__.py`` (a virtual environment's), nor one that
    ``--ignore`` or ``norecursedirs`` leaves out."""
    patterns = config.getini("python_files")
    skipped = config.getini("norecursedirs")
    for folder, subfolders, names in os.walk(where):
        subfolders[:] = [
            d
            for d in subfolders
            if os.path.isfile(os.path.join(folder, d, "__init__.py"))
            and not any(fnmatch.fnmatch(d, p) for p in skipped)
            and not config.hook.pytest_ignore_collect(collection_path=Path(folder, d), config=config)
        ]
        yield from (
            path
            for path in (Path(folder, n) for n in names if _is_test_module(n, patterns))
            if not config.hook.pytest_ignore_collect(collection_path=path, config=config)
        )


def first_imports(files: list[Path], worker: int, workers: int) -> list[Path]:
    """The files a worker imports before collecting: those not cached, the list turned to start at its share."""
    todo = [f for f in sorted(files) if not _cached(f)]
    start = len(todo) * worker // max(1, workers)
    return todo[start:] + todo[:start]


def _run_files(config: pytest.Config) -> set[Path]:
    """The test modules the run's arguments name or hold (a file named outside ``python_files`` is left to
    collection: pytest rewrites it only once it knows the file was named)."""
    patterns = config.getini("python_files")
    files: set[Path] = set()
    for arg in config.args:
        where = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if where.is_dir():
            files.update(_package_modules(where, config))
        elif where.is_file() and _is_test_module(where.name, patterns):
            files.add(where)
    return files


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    config = session.config
    worker = getattr(config, "workerinput", None)  # an xdist worker's own settings; absent elsewhere
    if worker is None or int(worker.get("workercount", 1)) < 2:
        return
    index = int(str(worker.get("workerid", "gw0")).removeprefix("gw") or 0)
    for path in first_imports(list(_run_files(config)), index, int(worker["workercount"])):
        name = _module_name(path, config.rootpath)
        if name is None or name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except (KeyboardInterrupt, SystemExit, pytest.exit.Exception):
            raise
        except BaseException:
            # pytest's skip and fail are BaseExceptions too. Collection imports the module again and reports
            # what went wrong, as it would have without this.
            continue
