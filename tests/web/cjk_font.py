"""The Chinese font `chinese-poker serve` ships (``assets/fonts/``): which characters it must hold, and the
command that rebuilds it.

The served page draws the terminal on a canvas, so a character is drawn only if some font the page has covers
it; a Chromium without CJK fonts draws the game's Chinese as empty boxes. The page therefore brings its own: a
subset of Noto Sans Mono CJK TC (SIL Open Font License 1.1, ``assets/fonts/OFL.txt``) holding exactly the wide
characters the game's text uses (every language file under ``assets/i18n/`` and every string of ``app/`` and
``rules/``, the rules text among them), some 900 of them, regular and bold, in about 140 KB of WOFF2 each.

Rebuild it after adding text with characters it lacks (``tests/web/test_fonts.py`` fails saying which)::

    pip install fonttools brotli        # dev-only: never a dependency of the game
    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto   # or any copy of the .ttc
    python -m tests.web.cjk_font noto/usr/share/fonts/opentype/noto

(the folder that holds ``NotoSansCJK-Regular.ttc`` and ``NotoSansCJK-Bold.ttc``). It writes
``assets/fonts/cjk-regular.woff2``, ``assets/fonts/cjk-bold.woff2`` and ``assets/fonts/cjk-characters.txt`` (the
characters both hold, read back from them, which the test compares with the game's text without fontTools).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "assets" / "fonts"
WEIGHTS = {"Regular": FONTS / "cjk-regular.woff2", "Bold": FONTS / "cjk-bold.woff2"}  # source weight: subset
CHARACTERS = FONTS / "cjk-characters.txt"
SOURCE_FACE = "Noto Sans Mono CJK TC"  # the face taken from NotoSansCJK-<weight>.ttc

# The code points the page takes from this font (its @font-face's unicode-range, in assets/web/fonts.css):
# the East Asian wide blocks only. A terminal gives these two cells, and a CJK font draws them two cells wide;
# symbols the game also uses (♠ ★ ▲ ← ⏎) are one cell in the terminal but full-width in a CJK font, so they
# stay with the monospace font and the system's.
WIDE_RANGES = (
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation: 、。「」
    (0x3400, 0x4DBF),  # CJK unified ideographs, extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF01, 0xFF60),  # fullwidth forms: （）：，！？
    (0xFFE0, 0xFFE6),  # fullwidth signs: ￥
)


def unicode_range() -> str:
    """:data:`WIDE_RANGES` as a CSS ``unicode-range`` value."""
    return ", ".join(f"U+{low:X}-{high:X}" for low, high in WIDE_RANGES)


# The same ranges as one character class: the game's text is some 660,000 characters, and a test of each one
# against the ranges in Python was most of what reading it cost.
_WIDE = re.compile("[" + "".join(f"\\u{low:04X}-\\u{high:04X}" for low, high in WIDE_RANGES) + "]")


def is_wide(char: str) -> bool:
    """Whether ``char`` is one the page takes from the CJK font."""
    return _WIDE.fullmatch(char) is not None


def python_strings(source: str) -> Iterator[str]:
    """The string literals of Python source (comments and names left out: only strings can reach the screen)."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            yield token.string


def game_texts(root: Path = ROOT) -> Iterator[str]:
    """Every text the game can show that may hold a wide character: its language files and the strings of the
    modules of ``app/`` and ``rules/`` with one anywhere (tokenising the other half of them, with none even in a
    comment, found nothing the font must hold, and was half of what reading the game's text cost)."""
    for path in sorted((root / "assets" / "i18n").rglob("*.toml")):
        yield path.read_text(encoding="utf-8")
    for package in ("app", "rules"):
        for path in sorted((root / package).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            if _WIDE.search(source):
                yield from python_strings(source)


def needed(texts: Iterable[str]) -> set[str]:
    """The wide characters of ``texts``: those the font must hold."""
    return {char for text in texts for char in _WIDE.findall(text)}


def shipped() -> set[str]:
    """The characters the shipped font holds (its :data:`CHARACTERS` list)."""
    return set(CHARACTERS.read_text(encoding="utf-8")) - set(" \n")


def build(folder: Path) -> None:
    """Subset the Regular and Bold ``NotoSansCJK-*.ttc`` in ``folder`` to the game's wide characters, as WOFF2,
    and write the characters both hold beside them. Needs fontTools and brotli (dev-only)."""
    from fontTools.ttLib import TTFont  # here: dev-only, never imported by the game or the tests

    chars = "".join(sorted(needed(game_texts())))
    FONTS.mkdir(parents=True, exist_ok=True)
    held: set[str] | None = None
    for weight, target in WEIGHTS.items():
        subset_face(folder / f"NotoSansCJK-{weight}.ttc", chars, target)
        these = {chr(point) for point in TTFont(target).getBestCmap() if is_wide(chr(point))}
        held = these if held is None else held & these
        print(f"{target.relative_to(ROOT)}: {len(these)} characters, {target.stat().st_size:,} bytes")
    assert held is not None
    ordered = sorted(held)
    lines = ["".join(ordered[i : i + 50]) for i in range(0, len(ordered), 50)]
    CHARACTERS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if missing := sorted(set(chars) - held):
        print(f"the font has no glyph for {''.join(missing)}", file=sys.stderr)


def subset_face(source: Path, chars: str, target: Path) -> None:
    """Write :data:`SOURCE_FACE` of the collection ``source``, cut to ``chars``, to ``target`` as WOFF2."""
    from fontTools import subset  # here: dev-only, never imported by the game or the tests
    from fontTools.ttLib import TTCollection

    with TTCollection(source) as collection:
        numbers = [i for i, face in enumerate(collection.fonts) if face["name"].getDebugName(4).startswith(SOURCE_FACE)]
    if not numbers:
        sys.exit(f"{source} has no face {SOURCE_FACE!r}")
    options = subset.Options()
    options.flavor = "woff2"
    options.font_number = numbers[0]
    options.layout_features = []  # a terminal draws a character at a time: no shaping features
    options.hinting = False  # the browser's rasteriser does without; a third of the weight
    options.desubroutinize = True  # smaller once WOFF2 compresses it
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]  # keep the copyright, trademark and licence records
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)


def main() -> None:
    """``python -m tests.web.cjk_font FOLDER``: rebuild the shipped subsets."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folder", type=Path, help="the folder of NotoSansCJK-Regular.ttc and -Bold.ttc (fonts-noto-cjk)"
    )
    build(parser.parse_args().folder)


if __name__ == "__main__":
    main()
