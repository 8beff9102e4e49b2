"""Issue 30, item 6 at the table: the cards 換三張 passed in are marked until moved; a resize redraws the whole
reveal; the banker's title reads naturally; at 200×50 the side seats use their box and each row mark keeps its
seat letter."""

from __future__ import annotations

import re

from ai import Level
from app.config import TableConfig
from app.game import ArrangeState, Phase, Table
from app.i18n import Translator
from app.view.presenter import TablePresenter
from app.widgets.table_widgets import HandView, SeatPanel
from rules.arrangement import Arrangement, Row
from rules.cards import parse_cards
from rules.presets import Preset
from tests.app.harness import Clock, config, make_app, play_a_deal, settle, suggested, table_screen

# ------------------------------------------------------------------------------------- 換三張: the received

HAND = parse_cards("As Ks Qs Js Ts 9h 8h 7h 6d 5d 4c 3c 2c")


def test_received_cards_stay_marked_until_placed():
    got = frozenset(parse_cards("Ks 8h 2c"))
    st = ArrangeState.new(HAND).receive(got | frozenset(parse_cards("Ah")))  # a card not in the hand: ignored
    assert st.received == got
    st = st.move_to(parse_cards("Ks")[0]).place(Row.BACK)
    assert st.received == frozenset(parse_cards("8h 2c"))
    st = st.move_to(parse_cards("Ks")[0]).unplace()  # back in the hand: it was moved, so no longer marked
    assert parse_cards("Ks")[0] not in st.received
    arranged = st.with_arrangement(Arrangement.of(HAND[10:], HAND[5:10], HAND[:5]))
    assert arranged.received == frozenset()  # auto-arranged: every card moved


async def test_after_the_exchange_the_received_cards_are_marked_in_the_hand_until_moved():
    app = make_app(config(seed=3, exchange=1, levels=(Level.EASY,) * 3), clock=Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("space", "right", "space", "right", "space", "enter")
        await settle(pilot)
        table = screen.table
        assert table.phase is Phase.ARRANGING
        rec = table.current
        got = frozenset(rec.hands[0]) - frozenset(rec.dealt[0])
        assert len(got) == 3 and screen.view.hand_model().received == got
        hand = screen.query_one("#hand", HandView)
        assert hand.render().plain.count("+") == 3  # one mark under each received card (small tiles here)
        assert "+ under a card" in screen.view.board.text().plain
        card = sorted(got)[0]
        st = table.arrange
        await pilot.press(*(["right"] * ((st.order.index(card) - st.cursor) % 13)), "3")
        await pilot.pause()
        assert table.arrange.received == got - {card}
        assert hand.render().plain.count("+") == 2


# --------------------------------------------------------------------------------------------- the resize


async def test_a_resize_redraws_the_whole_reveal_at_every_size():
    app = make_app(config(seed=1), clock=Clock())  # deal 1 of seed 1 has two sweeps
    async with app.run_test(size=(200, 50)) as pilot:
        await play_a_deal(pilot)
        screen = table_screen(app)
        # After the reveal the board holds the deal's account (the results panel's, in a few lines) where it fits.
        last = screen.view.board.account_text().plain.splitlines()[-1]
        assert screen.table.phase is Phase.RESULTS and last in str(screen.query_one("#board").content)
        for size in ((120, 40), (80, 24), (200, 50)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            board = screen.query_one("#board")
            region = board.content_region
            assert screen.view.board.size == (region.width, region.height), size  # measured at the settled size
            shown = str(board.content)
            header = 3
            assert len(shown.splitlines()) > header, (size, shown)  # never the header lines alone
            account = {screen.view.board.account_text(compact).plain.splitlines()[-1] for compact in (False, True)}
            assert any(line in shown for line in account) or "the rest: enter" in shown, (size, shown)


def test_the_story_is_cut_to_the_board_with_a_pointer_to_the_rest():
    t = Table(config(seed=1, time_limit=0), now=Clock())
    t.start_deal()
    t.decide_computers()
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    t.reveal.finish()
    view = TablePresenter(t, Translator("en"))
    view.board.size = (60, 4)
    text = view.board.text().plain
    assert "the rest: enter (the results panel)" in text and "This deal:" in text
    view.board.size = (120, 30)  # room for the account: no pointer
    assert "the rest" not in view.board.text().plain and view.board.account_text().plain in view.board.text().plain


# ---------------------------------------------------------------------------------------- the banker's title


def _banker_table(stake: int = 1) -> Table:
    cfg = TableConfig(
        preset=Preset.HONGKONG,
        options=Preset.HONGKONG.default_options,
        seed=4,
        time_limit=0,
        levels=(Level.EASY,) * 3,
        banker=True,
        player_stake=stake,
    )
    return Table(cfg, now=Clock())


def _deal(t: Table) -> None:
    t.start_deal()
    t.decide_computers()


def _finish(t: Table) -> None:
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    t.reveal.finish()


def test_the_banker_title_reads_naturally():
    t = _banker_table()
    for _ in range(3):
        _deal(t)
        _finish(t)
    _deal(t)  # the fourth deal: the player holds the bank
    assert t.current.banker == 0
    assert TablePresenter(t, Translator("en")).me_title() == "You · the bank (莊家)"
    t.wagers.cycle_stake()
    assert TablePresenter(t, Translator("en")).me_title() == "You · the bank (莊家) · stake 2 from the next deal"
    assert TablePresenter(t, Translator("zh-TW")).me_title() == "你 · 做莊 · 下一局起下注 2"
    assert TablePresenter(t, Translator("zh-CN")).me_title() == "你 · 坐庄 · 下一局起下注 2"


# ------------------------------------------------------------------------------------ the seats at 200×50


async def test_at_200x50_the_side_seats_use_their_box_and_the_marks_keep_their_letters():
    app = make_app(config(seed=1), clock=Clock())
    async with app.run_test(size=(200, 50)) as pilot:
        await play_a_deal(pilot)
        screen = table_screen(app)
        west = screen.query_one("#seat-left", SeatPanel)
        lines = str(west.content).splitlines()
        assert len(lines) >= 1 + 5 * 3 + 2  # five-line tiles: the box is used, not a third of it
        box = west.content_region
        assert len(lines) * 2 > box.height  # more than half the box's lines
        for line in screen.view.rows_model().rows:
            marks = line.marks
            for span in marks.spans:  # each seat letter drawn in its mark's own style, beside the mark
                assert re.fullmatch(r"[A-Z][▲▼=·]", marks.plain[span.start : span.end]), marks.plain
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert len(str(west.content).splitlines()) < 1 + 5 * 3 + 2  # 120×40: three-line tiles again
