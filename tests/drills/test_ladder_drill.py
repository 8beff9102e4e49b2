"""*Which hand is higher?* (app/game/drills/ladder_drill.py): every level's questions are as close a call as it says,
their answers agree with rules.ladder read again from the shown cards alone, the built hands reach every
pattern and every tie-break, and the explanations read in every language without a missing value."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from app.game.drills import LEVELS, Drill, DrillRun, make_question
from app.game.drills.ladder_drill import build, ladder_question, level_of
from app.i18n import LANGUAGES, Translator
from app.view.drill import answer_text, choice_label, why_text
from rules.cards import parse_cards
from rules.ladder import DecidedBy, Pattern, compare_ladder, decided_by, ladder_hand
from rules.presets import Preset
from tests.tiers import sized

# Questions a level: every level meets all it is checked for within its first 15, so 100 every day; 400 in soak.
ITEMS = sized("items", 100, 400)


def _hands(q):
    return parse_cards(q.show["a"], 13), parse_cards(q.show["b"], 13)


@pytest.mark.parametrize("level", range(LEVELS))
@ITEMS
def test_each_level_is_as_close_as_it_says_and_the_answer_is_the_ladders(level: int, items: int) -> None:
    rng = random.Random(100 + level)
    answers: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    for _ in range(items):
        q = ladder_question(rng, level)
        a, b = _hands(q)
        assert not set(a) & set(b)  # dealt from one deck
        r = compare_ladder(a, b)
        assert q.correct == {"left" if r > 0 else "right" if r < 0 else "equal"}
        assert q.choices == ("left", "right", "equal") and q.drill is Drill.LADDER and q.level == level
        x, y = ladder_hand(a), ladder_hand(b)
        gap = abs(x.tier - y.tier)
        assert level_of(a, b) == level
        if level == 0:
            assert gap >= 3
        elif level == 1:
            assert 1 <= gap <= 2
        else:
            assert gap == 0  # levels 2-4 are same-tier questions
        if level == 4:
            assert decided_by(x, y) in (DecidedBy.SINGLES, DecidedBy.EQUAL)
        # The explanation names the two hands' own patterns and what decided.
        assert (q.why.key, q.why.values["left"], q.why.values["right"]) == ("ladder", x.pattern.id, y.pattern.id)
        answers[next(iter(q.correct))] += 1
        decided[q.why.values["decided"]] += 1
    assert answers["left"] and answers["right"]
    if level >= 2:
        assert answers["equal"] or level == 3  # a level-3 question is never a tie (two quads or trips differ)
    expected = {
        0: {"tier"},
        1: {"tier"},
        2: {"same_tier", "top_card", "four_kind", "trips", "pairs"},
        3: {"four_kind", "trips", "pairs"},
        4: {"singles", "equal_top", "equal_pairs"},
    }[level]
    assert set(decided) == expected


@sized("items", 60, 300)  # both kinds are met within the first 10
def test_level_three_asks_rule_fives_example(items: int) -> None:
    # The higher four (or trips) against more of them: the one with more is the lower hand.
    rng = random.Random(5)
    seen = set()
    for _ in range(items):
        q = ladder_question(rng, 3)
        a, b = _hands(q)
        if q.why.values["decided"] in ("four_kind", "trips"):
            n = 4 if q.why.values["decided"] == "four_kind" else 3
            groups = [sum(1 for k in Counter(c.rank for c in h).values() if k == n) for h in (a, b)]
            winner = 0 if q.correct == {"left"} else 1
            assert groups[1 - winner] > groups[winner]
            seen.add(n)
    assert seen == {3, 4}


def test_the_built_hands_reach_every_pattern() -> None:
    rng = random.Random(2)
    for pattern in Pattern:
        made = Counter()
        for _ in range(200):
            cards = build(pattern, set(range(52)), rng)
            if cards is not None and len(set(cards)) == 13:
                made[ladder_hand(cards).pattern] += 1
        assert made[pattern] >= 50, (pattern, made)  # built to order: most attempts make it


@sized("items", 150, 600)  # every pattern is shown within the first 30
def test_the_questions_show_every_pattern(items: int) -> None:
    rng = random.Random(9)
    seen = set()
    for i in range(items):
        q = ladder_question(rng, i % 2)
        seen |= {ladder_hand(h).pattern for h in _hands(q)}
    assert seen == set(Pattern)


def test_the_ladder_does_not_depend_on_the_preset() -> None:
    qs = [make_question(Drill.LADDER, random.Random(4), 2, preset) for preset in Preset]
    assert all(q.show == qs[0].show and q.correct == qs[0].correct for q in qs)
    run = DrillRun(Drill.LADDER, Preset.ARCADE, items=3, seed=8)
    q = run.ask()
    assert q.drill is Drill.LADDER
    assert run.answer(next(iter(q.correct))).right


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_explanations_read_in_every_language(lang: str) -> None:
    t = Translator(lang)
    rng = random.Random(21)
    for i in range(200):
        q = ladder_question(rng, i % LEVELS)
        words = why_text(t, q)
        for text in (words, answer_text(t, q), *(choice_label(t, q, c) for c in q.choices)):
            assert text and "{" not in text and "drills." not in text and "ladder." not in text, text
        for side in ("left", "right"):
            assert t(f"ladder.pattern.{q.why.values[side]}") in words
        if q.why.values["decided"] in ("top_card", "four_kind", "trips"):
            assert q.why.values["a"] in words and q.why.values["b"] in words


def test_the_pattern_names_are_the_rules_names() -> None:
    en, tw = Translator("en"), Translator("zh-TW")
    for p in Pattern:
        assert en(f"ladder.pattern.{p.id}") == f"{p.en} {p.zh}"
        assert tw(f"ladder.pattern.{p.id}") == f"{p.zh} {p.en}"
        assert tw(f"ladder.short.{p.id}") == p.zh and en(f"ladder.short.{p.id}") == p.en


#: The patterns as the mainland names them (zh-CN), simplified and not a copy of the traditional names.
MAINLAND = {
    Pattern.ONE_RED: "全黑一张红",
    Pattern.ONE_BLACK: "全红一张黑",
    Pattern.DRAGON: "一条龙",
    Pattern.FIVE_PAIRS_TRIPS: "五对三条",
    Pattern.ALL_BIG: "全大",
    Pattern.ALL_SMALL: "全小",
    Pattern.SIX_PAIRS: "六对半",
    Pattern.HALF_BIG: "半大",
    Pattern.HALF_SMALL: "半小",
    Pattern.THREE_STRAIGHTS: "三顺子",
    Pattern.THREE_FLUSHES: "三同花",
    Pattern.STRAIGHT_FLUSH: "同花顺",
    Pattern.FOUR_KIND: "铁支",
    Pattern.TRIPS: "三条",
    Pattern.PAIRS: "对子",
}


def test_the_mainland_pattern_names() -> None:
    cn = Translator("zh-CN")
    for p, name in MAINLAND.items():
        assert cn(f"ladder.short.{p.id}") == name and cn(f"ladder.pattern.{p.id}") == f"{name} {p.en}"
    assert "炸弹" in cn("ladder.about.four_kind")
