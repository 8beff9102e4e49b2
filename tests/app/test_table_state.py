"""Unit tests of app.game: the arrangement in progress and the session state machine, without Textual."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from types import SimpleNamespace

import pytest

from ai import Fixed, Level
from app.config import TableConfig
from app.game import (
    ArrangeError,
    ArrangeState,
    Phase,
    Purpose,
    SeatState,
    Table,
    choice_suggestions,
    count_frames,
    deal_seed,
    hint_row,
    partial_category,
    run_ai,
    tally_after,
)
from app.game.why import Why
from rules.arrangement import Arrangement, Row
from rules.cards import parse_cards
from rules.evaluate import Category
from rules.presets import Preset
from rules.specials import Special
from tests.app.harness import Clock, suggested

HAND = parse_cards("As Ks Qs Js Ts 9h 9d 5c 5d 4h 3h 2h 2c")


def cfg(preset: Preset = Preset.TAIWAN, **kw) -> TableConfig:
    kw.setdefault("levels", (Level.NORMAL,) * 3)
    return TableConfig(preset=preset, options=preset.default_options, seed=kw.pop("seed", 7), **kw)


# ---------------------------------------------------------------------------------------------- ArrangeState


def test_new_state_has_all_cards_in_hand_sorted_high_first():
    st = ArrangeState.new(HAND)
    assert len(st.loose) == 13 and st.loose[0] == parse_cards("As")[0]
    assert st.cursor_card == st.loose[0]
    assert not st.complete and st.ready_problem() == "incomplete"


def test_move_wraps_round_all_thirteen():
    st = ArrangeState.new(HAND)
    assert st.move(-1).cursor == 12
    assert st.move(13).cursor == 0


def test_place_cursor_card_and_cursor_stays_in_hand():
    st = ArrangeState.new(HAND).place(Row.BACK)
    assert st.rows[Row.BACK] == parse_cards("As")
    assert len(st.loose) == 12
    assert st.cursor == 0 and st.cursor_card == parse_cards("Ks")[0]


def test_place_selection_and_row_full_error():
    st = ArrangeState.new(HAND)
    for _ in range(4):
        st = st.toggle_select().move(1)
    with pytest.raises(ArrangeError) as exc:
        st.place(Row.FRONT)
    assert exc.value.why is Why.ROW_ROOM and exc.value.params == {"row": "front", "n": 3, "m": 4}
    st = st.place(Row.MIDDLE)
    assert len(st.rows[Row.MIDDLE]) == 4 and not st.selected


def test_toggle_select_twice_unselects():
    st = ArrangeState.new(HAND).toggle_select()
    assert st.selected
    assert not st.toggle_select().selected


def test_last_row_fills_itself():
    st = ArrangeState.new(HAND)
    for _ in range(5):
        st = st.place(Row.BACK)
    for _ in range(5):
        st = st.place(Row.MIDDLE)
    assert st.complete and len(st.rows[Row.FRONT]) == 3


def test_unplace_and_return_all():
    st = ArrangeState.new(HAND).place(Row.FRONT)
    card = st.rows[Row.FRONT][0]
    with pytest.raises(ArrangeError) as exc:
        st.unplace()  # the cursor is on a card in hand
    assert exc.value.why is Why.IN_HAND
    st = st.move_to(card).unplace()
    assert not st.placed and st.cursor_card == card
    st = st.place(Row.BACK).place(Row.BACK).return_all()
    assert not st.placed and st.cursor == 0


def test_placed_card_can_move_to_another_row():
    st = ArrangeState.new(HAND).place(Row.FRONT)
    card = st.rows[Row.FRONT][0]
    st = st.move_to(card).place(Row.BACK)
    assert st.where(card) is Row.BACK


def test_live_hand_names_for_partial_and_full_rows():
    st = ArrangeState.new(HAND)
    nines = [c for c in HAND if c.rank == 7]
    for c in nines:
        st = st.move_to(c).place(Row.FRONT)
    assert st.row_category(Row.FRONT) is Category.PAIR
    assert partial_category(parse_cards("5c 5d 5h 2c"), 5) is Category.TRIPS
    assert partial_category(parse_cards("5c 5d 2h 2c"), 5) is Category.TWO_PAIR
    assert partial_category((), 3) is None


def test_foul_names_the_rows_and_blocks_ready():
    st = ArrangeState.new(HAND).with_arrangement(Arrangement.parse("9h 9d 5c", "5d 4h 3h 2h 2c", "As Ks Qs Js Ts"))
    assert st.fouls() == ((Row.FRONT, Row.MIDDLE),)
    assert st.ready_problem() == "foul" and not st.legal
    with pytest.raises(ArrangeError):
        st.decision()


def test_sort_by_suit_keeps_the_cursor_card():
    st = ArrangeState.new(HAND).move(5)
    card = st.cursor_card
    st2 = st.set_sort("suit")
    assert st2.cursor_card == card and st2.loose != st.loose


def test_auto_arrange_asks_then_cycles_the_suggestions_and_completes_around_placed_cards():
    t = Table(cfg(), now=Clock(1000.0))
    t.start_deal()
    first = t.helping.auto_arrange()
    assert first is not None and first.purpose is Purpose.SUGGEST and first.fixed is None
    choice = run_ai(first)
    arrangements = [s.decision.arrangement for s in choice_suggestions(choice, first)]
    assert t.helping.fits(first) and t.helping.accept_suggestions(first, choice)
    a1 = t.arrange
    assert a1.complete and a1.legal and a1.rows == arrangements[0].rows and a1.suggestion == 0
    if len(arrangements) > 1:
        assert t.helping.auto_arrange() is None  # the next suggestion, no new request
        assert t.arrange.rows == arrangements[1].rows
    t.apply(t.arrange.return_all())
    card = t.arrange.cursor_card
    t.apply(t.arrange.place(Row.BACK))
    again = t.helping.auto_arrange()
    assert again is not None and again.fixed == Fixed(back=(card,))
    assert not t.helping.fits(first) and not t.helping.accept_suggestions(first, choice)  # it no longer fits


def test_auto_arrange_is_refused_once_declared():
    t = Table(cfg(preset=Preset.SHISANSHUI), now=Clock(1000.0))
    t.start_deal()
    t.apply(replace(t.arrange, specials=frozenset(Special)).declare(Special.SIX_PAIRS))
    with pytest.raises(ArrangeError, match="declared"):
        t.helping.auto_arrange()


def test_hint_for_names_the_cursor_card_and_its_row():
    t = Table(cfg(), now=Clock(1000.0))
    t.start_deal()
    request = t.asking.hint_request()
    assert request.purpose is Purpose.HINT and t.helping.fits(request)
    choice = run_ai(request)
    hint = t.helping.hint_for(choice)
    assert hint is not None and hint.card == t.arrange.cursor_card
    assert hint.card in choice.decision.arrangement.rows[hint.row]
    # Why (issue 10): the cards of the row it belongs to, and what they make.
    assert sorted(hint.group) == sorted(choice.decision.arrangement.rows[hint.row])
    assert hint.category is choice.decision.arrangement.values()[hint.row].category


def test_the_screen_changes_the_arrangement_only_through_the_table():
    t = Table(cfg(), now=Clock(1000.0), sort="rank")
    with pytest.raises(ArrangeError, match="not_arranging"):
        t.apply(ArrangeState.new(HAND))
    t.start_deal()
    with pytest.raises(ArrangeError, match="not_this_hand"):
        t.apply(ArrangeState.new(HAND))
    card = t.arrange.cursor_card
    assert t.toggle_sort() == "suit" and t.sort == "suit" and t.arrange.sort == "suit"
    assert t.arrange.cursor_card == card
    t.decide_computers()
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    with pytest.raises(ArrangeError, match="not_arranging"):
        t.apply(t.arrange.return_all())
    assert t.phase is Phase.REVEALING  # scored by the last decision
    t.next()
    assert t.arrange.sort == "suit"  # the next deal keeps the sort


def test_hint_row_finds_the_cursor_card():
    st = ArrangeState.new(HAND)
    arr = Arrangement.parse("9h 9d 4h", "5c 5d 3h 2h 2c", "As Ks Qs Js Ts")
    assert hint_row(st, arr) is Row.BACK


def test_declaring_blocks_arranging_and_allows_ready():
    dragon = parse_cards("As Kd Qh Jc Ts 9s 8d 7h 6c 5s 4d 3h 2c")
    st = ArrangeState.new(dragon, specials=frozenset({Special.DRAGON}))
    with pytest.raises(ArrangeError):
        st.declare(Special.SIX_PAIRS)
    st = st.declare(Special.DRAGON)
    assert st.ready_problem() is None and st.decision().declare is Special.DRAGON
    with pytest.raises(ArrangeError):
        st.place(Row.FRONT)


# ---------------------------------------------------------------------------------------------------- Table


def test_deals_are_reproducible_from_the_seed():
    a, b = Table(cfg(seed=11)), Table(cfg(seed=11))
    assert a.start_deal().hands == b.start_deal().hands
    assert deal_seed(11, 1) != deal_seed(11, 2)


def test_full_deal_and_record_serialises():
    t = Table(cfg(), now=Clock(1000.0))
    t.start_deal()
    assert t.phase is Phase.ARRANGING and t.status(1) is SeatState.THINKING
    t.decide_computers()
    assert t.status(1) is SeatState.READY and not t.all_decided
    with pytest.raises(ArrangeError) as exc:
        t.ready()
    assert exc.value.why is Why.INCOMPLETE
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    rec = t.current
    assert rec is not None and rec.result is not None
    assert t.phase is Phase.REVEALING and sum(rec.units) == 0
    assert tally_after(t.reveal.steps, len(t.reveal.steps)) == rec.units
    assert [s.row for s in t.reveal.steps[:3]] == [Row.FRONT, Row.MIDDLE, Row.BACK]
    assert t.reveal.steps[-1].kind == "totals"
    json.dumps(t.saving.save())
    t.next()
    assert t.phase is Phase.ARRANGING and t.number == 2 and t.totals.money() == rec.units


def test_stale_ai_answers_are_ignored():
    t = Table(cfg())
    t.start_deal()
    req = t.asking.computer_requests()[0]
    choice = run_ai(req)
    assert t.accept(req, choice)
    assert not t.accept(req, choice)  # already decided
    old = replace(req, deal=0)
    assert not t.accept(old, choice)


def test_timeout_with_takeover_completes_around_placed_cards():
    clock = Clock(1000.0)
    t = Table(cfg(time_limit=30), now=clock)
    t.start_deal()
    t.decide_computers()
    st = t.arrange
    t.apply(st.place(Row.BACK))
    placed = t.arrange.rows[Row.BACK][0]
    assert t.countdown.left() == 30
    clock.t += 29.5
    assert not t.countdown.timed_out()
    clock.t += 1
    assert t.countdown.timed_out()
    (req,) = t.countdown.on_timeout().requests
    assert req is not None and req.fixed == Fixed(back=(placed,))
    assert t.countdown.accept(req, run_ai(req))
    rec = t.current
    decision = rec.decisions[0]
    assert decision.arrangement is not None and placed in decision.arrangement.back
    assert rec.computer_for_human and t.all_decided
    rec = t.current
    assert rec is not None and rec.result is not None
    assert not rec.fouled(0)


def _timed_out_without_takeover(clock: Clock) -> Table:
    t = Table(cfg(time_limit=30, takeover=False), now=clock)
    t.start_deal()
    t.decide_computers()
    t.apply(t.arrange.place(Row.BACK))
    clock.t += 31
    assert t.countdown.timed_out()
    assert t.countdown.on_timeout().host  # rules/RULES.md §10: the host chooses
    return t


def test_timeout_without_takeover_stops_the_clock_and_waits_for_the_host():
    clock = Clock(1000.0)
    t = _timed_out_without_takeover(clock)
    assert t.phase is Phase.ARRANGING and t.countdown.awaiting_host and t.human == 0
    assert not t.can_arrange and not t.countdown.timed_out()  # handled once: no second time-out
    clock.t += 500
    assert t.countdown.left() == 0.0 and not t.countdown.timed_out()  # the countdown stays stopped at zero
    with pytest.raises(ArrangeError) as err:
        t.ready()
    assert err.value.why is Why.TIME_UP
    with pytest.raises(ArrangeError):
        t.countdown.on_timeout()


def test_timeout_without_takeover_the_host_ends_the_table():
    t = _timed_out_without_takeover(Clock(1000.0))
    assert not t.countdown.resolve(False).requests
    assert t.phase is Phase.OVER and not t.countdown.awaiting_host and t.outcome.summary().reason == "timeout"
    with pytest.raises(ArrangeError):
        t.countdown.resolve(True)


def test_timeout_without_takeover_the_host_lets_the_computer_play_the_seat():
    t = _timed_out_without_takeover(Clock(1000.0))
    placed = t.arrange.rows[Row.BACK][0]
    (req,) = t.countdown.resolve(True).requests
    assert req is not None and req.seat == 0 and req.purpose == "takeover" and req.fixed == Fixed(back=(placed,))
    # From now on the seat is the computer's, as for a player who left: the player watches from it.
    assert t.watching and t.viewer == 0 and not t.countdown.awaiting_host and t.phase is Phase.ARRANGING
    assert t.countdown.accept(req, run_ai(req))
    rec = t.current
    assert rec.computer_for_human and placed in rec.decisions[0].arrangement.back and t.arrange is None
    assert t.all_decided
    rec = t.current
    assert rec is not None and rec.result is not None
    assert not rec.fouled(0)
    t.reveal.finish()
    assert t.next() is Phase.ARRANGING and t.number == 2
    assert t.watching and t.arrange is None and t.clock.deadline is None and t.countdown.left() is None
    assert [r.seat for r in t.asking.computer_requests()] == [0, 1, 2, 3]  # the computer plays the seat in later deals
    t.seating.take_seat(0)  # 接玩: the player may sit down again from the next deal
    t.decide_computers()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    t.reveal.finish()
    t.next()
    assert t.human == 0 and t.arrange is not None and t.clock.deadline is not None


def test_resolve_timeout_needs_a_pending_time_out():
    t = Table(cfg(time_limit=30, takeover=False), now=Clock(1000.0))
    t.start_deal()
    with pytest.raises(ArrangeError):
        t.countdown.resolve(True)


def test_timeout_with_takeover_is_handled_once():
    clock = Clock(1000.0)
    t = Table(cfg(time_limit=30), now=clock)
    t.start_deal()
    clock.t += 31
    assert t.countdown.on_timeout().requests
    assert not t.countdown.timed_out() and not t.can_arrange and not t.countdown.awaiting_host


def test_practice_keeps_no_score():
    t = Table(cfg(scored=False))
    assert t.totals.currency == "none"
    t.start_deal()
    t.decide_computers()
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    assert t.totals.money() == (0, 0, 0, 0)


def _auto_deal(t: Table) -> None:
    t.decide_computers()
    if t.human is not None and not t.human_ready:
        if t.arrange.declared is None:
            t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
        t.ready()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    t.reveal.finish()


def test_tournament_elimination_ends_the_session_when_the_human_is_out():
    t = Table(cfg(Preset.TOURNAMENT))
    assert t.totals.currency == "points" and t.totals.money() == (3100,) * 4 and t.totals.dealer == 0
    t.totals.ledger = replace(t.totals.ledger, points=(1, 3100, 3100, 3099))
    for _ in range(17):  # sixteen deals at most, then the summary
        t.start_deal() if t.phase is Phase.DEALING else t.next()
        if t.phase is Phase.OVER:
            break
        _auto_deal(t)
    assert t.phase is Phase.OVER
    assert t.outcome.summary().reason in ("eliminated", "players", "finished")


def test_tournament_plays_sixteen_deals_and_shows_the_dealer():
    t = Table(cfg(Preset.TOURNAMENT, watch=True))
    t.start_deal()
    dealers = []
    while t.phase is not Phase.OVER:
        dealers.append(t.current.dealer)
        _auto_deal(t)
        t.next()
    assert t.number <= 16 and t.outcome.summary().reason in ("finished", "players")
    assert dealers[0] == 0 and all(d is not None for d in dealers)


def test_arcade_round_summary_after_six_deals_then_continue():
    t = Table(cfg(Preset.ARCADE, coins=100000))
    assert t.totals.currency == "coins"
    t.start_deal()
    treasure_sizes = []
    for _ in range(6):
        assert t.current.cut is not None
        treasure_sizes.append(len(t.current.treasure))
        t.wagers.cycle_double()
        _auto_deal(t)
        phase = t.next()
    assert phase is Phase.ROUND_SUMMARY
    s = t.outcome.summary()
    assert s.reason == "round" and s.round == 1 and s.deals == 6
    assert sum(line.change for line in s.seats) <= 0  # the rake leaves the table
    assert treasure_sizes[-1] == 4 and treasure_sizes[0] == 1
    assert t.next() is Phase.ARRANGING and t.number == 7


def test_arcade_double_cycles_through_opponents_and_none():
    t = Table(cfg(Preset.ARCADE))
    t.start_deal()
    assert [t.wagers.cycle_double() for _ in range(4)] == [1, 2, 3, None]


def test_leave_with_takeover_hands_the_seat_to_the_computer():
    t = Table(cfg())
    t.start_deal()
    (req,) = t.leave().requests
    assert t.watching and req is not None and req.seat == 0
    t.accept(req, run_ai(req))
    t.decide_computers()
    assert t.all_decided


def test_leave_without_takeover_ends_the_session():
    t = Table(cfg(takeover=False))
    t.start_deal()
    assert not t.leave().requests and t.phase is Phase.OVER and t.outcome.summary().reason == "left"


def test_watch_mode_take_seat_from_next_deal():
    t = Table(cfg(watch=True))
    t.start_deal()
    assert t.watching and t.arrange is None and t.clock.deadline is None
    assert len(t.asking.computer_requests()) == 4
    t.seating.take_seat(2)
    assert t.watching  # not before the next deal
    _auto_deal(t)
    t.next()
    assert t.human == 2 and t.viewer == 2 and t.arrange is not None and t.number == 2


def test_take_seat_only_while_watching():
    t = Table(cfg())
    with pytest.raises(ArrangeError):
        t.seating.take_seat(1)


def test_count_frames_end_exactly():
    assert count_frames(0, 10, 4) == [2, 5, 8, 10]
    assert count_frames(5, 5, 3) == [5]
    assert count_frames(10, -10, 2) == [0, -10]


def test_core_does_not_import_textual():
    code = (
        "import importlib, pkgutil, sys, app.game\n"
        "for info in pkgutil.walk_packages(app.game.__path__, 'app.game.'):\n"
        "    importlib.import_module(info.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'textual'\n"
        "       or m.startswith(('app.screens', 'app.widgets'))]\n"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_dragon_is_declared_for_the_player(monkeypatch):
    import app.game.table as table_module

    dragon = parse_cards("As Kd Qh Jc Ts 9s 8d 7h 6c 5s 4d 3h 2c")
    rest = [c for c in range(52) if c not in dragon]
    hands = (tuple(sorted(dragon)), tuple(rest[:13]), tuple(rest[13:26]), tuple(rest[26:39]))
    monkeypatch.setattr(
        table_module, "deal_by_key", lambda key, n, joker: SimpleNamespace(hands=hands[:n], cut=None, turned=None)
    )
    t = Table(cfg())
    t.start_deal()
    assert t.arrange.declared is Special.DRAGON and t.arrange.ready_problem() is None
    assert t.arrange.return_all().declared is Special.DRAGON  # 回收 keeps a dragon declared
    _auto_deal(t)
    assert t.current.units[0] > 0


# -------------------------------------------------------------------------------------------- `play` command


def test_play_flags_make_the_table_config():
    from app.cli import build_parser
    from app.commands.play_cmds import config_from_args

    args = build_parser().parse_args(
        ["play", "--rules", "arcade", "--level", "hard", "--time-limit", "30", "--practice", "--seed", "5"]
    )
    c = config_from_args(args)
    assert c.preset is Preset.ARCADE and c.options == Preset.ARCADE.default_options
    assert c.levels == (Level.HARD,) * 3 and c.time_limit == 30 and not c.scored and c.seed == 5 and c.takeover


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--rules", "poker"],
        ["play", "--level", "godlike"],
        ["play", "--time-limit", "-5"],
        ["play", "--time-limit", "soon"],
        ["play", "--seed", "x"],
        ["play", "--lang", "fr"],
    ],
)
def test_play_bad_values_are_usage_errors(argv, capsys):
    from app.cli import main

    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("error:")


def test_play_starts_the_app_at_a_table_or_the_menu(monkeypatch, tmp_path):
    from app.cli import main
    from app.tui import ChinesePokerApp

    monkeypatch.setenv("CHINESE_POKER_HOME", str(tmp_path))  # never the player's own settings
    started = []
    monkeypatch.setattr(ChinesePokerApp, "run", lambda self: started.append(self))
    monkeypatch.setattr(sys, "argv", ["chinese-poker", "play", "--seed", "3", "--lang", "zh-TW"])
    assert main(["play", "--seed", "3", "--lang", "zh-TW"]) == 0
    app = started[-1]
    assert app.start_config is not None and app.start_config.seed == 3 and app.lang == "zh-TW"
    assert not app.want_menu
    monkeypatch.setattr(sys, "argv", ["chinese-poker"])
    assert main([]) == 0  # no arguments at all: the menu
    assert started[-1].start_config is None and started[-1].want_menu


@pytest.mark.parametrize(
    "preset, scored, currency, worth, worth_in",
    [
        (Preset.TAIWAN, True, "units", 100, "points"),
        (Preset.SHISANSHUI, True, "units", None, "points"),
        (Preset.TOURNAMENT, True, "points", 20, "points"),
        (Preset.ARCADE, True, "coins", 10, "coins"),
        (Preset.TAIWAN, False, "none", 100, "points"),
        (Preset.ARCADE, False, "none", 10, "coins"),
    ],
)
def test_money_style_is_the_one_place_the_screens_read_money_from(preset, scored, currency, worth, worth_in):
    t = Table(cfg(preset, scored=scored, stake=10))
    style = t.totals.money_style
    assert t.totals.currency == style.currency == currency and style.counted is scored
    assert style.unit_worth == worth and style.worth_in == worth_in
