"""The joker at the table (rules/RULES.md §20): the deal and its record, the AI's view of the turned card, the
host's row, a joker hand arranged and played to the results, the Rules screen, the tile, and one snapshot."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ai import Level
from app.config import TableConfig
from app.game import Phase, Table
from app.game.arrange import partial_category
from app.game.record import DealRecord, RecordError
from app.i18n import Translator
from app.view.cards import JOKER_FACE, JOKER_INK, CardLook, big_tile, tile
from rules.arrangement import Row
from rules.cards import JOKER, Card
from rules.dealing import deal_by_key
from rules.evaluate import Category
from rules.presets import Preset
from tests.app.harness import Clock, make_app, play_a_deal, settle, table_screen

SEED = 0  # the table seed whose first deal gives the player (seat 0) the joker


def joker_config(preset: Preset = Preset.TAIWAN, **kw) -> TableConfig:
    options = replace(preset.default_options, joker=True)
    return TableConfig(
        preset=preset, options=options, seed=SEED, levels=(Level.NORMAL,) * 3, watch_level=Level.NORMAL, **kw
    )


def test_a_joker_table_deals_the_joker_and_records_the_turned_card() -> None:
    t = Table(joker_config(), now=Clock(1000.0))
    rec = t.start_deal()
    assert JOKER in rec.hands[0] and rec.key is not None and rec.turned == deal_by_key(rec.key, 4, joker=True).turned
    cards = [c for h in rec.hands.values() for c in h]
    assert len(set(cards)) == 52 and rec.turned not in cards
    assert t.asking.view_for(1).turned == rec.turned and t.asking.view_for(1).rules_options.joker  # the AI sees it


def test_without_the_option_the_same_table_deals_the_old_cards() -> None:
    plain = Table(replace(joker_config(), options=Preset.TAIWAN.default_options), now=Clock(1000.0)).start_deal()
    joker = Table(joker_config(), now=Clock(1000.0)).start_deal()
    assert plain.turned is None and "turned" not in plain.to_dict()
    differ = {s for s in plain.hands if plain.hands[s] != joker.hands[s]}
    assert len(differ) == 1 and JOKER in joker.hands[differ.pop()]


def _played_joker_deal(preset: Preset = Preset.TAIWAN) -> DealRecord:
    from ai import TableView, choose

    t = Table(joker_config(preset), now=Clock(1000.0))
    rec = t.start_deal()
    assert t.arrange is not None
    view = TableView(preset=preset, options=t.config.options, turned=rec.turned)
    arrangement = choose(rec.hands[0], view, Level.HARD).decision.arrangement
    assert arrangement is not None
    t.arrange = t.arrange.with_arrangement(arrangement)
    assert t.arrange.legal
    t.ready()
    t.decide_computers()
    rec = t.current
    assert rec is not None and rec.result is not None
    assert t.phase is Phase.REVEALING and rec.result is not None
    return rec


def test_the_top_bar_shows_the_turned_card() -> None:
    from app.view.table_info import info_text

    t = Table(joker_config(), now=Clock(1000.0))
    rec = t.start_deal()
    assert rec.turned is not None
    assert f"JK · turned up {rec.turned.symbol()}" in info_text(Translator("en"), t, None, str).plain
    assert "翻出" in info_text(Translator("zh-CN"), t, None, str).plain


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.ARCADE, Preset.SHISANSHUI])
def test_a_joker_deal_is_played_scored_and_reads_back_exactly(preset: Preset) -> None:
    rec = _played_joker_deal(preset)
    assert sum(rec.result.totals) == 0 and not any(rec.result.fouled)  # type: ignore[union-attr]
    data = json.loads(json.dumps(rec.to_dict()))
    assert data["turned"] == str(rec.turned) and data["options"]["joker"] is True
    again = DealRecord.from_dict(data)
    assert again.to_dict() == data and again.turned == rec.turned and again.to_deal() == rec.to_deal()


def test_a_joker_record_with_a_wrong_turned_card_is_refused() -> None:
    data = _played_joker_deal().to_dict()
    other = next(c for c in range(52) if Card(c) != Card.of(0, 0) and str(Card(c)) != data["turned"])
    with pytest.raises(RecordError, match="turns up"):
        DealRecord.from_dict({**data, "turned": str(Card(other))})
    plain = {**data, "options": {k: v for k, v in data["options"].items() if k != "joker"}}
    with pytest.raises(RecordError):
        DealRecord.from_dict(plain)  # the joker's hands are not the plain key's (and 'turned' has no place)


def test_the_arrangement_reads_the_joker_row_by_row() -> None:
    t = Table(joker_config(), now=Clock(1000.0))
    t.start_deal()
    state = t.arrange
    assert state is not None
    assert partial_category((JOKER, Card.of(11, 3)), 5) is Category.PAIR  # JK beside a king: a pair so far
    king = next((c for c in state.hand if c.rank == 11), None)
    if king is not None:
        state = state.move_to(JOKER).toggle_select(JOKER).place(Row.FRONT)
        state = state.move_to(king).toggle_select(king).place(Row.FRONT)
        assert state.row_category(Row.FRONT) is Category.PAIR


def test_the_joker_tile_is_its_own() -> None:
    look = CardLook()
    small = tile(JOKER, look)
    assert small.plain == " JK " and JOKER_FACE in str(small.style) and JOKER_INK in str(small.style)
    big = big_tile(JOKER, look)
    assert [t.plain for t in big] == ["JK   ", "  鬼 ", "   JK"]
    assert tile(JOKER, CardLook(deck="four_colour", suits="letters")).plain == " JK "


def test_the_rules_screen_has_the_joker_section() -> None:
    from app.view.rules_text import RulesText

    for lang in ("en", "zh-TW", "zh-CN"):
        tr = Translator(lang)
        off = RulesText(tr, Preset.TAIWAN).markdown()
        on = RulesText(tr, Preset.TAIWAN, replace(Preset.TAIWAN.default_options, joker=True)).markdown()
        heading = tr("rules.heading.joker")
        assert heading in off and heading in on and off != on
        assert tr("rules.joker.stands", decided=tr("rules.decided")) in on
    assert (
        "The joker is **in play**"
        in RulesText(Translator("en"), Preset.ARCADE, replace(Preset.ARCADE.default_options, joker=True)).markdown()
    )


def test_the_ladder_never_keeps_the_joker() -> None:
    config = joker_config().with_preset(Preset.LADDER)
    assert not config.options.joker
    assert joker_config().with_preset(Preset.ARCADE).options.joker  # a rule of the table, kept across presets


async def test_the_host_row_turns_the_joker_on() -> None:
    from app.screens.host import HostScreen
    from app.widgets.form import ChoiceRow
    from tests.app.harness import ScreenApp

    app = ScreenApp(lambda: HostScreen(TableConfig.quick(Preset.TAIWAN)))
    async with app.run_test(size=(100, 40)) as pilot:
        host = app.screen
        assert isinstance(host, HostScreen)
        row = host.query_one("#joker", ChoiceRow)
        assert row.display and not host.config.options.joker
        row.focus()
        await pilot.press("right")
        await pilot.pause()
        assert host.config.options.joker
        host.query_one("#preset", ChoiceRow).focus()
        await pilot.press("left")  # taiwan -> ladder: the row goes, and so does the joker
        await pilot.pause()
        assert not host.query_one("#joker").display and not host.config.options.joker
        await pilot.press("right")  # back to taiwan
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
    assert app.results and isinstance(app.results[0], TableConfig)


async def test_a_joker_hand_is_arranged_and_played_to_the_results() -> None:
    app = make_app(joker_config(), clock=Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        table = screen.table
        assert table.current is not None and JOKER in table.current.hands[0]
        await play_a_deal(pilot)
        assert table.current is not None and table.current.result is not None
        assert not table.current.result.fouled[0]
        await pilot.press("enter")  # the results panel
        await pilot.pause()
        from app.screens.results import ResultsScreen

        assert table.phase is Phase.RESULTS and isinstance(app.screen, ResultsScreen)


def test_table_with_the_joker_tile(snap_compare) -> None:
    async def arranging(pilot) -> None:
        await settle(pilot)
        await pilot.press("right")  # the cursor off the joker, so that its own face shows
        await pilot.pause()

    assert snap_compare(make_app(joker_config(), clock=Clock()), terminal_size=(120, 40), run_before=arranging)


def test_the_live_foul_warning_reads_the_joker() -> None:
    from app.game.arrange import ArrangeState
    from rules.cards import parse_cards

    hand = tuple(sorted(parse_cards("Kh Kd JK Qs Qd 5c 5h 2s As Ad Ac 9d 9c")))
    rows = (parse_cards("Kh Kd JK"), parse_cards("Qs Qd 5c 5h 2s"), parse_cards("As Ad Ac 9d 9c"))
    fouled = ArrangeState(hand=hand, rows=rows)  # type: ignore[arg-type]
    assert fouled.row_category(Row.FRONT) is Category.TRIPS and fouled.fouls() == ((Row.FRONT, Row.MIDDLE),)
    assert not fouled.legal
    # Three cards placed with the joker's trips in front and nothing left to beat them: the warning comes early.
    early = ArrangeState(
        hand=tuple(sorted(parse_cards("Ah Ad JK 2c 2d 3h 3s 5c 5d 7h 7s 9c Jd"))),
        rows=(parse_cards("Ah Ad JK"), (), ()),
    )  # type: ignore[arg-type]
    assert early.foul_ahead


def test_a_full_row_with_the_joker_says_what_it_stands_for() -> None:
    from app.game.arrange import ArrangeState
    from rules.cards import parse_cards

    hand = tuple(sorted(parse_cards("6s 6h 6d JK 3d Kh Kd Qs 8s 8d 4s 4c Tc")))
    rows = (parse_cards("Kh Kd Qs"), parse_cards("8s 8d 4s 4c Tc"), parse_cards("6s 6h 6d JK 3d"))
    state = ArrangeState(hand=hand, rows=rows)  # type: ignore[arg-type]
    assert state.joker_note(Row.BACK) == " JK=6♣" and state.joker_note(Row.FRONT) == ""
    assert ArrangeState(hand=hand, rows=(rows[0], rows[1], rows[2][:4])).joker_note(Row.BACK) == ""  # not full
