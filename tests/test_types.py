"""The type check, as CI runs it (`mypy` from the repo root, reading pyproject.toml's [tool.mypy]): rules/ and
ai/ at --strict, app/ at mypy's standard strictness.

The whole check takes about 6 s of CPU without mypy's cache (a fresh clone, as CI's), so it runs in the soak
tier; the everyday tier checks the configuration it runs with, read by mypy's own config parser.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from mypy.config_parser import parse_config_file
from mypy.main import define_options
from mypy.options import Options

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
STRICT_PACKAGES = ("rules", "ai")


def _config() -> tuple[Options, list[tuple[str, bool]]]:
    """pyproject.toml's mypy settings as mypy reads them, and what --strict sets (flag, value)."""
    _, _, strict = define_options()
    options, err = Options(), io.StringIO()

    def strict_everywhere() -> None:  # what `strict = true` anywhere in the file does, even in an override
        raise AssertionError("pyproject.toml sets mypy's `strict`, which mypy applies to every module")

    parse_config_file(options, strict_everywhere, str(PYPROJECT), io.StringIO(), err)
    assert err.getvalue() == "", err.getvalue()  # no unknown option, no global-only flag in an override
    return options, strict


def test_rules_and_ai_are_checked_at_strict_and_app_at_the_standard_strictness() -> None:
    options, strict = _config()
    assert options.files == ["rules", "ai", "app"]
    for module in (*STRICT_PACKAGES, *(f"{p}.{m}" for p in STRICT_PACKAGES for m in ("cards", "x.y"))):
        per_module = options.clone_for_module(module)
        assert [(flag, getattr(per_module, flag)) for flag, _ in strict] == strict, module
    defaults = Options()
    for module in ("app", "app.tui", "app.game.table"):
        per_module = options.clone_for_module(module)
        raised = [flag for flag, value in strict if getattr(per_module, flag) != getattr(defaults, flag)]
        assert raised == ["warn_redundant_casts"], module  # the one strict flag mypy only takes globally


def test_mypy_targets_the_oldest_python_the_project_supports_and_is_a_pinned_test_dependency() -> None:
    options, _ = _config()
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    oldest = project["requires-python"].removeprefix(">=")
    assert ".".join(map(str, options.python_version)) == oldest
    assert [d for d in project["optional-dependencies"]["test"] if d.startswith("mypy")] == ["mypy==2.4.1"]


@pytest.mark.soak
def test_mypy_finds_no_error_in_rules_ai_and_app() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found"), run.stdout
