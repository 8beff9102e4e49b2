"""The game in a real browser: `chinese-poker serve` driven through Chromium by Playwright.

Two tabs play a deal each at the same moment (one by mouse, one by keys) over one data folder; both deals are
in ``history --json`` afterwards, no "database is locked" anywhere, and a closed tab's game ends within a few
seconds, its session kept for the menu's Continue. Off loopback the server answers 403 to anything without
its token and starts nothing. Tabs opened and closed leave no game process behind, and no error in the log. In a
Chromium without CJK fonts the page draws Chinese with the font it brings, asks no other host for anything, has
the keys from the start, and a click that gives it the keys back does nothing else.

The everyday tier runs the token's test (a tab drawn to its menu, in Chinese), the soak tier all four: each
starts a server and Chromium's tabs, seconds of CPU. Marked ``browser``; they skip where textual-serve,
Playwright or Chromium is missing, except under CI (see ``tests/web/served.py``). Every wait is on a condition
(the screen's text, a process gone) with a timeout.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.web.served import (
    ROOT,
    cell_centre,
    find_text,
    need_browser,
    prepare,
    screen,
    serve,
    terminal_cell,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1100, "height": 700}
MENU = r"p (Quick play|馬上加入|快速开始) "  # the menu's footer, in any language: the menu is up, no dialog over it
OFFER = r"y[:：] ?(yes|是) · n[:：] ?(no|否)"  # the first start's offer of the guided deal
CLOSE_WITHIN = 5.0  # seconds from a tab's closing to its game's end
AT_ONCE = 4  # tabs open at a time in the test of many
TABS = 20  # tabs the test of many opens and closes


WORD = "十三張"  # the game's own name: the subset has it
NOT_IN_ANY_FONT = "龘齉爨"  # no text of the game has these, so no font the page has draws them: missing glyphs
PRESS = re.compile(r"\x1b\[<0;\d+;\d+M")  # a left-button press as the terminal reports it to the game (SGR)
NO_CJK_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation")  # fonts without CJK


def launch(playwright, chromium: str, env: dict[str, str] | None = None):
    return playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"], env=env)


@pytest.fixture(scope="module")
def playwright():
    """Playwright, started once a module (its driver and a Chromium are most of a short test's CPU)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright):
    """A Chromium the module's tests share; each test opens its own context (its own cookies and storage) in it."""
    browser = launch(playwright, need_browser())
    yield browser
    browser.close()


def typed(frames: list[str]) -> str:
    """What the page sent its game as input (its ``stdin`` frames), joined."""
    parsed = [json.loads(frame) for frame in frames]
    return "".join(frame[1] for frame in parsed if frame[0] == "stdin")


def without_cjk_fonts(folder: Path) -> dict[str, str]:
    """An environment in which Chromium sees no CJK font (a fontconfig of Latin fonts only), as on a machine
    that has none installed: whatever Chinese it draws, it draws with the page's own font."""
    dirs = "".join(f"<dir>{d}</dir>" for d in NO_CJK_DIRS if Path(d).is_dir())
    config = folder / "fonts.conf"
    config.write_text(
        f'<?xml version="1.0"?><fontconfig>{dirs}<cachedir>{folder / "cache"}</cachedir></fontconfig>\n',
        encoding="utf-8",
    )
    return {**os.environ, "FONTCONFIG_FILE": str(config)}


def history_json(home: Path) -> list[dict]:
    out = subprocess.run(
        [sys.executable, "-m", "app", "history", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "CHINESE_POKER_HOME": str(home)},
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def to_menu(page) -> None:
    """Wait for the main menu, declining the first start's offer of the guided deal if it comes."""
    text = wait_for_text(page, f"{MENU}|{OFFER}", timeout=30)
    if re.search(OFFER, text):
        page.keyboard.press("n")
        wait_for_text(page, MENU)


@pytest.mark.soak  # everyday: test_off_loopback_needs_the_token (a tab to the menu); tests/web's websocket games
def test_two_tabs_play_at_once(tmp_path: Path, browser) -> None:
    with serve(tmp_path, "127.0.0.1", "--lang", "en") as served:
        context = browser.new_context(viewport=VIEWPORT)
        by_mouse, by_keys = context.new_page(), context.new_page()
        tabs = (by_mouse, by_keys)
        started = time.monotonic()
        for page in tabs:
            prepare(page)
            page.goto(served.url)
        for page in tabs:
            # xterm.js takes keys once its text area has the focus (a person's first click gives it that).
            page.locator(".xterm-helper-textarea").focus()
            to_menu(page)
        print(f"two tabs to the menu in {time.monotonic() - started:.2f} s")
        assert len(served.games_now()) == 2, "each tab runs a game process of its own"

        # Sit down: one tab clicks Quick play, the other presses its key.
        row, col = find_text(by_mouse, "Quick play")
        by_mouse.mouse.click(*cell_centre(by_mouse, row, col + 2))
        by_keys.keyboard.press("p")
        for page in tabs:
            wait_for_text(page, r"Arrange your 13 cards")
            page.keyboard.press("a")  # auto-arrange
        for page in tabs:
            wait_for_text(page, r"All 13 placed and legal")
        for page in tabs:  # READY in both at once: both games write their deal at the same moment
            page.keyboard.press("Enter")
        for page in tabs:
            wait_for_text(page, r"This deal: You [+-]?\d")  # the reveal, scored
            wait_for_text(page, r"⏎ Results")
            page.keyboard.press("Enter")
        for page in tabs:
            wait_for_text(page, r"Deal 1: results")
            assert "locked" not in screen(page)

        # Closing a tab ends its game within seconds; its session waits for the menu's Continue.
        closed = time.monotonic()
        by_keys.close()
        wait_until(lambda: len(served.games_now()) == 1, CLOSE_WITHIN, "the closed tab's game to end")
        print(f"a closed tab's game ended in {time.monotonic() - closed:.2f} s")
        deals = history_json(tmp_path)
        assert len(deals) == 2 and len({d["session"] for d in deals}) == 2, deals
        again = context.new_page()
        prepare(again)
        again.goto(served.url)
        again.locator(".xterm-helper-textarea").focus()
        wait_for_text(again, r"C\s+Continue", timeout=30)
        context.close()
    assert "locked" not in served.text() and "Traceback" not in served.text(), served.text()


def test_off_loopback_needs_the_token(tmp_path: Path, browser) -> None:
    with serve(tmp_path, "127.0.0.2", "--lang", "zh-TW") as served:
        assert "token=" in served.url, served.text()
        # The warning is printed after the address, and read from the server's output by a thread of its own.
        wait_until(lambda: "anyone who can reach this address" in served.text(), 10, "the warning off loopback")
        base = served.url.split("/?")[0]
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        for path in ("/", "/?token=wrong", "/ws", "/static/js/textual.js"):
            response = page.goto(base + path)
            assert response is not None and response.status == 403, path
        assert not served.games_now(), "a request without the token started a game"

        prepare(page)
        page.goto(served.url)
        page.locator(".xterm-helper-textarea").focus()
        to_menu(page)  # the token in the URL, then its cookie, let the page's script and websocket in
        assert "十三張" in screen(page) and "p 馬上加入" in screen(page)  # and it speaks Chinese as asked
        assert len(served.games_now()) == 1
        context.close()


@pytest.mark.soak  # everyday: tests/web/test_serve_guards.py closes a tab at once, test_serve_ends_games.py ends games
def test_closed_tabs_leave_no_game_behind(tmp_path: Path, browser) -> None:
    """Tabs opened and closed a few at a time, half of them once their game is up (its menu drawn), half at
    once (the game still starting): every game ends, and the server with no game left."""
    with serve(tmp_path, "127.0.0.1", "--lang", "en") as served:
        context = browser.new_context(viewport=VIEWPORT)
        for batch in range(0, TABS, AT_ONCE):
            pages = [context.new_page() for _ in range(min(AT_ONCE, TABS - batch))]
            wanted = len(served.games) + len(pages)
            for page in pages:
                page.goto(served.url)
            wait_until(
                lambda n=wanted: len(served.games_now() | served.games) >= n, 20, "each tab's game process to start"
            )
            for i, page in enumerate(pages):
                if i % 2 == 0:
                    page.wait_for_function("document.body.classList.contains('-first-byte')", timeout=30_000)
            for page in pages:
                page.close()
        wait_until(lambda: not served.games_now(), CLOSE_WITHIN + 5, "every closed tab's game to end")
        assert len(served.games) == TABS, "each tab ran a game process of its own"
        context.close()
    assert "failed to start" not in served.text(), served.text()  # a tab closed at once is no error


@pytest.mark.soak  # a Chromium of its own; everyday: tests/web/test_fonts.py, the page's font and what it asks for
def test_chinese_is_drawn_with_the_pages_own_font_and_a_first_click_only_focuses(tmp_path: Path, playwright) -> None:
    """Issue 40, items 13 and 14, in one page (a browser start is the slow part): a Chromium of its own, which
    sees no CJK font."""
    with serve(tmp_path / "home", "127.0.0.1", "--lang", "en") as served:
        browser = launch(playwright, need_browser(), without_cjk_fonts(tmp_path))
        page = browser.new_context(viewport=VIEWPORT).new_page()
        asked: list[str] = []
        sent: list[str] = []
        sockets = []
        page.on("request", lambda request: asked.append(request.url))

        def watch(ws) -> None:  # the websocket's address, and every frame the page sends its game
            asked.append(ws.url)
            sockets.append(ws)
            ws.on("framesent", lambda payload: sent.append(payload))

        page.on("websocket", watch)
        prepare(page)
        page.goto(served.url)
        to_menu(page)  # by keys, with no click: the page gave the game the keys when it started

        # Nothing leaves the server's address: the page, its scripts, its fonts (the CJK one too), the websocket.
        here = urlsplit(served.url).netloc
        assert {urlsplit(url).netloc for url in asked} == {here}, asked
        assert any(url.endswith("/fonts/cjk-regular.woff2") for url in asked), asked

        # The word in the page's font, the missing glyphs beside it: each of the word's characters is drawn, and
        # unlike the others, where a character no font has is the same blank or box every time.
        # The game may still redraw its menu over them on a loaded machine: written again (a few times at most)
        # until the shots are taken with both lines as written.
        for _ in range(5):
            page.evaluate(
                """([word, missing]) => new Promise((done) => window.__term.write(
                    `\\x1b[s\\x1b[0m\\x1b[1;1H${word}\\x1b[2;1H${missing}\\x1b[u`,
                    () => requestAnimationFrame(() => requestAnimationFrame(done))))""",
                [WORD, NOT_IN_ANY_FONT],
            )
            drawn = [page.screenshot(clip=terminal_cell(page, 0, 2 * i, wide=True)) for i in range(3)]
            boxes = [page.screenshot(clip=terminal_cell(page, 1, 2 * i, wide=True)) for i in range(3)]
            top = screen(page).splitlines()
            if top[0].startswith(WORD) and top[1].startswith(NOT_IN_ANY_FONT):
                break
        assert top[0].startswith(WORD) and top[1].startswith(NOT_IN_ANY_FONT), top[:2]  # the game drew nothing over
        assert not set(NOT_IN_ANY_FONT) & set(WORD)
        assert boxes[0] == boxes[1] == boxes[2], "the reference characters are drawn by some font after all"
        assert len(set(drawn)) == 3 and boxes[0] not in drawn, f"{WORD} is drawn as missing glyphs"

        # A click while the terminal does not have the keys only gives them back: the game sees no press, so the
        # menu item under the pointer does not start; the next click reaches the game.
        page.evaluate("document.activeElement.blur()")
        row, col = find_text(page, "Quick play")
        where = cell_centre(page, row, col + 2)
        pressed = len(sent)
        page.mouse.click(*where)
        assert page.evaluate("document.activeElement.className") == "xterm-helper-textarea"
        (game,) = sockets
        with game.expect_event("framesent", lambda frame: typed([frame]) == "\x1b[B", timeout=5_000):
            page.keyboard.press("ArrowDown")  # sent after anything the click sent: by now the click's would be seen
        assert not PRESS.search(typed(sent[pressed:])), typed(sent[pressed:])
        assert re.search(MENU, screen(page))
        with game.expect_event("framesent", lambda frame: bool(PRESS.search(typed([frame]))), timeout=5_000):
            page.mouse.click(*where)
        browser.close()
    assert "Traceback" not in served.text() and "failed" not in served.text(), served.text()
