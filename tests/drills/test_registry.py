"""Every quiz drill is registered whole (app/game/drills/registry.py): a spec, its words in every language, a
question that its layout draws and whose choices all read. A drill added to the enum and not registered fails
here, rather than quietly asking another drill's question in another drill's layout."""

from __future__ import annotations

import random

import pytest

from app.game.drills import DRILLS, Drill, answer_keys, make_question, spec
from app.i18n import LANGUAGES, Translator, load_strings
from app.view.cards import CardLook
from app.view.drill import choice_label, prompt_text, question_lines
from rules.presets import Preset


def test_every_drill_has_a_spec() -> None:
    assert set(DRILLS) == set(Drill)
    for drill in Drill:
        assert spec(drill) is DRILLS[drill]


def test_a_key_answers_with_one_choice_in_every_drill_and_says_so_in_every_language() -> None:
    # The drill screen binds each key once, its Footer words read from the choice it answers with.
    by_key: dict[str, set[str]] = {}
    for one in DRILLS.values():
        assert len({k.key for k in one.keys}) == len(one.keys)
        for k in one.keys:
            by_key.setdefault(k.key, set()).add(k.choice)
    assert all(len(choices) == 1 for choices in by_key.values()), by_key
    assert {k.key for k in answer_keys()} == set(by_key)
    for lang in LANGUAGES:
        strings = load_strings(lang)
        assert all(f"drills.key.{k.choice}" in strings for k in answer_keys()), lang


def test_an_unregistered_drill_has_no_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(DRILLS, Drill.NAME)
    with pytest.raises(KeyError):
        make_question(Drill.NAME, random.Random(1), 1, Preset.TAIWAN)


# What to pass? prices its question with the AI (some 2 s): in soak; every day its question is asked, drawn and
# answered on screen by tests/app/test_snapshots_practice.py.
@pytest.mark.parametrize(
    "drill",
    [pytest.param(d, marks=pytest.mark.soak) if spec(d).slow else d for d in Drill],
    ids=[d.value for d in Drill],
)
def test_each_drill_asks_draws_and_reads_in_every_language(drill: Drill) -> None:
    q = make_question(drill, random.Random(7), 1, Preset.TAIWAN)
    assert q.drill is drill
    assert {k.choice for k in spec(drill).keys} <= set(q.choices)
    for lang in LANGUAGES:
        t, strings = Translator(lang), load_strings(lang)
        assert f"drills.drill.{drill.value}" in strings and f"drills.prompt.{drill.value}" in strings
        prompt = prompt_text(t, q)
        assert prompt and "drills." not in prompt and "{" not in prompt
        assert question_lines(t, q, CardLook())
        labels = [choice_label(t, q, c) for c in q.choices]
        assert all(label and not label.startswith(("drills.", "common.", "rankings.")) for label in labels), labels
