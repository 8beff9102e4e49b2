"""Practice in the game (Pilot): every drill played to its end by keys, its run kept in the history, and the
Practice screen's record updated; a timed question runs out on the injected clock."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import Static

from app.game import Action, Allowed, verdict
from app.game.drills import Drill
from app.game.drills.arrange_drill import ArrangeTable, Pool
from app.screens.drill import DrillScreen
from app.screens.practice import ARRANGE, PRESETS, ArrangeResultScreen, PracticeScreen
from app.store.database import history_path, open_history
from app.store.stats import drill_stats
from app.widgets.textual_private import notifications
from rules.presets import Preset
from tests.tiers import long, sized

from .harness import Clock, make_app, settle


async def _open_practice(pilot, seed: int = 7) -> PracticeScreen:
    await settle(pilot)
    await pilot.press("d")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PracticeScreen)
    screen.seed = seed
    return screen


# A right and a wrong answer every day; the soak tier, the shortest run offered, for every drill. The drills' own
# keys (← → =, the number keys) are those of Which row is higher? (both kinds) and Name the hand (nine choices):
# those two every day. The other quiz drills answer by the same number keys, and a question of each is answered
# by key and shot every day (test_snapshots_practice), What to pass?'s made in a worker (most of a second of
# pricing) with the next one made while the explanation is read: they run in soak.
DAILY_RUNS = (Drill.COMPARE, Drill.NAME)
RUNS = [pytest.param(drill, 2, id=f"questions=2-{drill.value}") for drill in DAILY_RUNS]
RUNS += [pytest.param(drill, 10, id=f"questions=10-{drill.value}", marks=pytest.mark.soak) for drill in Drill]


@pytest.mark.parametrize(("drill", "questions"), RUNS)
async def test_a_drill_is_played_to_the_end_and_kept(drill: Drill, questions: int) -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        practice = await _open_practice(pilot)
        practice.items = questions
        for _ in range(list(Drill).index(drill)):
            await pilot.press("down")
        assert practice.drill is drill
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.run.drill is drill
        for n in range(questions):
            q = screen.question
            assert q is not None and not screen.answered
            right = n % 4 != 1  # every fourth answer wrong
            if drill in (Drill.COMPARE, Drill.LADDER) and n % 3 == 0:  # the drill's own keys: ← → =
                key = {"left": "left", "right": "right", "equal": "equals_sign"}[sorted(q.correct)[0]]
                await pilot.press(key)
                right = True
            else:
                pick = next(i for i, c in enumerate(q.choices) if (c in q.correct) == right)
                if pick < 10:
                    await pilot.press(str((pick + 1) % 10))
                else:  # past the tenth choice: down the list and enter
                    for _ in range(pick):
                        await pilot.press("down")
                    await pilot.press("enter")
            await pilot.pause()
            assert screen.answered and screen.run.answers[-1].right == right
            # The question answered keeps the difficulty it was asked at (the run's moves on for the next).
            status = str(screen.query_one("#drill-status").render())
            assert f"Difficulty {q.level + 1}/" in status or f"difficulty {q.level + 1}/" in status, status
            await pilot.press("enter")
            await settle(pilot)  # a slow drill's next question is made in a worker
        assert screen.finished and screen.recorded is not None
        result = screen.run.result()
        stats = drill_stats(app.history, drill.value, "taiwan")
        assert stats.runs == 1 and stats.questions == questions and stats.right == result.right
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is practice
        assert f"{result.accuracy:.0%}" in str(practice.query_one("#practice-stats").render())


async def test_a_timed_question_runs_out_on_the_clock() -> None:
    clock = Clock()
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        practice = await _open_practice(pilot)
        practice.now = clock
        await pilot.press("t")
        assert practice.timed
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.run.timed
        clock.t += 16
        screen.tick()
        await pilot.pause()
        assert screen.answered and screen.run.answers[-1].choice is None and not screen.run.answers[-1].right
        await pilot.press("escape", "k")  # keep going: still the drill, nothing kept yet
        await settle(pilot)
        assert app.screen is screen and not screen.finished
        assert drill_stats(app.history, "compare", "taiwan").runs == 0
        await pilot.press("escape", "e")  # end the drill: its summary, the question answered kept
        await settle(pilot)
        assert app.screen is screen and screen.finished
        assert drill_stats(app.history, "compare", "taiwan").questions == 1
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is practice


async def _arrange_run(pilot, practice: PracticeScreen, hands: int, *, badly: bool) -> None:
    """Play an Arrange run: each hand arranged as `hard` would (or fouled on purpose, then its worst legal
    play), READY, the reveal, the coach's verdict, next."""
    from app.game import run_ai
    from app.screens.table import TableScreen

    practice.items = hands
    for _ in range(len(Drill)):  # Arrange is listed after the quiz drills
        await pilot.press("down")
    assert practice.entry == "arrange"
    await pilot.press("enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen) and isinstance(screen.table, ArrangeTable)
    table = screen.table
    assert verdict(table, Action.AUTO).allowed is Allowed.HIDDEN
    assert verdict(table, Action.HINT).allowed is Allowed.HIDDEN
    for n in range(hands):
        await settle(pilot)
        request = table.asking.takeover_request()
        choice = run_ai(request)
        play = choice.decision.arrangement
        if badly:  # the obvious play's rows swapped about: legal, and far from the best
            alts = [a.decision.arrangement for a in choice.alternatives if a.decision.arrangement is not None]
            play = alts[-1] if alts else play
        table.apply(table.arrange.with_arrangement(play))
        await pilot.press("enter")
        await settle(pilot)
        assert table.coach.review_for(n + 1, 0) is not None  # priced at once, with the coach setting as it is
        await pilot.press("n")
        await settle(pilot)


@sized("hands", 2, 3)  # each hand is a deal played and priced (some 0.4 s); two make a run of more than one
async def test_arrange_runs_its_hands_and_keeps_the_run_and_the_mistakes(home, hands: int) -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        practice = await _open_practice(pilot, seed=3)
        day = [1_800_000_000.0]
        practice.wall_clock = lambda: day[0]
        await _arrange_run(pilot, practice, hands, badly=True)
        result = app.screen
        assert isinstance(result, ArrangeResultScreen)
        reviews = result.table.reviews()
        assert len(reviews) == hands
        stats = drill_stats(app.history, "arrange", "taiwan")
        assert stats.runs == 1 and stats.questions == hands
        assert stats.mean_loss == pytest.approx(sum(r.loss for r in reviews) / hands, abs=1e-3)
        assert app.history.count() == hands  # each hand kept as a drill deal, with its verdict
        assert all(d.verdict is not None and d.mode == "drill" for d in app.history.deals())
        bad = [r for r in reviews if r.loss > 0.3]
        assert bad, [r.loss for r in reviews]  # the plays chosen to lose do
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is practice
        assert app.history.mistakes.due("taiwan", day[0]) == []  # not due before a day has passed
        day[0] += 86_400
        assert len(app.history.mistakes.due("taiwan", day[0])) == len(bad)


def _keep_mistakes(history, now: float, hands: int) -> list[str]:
    """Keep ``hands`` of the Arrange drill's random hands as mistakes, as a run that lost them badly at ``now``
    keeps them (test_arrange_runs_its_hands_and_keeps_the_run_and_the_mistakes plays such a run)."""
    import random

    from app.game.drills.arrange_drill import Pool, hands_from
    from app.game.drills.schedule import after_play
    from rules.cards import format_cards
    from rules.presets import Preset

    kept = []
    for hand, _ in zip(hands_from(Pool.RANDOM, Preset.TAIWAN, random.Random(3)), range(hands), strict=False):
        text = format_cards(hand)
        lost = after_play(None, text, Preset.TAIWAN, 5.0, now)
        assert lost is not None
        history.mistakes.keep(text, "taiwan", (lost.due, lost.step, lost.well))
        kept.append(text)
    return kept


@long("tests/drills/test_schedule.py::test_the_history_keeps_the_schedule_and_says_what_is_due")
async def test_the_mistakes_pool_brings_back_what_is_due_and_moves_it_along(home) -> None:
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        practice = await _open_practice(pilot, seed=3)
        day = [1_800_000_000.0]
        practice.wall_clock = lambda: day[0]
        await pilot.press("o", "o")  # only on Arrange: nothing happens on the first drill
        assert practice.pool.value == "random"
        kept = _keep_mistakes(app.history, day[0], 2)
        due = app.history.mistakes.due("taiwan", day[0] + 86_400)
        assert sorted(due) == sorted(kept)
        for _ in range(len(Drill)):  # Arrange is listed after the quiz drills
            await pilot.press("down")
        await pilot.press("o", "o")  # random → hard → mistakes
        assert practice.pool.value == "mistakes"
        await pilot.press("enter")  # none due yet: a notice, no run
        await settle(pilot)
        assert app.screen is practice
        day[0] += 86_400
        for _ in range(len(Drill)):
            await pilot.press("up")
        await _arrange_run(pilot, practice, len(due), badly=False)
        result = app.screen
        assert isinstance(result, ArrangeResultScreen)
        played = [" ".join(str(c) for c in sorted(r.hands[0], reverse=True)) for r in result.table.history]
        assert sorted(played) == sorted(due)  # the run was the due hands
        for hand, review in zip(played, result.table.reviews(), strict=True):
            kept = app.history.mistakes.entry(hand, "taiwan")
            if review.loss <= 0.3:  # played well: back in 3 days
                assert kept is not None and kept[0] == day[0] + 3 * 86_400 and kept[2] == 1
            else:
                assert kept is not None and kept[0] == day[0] + 86_400


async def test_spot_the_special_is_refused_with_a_notice_where_nothing_is_declared() -> None:
    from app.screens.practice import PracticeScreen
    from rules.presets import Preset
    from tests.app.harness import ScreenApp

    app = ScreenApp(lambda: PracticeScreen(None, Preset.WESTERN))
    async with app.run_test(size=(100, 30)) as pilot:
        from textual.widgets import OptionList

        from app.screens.practice import ENTRIES

        screen = app.screen
        screen.query_one("#practice-list", OptionList).highlighted = ENTRIES.index("special")
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert app.screen is screen  # no run started
        assert any("no special hands" in str(n.message) for n in notifications(app))


@long("tests/app/test_snapshots_practice.py::test_a_question_answered")
async def test_which_hand_is_higher_shows_two_hands_and_answers_by_the_arrow_keys() -> None:
    from rules.cards import parse_cards
    from rules.ladder import ladder_hand

    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        practice = await _open_practice(pilot, seed=12)
        for _ in range(list(Drill).index(Drill.LADDER)):
            await pilot.press("down")
        assert practice.drill is Drill.LADDER
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.run.drill is Drill.LADDER
        for n in range(3):  # right, right, then wrong
            q = screen.question
            assert q is not None
            lines = screen.render_show(q).renderables
            assert len(lines) == 2 and all(line.cell_len <= 78 for line in lines)  # one above the other, fits
            hands = [parse_cards(q.show[k], 13) for k in ("a", "b")]
            wrong = n == 2
            answer = next(iter(q.correct))
            if wrong:
                answer = next(c for c in q.choices if c not in q.correct)
            await pilot.press({"left": "left", "right": "right", "equal": "equals_sign"}[answer])
            await pilot.pause()
            assert screen.answered and screen.run.answers[-1].right is not wrong
            console = Console(width=78, record=True, file=io.StringIO())
            console.print(screen.query_one("#drill-feedback", Static).content)
            feedback = " ".join(console.export_text().split())  # wrapped lines joined again
            for hand in hands:  # the explanation names both hands' patterns
                assert ladder_hand(hand).pattern.en in feedback
            await pilot.press("enter")
            await pilot.pause()
        assert len(screen.run.answers) == 3 and sum(a.right for a in screen.run.answers) == 2


async def test_the_joker_key_deals_the_joker_into_the_drills_that_can_hold_it() -> None:
    """`j` (RULES.md §20): on for the row and hand drills, shown in the settings line and the Footer, and the
    run's options carry it; not offered for the ladder, the pass or Arrange."""
    app = make_app(menu=True)
    async with app.run_test(size=(100, 30)) as pilot:
        practice = await _open_practice(pilot)
        assert practice.drill is Drill.COMPARE and practice.check_action("toggle_joker", ())
        settings = practice.query_one("#practice-settings", Static)
        assert "Joker: off (j)" in str(settings.render())
        await pilot.press("j")
        await settle(pilot)
        assert practice.joker and "Joker: on (j)" in str(settings.render())
        assert practice.options.joker
        for _ in range(list(Drill).index(Drill.LADDER)):
            await pilot.press("down")
        assert practice.drill is Drill.LADDER
        assert not practice.check_action("toggle_joker", ()) and not practice.options.joker
        assert "Joker" not in str(settings.render())
        for _ in range(list(Drill).index(Drill.LADDER)):
            await pilot.press("up")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.run.options.joker
        assert screen.run.to_dict()["options"]["joker"] is True


@pytest.mark.parametrize("close", ["ctrl+q", pytest.param("hang-up", marks=pytest.mark.soak)])
async def test_closing_the_game_mid_drill_keeps_the_questions_answered(close: str) -> None:
    """Ctrl+Q, or the terminal (or browser tab) closing, keeps the run as *End the drill* does: 3 answers kept."""
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_practice(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        for _ in range(3):
            q = screen.question
            assert q is not None
            await pilot.press(str(q.choices.index(sorted(q.correct)[0]) + 1), "enter")
            await settle(pilot)
        assert len(screen.run.answers) == 3 and screen.recorded is None
        if close == "ctrl+q":
            await pilot.press("ctrl+q")
        else:
            app._hung_up()
        await pilot.pause()
    history = open_history(history_path()).history
    assert history is not None
    stats = drill_stats(history, "compare", "taiwan")
    assert stats.runs == 1 and stats.questions == 3 and stats.right == 3
    history.close()


async def test_backrows_arrange_drill_never_offers_the_hard_hands() -> None:
    # No hand is hard where only the back is paid (§17): before, choosing the hard pool there ended the game.
    app = make_app(menu=True)
    async with app.run_test(size=(80, 24)) as pilot:
        practice = await _open_practice(pilot)
        for _ in range(len(Drill)):
            await pilot.press("down")
        assert practice.entry == ARRANGE
        practice.preset, practice.pool = PRESETS[PRESETS.index(Preset.BACKROW) - 1], Pool.HARD
        await pilot.press("p")
        assert practice.preset is Preset.BACKROW and practice.pool is Pool.RANDOM
        seen = set()
        for _ in range(4):
            await pilot.press("o")
            seen.add(practice.pool)
        assert seen == {Pool.RANDOM, Pool.MISTAKES}
