"""What each computer level is, in a player's words (issue 39, item 4): one note a level in every language, with
the figures the coach measured (ai.MEASURED), shown by the Rules screen of every preset where the levels
arrange."""

from __future__ import annotations

import pytest

from ai import MEASURED, MEASURED_HANDS, Level
from app.i18n import LANGUAGES, Translator
from app.view.formatting import units_text
from app.view.rules_text import RulesText, level_note
from rules.presets import Preset


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_level_has_a_note_with_its_measured_figures(lang: str) -> None:
    t = Translator(lang)
    for level in Level:
        note = level_note(t, level)
        assert note and "{" not in note and f"host.level_note.{level.value}" not in note
        measured = MEASURED[level]
        if level in (Level.EASY, Level.NORMAL):  # how often it misjudges: what a player wants to know of them
            assert f"{measured.off:.0%}" in note
        if level is not Level.EXPERT:  # the coach's own best gives up nothing to say
            assert units_text(t, measured.mean, places=2, sign=False) in note


def test_the_measured_ladder_is_ordered() -> None:
    means = [MEASURED[level].mean for level in Level]
    assert means == sorted(means, reverse=True) and MEASURED_HANDS >= 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_screen_says_what_each_level_is_where_they_arrange(lang: str) -> None:
    t = Translator(lang)
    text = RulesText(t, Preset.SHISANSHUI).markdown()
    assert all(level_note(t, level) in text for level in Level)
    assert level_note(t, Level.NORMAL) not in RulesText(t, Preset.LADDER).markdown()
