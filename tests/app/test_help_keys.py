"""The `?` screen lists the keys the table has, as the table's verdict reads them (one reading: which keys a table
has at all, app.game.actions.absent): the watching keys only when watching, 賭倍 only at an arcade table without a
bank, the stake only in a banker game, the pass only with 換三張, no arranging keys for a watcher or in the pattern
ladder, no helpers at a drill."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from textual.actions import parse as parse_action

from ai import Level
from app.game import Phase, Table
from app.game.why import Allowed, Availability, Why
from app.i18n import Translator
from app.screens.table.keys import TABLE_KEYS, Keys, help_lines
from rules.presets import Preset
from tests.app.harness import Clock, config, suggested

T = Translator("en")

#: The verdict's reasons that say a key is no key of this table, whatever its phase.
NOT_AT_THIS_TABLE = frozenset(
    {
        Why.NO_DOUBLE,
        Why.NO_STAKE,
        Why.NO_EXCHANGE,
        Why.NO_HELPERS,
        Why.NOT_WATCHING,
        Why.NO_PAUSE,
        Why.WATCHING,  # a watcher's seat has no cards
        Why.LADDER,  # the pattern ladder's hands are read as dealt
    }
)


def _keys(table: Table) -> Keys:
    """The table screen's keys over ``table`` (a screen that is never too small, with the shipped keys)."""
    screen: Any = SimpleNamespace(table=table, keymap={}, is_too_small=lambda: False)
    return Keys(screen)


def _table(preset: Preset = Preset.TAIWAN, *, drill: bool = False, **kw: Any) -> Table:
    table = Table(
        config(preset, seed=3, time_limit=0, levels=(Level.EASY,) * 3, watch_level=Level.EASY, **kw), now=Clock()
    )
    if drill:
        table.helpers = False  # as the Arrange drill's table: no auto-arrange, no hints
    return table


def _each_phase(table: Table) -> list[dict[str, Availability]]:
    """The verdict of every help line's action at each phase of ``table``'s first deal a player meets: dealt
    (each round of 換三張 where it passes), arranging (and READY pressed), the reveal and the results."""
    keys = _keys(table)
    actions = {parse_action(k.action)[1]: parse_action(k.action)[2] for k in TABLE_KEYS if k.help}
    seen: list[dict[str, Availability]] = []

    def look() -> None:
        seen.append({name: keys.verdict(name, params) for name, params in actions.items()})

    look()
    table.start_deal()
    while table.phase is Phase.EXCHANGING:
        look()
        for request in table.exchange.requests():
            table.exchange.accept(request, tuple(request.hand[:3]))
        if table.phase is Phase.EXCHANGING and table.arrange is not None and table.human is not None:
            st = table.arrange
            for card in st.order[:3]:
                st = st.move_to(card).toggle_select()
            table.apply(st)
            table.exchange.give()
    look()
    if table.human is not None and table.arrange is not None:
        if table.preset.arranged:
            table.apply(table.arrange.with_suggestions(suggested(table.asking.suggest_request())))
        table.ready()
        look()
    table.decide_computers()
    look()
    table.reveal.finish()
    look()
    return seen


TABLES: dict[str, Callable[[], Table]] = {
    "taiwan": lambda: _table(),
    "arcade": lambda: _table(Preset.ARCADE),
    "arcade, banker": lambda: _table(Preset.ARCADE, banker=True),
    "banker": lambda: _table(Preset.HONGKONG, banker=True),
    "exchange": lambda: _table(exchange=2),
    "watching": lambda: _table(watch=True),
    "watching arcade, exchange": lambda: _table(Preset.ARCADE, watch=True, exchange=1),
    "ladder": lambda: _table(Preset.LADDER),
    "drill": lambda: _table(drill=True),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_the_help_lists_exactly_the_keys_the_verdict_has_at_this_table(name: str) -> None:
    """A help line is listed when one of its keys' verdict, in some phase of a deal, is anything but "not at this
    table"; a line none of whose keys the table ever has is left out. So the help and the keys' reasons cannot
    disagree about a table's keys."""
    table = TABLES[name]()
    listed = {text for _, text in _keys(table).help_lines()}
    phases = _each_phase(table)
    here = {
        a
        for seen in phases
        for a, v in seen.items()
        if v.allowed is not Allowed.HIDDEN or v.why not in NOT_AT_THIS_TABLE
    }
    has = {text for _, text, actions in help_lines() if not actions or here.intersection(actions)}
    assert listed == has


def listed(name: str) -> set[str]:
    return {text for _, text in _keys(TABLES[name]()).help_lines()}


def test_the_watching_keys_only_when_watching() -> None:
    take, pause, place = "table.help.take", "table.help.pause", "table.help.place"
    assert not {take, pause} & listed("taiwan") and place in listed("taiwan")
    assert {take, pause} <= listed("watching") and place not in listed("watching")


def test_each_tables_own_keys() -> None:
    double, stake, passing = "table.help.double", "table.help.stake", "table.help.pass_cards"
    assert double in listed("arcade") and double not in listed("taiwan")
    assert double not in listed("arcade, banker")  # no 賭倍 in a banker game
    assert stake in listed("banker") and stake not in listed("taiwan")
    assert passing in listed("exchange") and passing not in listed("taiwan")
    assert {"table.help.auto", "table.help.hint"} & listed("drill") == set()
    assert listed("ladder") & {"table.help.place", "table.help.move"} == set() and "table.help.ready" in listed(
        "ladder"
    )


def test_the_help_and_the_footer_read_one_list() -> None:
    """Every help line is a binding of the table's (no key listed twice, no table key without its binding), and
    every binding the Footer shows has its words."""
    from app.i18n import load_strings
    from app.screens.table.keys import TABLE_BINDINGS, TABLE_KEYS, help_lines

    strings = load_strings("en")
    assert [k.binding().action for k in TABLE_KEYS] == [b.action for b in TABLE_BINDINGS[: len(TABLE_KEYS)]]
    helped = {k.help for k in TABLE_KEYS if k.help}
    assert [line[1] for line in help_lines()] == [
        *dict.fromkeys(k.help for k in TABLE_KEYS if k.help),
        "table.help.palette",
        "table.help.quit",
    ]
    assert all(key in strings for key in helped | {k.label for k in TABLE_KEYS})


def test_every_key_names_what_does_its_work() -> None:
    """Each action of the table's keys has one route (keys sharing an action agree), to a method that exists on
    the screen or its part, and the screen has the action Textual looks up: a key added to TABLE_KEYS with a
    mistyped or missing part fails here, not in play."""
    from textual.actions import parse as parse_action

    from app.config import TableConfig
    from app.screens.table import TableScreen
    from app.screens.table.keys import TABLE_KEYS, key_routes

    routes: dict[str, set[str]] = {}
    for key in TABLE_KEYS:
        routes.setdefault(parse_action(key.action)[1], set()).add(key.does)
    assert all(len(does) == 1 for does in routes.values()), routes
    screen = TableScreen(TableConfig(seed=1))
    for action, route in key_routes().items():
        part, _, method = route.rpartition(".")
        assert callable(getattr(getattr(screen, part) if part else screen, method)), route
        assert callable(getattr(screen, f"action_{action}")), action
