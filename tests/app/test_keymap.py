"""The player's own keys (issue 40, item 16): the settings file's ``keys`` gives a table key other keys by its
binding id; the Footer, `?` and the key itself follow; an unknown id or a clash is left out and said."""

from __future__ import annotations

import re
from pathlib import Path

from app.screens.table import TableScreen
from app.screens.table.keys import TABLE_KEYS, help_lines, keymap_problems, table_keys
from app.settings import Settings
from app.widgets.textual_private import own_bindings

from .harness import config, make_app, settle

GUIDE = Path(__file__).resolve().parents[2] / "app" / "GUIDE.md"


def test_every_binding_id_is_documented_and_the_settings_read_them() -> None:
    listed = set(re.findall(r"`(table\.[a-z_]+)`", GUIDE.read_text(encoding="utf-8")))
    assert {key.id for key in TABLE_KEYS} <= listed
    settings, ignored = Settings.parse({"keys": {"table.hint": "f1", "table.clear": "delete, x"}})
    assert ignored == () and settings.keymap == {"table.hint": "f1", "table.clear": "delete, x"}
    assert Settings.parse(settings.to_dict())[0] == settings
    for bad in ({"table.hint": 3}, ["table.hint"], {"table.hint": "f1;rm"}):
        assert Settings.parse({"keys": bad})[0].keys == (), bad


def test_an_unknown_id_or_a_clash_is_left_out_and_the_rest_is_used() -> None:
    keymap = {"table.hint": "f1", "table.nope": "z", "table.sort": "a"}  # a is auto's
    assert keymap_problems(keymap) == [("unknown", "table.nope", "z"), ("clash", "table.sort", "a")]
    keys = {k.id: k.keys for k in table_keys(keymap)}
    assert keys["table.hint"] == "f1" and keys["table.sort"] == "s" and keys["table.auto"] == "a"
    assert ("f1", "table.help.hint", ("hint",)) in help_lines(table_keys(keymap))


async def test_a_remapped_key_acts_at_the_table_and_the_old_one_no_longer_does(monkeypatch) -> None:
    app = make_app(config(seed=4, time_limit=0))
    app.settings = Settings(keys=(("table.clear", "z"), ("table.nope", "q")))
    said: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **kw: said.append(str(message)))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert "z" in own_bindings(screen) and not any(b.action == "clear" for b in own_bindings(screen).get("x", ()))
        await pilot.press("space", "1")  # one card to the front
        await settle(pilot)
        assert screen.table.arrange is not None and screen.table.arrange.placed
        await pilot.press("x")
        await settle(pilot)
        assert screen.table.arrange.placed  # x is no longer clear
        await pilot.press("z")
        await settle(pilot)
        assert not screen.table.arrange.placed
    assert any("table.nope" in s for s in said)
