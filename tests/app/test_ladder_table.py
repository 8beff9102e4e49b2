"""The pattern ladder at the table (rules/RULES.md §19): nothing to arrange, one reveal beat, every hand
named by its pattern."""

from __future__ import annotations

from ai import Level, TableView, choose
from ai.coach import Verdict, review
from app.config import TableConfig
from app.game import Phase, StepKind, Table
from app.game.actions import verdict
from app.game.arrange import Action, Allowed, ArrangeError
from app.game.why import Why
from app.i18n import Translator
from app.view.coach import coach_status
from app.view.presenter import TablePresenter
from rules.ladder import ladder_hand, score_ladder
from rules.presets import Preset
from tests.app.harness import Clock

LADDER = Preset.LADDER


def ladder_table(seed: int = 3) -> Table:
    return Table(
        TableConfig(preset=LADDER, options=LADDER.default_options, seed=seed, levels=(Level.HARD,) * 3),
        now=Clock(1000.0),
    )


def test_nothing_to_arrange_only_ready() -> None:
    t = ladder_table()
    t.start_deal()
    assert t.arrange is not None and t.arrange.complete and t.arrange.legal
    assert verdict(t, Action.READY).allowed is Allowed.ALLOWED
    for action in (Action.MOVE, Action.PLACE, Action.UNPLACE, Action.CLEAR, Action.AUTO, Action.HINT, Action.SORT):
        assert verdict(t, action).allowed is Allowed.HIDDEN
    try:
        t.apply(t.arrange.move(1))
    except ArrangeError as exc:
        assert exc.why is Why.NOT_ARRANGING
    else:  # pragma: no cover
        raise AssertionError("a ladder hand was rearranged")


def test_the_deal_is_scored_by_the_ladder_in_one_beat() -> None:
    t = ladder_table()
    rec = t.start_deal()
    t.ready()
    t.decide_computers()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    assert rec.result is not None
    hands = [rec.hands[s] for s in rec.seats]
    assert list(rec.result.totals) == [int(x) for x in score_ladder(hands)]
    assert [s.kind for s in t.reveal.steps] == [StepKind.LADDER, StepKind.TOTALS]
    t.reveal.advance()
    assert t.reveal.progress.rows_shown == 3  # every hand is shown with the first beat
    t.reveal.finish()
    assert t.phase is Phase.RESULTS


def test_the_board_names_the_players_pattern_and_the_coach_says_nothing() -> None:
    t = ladder_table()
    rec = t.start_deal()
    tr = Translator("en")
    text = TablePresenter(t, tr).board.text().plain
    pattern = ladder_hand(rec.hands[0]).pattern
    assert tr(f"ladder.pattern.{pattern.id}") in text and "Nothing to arrange" in text
    t.ready()
    assert coach_status(tr, t.coach, rec, 0) == ""


def test_every_level_plays_a_legal_stand_in_and_the_coach_prices_nothing() -> None:
    rec = ladder_table().start_deal()
    hand = rec.hands[1]
    view = TableView(preset=LADDER)
    for level in Level:
        d = choose(hand, view, level).decision
        assert d.arrangement is not None and sorted(d.cards) == sorted(hand)
    r = review(hand, choose(hand, view, Level.EASY).decision, view)
    assert r.verdict is Verdict.BEST and r.tables == 0


def test_the_rules_screen_explains_the_ladder_in_every_language() -> None:
    from app.view.rules_text import RulesText
    from rules.ladder import Pattern

    for lang in ("en", "zh-TW", "zh-CN"):
        tr = Translator(lang)
        text = RulesText(tr, LADDER).markdown()
        assert all(tr(f"ladder.pattern.{p.id}") in text for p in Pattern)
        assert tr("rules.ladder.ties_pairs", decided=tr("rules.decided")) in text
        assert tr("rules.heading.foul") not in text  # nobody arranges, so nobody fouls


def test_the_rules_screen_has_backrow_and_exempt() -> None:
    from dataclasses import replace

    from app.view.rules_text import RulesText

    tr = Translator("en")
    text = RulesText(tr, Preset.BACKROW).markdown()
    assert tr("rules.heading.backrow") in text and "**off**" in text.split(tr("rules.heading.exempt"))[1]
    on = RulesText(tr, Preset.TAIWAN, replace(Preset.TAIWAN.default_options, exempt=True)).markdown()
    assert "免擺 is **on**" in on and "6 from each hand that arranged" in on


async def test_the_host_screen_hides_the_row_options_for_the_ladder() -> None:
    from app.screens.host import HostScreen
    from app.widgets.form import ChoiceRow
    from tests.app.harness import ScreenApp

    app = ScreenApp(lambda: HostScreen(TableConfig.quick(Preset.TAIWAN)))
    async with app.run_test(size=(100, 40)) as pilot:
        host = app.screen
        assert isinstance(host, HostScreen) and host.query_one("#exempt").display
        host.query_one("#preset", ChoiceRow).focus()
        await pilot.press("left")  # taiwan -> ladder, the last preset
        await pilot.pause()
        assert host.config.preset is LADDER and host.has_class("-ladder")
        assert not any(host.query_one(f"#{row}").display for row in ("wheel", "suit_tiebreak", "exempt"))
