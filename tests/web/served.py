"""What the browser tests share: `chinese-poker serve` in a subprocess, the pieces they need, and a page's
screen read as text.

The pieces (textual-serve, Playwright, a Chromium) are optional: where one is missing the browser tests skip
saying which, except where ``CHINESE_POKER_BROWSER_TESTS=required`` is set (``.ci/run`` sets it, since CI always
runs them), so that there a missing piece fails. ``CI`` alone does not require them: the README's test command
installs no browser.

The screen is read from xterm.js's own buffer: textual-serve's page draws on a canvas (WebGL), so the text is in
no DOM node. The test serves the page's script with one addition, ``window.__term = <its xterm Terminal>``;
everything else the browser runs is textual-serve's own.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
START_TIMEOUT = 20.0  # seconds for the server to say where it serves (a loaded CI machine imports slowly)
SCRIPT = "/static/js/textual.js"
SCRIPT_NEEDLE = "const t=new w(e,{ping:r});"  # textual-serve 1.1.3's page script, where it makes its terminal

SCREEN_JS = """() => {
    const term = window.__term;
    if (!term) return "";
    const buffer = term.buffer.active, rows = [];
    for (let y = 0; y < term.rows; y++) rows.push(buffer.getLine(y).translateToString(true));
    return rows.join("\\n");
}"""


def need(ok: bool, reason: str, *, module: bool = False) -> None:
    """Skip (or, where the browser tests are required, fail) the test when ``ok`` is false; ``module``: the whole
    test module, from its top (as where a module it imports is missing)."""
    if ok:
        return
    if os.environ.get("CHINESE_POKER_BROWSER_TESTS") == "required":
        pytest.fail(f"{reason}; CI runs the browser tests, so it must be installed (see .ci/run)")
    pytest.skip(reason, allow_module_level=module)


def need_aiohttp() -> ModuleType:
    """aiohttp, for a test module that talks to the server with its client, or a skip of that module where it is
    missing: it comes with the [web] extra, which the README's test command does not install."""
    need(find_spec("aiohttp") is not None, "aiohttp is not installed (pip install -e '.[web]')", module=True)
    return importlib.import_module("aiohttp")


def websocket_url(served: Served) -> str:
    """The address of a game's websocket at ``served``, for a terminal of 120×40."""
    return served.url.rstrip("/") + "/ws?width=120&height=40"


def chromium_path() -> str | None:
    """The Chromium to drive: $CHROMIUM, else the system's (Debian's package installs /usr/bin/chromium)."""
    given = os.environ.get("CHROMIUM")
    if given:
        return given if Path(given).exists() else None
    found = next((c for c in CHROMIUM_CANDIDATES if Path(c).exists()), None)
    return found or shutil.which("chromium")


def need_browser() -> str:
    """Everything a browser test needs, or a skip naming what is missing; returns Chromium's path."""
    need(find_spec("textual_serve") is not None, "textual-serve is not installed (pip install -e '.[web]')")
    need(find_spec("playwright") is not None, "playwright is not installed (pip install -e '.[web-test]')")
    path = chromium_path()
    need(path is not None, "no Chromium at /usr/bin/chromium (apt-get install -y chromium, or set $CHROMIUM)")
    assert path is not None
    return path


def free_port(host: str) -> int:
    """A port nothing listens on at ``host`` (the system's pick for port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from /proc: the game processes a server started)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found.update(int(x) for x in task.read_text().split())
    return found


def command_line(pid: int) -> bytes:
    """A process's command line (empty once it has ended)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def games_of(server: int) -> tuple[set[int], set[int]]:
    """The game processes a server runs (its children, and its fork server's), and its fork servers (app.forkserver:
    a helper of the server, not a game). A child still between its fork and its exec has the server's own command
    line: it is neither yet."""
    games: set[int] = set()
    forks: set[int] = set()
    own = command_line(server)
    for child in children(server):
        line = command_line(child)
        if b"app.forkserver" in line:
            forks.add(child)
            games |= children(child)
        elif line and line != own:
            games.add(child)
    return games, forks


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not: it has ended and only waits to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def wait_until(condition: Callable[[], object], timeout: float, what: str, step: float = 0.05) -> None:
    """Poll ``condition`` until it is true; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(step)


@dataclass
class Served:
    """A running `chinese-poker serve`: its process, the URL it printed and everything it printed."""

    process: subprocess.Popen[str]
    url: str
    output: list[str] = field(default_factory=list)
    games: set[int] = field(default_factory=set)  # every game process seen running under it
    forks: set[int] = field(default_factory=set)  # every fork server seen running under it (app.forkserver)

    def games_now(self) -> set[int]:
        now, forks = games_of(self.process.pid)
        self.games |= now
        self.forks |= forks
        return now

    def text(self) -> str:
        return "".join(self.output)


@contextlib.contextmanager
def serve(home: Path, host: str = "127.0.0.1", *extra: str) -> Iterator[Served]:
    """Run `chinese-poker serve` on a free port of ``host`` over the data folder ``home``; on leaving, stop it
    (Ctrl+C) and check that it and every game it ran have ended."""
    port = free_port(host)
    env = {**os.environ, "CHINESE_POKER_HOME": str(home)}
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--host", host, "--port", str(port), *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    output: list[str] = []
    started = threading.Event()
    url: list[str] = []

    def read() -> None:  # a thread: the server prints until it ends, and its pipe must never fill up
        assert process.stdout is not None
        for line in process.stdout:
            output.append(line)
            if not url and (match := re.search(r"served at (\S+)", line)):
                url.append(match.group(1))
                started.set()
        started.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    served = Served(process, "", output)
    try:
        if not started.wait(START_TIMEOUT) or not url:
            pytest.fail(f"the server did not start in {START_TIMEOUT:g} s: {''.join(output)!r}")
        served.url = url[0]
        yield served
    finally:
        served.games_now()
        process.send_signal(signal.SIGINT)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail(f"the server did not stop on Ctrl+C: {''.join(output)!r}")
        reader.join(5)
    left = sorted(pid for pid in served.games | served.forks if alive(pid))
    for pid in left:  # failed, but not left behind: nothing else would end them (their server is gone)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"game processes left running after the server stopped: {left}"


def expose_terminal(route) -> None:
    """Serve textual-serve's page script with ``window.__term`` set to its terminal (see the module docstring)."""
    response = route.fetch()
    body = response.text()
    assert SCRIPT_NEEDLE in body, "textual-serve's page script changed: update SCRIPT_NEEDLE in tests/web/served.py"
    route.fulfill(response=response, body=body.replace(SCRIPT_NEEDLE, SCRIPT_NEEDLE + "window.__term=t.terminal;"))


def prepare(page) -> None:
    """Route the page's script through :func:`expose_terminal`."""
    page.route(f"**{SCRIPT}", expose_terminal)


def screen(page) -> str:
    """The page's terminal as text, one line a row."""
    return str(page.evaluate(SCREEN_JS))


def wait_for_text(page, pattern: str, timeout: float = 15.0) -> str:
    """Wait until the screen shows ``pattern`` (a regular expression); returns the screen."""
    compiled = re.compile(pattern)
    deadline = time.monotonic() + timeout
    while True:
        text = screen(page)
        if compiled.search(text):
            return text
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:g} s waiting for {pattern!r}; the screen:\n{text}")
        page.wait_for_timeout(50)  # polling the page's own clock; the condition above is the synchronisation


def cell_centre(page, row: int, col: int) -> tuple[float, float]:
    """The page coordinates of the middle of the terminal cell at ``row``, ``col``."""
    box = page.locator(".xterm-screen").bounding_box()
    assert box is not None
    cols, rows = page.evaluate("[window.__term.cols, window.__term.rows]")
    return box["x"] + (col + 0.5) * box["width"] / cols, box["y"] + (row + 0.5) * box["height"] / rows


def terminal_cell(page, row: int, col: int, *, wide: bool = False) -> dict[str, float]:
    """The page's rectangle of the terminal cell at ``row``, ``col`` (two cells when ``wide``: a CJK character),
    as a screenshot's ``clip``."""
    box = page.locator(".xterm-screen").bounding_box()
    assert box is not None
    cols, rows = page.evaluate("[window.__term.cols, window.__term.rows]")
    width, height = box["width"] / cols, box["height"] / rows
    return {
        "x": box["x"] + col * width,
        "y": box["y"] + row * height,
        "width": width * (2 if wide else 1),
        "height": height,
    }


def find_text(page, text: str) -> tuple[int, int]:
    """The row and column where ``text`` first shows on the screen (a cell a character: for text with no wide
    characters before it on its row)."""
    for row, line in enumerate(screen(page).splitlines()):
        col = line.find(text)
        if col >= 0:
            return row, col
    pytest.fail(f"{text!r} is not on the screen:\n{screen(page)}")
