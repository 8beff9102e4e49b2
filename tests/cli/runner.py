"""Running `chinese-poker` in the tests: in this process (most tests) or as a real subprocess (the few that need
one: signals, the interpreter's exit, a closed or full stdout, the installed entry point).

In process, :func:`in_process` calls ``app.cli.main`` with the arguments, standard input given as text (with a
byte ``buffer`` under it, as a real stdin has), standard output and error captured, and the environment changed
only for the call. It answers as :func:`subprocess.run` does, so a test reads either the same way. A command's
own work (a solve, a score) costs the same either way; what the process saves is the interpreter's start and the
imports, a third of a second a call, which across a hundred calls is most of what these tests cost.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from app.cli import main

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def _environment(changes: Mapping[str, str]) -> Iterator[None]:
    before = {k: os.environ.get(k) for k in changes}
    os.environ.update(changes)
    try:
        yield
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def in_process(*args: str, stdin: str = "", env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``chinese-poker ARGS`` run by ``app.cli.main`` in this process; its exit status and captured output."""
    out, err = io.StringIO(), io.StringIO()
    feed = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    saved = sys.stdin
    sys.stdin = feed
    try:
        with _environment(env or {}), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(args))
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(["chinese-poker", *args], status, out.getvalue(), err.getvalue())


def in_subprocess(
    *args: str, stdin: str = "", env: Mapping[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m app ARGS`` as a real process, with UTF-8 streams and ``env`` added to this environment."""
    full = {**os.environ, "PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=full,
        timeout=timeout,
        cwd=ROOT,
    )
