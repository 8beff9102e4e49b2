"""What the player may do (app.game.verdict, ArrangeState.verdict) and the protocol enums of app.game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ai import Level
from app.config import TableConfig
from app.game import (
    Action,
    Allowed,
    ArrangeState,
    Phase,
    Purpose,
    StepKind,
    Table,
    Timeout,
    verdict,
)
from rules.arrangement import Row
from rules.cards import parse_cards
from rules.presets import Preset
from rules.specials import Special
from tests.app.harness import suggested

HAND = parse_cards("As Ks Qs Js Ts 9h 9d 5c 5d 4h 3h 2h 2c")
DRAGON = parse_cards("As Kd Qh Jc Ts 9s 8d 7h 6c 5s 4d 3h 2c")


def table(preset: Preset = Preset.TAIWAN, **kw: object) -> Table:
    return Table(TableConfig(preset=preset, options=preset.default_options, seed=5, levels=(Level.EASY,) * 3, **kw))


def test_a_fresh_hand_allows_moving_and_placing_but_not_ready_or_unplacing() -> None:
    st = ArrangeState.new(HAND)
    assert st.verdict(Action.MOVE).allowed is Allowed.ALLOWED and st.verdict(Action.SELECT).allowed is Allowed.ALLOWED
    assert st.verdict(Action.PLACE, Row.FRONT).allowed is Allowed.ALLOWED
    assert st.verdict(Action.PLACE).allowed is Allowed.GREYED  # PLACE needs its row
    assert st.verdict(Action.UNPLACE).allowed is Allowed.GREYED and st.verdict(Action.CLEAR).allowed is Allowed.GREYED
    assert st.verdict(Action.READY).allowed is Allowed.GREYED
    assert st.verdict(Action.AUTO).allowed is Allowed.ALLOWED and st.verdict(Action.HINT).allowed is Allowed.ALLOWED
    full = st.place(Row.FRONT).place(Row.FRONT).place(Row.FRONT)
    assert full.verdict(Action.PLACE, Row.FRONT).allowed is Allowed.GREYED
    assert full.verdict(Action.CLEAR).allowed is Allowed.ALLOWED


def test_clear_withdraws_a_declaration_except_a_dragons() -> None:
    six = replace(ArrangeState.new(HAND), specials=frozenset({Special.SIX_PAIRS})).declare(Special.SIX_PAIRS)
    assert six.can_return_all and six.verdict(Action.CLEAR).allowed is Allowed.ALLOWED
    assert six.return_all().declared is None
    dragon = ArrangeState.new(DRAGON, specials=frozenset({Special.DRAGON}))
    assert dragon.declared is Special.DRAGON  # always declared (rules/RULES.md §13.1)
    assert not dragon.can_return_all and dragon.verdict(Action.CLEAR).allowed is Allowed.GREYED
    assert dragon.return_all().declared is Special.DRAGON
    for action in (Action.SELECT, Action.UNPLACE, Action.AUTO, Action.HINT):
        assert dragon.verdict(action).allowed is Allowed.GREYED
    assert dragon.verdict(Action.READY).allowed is Allowed.ALLOWED


def test_the_table_hides_what_its_preset_or_phase_never_offers() -> None:
    t = table()
    assert verdict(t, Action.DOUBLE).allowed is Allowed.HIDDEN  # only arcade doubles
    assert verdict(t, Action.MOVE).allowed is Allowed.HIDDEN  # nothing dealt yet
    t.start_deal()
    assert verdict(t, Action.MOVE).allowed is Allowed.ALLOWED
    assert verdict(t, Action.DECLARE).allowed is (Allowed.ALLOWED if t.arrange.specials else Allowed.HIDDEN)
    assert verdict(t, Action.SKIP).allowed is Allowed.HIDDEN and verdict(t, Action.NEXT).allowed is Allowed.HIDDEN
    assert verdict(t, Action.TAKE).allowed is Allowed.HIDDEN
    t.apply(t.arrange.with_suggestions(suggested(t.asking.suggest_request())))
    t.ready()
    assert verdict(t, Action.MOVE).allowed is Allowed.GREYED  # ready: the keys stay, greyed
    t.decide_computers()
    assert t.phase is Phase.REVEALING  # scored by the last decision
    assert verdict(t, Action.SKIP).allowed is Allowed.ALLOWED and verdict(t, Action.NEXT).allowed is Allowed.GREYED
    assert verdict(t, Action.MOVE).allowed is Allowed.HIDDEN and verdict(t, Action.RESULTS).allowed is Allowed.HIDDEN
    t.reveal.finish()
    assert verdict(t, Action.NEXT).allowed is Allowed.ALLOWED and verdict(t, Action.RESULTS).allowed is Allowed.ALLOWED


def test_watching_offers_taking_a_seat() -> None:
    t = table(Preset.ARCADE, watch=True)
    t.start_deal()
    assert verdict(t, Action.TAKE).allowed is Allowed.ALLOWED and verdict(t, Action.MOVE).allowed is Allowed.HIDDEN
    t.outcome.end("left")  # type: ignore[arg-type]  # the screen still passes the plain string
    assert verdict(t, Action.TAKE).allowed is Allowed.GREYED


def test_timeouts_and_requests_name_their_purpose() -> None:
    t = table(time_limit=30, takeover=False)
    t.start_deal()
    assert t.countdown.on_timeout().host and t.countdown.handled is Timeout.HOST and t.countdown.awaiting_host
    (request,) = t.countdown.resolve(computer=True).requests
    assert request is not None and request.purpose is Purpose.TAKEOVER and t.countdown.handled is Timeout.TAKEOVER
    assert all(r.purpose is Purpose.DECIDE for r in t.asking.computer_requests())


@pytest.mark.parametrize(
    "member, text",
    [(Purpose.SUGGEST, "suggest"), (Timeout.HOST, "host"), (StepKind.TOTALS, "totals"), (Action.PLACE, "place")],
)
def test_protocol_enums_compare_as_their_old_strings(member: str, text: str) -> None:
    assert member == text and f"{member}" == text


def test_phase_is_unchanged() -> None:
    assert [p.value for p in Phase] == [
        "dealing",
        "exchanging",
        "arranging",
        "revealing",
        "results",
        "round_summary",
        "over",
    ]


def test_hint_is_greyed_once_all_13_are_placed_and_declare_is_not_offered_without_a_special() -> None:
    # Issue 10 #8: `h` with all 13 placed and `b` with no special did nothing and said nothing.
    st = ArrangeState.new(HAND)
    full = replace(st, rows=(tuple(st.hand[:3]), tuple(st.hand[3:8]), tuple(st.hand[8:])))
    assert full.complete and full.verdict(Action.HINT).allowed is Allowed.GREYED
    assert st.verdict(Action.HINT).allowed is Allowed.ALLOWED
