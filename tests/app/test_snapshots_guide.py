"""Snapshots of the guided first game's tips (issue 30 item 4): each step's tip where it hides nothing it talks
about, with that on screen (the foul and its warning, the cards back in the hand, the seats face down before
the reveal, the 打槍 on the board). The everyday tier takes a few steps, one at each size; the soak tier every
step at 80×24, 120×40 and 200×50. Plain ``def`` tests (snap_compare runs its own event loop).
"""

from __future__ import annotations

import pytest

from app.game.guide import ORDER, Step
from tests.app.harness import coached_app
from tests.app.test_guide import walk_to

GUIDE_SIZES = [(80, 24), (120, 40), (200, 50)]
# The everyday shots: the first complaint at 80×24 (the foul's warning), the foul's tip and its warning
# in 繁體中文 at 120×40 and the keys' tip at 200×50. Each shot walks the deal from its start: the later tips (the
# sweep line at 80×24, the reveal's in 繁體中文, the results') are most of a deal's walk, and are in the soak tier;
# every tip's place, and the sweep's line on the board under its tip, are checked every day by test_guide's walk
# at 80×24 (the same walk to the same tip the sweep's shot takes).
EVERYDAY = {(Step.FOUL, (80, 24), "en"), (Step.FOUL, (120, 40), "zh-TW"), (Step.KEYS, (200, 50), "en")}
CASES = [(step, size, "en") for step in ORDER[:-1] for size in GUIDE_SIZES]
CASES += [(Step.REVEAL, (120, 40), "zh-TW")]  # the everyday shot in 繁體中文 before it was the foul's
CASES += [case for case in sorted(EVERYDAY, key=str) if case not in CASES]


def _id(step: Step, size: tuple[int, int], lang: str) -> str:
    return f"{step.value}-{size[0]}x{size[1]}-{lang}"


@pytest.mark.parametrize(
    ("step", "size", "lang"),
    [
        pytest.param(
            step, size, lang, id=_id(step, size, lang), marks=() if (step, size, lang) in EVERYDAY else pytest.mark.soak
        )
        for step, size, lang in CASES
    ],
)
def test_guide_tip(snap_compare, step, size, lang):
    async def run_before(pilot) -> None:
        await walk_to(pilot, step)
        await pilot.pause()

    assert snap_compare(coached_app(menu=True, lang=lang), terminal_size=size, run_before=run_before)
