"""A lobby's table played from two browser tabs (issue 43): `chinese-poker host` on 127.0.0.1, `chinese-poker
serve` for the tabs, each tab joining from the menu (j, the address typed), one opening a table (o), the other
sitting at it (j), the computer filling the other two seats (f) and the deal started (s); both auto-arrange,
press READY and see the reveal, and each tab's game keeps its own seat's deal in the history, marked as played
with people.

In the soak tier: the everyday tier joins and plays at a lobby's table through the same screens with Pilot
(tests/lobby/test_lobby_pilot.py), and drives `serve` in the browser (tests/web/test_browser.py). Every wait is
on a condition with a timeout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.web.served import ROOT, free_port, need_browser, prepare, serve, wait_for_text, wait_until
from tests.web.test_browser import VIEWPORT, history_json, launch, to_menu

pytestmark = [pytest.mark.browser, pytest.mark.soak]

SEATED = r"Table 1 · host \S+ · waiting"  # the table's head line, once seated at it
ARRANGE = r"Arrange: space selects"
PLACED = r"back +\S\S \S\S \S\S \S\S \S\S"  # auto-arrange filled the rows (the back row's five cards)


@contextmanager
def hosted(home: Path) -> Iterator[str]:
    """`chinese-poker host` on a free port of 127.0.0.1: the address it prints to join with (token and all);
    stopped on the way out."""
    port = free_port("127.0.0.1")
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "host", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "CHINESE_POKER_HOME": str(home)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []

    def read() -> None:  # the lobby prints its address, then whatever it logs: the pipe must never fill
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)

    threading.Thread(target=read, daemon=True).start()
    try:
        wait_until(lambda: any("join with" in line for line in lines), 30, "the lobby's address")
        found = re.search(r"join '([^']+)'", "".join(lines))
        assert found is not None, lines
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(10)
    assert "Traceback" not in "".join(lines), "".join(lines)


def join(page, address: str) -> None:
    """From the menu: Join a lobby (j), the address typed, ⏎: the lobby's list of tables."""
    page.locator(".xterm-helper-textarea").focus()
    to_menu(page)
    page.keyboard.press("j")
    wait_for_text(page, r"Type or paste the lobby's address")  # the dialog, its field taking the keys
    page.keyboard.type(address)
    page.keyboard.press("Enter")
    wait_for_text(page, r"No tables yet|Table 1 · host", timeout=20)


def test_two_tabs_play_a_deal_at_one_lobby_table(tmp_path: Path) -> None:
    chromium = need_browser()
    from playwright.sync_api import sync_playwright

    with hosted(tmp_path / "host") as address, serve(tmp_path, "127.0.0.1", "--lang", "en") as served:
        with sync_playwright() as pw:
            browser = launch(pw, chromium)
            context = browser.new_context(viewport=VIEWPORT)
            ann, bob = context.new_page(), context.new_page()
            for page in (ann, bob):
                prepare(page)
                page.goto(served.url)
            for page in (ann, bob):
                join(page, address)
            ann.keyboard.press("o")  # 開闢新局: ann hosts table 1, in the first seat
            wait_for_text(ann, SEATED)
            wait_for_text(bob, r"Table 1 · host")  # listed in bob's lobby
            bob.keyboard.press("j")  # 加入本桌: the listed table's first free seat
            wait_for_text(bob, SEATED)
            wait_for_text(ann, r"East +\S+.*\n")  # bob sits East on ann's screen too
            ann.keyboard.press("f")  # 電腦接玩: the computer takes the empty seats
            ann.keyboard.press("s")  # and the deal starts
            for page in (ann, bob):
                wait_for_text(page, ARRANGE)
                page.keyboard.press("a")
            for page in (ann, bob):
                wait_for_text(page, PLACED)
                page.keyboard.press("Enter")  # READY
            for page in (ann, bob):
                seen = wait_for_text(page, r"Deal 1 revealed", timeout=30)
                # The reveal shows all four hands, each with its units for the deal.
                assert len(re.findall(r"(South|East|North|West) +(\S\S ){3}/", seen)) == 4, seen
            browser.close()
        # Each tab's game keeps its own seat's deal (the two games share the served data folder).
        wait_until(lambda: len(history_json(tmp_path)) == 2, 20, "both tabs' deals kept")
        deals = history_json(tmp_path)
        assert all(d["people"] for d in deals), deals
        assert sorted(d["units"] for d in deals) != [None, None], deals
    assert "Traceback" not in served.text(), served.text()
