"""The fonts the served page brings (issue 40, item 13), checked without a browser: the shipped CJK subset holds
every wide character the game's text uses (a new string with a new character fails here until the subset is
rebuilt: ``python -m tests.web.cjk_font``), the page takes from it exactly the range it was cut for, it loads
nothing from another host, and the package ships the fonts with their licence."""

from __future__ import annotations

import functools
import re
import tomllib

from tests.web import cjk_font

PAGE = cjk_font.ROOT / "assets" / "web" / "page.html"


@functools.cache
def game_texts() -> tuple[str, ...]:
    """The game's texts (:func:`cjk_font.game_texts`), read once a module: tokenising every module of ``app/``
    and ``rules/`` is most of both tests that read them."""
    return tuple(cjk_font.game_texts())


def test_the_font_holds_every_wide_character_the_game_shows() -> None:
    missing = sorted(cjk_font.needed(game_texts()) - cjk_font.shipped())
    assert not missing, (
        f"the served page's CJK font has no {''.join(missing)}: rebuild it as tests/web/cjk_font.py says "
        "(python -m tests.web.cjk_font FOLDER)"
    )


def test_what_is_counted_as_the_games_text() -> None:
    texts = game_texts()
    wide = cjk_font.needed(texts)
    assert {"十", "三", "張", "张", "頭", "墩", "。", "，", "："} <= wide  # both scripts, punctuation, full-width forms
    assert not wide & set("♠♥♦♣★▲◀▶←→⏎⚠"), "one-cell symbols stay with the monospace font"


def test_the_page_takes_the_range_the_font_was_cut_for() -> None:
    page = PAGE.read_text(encoding="utf-8")
    ranges = re.findall(r"unicode-range:\s*([^;]+);", page)
    assert ranges == [cjk_font.unicode_range()] * len(cjk_font.WEIGHTS), ranges
    for target in cjk_font.WEIGHTS.values():
        assert target.name in page and target.read_bytes()[:4] == b"wOF2"
        assert target.stat().st_size < 300_000  # a subset: the whole face is 16 MB


def test_the_page_loads_nothing_from_another_host() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert "googleapis" not in page
    outside = [u for u in re.findall(r"""[a-z]+://[^\s"')]+""", page) if u != "http://www.w3.org/2000/svg"]
    assert not outside, outside  # every address on the page is built from the request's (the template's {{ }})


def test_the_package_ships_the_page_and_the_fonts_with_their_licence() -> None:
    data = tomllib.loads((cjk_font.ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]
    assert "*.html" in shipped["assets.web"] and {"*.woff2", "*.txt"} <= set(shipped["assets.fonts"])
    licence = (cjk_font.FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
