"""The documentation as a reader meets it: a README that is a front door (at most 8 KB, its two commands the ones
that work), and every relative link of every Markdown file pointing at a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The project's own documents: not what tools keep in hidden folders (.venv, .git, pytest's and mypy's caches, whose
# README would make one more test where a run has left it) nor installed packages'.
DOCS = sorted(
    p
    for p in ROOT.rglob("*.md")
    if not any(part.startswith(".") or part == "node_modules" for part in p.relative_to(ROOT).parts[:-1])
)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
TEST_COMMAND = "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && pytest"


def test_the_readme_is_a_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) <= 8 * 1024
    assert "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && chinese-poker" in readme
    assert TEST_COMMAND in readme
    assert TEST_COMMAND.split(" && ", 3)[-1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.parametrize("doc", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_every_relative_link_leads_somewhere(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    broken = [
        target
        for target in LINK.findall(text)
        if "://" not in target and not target.startswith("mailto:") and not (doc.parent / target).exists()
    ]
    assert broken == []
