"""No silent key at the table (issue 30, item 6): every key that cannot act says why in the message line, and the
Footer shows only keys that act now or explain (the current step's keys greyed, the rest hidden).

The unit tests walk every key of the table over the phases a player meets (arranging, a foul, READY pressed, the
exchange before and after passing, the reveal, the results, watching, the ladder, a banker table, a drill); the
Pilot tests press the keys the issue names and read the message line.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.actions import parse as parse_action
from textual.binding import Binding

from ai import Level
from app.game import Action, Allowed, ArrangeState, Phase, Table
from app.game.actions import verdict
from app.game.why import Availability, Why
from app.i18n import LANGUAGES, Translator
from app.screens.table.keys import TABLE_BINDINGS
from app.view.why import why_text
from rules.arrangement import Row
from rules.cards import parse_cards
from rules.presets import Preset
from tests.app.harness import Clock, config, make_app, settle, suggested, table_screen
from tests.tiers import long

# ------------------------------------------------------------------------------------------- the unit tests

SCREEN_ONLY = {"review", "pause_watch", "done", "help", "leave", "explain"}  # decided by the screen itself


def _table_actions() -> list[tuple[str, Action, Row | None]]:
    """Every table binding's key, action and row (the screen's own actions left out)."""
    out = []
    for b in TABLE_BINDINGS:
        assert isinstance(b, Binding)
        _, name, params = parse_action(b.action)
        if name in SCREEN_ONLY:
            continue
        act = Action(name)
        row = Row(int(params[0])) if act is Action.PLACE else None
        for key in b.key.split(","):
            out.append((key, act, row))
    return out


def _arranging(**kw) -> Table:
    t = Table(config(time_limit=0, **kw), now=Clock())
    t.start_deal()
    return t


def _exchanging(passed: bool = False) -> Table:
    t = Table(config(seed=3, exchange=1, levels=(Level.EASY,) * 3, time_limit=0), now=Clock())
    t.deal()
    assert t.phase is Phase.EXCHANGING
    if passed:
        st = t.arrange
        for _ in range(3):
            st = st.toggle_select().move(1)
        t.apply(st)
        t.exchange.give()
    return t


def _played(finish: bool) -> Table:
    t = _arranging()
    t.decide_computers()
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    if finish:
        t.reveal.finish()
    return t


def _ready_pressed() -> Table:
    t = Table(config(time_limit=0), now=Clock())
    t.start_deal()
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()  # the computers have not decided: the table waits
    assert t.phase is Phase.ARRANGING and t.human_ready
    return t


def _foul() -> Table:
    t = _arranging()
    st = t.arrange
    best = suggested(t.asking.suggest_request())[0].decision.arrangement
    f, m, b = (tuple(best.rows[r]) for r in Row)
    # The suggestion's rows out of order, the first way round that fouls (which does depends on the hand).
    for rows in ((f, b, m), (b[:3], f + b[3:], m), (m[:3], f + m[3:], b), (b[:3], m, f + b[3:])):
        fouled = replace(st, rows=rows)
        if fouled.fouls():
            t.apply(fouled)
            return t
    raise AssertionError("no layout of the suggestion's rows fouls")


TABLES = {
    "arranging": _arranging,
    "foul": _foul,
    "ready pressed": _ready_pressed,
    "exchange": _exchanging,
    "exchange passed": lambda: _exchanging(passed=True),
    "revealing": lambda: _played(finish=False),
    "results": lambda: _played(finish=True),
    "watching": lambda: _arranging(watch=True),
    "ladder": lambda: _arranging(preset=Preset.LADDER),
    "arcade": lambda: _arranging(preset=Preset.ARCADE),
    "banker": lambda: _arranging(preset=Preset.HONGKONG, banker=True),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_every_key_acts_or_says_why_in_every_phase(name):
    table = TABLES[name]()
    t = Translator("en")
    for key, act, row in _table_actions():
        v = verdict(table, act, row)
        if v.acts:
            assert v.why is None, (name, key, act)
            continue
        assert v.why is not None, (name, key, act)  # greyed or hidden, never silent
        text = why_text(t, key, "", v)
        assert text and "{" not in text, (name, key, text)


@pytest.mark.parametrize("why", list(Why))
def test_every_reason_has_words_in_every_language(why):
    for lang in LANGUAGES:
        t = Translator(lang)
        text = why_text(t, "⏎", t("table.key.ready"), Availability(Allowed.GREYED, why, n=4, m=2, row=Row.BACK))
        assert text.startswith("⏎ ") and "{" not in text and f"table.why.{why.value}" not in text, (lang, why)


def test_the_reasons_the_issue_names():
    t = Translator("en")
    fresh = _arranging()
    words = {
        k: why_text(t, k, d, verdict(fresh, a, r))
        for k, a, r, d in [
            ("⏎", Action.READY, None, "Ready"),
            ("b", Action.DECLARE, None, "Declare"),
            ("0", Action.UNPLACE, None, "Return"),
        ]
    }
    assert words["⏎"] == "⏎ Ready: place all 13 cards first (13 left)."
    if not fresh.arrange.specials:
        assert words["b"] == "b Declare: your cards make no special hand to declare (報到)."
    assert words["0"].startswith("0 Return: nothing is placed yet")
    st = fresh.arrange.place(Row.BACK)  # one card placed; the cursor stays in the hand
    fresh.apply(st)
    assert verdict(fresh, Action.READY).n == 12
    assert verdict(fresh, Action.UNPLACE).why is Why.IN_HAND
    assert verdict(_foul(), Action.READY).why is Why.FOUL


def test_the_footer_rule_greyed_for_this_step_hidden_for_another_phase():
    fresh, results = _arranging(), _played(finish=True)
    assert verdict(fresh, Action.READY).allowed is Allowed.GREYED  # this step's key, not yet
    assert verdict(fresh, Action.NEXT).allowed is Allowed.HIDDEN  # another phase's
    assert verdict(fresh, Action.DOUBLE).allowed is Allowed.HIDDEN  # another table's
    assert verdict(results, Action.PLACE, Row.FRONT).why is Why.DEAL_OVER
    passed = _exchanging(passed=True)
    assert verdict(passed, Action.PASS).why is Why.PASSED
    assert verdict(_exchanging(), Action.PASS).why is Why.SELECT_THREE


def test_a_row_that_is_full_and_a_row_with_too_little_room():
    st = ArrangeState.new(parse_cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2d"))
    for _ in range(3):
        st = st.place(Row.FRONT)
    v = st.verdict(Action.PLACE, Row.FRONT)
    assert (v.why, v.row) == (Why.ROW_FULL, Row.FRONT)
    for _ in range(4):
        st = st.place(Row.MIDDLE)
    st = st.toggle_select().move(1).toggle_select()  # two chosen, one slot left in the middle
    v = st.verdict(Action.PLACE, Row.MIDDLE)
    assert (v.why, v.n, v.m, v.row) == (Why.ROW_ROOM, 1, 2, Row.MIDDLE)
    words = why_text(Translator("en"), "2", "Middle", v)
    assert words == "2 Middle: the Middle row has room for 1 more and 2 are chosen."


# ------------------------------------------------------------------------------------------- the Pilot tests


def _footer(screen) -> dict[str, bool]:
    return {k: b.enabled for k, b in screen.active_bindings.items() if b.binding.show}


async def test_keys_that_cannot_act_say_why_and_the_footer_hides_the_coach_while_arranging():
    app = make_app(config(), clock=Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert "c" not in _footer(screen)  # the coach is another phase's key: hidden, not advertised
        assert _footer(screen)["enter"] is False  # READY: this step's key, greyed
        said = {}
        for key in ("enter", "0", "c", "d", "w", "t", "p", "n", "x"):
            await pilot.press(key)
            await pilot.pause()
            said[key] = screen.view.message_line()
        assert said["enter"] == ("⏎ Ready: place all 13 cards first (13 left).", "warning")
        assert said["c"][0] == "c Coach: only once this deal is scored, after the reveal."
        assert said["n"][0].startswith("n Next deal: only once this deal is scored")
        assert said["d"][0].startswith("d Double: doubles (賭倍) are an arcade rule")
        assert said["w"][0].startswith("w Stake:") and said["t"][0].startswith("t Take seat:")
        assert said["p"][0].startswith("p Pause:") and said["x"][0].startswith("x Clear: nothing is placed")
        assert all(kind == "warning" and text for text, kind in said.values())
        await pilot.press("3")  # a move that acts clears the reason
        await pilot.pause()
        assert screen.view.message_line()[0] == ""
        await pilot.press("0")  # the cursor is in the hand: 0 has nothing there to return
        await pilot.pause()
        assert screen.view.message_line()[0].startswith("0 Return: the cursor is in the hand")


async def test_after_the_reveal_the_arranging_keys_say_the_deal_is_over_and_the_coach_is_shown():
    app = make_app(config(), clock=Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.table.phase is Phase.RESULTS
        assert _footer(screen)["c"] is True and "1" not in _footer(screen)
        await pilot.press("1")
        await pilot.pause()
        assert screen.view.message_line()[0] == "1 Front: this deal is over; n deals the next one."


async def test_a_click_on_a_full_row_says_why():
    from app.widgets.table_widgets import RowClicked

    app = make_app(config(), clock=Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        for _ in range(5):
            await pilot.press("3")
        await pilot.pause()
        screen.post_message(RowClicked(Row.BACK))
        await pilot.pause()
        assert screen.view.message_line()[0].startswith("3 Back: the Back row is full (5 cards)")


@long("tests/app/test_table_keys.py::test_every_reason_has_words_in_every_language")
async def test_zh_tw_says_why_in_chinese():
    app = make_app(config(), lang="zh-TW", clock=Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.message_line()[0] == "⏎ 完成：先把 13 張都擺好（還剩 13 張）。"


async def test_a_key_the_table_does_not_bind_says_so():
    app = make_app(config(), clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        for key, shown in (("7", "7"), ("A", "A")):  # a digit with no row, a capital with caps lock on
            await pilot.press(key)
            await pilot.pause()
            assert screen.view.message_line() == (f"{shown} is not a key at the table; ? shows every key.", "warning")
        await pilot.press("a")  # the bound key still acts
        await settle(pilot)
        assert screen.table.arrange.complete
