"""免擺 at the table (rules/RULES.md §18): an exempt hand needs only READY, is paid its sweep, and the coach
finds nothing to price."""

from __future__ import annotations

from dataclasses import replace

from ai import Level, TableView
from ai.coach import Verdict, review
from app.config import TableConfig
from app.game import Phase, Table
from app.game.exemption import exempt_of
from rules.exempt import WIN
from rules.presets import Preset
from tests.app.harness import Clock

SEED = 2  # the table seed whose first deal gives the player (seat 0), and nobody else, a four of a kind


def exempt_table(preset: Preset = Preset.TAIWAN, exempt: bool = True) -> Table:
    options = replace(preset.default_options, exempt=exempt)
    return Table(TableConfig(preset=preset, options=options, seed=SEED, levels=(Level.NORMAL,) * 3), now=Clock(1000.0))


def test_the_exempt_hand_is_dealt_already_arranged_and_legal() -> None:
    t = exempt_table()
    rec = t.start_deal()
    assert exempt_of(rec.hands[0], t.config.options) is not None
    assert t.arrange is not None and t.arrange.complete and t.arrange.legal


def test_without_the_option_the_same_hand_is_dealt_loose() -> None:
    t = exempt_table(exempt=False)
    t.start_deal()
    assert t.arrange is not None and len(t.arrange.loose) == 13


def test_ready_at_once_and_the_exempt_hand_is_paid_by_everyone() -> None:
    t = exempt_table()
    t.start_deal()
    t.ready()
    t.decide_computers()
    rec = t.current
    assert rec is not None and rec.result is not None
    assert t.phase is Phase.REVEALING
    assert rec.result is not None
    for other in (1, 2, 3):
        pair = rec.result.pair(0, other)
        assert pair.rows is None and [(i.kind, i.value) for i in pair.items] == [("exempt", WIN[Preset.TAIWAN])]
    assert rec.result.totals[0] == 3 * WIN[Preset.TAIWAN]


def test_the_coach_has_nothing_to_price_for_an_exempt_hand() -> None:
    t = exempt_table()
    rec = t.start_deal()
    t.ready()
    played = rec.decisions[0]
    r = review(rec.hands[0], played, TableView(preset=Preset.TAIWAN, options=t.config.options))
    assert r.verdict is Verdict.BEST and r.loss == 0 and r.same_as_best and r.tables == 0
    assert r.best.ev == 3 * WIN[Preset.TAIWAN]


def test_the_host_keeps_exempt_across_a_change_of_preset() -> None:
    c = TableConfig(options=replace(Preset.TAIWAN.default_options, exempt=True))
    assert c.with_preset(Preset.SHISANSHUI).options.exempt
    assert c.with_preset(Preset.SHISANSHUI).options.wheel is Preset.SHISANSHUI.default_options.wheel
