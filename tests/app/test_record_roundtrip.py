"""A deal is plain data: every stored record reads back as the same deal, and a stored session comes back
as the same table (issue 12: round trips over thousands of seeded deals and every preset in the soak tier, a
few sessions of each preset every day)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace

import pytest

from app.config import TableConfig
from app.game.journal import Journal
from app.game.record import DealRecord, RecordError, stored_code
from app.game.resume import restore_table
from app.store.database import Status, open_history
from rules.presets import Preset
from tests.tiers import sized

from .history_helpers import play_random_deal, play_session

SESSION = 15  # deals a session


@pytest.mark.parametrize("preset", list(Preset))
@sized("sessions", 2, 40)  # 30 deals a preset every day, 600 in the soak tier
def test_every_record_reads_back_exactly(preset: Preset, sessions: int) -> None:
    seen = 0
    for seed in range(sessions):
        table = play_session(preset, 1000 + seed, SESSION)
        for rec in table.history:
            data = json.loads(json.dumps(rec.to_dict()))  # through JSON, as the history stores it
            again = DealRecord.from_dict(data)
            assert again.to_dict() == data
            assert stored_code(data) == again.code is not None  # the export's code, read from the fields alone
            assert again.result == rec.result and again.decisions == rec.decisions
            assert again.to_deal() == rec.to_deal()
            seen += 1
    assert seen >= sessions * SESSION * 0.8  # tournaments and arcade sessions may end early


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.ARCADE, Preset.BACKROW])
def test_every_joker_record_reads_back_exactly(preset: Preset) -> None:
    # The joker (rules/RULES.md §20): its turned-up card and JK in the hands, decisions and result round-trip.
    from app.game import Table
    from rules.cards import JOKER

    from .harness import config

    seen = 0
    for seed in range(6):
        cfg = config(preset, 2000 + seed)
        table = Table(replace(cfg, options=replace(cfg.options, joker=True)))
        rng = random.Random(seed)
        for _ in range(15):
            if table.outcome.reason() is not None:
                break
            play_random_deal(table, rng)
        for rec in table.history:
            data = json.loads(json.dumps(rec.to_dict()))
            assert data["turned"] == str(rec.turned) and any("JK" in h for h in data["hands"].values())
            again = DealRecord.from_dict(data)
            assert again.to_dict() == data and again.turned == rec.turned
            assert stored_code(data) == again.code is not None and again.code.joker
            assert again.result == rec.result and again.decisions == rec.decisions
            assert again.to_deal() == rec.to_deal()
            assert any(JOKER in d.cards for d in again.decisions.values())
            seen += 1
    assert seen >= 60


def test_config_reads_back() -> None:
    for preset in Preset:
        config = TableConfig.quick(preset)
        assert TableConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config
        if preset.arranged:  # the joker is a table option (rules/RULES.md §20) and is kept too
            joker = replace(config, options=replace(config.options, joker=True))
            assert TableConfig.from_dict(json.loads(json.dumps(joker.to_dict()))) == joker


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["result"]["totals"].__setitem__(0, d["result"]["totals"][0] + 1), "rules score"),
        (lambda d: d.__setitem__("key", d["key"] + 1), "is not the one key"),
        (lambda d: (d.pop("key"), d.__setitem__("seed", d["seed"] + 1)), "is not the one seed"),
        (lambda d: d["decisions"].pop("1"), "every seat"),
        (lambda d: d.__setitem__("seats", [0, 0, 1, 2]), "distinct"),
        (lambda d: d.__setitem__("rules", "poker"), "rules: must be one of"),
        (lambda d: d.__setitem__("seconds", -3), "seconds"),
        (lambda d: d["decided_by"].__setitem__("0", "robot"), "robot"),
        (lambda d: d.__setitem__("units", [1, 0, 0, -1]), "seat by seat"),
    ],
)
def test_a_tampered_record_is_refused_with_a_reason(change, words: str) -> None:
    table = play_session(Preset.TAIWAN, 5, 1)
    data = copy.deepcopy(table.history[0].to_dict())
    change(data)
    with pytest.raises(RecordError, match=words):
        DealRecord.from_dict(data)


@pytest.mark.parametrize("preset", list(Preset))
def test_a_stored_session_comes_back_as_the_same_table(tmp_path, preset: Preset) -> None:
    history = open_history(tmp_path / "h.sqlite3").history
    assert history is not None
    table = play_session(preset, 77, 9, Journal(history))
    table.progress.keep()  # back to the menu: the session kept for Continue
    row = history.resumable()
    assert row is not None and row.status is Status.OPEN and row.deals == len(table.history)
    again = restore_table(row, history.session_deals(row.id), history)
    assert again.saving.save() == table.saving.save()
    assert again.outcome.start_money == table.outcome.start_money and again.number == table.number
    # The next deal is the one the first table would have dealt, and it is recorded into the same session.
    table.phase = again.phase
    table.outcome.ended = None
    if table.outcome.reason() is None:
        rec = play_random_deal(again, random.Random(1))
        first = table.start_deal()
        assert rec.hands == first.hands and rec.number == first.number
        assert history.session(row.id).deals == row.deals + 1  # type: ignore[union-attr]
