"""The command line's shared helpers (app.commands.common) and the shape of the command modules."""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import app.commands
from app.cli import COMMAND_FAMILIES, build_parser
from app.commands.common import SEED, SESSION_SEED, UsageError, bounded, fail, whole_number
from tests import sources

COMMANDS_DIR = Path(app.commands.__file__).parent


def _type_error(parse: Callable[[str], int], text: str) -> str:
    with pytest.raises(argparse.ArgumentTypeError) as info:
        parse(text)
    return str(info.value)


def test_bounded_accepts_the_range_and_names_the_option_when_it_refuses() -> None:
    top = bounded("--top", 0, 10_000)
    assert top("0") == 0 and top("10000") == 10_000
    assert _type_error(top, "ten") == "--top must be a whole number, not 'ten'"
    assert _type_error(top, "10001") == "--top must be from 0 to 10,000, not 10001"
    assert _type_error(top, "-1") == "--top must be from 0 to 10,000, not -1"


def test_whole_number_fills_its_templates_and_may_have_no_upper_bound() -> None:
    limit = whole_number(0, 60, not_whole="no {text!r}", out_of_range="{low}..{high}, not {value}")
    assert _type_error(limit, "x") == "no 'x'"
    assert _type_error(limit, "61") == "0..60, not 61"
    assert SESSION_SEED(str(2**63 - 1)) == 2**63 - 1  # the largest seed the history stores
    assert _type_error(SESSION_SEED, str(2**63)).startswith("the seed must be from 0 to 9,223,372,036,854,775,807")
    assert _type_error(SESSION_SEED, "-3") == "the seed must be from 0 to 9,223,372,036,854,775,807, not -3"
    assert _type_error(SEED, str(2**63)) == f"--seed must be from 0 to {2**63 - 1:,}, not {2**63}"


def test_fail_raises_a_usage_error() -> None:
    with pytest.raises(UsageError, match=r"^nope$"):
        fail("nope")


def test_every_command_module_registers_its_commands_in_help_order() -> None:
    modules = {p.stem for p in COMMANDS_DIR.glob("*_cmds.py")}
    assert {m.__name__.rsplit(".", 1)[1] for m in COMMAND_FAMILIES} == modules
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == [
        "rank",
        "compare",
        "check",
        "score",
        "solve",
        "arena",
        "advice",
        "levels",
        "bench",
        "rate",
        "coach",
        "play",
        "daily",
        "serve",
        "host",
        "join",
        "history",
        "stats",
        "replay",
        "export",
        "import",
        "locate",
    ]
    for name, command in sub.choices.items():
        assert callable(command.get_default("func")), name


def test_no_command_module_imports_the_cli_that_imports_it() -> None:
    for path in COMMANDS_DIR.glob("*.py"):
        for node in sources.nodes(path):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not any(n == "app.cli" or n.startswith("app.cli.") for n in names), path.name


def test_starting_the_command_line_loads_neither_textual_nor_the_arena() -> None:
    code = "import sys, json, app.cli; print(json.dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    loaded = set(json.loads(proc.stdout))
    assert "textual" not in loaded and "app.tui" not in loaded
    assert "ai.arena" not in loaded and "ai.bench" not in loaded


def test_no_takeover_help_says_what_happens_without_contradicting_itself() -> None:
    # Issue 10 #8: the help promised "no computer takeover" and then "let the computer play your seat".
    play = next(a for a in build_parser()._subparsers._group_actions[0].choices.values() if a.prog.endswith(" play"))
    action = next(a for a in play._actions if "--no-takeover" in a.option_strings)
    assert action.help is not None
    text = action.help
    assert "you choose" in text and "leaving your seat ends the table" in text
    assert not text.startswith("no computer takeover")
