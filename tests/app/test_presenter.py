"""The table's strings and view models, and the reveal's pace, without a running App: the presenter and the
reveal player are plain classes, fed a :class:`Table` moved by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.game import COUNT_FRAMES, ArrangeError, Phase, StepKind, Table, display_order
from app.game.arrange import ArrangeState
from app.i18n import Translator
from app.view.formatting import deal_units_text, item_name, money_text, seat_name, signed
from app.view.presenter import TablePresenter
from app.view.reveal_player import RevealPlayer
from rules.arrangement import Row
from rules.cards import parse_cards
from rules.evaluate import Category
from rules.presets import Preset
from tests.app.harness import Clock, Manual, config, suggested

EN = Translator("en")


def seated(preset: Preset = Preset.TAIWAN, **kw) -> tuple[Table, TablePresenter]:
    """A table whose first deal is dealt, with its presenter in English."""
    table = Table(config(preset, **kw), now=Clock())
    table.start_deal()
    return table, TablePresenter(table, EN)


def scored(preset: Preset = Preset.TAIWAN, **kw) -> tuple[Table, TablePresenter]:
    """A table whose first deal everyone has decided (the player as the AI suggests) and that is scored."""
    table, view = seated(preset, **kw)
    table.decide_computers()
    table.arrange = table.arrange.with_suggestions(suggested(table.asking.suggest_request()))
    table.ready()
    assert table.phase is Phase.REVEALING  # scored by the last decision
    return table, view


# ------------------------------------------------------------------------------------------ formatting


def test_signed_and_money_in_every_currency():
    assert (signed(4), signed(-2), signed(0), signed(1500)) == ("+4", "-2", "0", "+1,500")
    styles = {p: seated(p)[0].totals.money_style for p in Preset}
    practice = seated(Preset.TAIWAN, scored=False)[0].totals.money_style
    assert money_text(EN, practice, 3) == "–"  # the top bar says "practice" once
    assert deal_units_text(EN, practice, 3) == EN("results.units", n="+3")  # no points on a practice table
    # Taiwan shows the points a unit stands for: the preset's points per unit, not a number of its own.
    per = Preset.TAIWAN.points_per_unit
    # Taiwan's totals are units; what a unit is worth is said once, on the top bar, not beside every total.
    assert money_text(EN, styles[Preset.TAIWAN], -3) == "-3 units"
    assert money_text(EN, styles[Preset.TAIWAN], 1) == "+1 unit"
    assert per == 100
    assert money_text(EN, styles[Preset.SHISANSHUI], 2) == "+2 units"  # units alone: no money of its own
    assert money_text(Translator("zh-TW"), styles[Preset.SHISANSHUI], 2) == "+2 賭"
    assert money_text(Translator("zh-CN"), styles[Preset.SHISANSHUI], -1) == "-1 水"
    assert money_text(EN, styles[Preset.TOURNAMENT], 3100) == EN("table.money.points", n="3,100")
    assert money_text(EN, styles[Preset.ARCADE], 500) == EN("table.money.coins", n="500")


def test_a_deals_units_with_what_a_unit_is_worth_and_seat_names():
    arcade = seated(Preset.ARCADE, stake=10)[0].totals.money_style
    assert deal_units_text(EN, arcade, -2) == EN("results.units_coins", n="-2", p="-20")
    taiwan = seated(Preset.TAIWAN)[0].totals.money_style
    per = Preset.TAIWAN.points_per_unit
    assert deal_units_text(EN, taiwan, 3) == EN("results.units_points", n="+3", p=signed(3 * per))
    assert deal_units_text(EN, seated(Preset.SHISANSHUI)[0].totals.money_style, 1) == EN("results.units", n="+1")
    assert seat_name(EN, 0, 0) == EN("common.seat.you")
    assert seat_name(EN, 1, 0, short=True) == EN("common.seat_short.east")


# ------------------------------------------------------------------------------------------ the presenter


def test_arranging_models_and_texts():
    _, view = seated()
    assert EN("common.preset.taiwan") in view.info_text().plain
    assert EN("table.deal", n=1) in view.info_text().plain
    hand = view.hand_model()
    assert len(hand.cards) == 13 and hand.cursor == 0
    rows = view.rows_model()
    assert [line.label for line in rows.rows] == [
        EN(f"table.row_label.{r.id}", size=s) for r, s in zip(Row, (3, 5, 5), strict=True)
    ]
    assert view.foul_text() == "" and view.board.text().plain == EN("table.board.arrange")
    for seat in (1, 2, 3):
        assert view.seat_model(seat).status == EN("table.status.thinking")
    assert view.me_title() == EN("common.seat.you")


def test_message_line_foul_first_and_errors_plain():
    table, view = seated()
    view.message = ("hello", "warning")
    assert view.message_line() == ("hello", "warning")
    try:
        table.arrange.unplace()
    except ArrangeError as exc:
        view.message = (view.error_text(exc), "error")
    text, kind = view.message_line()
    words = EN("table.why.nothing_placed")
    assert text == words[0].upper() + words[1:] and kind == ""
    # A pair in the front over a high-card middle: the foul warning replaces the message.
    st = table.arrange
    pair = next((a, b) for a in st.loose for b in st.loose if a != b and a.rank == b.rank)
    for card in pair:
        st = st.move_to(card).place(Row.FRONT)
    table.arrange = st
    if st.fouls():
        text, kind = view.message_line()
        assert kind == "error" and text == view.foul_text() != ""


def test_countdown_alarm():
    clock = Clock()
    table = Table(config(time_limit=60), now=clock)
    table.start_deal()
    view = TablePresenter(table, EN)
    assert view.countdown() == (EN("table.countdown", time="1:00"), "")
    clock.t += 50
    assert view.countdown() == (EN("table.countdown", time="0:10"), "warning")
    clock.t += 7
    assert view.countdown()[1] == "danger"
    assert TablePresenter(seated(time_limit=0)[0], EN).countdown() == ("", "")


def test_practice_table_counts_no_money():
    _, view = seated(scored=False)
    assert view.me_money() == "" and view.seat_model(1).subtitle == ""
    assert EN("common.practice") in view.info_text().plain


# ------------------------------------------------------------------------------------------ the reveal


def test_reveal_player_steps_counts_and_finishes():
    table, view = scored()
    manual = Manual()
    redraws: list[int] = []
    player = RevealPlayer(
        table, view, manual, lambda: ("normal", "full"), lambda: redraws.append(table.reveal.progress.shown)
    )
    player.start()
    assert view.revealed_rows() == 0 and table.phase is Phase.REVEALING
    manual.run_one()
    assert view.revealed_rows() == 1 and view.board.text().plain.startswith(EN("results.step.front"))
    while not table.reveal.progress.counting:
        assert manual.run_one()
    assert table.reveal.progress.shown == len(table.reveal.steps) and view.revealed_rows() == 3
    frames = 0
    while manual.run_one():
        frames += 1
    assert frames == COUNT_FRAMES and table.phase is Phase.RESULTS and table.reveal.progress.finished
    assert EN("table.board.next_keys") in view.board.text().plain
    assert redraws


def test_a_cancelled_reveal_ignores_its_callbacks():
    table, view = scored()
    manual = Manual()
    player = RevealPlayer(table, view, manual, lambda: ("normal", "full"), lambda: None)
    player.start()
    player.finish()  # a skip
    assert table.phase is Phase.RESULTS
    while manual.run_one():
        pass
    assert table.reveal.progress.shown == len(table.reveal.steps)


@pytest.mark.parametrize(
    ("pace", "instant", "delay"),
    [(("off", "full"), True, 0.0), (("slow", "none"), True, 1.4), (("fast", "basic"), False, 0.35 * 0.6)],
)
def test_pace(pace, instant, delay):
    table, view = seated()
    player = RevealPlayer(table, view, Manual(), lambda: pace, lambda: None)
    assert player.instant() is instant and player.step_delay() == pytest.approx(delay)
    assert (player.think_delay(1) == 0.0) is instant


def test_the_foul_warning_names_a_high_card_row():
    # Issue 10 #3: HIGH_CARD is category 0, and the warning dropped its name ("beats Middle ()").
    table, view = seated()
    hand = parse_cards("7s 7h 7d 2c 5d 9h Jc Ks 3s 4s 6h 8d Tc")
    st = replace(ArrangeState.new(hand), rows=(tuple(hand[:3]), tuple(hand[3:8]), tuple(hand[8:])))
    table.arrange = st
    assert st.row_category(Row.MIDDLE) is Category.HIGH_CARD
    text = view.foul_text()
    assert EN("common.category.high_card") in text and EN("common.category.trips") in text
    assert "()" not in text


def test_a_row_reads_in_one_order_while_arranging_and_at_the_reveal():
    # Issue 10 #9: an opponent's `7♥ 7♣ 7♦ 9♥ 8♣` became `9♥ 8♣ 7♥ 7♣ 7♦` at the reveal.
    table, view = scored()
    rec = table.current
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    assert view.revealed_rows() == 3
    for seat in rec.seats:
        decision = rec.decisions[seat]
        if decision.arrangement is None:
            continue
        shown = view.seat_model(seat).rows if seat != table.viewer else view.rows_model().rows
        for row, line in zip(Row, shown, strict=True):
            assert line.cards == display_order(decision.arrangement.rows[row])


def test_a_declared_special_shows_its_name_and_its_shape_not_three_rows():
    # Issue 10 #1: shisanshui seed 163, 三同花 declared: the box showed the 13 cards in rank order as rows.
    from rules.specials import Special

    table, view = seated(Preset.SHISANSHUI, seed=163)
    assert Special.THREE_FLUSHES in table.arrange.specials
    table.arrange = table.arrange.declare(Special.THREE_FLUSHES)
    table.ready()
    before = view.rows_model().rows  # READY, not revealed yet
    table.decide_computers()
    assert table.phase is Phase.REVEALING  # scored by the last decision
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    for lines in (before, view.rows_model().rows):
        assert [len(line.cards) for line in lines] == [3, 5, 5]
        assert all(len({c.suit for c in line.cards}) == 1 for line in lines), "each line one flush"
        assert lines[0].name == EN("common.special.three_flushes")
        assert sorted(c for line in lines for c in line.cards) == sorted(table.current.hands[0])


def test_a_foul_is_flagged_as_soon_as_it_cannot_be_avoided():
    # Issue 10: three 7s in the front, and what is left holds one straight and nothing better: no legal
    # completion is left, and the warning says so before the last card is placed.
    table, view = seated()
    hand = parse_cards("7s 7h 7d 2c 5d 9h Jc Ks 3s 4s 6h 8d Tc")
    table.arrange = replace(ArrangeState.new(hand), rows=(tuple(hand[:3]), (), ()))
    assert table.arrange.foul_ahead
    assert view.foul_text() == EN("table.foul_ahead")
    assert view.message_line() == (EN("table.foul_ahead"), "error")
    # A front that can still be covered is no warning.
    table.arrange = replace(ArrangeState.new(hand), rows=(tuple(hand[3:6]), (), ()))
    assert not table.arrange.foul_ahead and view.foul_text() == ""


def test_each_full_row_shows_its_chance_to_win_unless_turned_off():
    # Issue 10: how strong is each row, from the `hard` level's learned tables; a setting turns it off.
    table, view = seated()
    hand = parse_cards("Ah Ad 2c 5d 9h Jc Ks 3s 4s 6h 8d Tc 7s")
    table.arrange = replace(ArrangeState.new(hand), rows=(tuple(hand[:3]), tuple(hand[3:6]), ()))
    front, middle, _back = view.rows_model().rows
    pct = round(100 * view.row_odds(Row.FRONT, hand[:3]))
    assert 50 < pct < 100, "a pair of aces in the front beats most fronts"
    assert front.name == EN("table.row_odds", hand=EN("common.category.pair"), pct=pct)
    assert "%" not in middle.name, "a row still filling has no odds yet"
    assert view.row_odds(Row.BACK, hand[3:8]) < 0.05, "king high in the back almost never wins"
    view.show_odds = False
    assert view.rows_model().rows[0].name == EN("common.category.pair")


def test_opponents_rows_carry_the_full_bilingual_name_and_a_short_one_for_narrow_panels():
    # Issue 10: `Full house 葫蘆`, not `F.house`, wherever the panel has the room.
    table, view = scored()
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    rec = table.current
    seat = next(s for s in (1, 2, 3) if rec.decisions[s].arrangement is not None)
    values = rec.decisions[seat].arrangement.values()
    for line, value in zip(view.seat_model(seat).rows, values, strict=True):
        assert line.name == EN(f"common.category.{value.category.id}")
        assert line.short_name == EN(f"common.category_short.{value.category.id}")


def test_the_tall_story_puts_the_rows_on_one_line_and_each_kind_of_item_on_one_more():
    # Issue 10 #5: at 120×40 the reveal's log overflowed and `Bonuses and specials 加賭` was cut off.
    table, view = scored(seed=152)
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    view.board.tall = True
    steps = [s for s in table.reveal.steps if s.kind is not StepKind.TOTALS]
    story = view.board.narrator.story(table.current, steps).plain.split("\n")
    items = [s for s in steps if s.kind is not StepKind.ROW]
    assert len(story) == 1 + len(items)
    assert all(EN(f"results.step.{r}") in story[0] for r in ("front", "middle", "back"))
    assert len(items) >= 2, "seed 152 has sweeps and bonuses"
    for step, line in zip(items, story[1:], strict=True):
        assert all(item_name(EN, ln.kind, table.preset) in line for ln in step.lines)


def test_treasure_cards_are_marked_in_shape_and_colour():
    # Issue 10: treasure cards marked inside the rows they sit in (arcade 寶牌).
    from app.view.cards import TREASURE, CardLook, tile

    card, other = parse_cards("As Kh")
    look = CardLook().with_treasure([card])
    marked, plain = tile(card, look), tile(other, look)
    assert marked.plain.startswith("*") and not plain.plain.startswith("*")
    assert marked.style.bgcolor.name == TREASURE and plain.style.bgcolor.name != TREASURE
    assert len(marked.plain) == len(plain.plain) == 4, "a tile never changes width"


def test_arcade_says_who_doubles_you_as_soon_as_they_have_decided():
    # Issue 10: 賭倍 shown at the table while arranging ("East doubles you").
    table, view = seated(Preset.ARCADE, seed=2, coins=100000)
    assert "doubles you" not in view.board.text().plain
    table.decide_computers()
    by = [s for s, target in table.current.doubles.items() if target == 0]
    text = view.board.text().plain
    if by:
        assert EN("table.doubled_by", seats=", ".join(view.seat_name(s) for s in sorted(by))) in text
    else:
        assert "doubles you" not in text
    table.current.doubles[1] = 0  # East doubles the player
    assert EN("common.seat.east") in view.board.text().plain.split("doubles you")[0]


def test_sweeps_and_home_runs_are_a_banner_moment_of_the_reveal():
    table, view = scored(seed=152)
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    sweeps = next(s for s in table.reveal.steps if s.kind is StepKind.SWEEPS)
    rows = next(s for s in table.reveal.steps if s.kind is StepKind.ROW)
    narrator = view.board.narrator
    banner = narrator.step_text(table.current, sweeps)
    assert "reverse" in str(banner.style) and "reverse" not in str(narrator.step_text(table.current, rows).style)


def test_opponents_rows_are_coloured_as_the_viewer_reads_them():
    # Issue 10: each row comparison coloured (won, lost, tied) once revealed.
    from rules.deal import Outcome

    table, view = scored()
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    rec = table.current
    expected = {Outcome.WIN: "bold red", Outcome.LOSS: "bold green", Outcome.TIE: "dim"}
    checked = 0
    for seat in (1, 2, 3):
        if rec.decisions[seat].arrangement is None or rec.fouled(seat) or rec.fouled(0):
            continue
        for row, line in zip(Row, view.seat_model(seat).rows, strict=True):
            assert line.name_style == expected[rec.outcome(seat, 0, row)]
            checked += 1
    assert checked


def test_the_players_row_marks_carry_what_the_row_took():
    # Issue 10: the win/loss marks next to each row with the amount.
    table, view = scored(Preset.SHISANSHUI, seed=3)
    if table.phase is Phase.REVEALING:
        table.reveal.finish()
    amounts = []
    for row, line in zip(Row, view.rows_model().rows, strict=True):
        step = next(s for s in table.reveal.steps if s.kind is StepKind.ROW and s.row is row)
        amount = step.delta[table.viewer]
        amounts.append(amount)
        if amount:
            assert line.marks.plain.endswith(signed(amount))
    assert any(amounts), "seed 3's rows took something"
