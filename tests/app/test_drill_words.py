"""The drills' answers read "Correct" / "Wrong" (never "Right", which is an answer of several drills), and
every choice can be reached by a key the Footer names: ↑↓ to choose and ⏎ to answer, then ⏎ for the next
question (issue 30 item 6). Shisanshui's specials are more than the ten number keys."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.widgets import OptionList, Static

from app.game.drills import Drill, DrillRun
from app.i18n import Translator
from app.paths import asset
from app.screens.drill import DrillScreen
from app.settings import Settings
from app.view.drill import answer_text, verdict_text
from rules.presets import Preset
from tests.app.harness import ScreenApp, settle


class DrillApp(ScreenApp):
    CSS_PATH: ClassVar[list[str]] = [str(asset("styles", "game.tcss"))]

    def __init__(self, run: DrillRun, lang: str = "en") -> None:
        super().__init__(lambda: DrillScreen(run, None), lang, settings=Settings(), animate=False)
        self.history = None


def _footer(screen: DrillScreen) -> dict[str, str]:
    """What the Footer shows: action → its description (enabled keys only)."""
    return {
        b.binding.action: b.binding.description for b in screen.active_bindings.values() if b.binding.show and b.enabled
    }


async def test_a_choice_past_the_tenth_is_reached_with_the_keys_the_footer_names() -> None:
    app = DrillApp(DrillRun(Drill.SPECIAL, Preset.SHISANSHUI, seed=11, items=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.question is not None
        q = screen.question
        assert len(q.choices) > 10  # more than the number keys
        shown = _footer(screen)
        assert shown.get("cursor_down") == "Choose" and shown.get("answer") == "Answer" and "next" not in shown
        choices = screen.query_one("#drill-choices", OptionList)
        for _ in range(10):
            await pilot.press("down")
        assert choices.highlighted == 10
        await pilot.press("enter")  # answers with the eleventh choice
        await pilot.pause()
        assert screen.answered and screen.run.answers[-1].choice == q.choices[10]
        shown = _footer(screen)
        assert shown.get("next") == "Next" and "answer" not in shown and "cursor_down" not in shown
        head = screen.query_one("#drill-feedback", Static).content.renderables[0].plain  # the first line
        right = q.choices[10] in q.correct
        assert head == ("Correct." if right else f"Wrong. Answer: {answer_text(Translator('en'), q)}.")


@pytest.mark.parametrize(
    ("lang", "correct", "wrong"),
    [
        ("en", "Correct.", "Wrong. Answer:"),
        ("zh-TW", "答對了。", "答錯了：正確答案是"),
        ("zh-CN", "答对了。", "答错了：正确答案是"),
    ],
)
def test_the_verdict_says_correct_or_wrong_never_right(lang: str, correct: str, wrong: str) -> None:
    t = Translator(lang)
    run = DrillRun(Drill.COMPARE, Preset.TAIWAN, seed=3, items=1)
    q = run.ask()
    assert verdict_text(t, q, sorted(q.correct)[0], True) == correct
    miss = next(c for c in q.choices if c not in q.correct)
    text = verdict_text(t, q, miss, False)
    assert text.startswith(wrong) and answer_text(t, q) in text
    assert "Right" not in verdict_text(t, q, "right", "right" in q.correct).split(":")[0]
