"""Keep compiled modules even under ``PYTHONDONTWRITEBYTECODE``: a plugin that pyproject.toml's ``addopts`` loads
with ``-p``, the first thing pytest imports after its own modules.

pytest rewrites the asserts of every test module and conftest, and of every module of a plugin's distribution
(hypothesis, syrupy, xdist, pytest-asyncio, platformdirs: some 110 modules), and caches the result beside each
in ``__pycache__``, but only while Python may write bytecode. Where the environment forbids it, every run
rewrote them all again in the controller and in each worker: about a second of CPU a process for the plugins,
four for the suite's own 200 modules. Plugins are imported before any conftest, so the switch must be made
here; the product's own modules, compiled by Python, are kept the same way (a game keeps its bytecode too,
``app/screens/app_bench.py``). The files go where Python puts them, in ``__pycache__`` (ignored by git).
"""

from __future__ import annotations

import sys

sys.dont_write_bytecode = False
