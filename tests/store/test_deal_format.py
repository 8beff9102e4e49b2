"""One spec of a stored deal (app/store/deal_format.py), read by the record, the store and import alike: a record
of a random deal (any preset, table size, the joker, the banker, 換三張, watched or played, a hand the computer
finished) is written in the spec's fields only and reads back as itself, and a record with any one field
corrupted is refused with the one error of a row that does not read back (:class:`DamagedRow`), never another
exception."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import Level
from app.config import TableConfig
from app.game import record
from app.game.phase import Phase
from app.game.record import DealRecord, Decider
from app.game.table import Table
from app.store.deal_format import DEAL, FIELDS, LINE, Field, read_deal
from app.store.validate import DamagedRow, integer
from rules.exchange import Direction
from rules.presets import OptionError, Preset
from tests.app.history_helpers import random_decision
from tests.clock import Clock
from tests.tiers import examples

NAMES = [f.name for f in FIELDS]


def _table(draw: st.DrawFn) -> Table:
    """A table of a random preset and setting (a setting the host would refuse is drawn again)."""
    preset = draw(st.sampled_from(list(Preset)))
    options = preset.default_options
    extra: dict[str, Any] = {}
    if preset.arranged:
        options = replace(options, joker=draw(st.booleans()))
        extra["exchange"] = draw(st.sampled_from((0, 0, 1, 2)))
        extra["exchange_way"] = draw(st.sampled_from(list(Direction)))
    try:
        config = TableConfig(
            preset=preset,
            options=options,
            seed=draw(st.integers(0, 2**31 - 1)),
            time_limit=0,
            levels=(Level.EASY,) * 3,
            watch_level=Level.EASY,  # the computer's passes at every seat cheap: a deal in milliseconds
            players=draw(st.sampled_from((2, 3, 4))),
            watch=draw(st.booleans()),
            banker=draw(st.booleans()) if preset is not Preset.LADDER else False,
            **extra,
        )
        return Table(config, now=Clock(1000.0))
    except OptionError:
        draw(st.nothing())  # not a table the host makes: hypothesis draws another
        raise


def _play(table: Table, rng: random.Random) -> DealRecord:
    """The table's next deal: random passes (the player's the first three cards in hand) and decisions, scored."""
    rec = table.start_deal()
    while table.phase is Phase.EXCHANGING:
        for request in table.exchange.requests():  # the computers' passes: three cards at random (the AI is slow)
            table.exchange.accept(request, tuple(rng.sample(request.hand, 3)))
        if table.phase is Phase.EXCHANGING and table.arrange is not None and table.human is not None:
            state = table.arrange
            for card in state.order[:3]:
                state = state.move_to(card).toggle_select()
            table.apply(state)
            table.exchange.give()
    rounds = range(len(rec.passes))
    for seat in rec.seats:
        rec.decisions[seat] = random_decision(rec.hands[seat], rng, table.preset)
        rec.decided_by[seat] = Decider.level(table.seating.levels[seat])
    if rec.human is not None:  # who decided the player's hand and passes, and the seconds they took
        decider = rng.choice([Decider.PLAYER, Decider.PLAYER, Decider.TIMEOUT, Decider.TAKEOVER])
        rec.decided_by[rec.human] = decider
        rec.seconds = rng.uniform(1, 90) if decider is Decider.PLAYER else None
        rec.passed_for_human = tuple(k for k in rounds if rng.random() < 0.3)
        if decider is Decider.TAKEOVER:
            rec.passed_after_leaving = tuple(k for k in rounds if k not in rec.passed_for_human and rng.random() < 0.5)
        chosen = set(rec.passed_for_human) | set(rec.passed_after_leaving)
        rec.pass_seconds = tuple(None if k in chosen else rng.uniform(0, 30) for k in rounds)
    if table.preset is Preset.ARCADE and rec.banker is None:
        for seat in rec.seats:
            if rng.random() < 0.5:
                rec.doubles[seat] = rng.choice([s for s in rec.seats if s != seat])
    table.score()
    table.reveal.finish()
    return rec


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    """:meth:`DealRecord.to_dict` of a random deal (the first to third of its session), through JSON."""
    table = _table(draw)
    rng = random.Random(draw(st.integers(0, 2**32)))
    rec = _play(table, rng)
    for _ in range(draw(st.integers(0, 2))):
        if table.outcome.reason() is not None:
            break
        rec = _play(table, rng)
    return json.loads(json.dumps(rec.to_dict()))  # type: ignore[no-any-return]


# A value of the wrong type for every field of the spec (each field takes one JSON type, and null or not).
WRONG = {"number": "1", "seats": {"0": 0}, "hands": [], "computer_for_human": 1, "options": [], "players": 3.0}


def _wrong(name: str, value: Any) -> Any:
    """A value of another type than ``name`` takes (``value``: what the record holds, if anything)."""
    if name in WRONG:
        return WRONG[name]
    if isinstance(value, bool):
        return "yes"
    return True  # no other field is true or false: this is wrong for each


def _json() -> st.SearchStrategy[Any]:
    scalars = (
        st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=8)
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
        max_leaves=8,
    )


FAST = settings(
    max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def test_the_random_deals_write_every_field_of_the_spec() -> None:
    rng = random.Random(7)
    written: set[str] = set()
    joker = replace(Preset.TAIWAN.default_options, joker=True)
    tables = [
        TableConfig(preset=Preset.ARCADE, options=Preset.ARCADE.default_options),  # the cut, treasure, 賭倍, coins
        TableConfig(preset=Preset.TOURNAMENT, options=Preset.TOURNAMENT.default_options),  # the dealer
        TableConfig(preset=Preset.HONGKONG, options=Preset.HONGKONG.default_options, banker=True),  # bank, stakes
        TableConfig(options=joker, players=3, exchange=2),  # the joker, a smaller table, 換三張
    ]
    for config in tables:
        table = Table(replace(config, seed=5, time_limit=0, levels=(Level.EASY,) * 3), now=Clock(1000.0))
        for _ in range(12):
            if table.outcome.reason() is not None:
                break
            written |= set(_play(table, rng).to_dict())
    assert written == set(NAMES)


def test_the_record_writes_the_specs_fields_and_no_others() -> None:
    """The record's writers are the spec's fields, by name and in its order: the deal's format is written once,
    in FIELDS, and a field added there is written by the record (or fails here) rather than dropped."""
    assert list(record.WRITERS) == NAMES


def test_a_field_added_to_the_spec_without_a_writer_cannot_be_written(monkeypatch) -> None:
    rec = Table(TableConfig(seed=5, time_limit=0), now=Clock(1000.0)).start_deal()
    monkeypatch.setattr(record, "FIELDS", (*FIELDS, Field("new", integer(0, 1), "a field the record does not know")))
    try:
        rec.to_dict()
    except KeyError as exc:
        assert exc.args == ("new",)
    else:
        raise AssertionError("a field of the spec was left unwritten")


@FAST
@given(records())
def test_a_random_deals_record_keeps_to_the_spec_and_reads_back(data: dict[str, Any]) -> None:
    assert set(data) <= set(NAMES) and {f.name for f in FIELDS if f.required} <= set(data)
    assert list(data) == [name for name in NAMES if name in data]  # in the spec's order
    DEAL(data, "")  # the store's check of a stored row
    line = {"format": "chinese-poker-deal", "version": 1, "uid": "0" * 16, "played": 0.0, "mode": "table"}
    LINE({**line, "session": None, "retry_of": None, "deal": data, "review": None}, "")  # import's
    fields = read_deal(data)
    assert set(fields) == set(NAMES) and all(fields[k] == v for k, v in data.items())
    assert DealRecord.from_dict(data).to_dict() == data


@FAST
@given(records(), st.sampled_from(NAMES), st.data())
def test_any_field_of_another_type_is_the_one_error_naming_it(
    data: dict[str, Any], name: str, more: st.DataObject
) -> None:
    bad = {**data, name: _wrong(name, data.get(name))}
    try:
        DealRecord.from_dict(bad)
    except DamagedRow as exc:
        assert exc.field.split(".")[0].split("[")[0] == name, exc
    else:
        raise AssertionError(f"{name} = {bad[name]!r} was read")
    left = {k: v for k, v in data.items() if k != name}  # and a required field left out
    if any(f.name == name and f.required for f in FIELDS):
        try:
            DealRecord.from_dict(left)
        except DamagedRow as exc:
            assert exc.field == name and exc.reason == "is missing"
        else:
            raise AssertionError(f"a record without {name} was read")


@FAST
@given(records(), st.sampled_from(NAMES), st.data())
def test_any_value_in_any_field_reads_or_is_the_one_error(data: dict[str, Any], name: str, more: st.DataObject) -> None:
    value = more.draw(_json() | st.just(data.get(name)).map(_nudge))
    try:
        again = DealRecord.from_dict({**data, name: value})
    except DamagedRow:
        return
    assert again.to_dict() is not None  # what reads is a record that writes


def _nudge(value: Any) -> Any:
    """A value of the same type close to ``value`` (the seed plus one, a seat moved, a card changed...)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value[::-1]
    if isinstance(value, list):
        return value[::-1] + value[:1]
    return {str((int(k) + 1) % 4) if k.isdigit() else k: v for k, v in value.items()}
