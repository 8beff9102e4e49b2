"""The deal of the day in the browser (issue 42), in Chinese: the menu's 每日一局 (a) shows the calendar, today
marked, with today's deal's code, and ⏎ sits down to it; the code the page shows is the one
`chinese-poker daily` prints for the same date.

In the soak tier: the everyday tier draws the same screen with Pilot and snapshots (tests/app), and drives
`serve` in the browser (tests/web/test_browser.py). Every wait is on a condition with a timeout.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.served import ROOT, need_browser, prepare, serve, wait_for_text
from tests.web.test_browser import VIEWPORT, launch, to_menu

pytestmark = [pytest.mark.browser, pytest.mark.soak]

CODE = r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}"


def test_the_deal_of_the_day_in_chinese_in_the_browser(tmp_path: Path) -> None:
    chromium = need_browser()
    from playwright.sync_api import sync_playwright

    with serve(tmp_path, "127.0.0.1", "--lang", "zh-TW") as served, sync_playwright() as pw:
        browser = launch(pw, chromium)
        page = browser.new_context(viewport=VIEWPORT).new_page()
        prepare(page)
        page.goto(served.url)
        page.locator(".xterm-helper-textarea").focus()
        to_menu(page)
        page.keyboard.press("a")
        seen = wait_for_text(page, rf"(\d{{4}}-\d\d-\d\d) · 台灣 · 代碼 ({CODE})")
        found = re.search(rf"(\d{{4}}-\d\d-\d\d) · 台灣 · 代碼 ({CODE})", seen)
        assert found is not None and "每日一局" in seen and "還沒打" in seen, seen
        day, code = found.groups()
        page.keyboard.press("Enter")  # played for the record: the table, dealt from the code's key
        wait_for_text(page, r"擺好 13 張牌")
        browser.close()
    assert "Traceback" not in served.text(), served.text()
    printed = subprocess.run(
        [sys.executable, "-m", "app", "daily", "--date", day, "--rules", "taiwan", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "CHINESE_POKER_HOME": str(tmp_path / "other")},
        timeout=60,
        check=True,
    )
    assert json.loads(printed.stdout)["code"] == code
