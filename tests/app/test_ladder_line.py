"""The pattern ladder as the table shows it (issue 30 item 5): the hand goes in as dealt (no READY, no
clock) and goes straight to the comparison; each hand is one line of 13 cards, the pattern's cards first and
marked, with the pattern's name and tier; the opponents' lines face down until the reveal. Game-level,
presenter, widget and Pilot tests, and snapshots at 80×24 and 120×40."""

from __future__ import annotations

from rich.cells import cell_len

from ai import Level
from app.config import TableConfig
from app.game import Phase, Table
from app.game.actions import verdict
from app.game.arrange import Action, Allowed
from app.i18n import Translator
from app.view.cards import CardLook
from app.view.ladder import ladder_line
from app.view.presenter import TablePresenter
from app.widgets.ladder_widgets import ladder_lines
from app.widgets.table_widgets import RowsView, SeatPanel
from rules.cards import parse_cards
from rules.ladder import compare_ladder, ladder_hand, pattern_cards
from rules.presets import Preset
from tests.app.harness import Clock, config, make_app, settle
from tests.tiers import across, long

LADDER = Preset.LADDER
EN = Translator("en")


def ladder_table(seed: int = 5, time_limit: int = 60) -> Table:
    return Table(
        TableConfig(
            preset=LADDER, options=LADDER.default_options, seed=seed, time_limit=time_limit, levels=(Level.EASY,) * 3
        ),
        now=Clock(1000.0),
    )


def test_the_hand_goes_in_as_dealt_with_no_ready_and_no_clock() -> None:
    t = ladder_table()
    step = t.deal()
    assert t.phase is Phase.ARRANGING and t.human_ready  # nobody pressed READY
    assert t.countdown.left() is None  # a 60 s limit, and no clock runs
    assert verdict(t, Action.READY).allowed is Allowed.HIDDEN
    assert t.current is not None and t.current.seconds is None  # no arranging time for the statistics
    t.run(step)  # the computers' hands come in: compared at once
    assert t.phase is Phase.REVEALING and t.current is not None and t.current.result is not None


def test_an_arranged_preset_still_waits_for_ready() -> None:
    t = Table(config(Preset.TAIWAN, seed=5))
    t.deal()
    assert not t.human_ready and t.countdown.left() is not None


def test_the_players_line_is_the_13_cards_with_the_pattern_first_and_marked() -> None:
    t = ladder_table()
    t.run(t.deal())
    view = TablePresenter(t, EN)
    rec = t.current
    line = view.rows_model().ladder
    assert line is not None and view.rows_model().rows == ()  # no rows at all
    hand = rec.hands[t.human]
    marked = pattern_cards(hand)
    assert sorted(line.cards) == sorted(hand) and line.marked == marked
    assert set(line.cards[: len(marked)]) == marked  # the pattern's cards lead the line
    read = ladder_hand(hand)
    assert EN(f"ladder.pattern.{read.pattern.id}") in line.name and f"tier {read.tier} of 7" in line.name


def test_the_opponents_lines_are_face_down_until_the_reveal_then_shown_with_whom_you_beat() -> None:
    t = ladder_table()
    step = t.deal()
    view = TablePresenter(t, EN)
    before = view.seat_model(1)
    assert before.ladder is not None and before.ladder.cards is None and before.rows == ()
    t.run(step)
    t.reveal.finish()
    rec = t.current
    for seat in (1, 2, 3):
        shown = view.seat_model(seat).ladder
        assert shown is not None and sorted(shown.cards) == sorted(rec.hands[seat])
        assert shown.marked == pattern_cards(rec.hands[seat])
    marks = view.rows_model().ladder.marks.plain
    for seat, short in ((3, "W"), (2, "N"), (1, "E")):
        result = compare_ladder(rec.hands[t.human], rec.hands[seat])
        assert f"{short}{ {1: '▲', -1: '▼', 0: '='}[result] }" in marks


def test_a_line_fits_its_width_on_one_line_and_wraps_only_where_13_cannot_fit() -> None:
    hand = parse_cards("Kc Jd 8c 7h 7c 4s 4h 4d Ts 9h 6d 3c 2s", 13)
    line = ladder_line(EN, hand)
    assert [c.symbol() for c in line.cards[:3]] == ["4♠", "4♥", "4♦"]  # the trips beside the name, not K♣ J♦
    look = CardLook()
    for width in (26, 38, 64, 76):
        lines = ladder_lines(line, look, width)
        assert len(lines) == 3 and all(cell_len(x.plain) <= width for x in lines)  # cards, marks, name
        assert sum(lines[0].plain.count(s) for s in "♠♥♦♣") == 13  # all 13 on the one line
        assert len(lines[1].plain.split()) == 3 or width == 26  # a ^ mark under each of the three fours
        assert lines[1].plain.strip("^ ") == ""
    narrow = ladder_lines(line, look, 22)  # an 80-column side panel
    assert len(narrow) == 5 and all(cell_len(x.plain) <= 22 for x in narrow)
    assert "Trips" in narrow[-1].plain


# ------------------------------------------------------------------------------------------------ Pilot


@long("tests/app/test_ladder_line.py::test_ladder_snapshot")
async def test_a_ladder_table_goes_straight_to_the_comparison() -> None:
    app = make_app(config(LADDER, seed=5), clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.table_screen
        assert screen.table.phase is Phase.RESULTS  # no key pressed: dealt, compared, shown
        assert str(screen.query_one("#countdown").render()).strip() == ""
        rows = str(screen.query_one("#rows", RowsView).render()).splitlines()
        hand = screen.table.current.hands[screen.table.human]
        assert all(c.symbol() in rows[0] for c in hand)  # the 13 cards on the box's one hand line
        assert "^" in rows[1] and "tier" in rows[2]
        panel = str(screen.query_one("#seat-left", SeatPanel).render())
        assert "tier" in panel and "^" in panel


async def test_while_the_computers_think_the_player_sees_the_hand_and_no_ready() -> None:
    from tests.app.harness import Manual

    scheduler = Manual()
    app = make_app(config(LADDER, seed=5), clock=Clock(), animation="normal", scheduler=scheduler)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.table_screen
        assert screen.table.human_ready and screen.table.phase is Phase.ARRANGING
        assert screen.check_action("ready", ()) is False  # READY is not offered
        assert str(screen.query_one("#countdown").render()).strip() == ""
        assert EN("ladder.hand_in") in str(screen.query_one("#hand").render())


# -------------------------------------------------------------------------------------------- snapshots


async def _compared(pilot) -> None:
    await settle(pilot)
    await pilot.pause()


@across([(80, 24), (120, 40)], ["en", "zh-TW"], turn=0)
def test_ladder_snapshot(snap_compare, size, lang):
    app = make_app(config(LADDER, seed=5), lang=lang, clock=Clock())
    assert snap_compare(app, terminal_size=size, run_before=_compared)
