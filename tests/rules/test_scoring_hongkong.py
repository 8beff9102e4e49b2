"""The `hongkong` preset (rules/RULES.md §16): S5's row payouts, 報到, rule seven, and no sweep bonus."""

from __future__ import annotations

import itertools

import pytest

from rules.deal import DealError
from rules.presets import Options, Preset, TieRule
from rules.scoring import deal_from_document, score
from rules.specials import Special

from .helpers import BONUS_DUELS, LADDER, SPECIAL_HANDS, declared, duel, hand, hands, pair_items, player

HK = Preset.HONGKONG
SEVEN = Options(rule_seven=True)


def test_defaults() -> None:
    assert HK.default_options == Options()
    assert HK.banker_by_default
    assert HK.specials == {
        Special.THREE_STRAIGHTS,
        Special.THREE_FLUSHES,
        Special.SIX_PAIRS,
        Special.ALL_BIG,
        Special.ALL_SMALL,
        Special.DRAGON,
        Special.SUITED_DRAGON,
    }


@pytest.mark.parametrize("outcomes", ["".join(p) for p in itertools.product("WTL", repeat=3)])
def test_plain_rows_pay_one_each_and_nothing_more(outcomes: str) -> None:
    expected = outcomes.count("W") - outcomes.count("L")
    assert score(duel(outcomes), HK).totals == (expected, -expected)


# One case per row of the 赔率 table: 三条摆头 3, 夫佬摆二道 2, 四条 尾 4 / 二道 8, 同花顺 尾 5 / 二道 10.
@pytest.mark.parametrize(
    ("case", "items"),
    [
        ("rush_three", {"front": 3, "middle": 1, "back": 1}),
        ("two_houses_pair", {"front": 1, "middle": 2, "back": 1}),  # a full house in the back pays 1
        ("back_quads", {"front": 1, "middle": 1, "back": 4}),
        ("two_quads", {"front": 1, "middle": 8, "back": 4}),
        ("back_straight_flush", {"front": 1, "middle": 1, "back": 5}),
        ("two_straight_flushes", {"front": 1, "middle": 10, "back": 5}),
    ],
)
def test_the_payout_table(case: str, items: dict[str, int]) -> None:
    a, b = BONUS_DUELS[case]
    result = score(hands(a, b), HK)
    assert pair_items(result, 0, 1) == items
    assert score(hands(a, b), HK, SEVEN).totals == result.totals  # rule seven keeps the same rows
    assert score(hands(b, a), HK).totals == tuple(-t for t in result.totals)


def test_no_sweep_bonus_and_no_home_run() -> None:
    assert score(hands(*LADDER), HK).totals == (9, 3, -3, -9)


def test_a_foul_pays_every_row_at_the_winners_worth() -> None:
    a, _ = BONUS_DUELS["rush_three"]
    fouled = hand("As Ah 2d", "3s 4h 6d 8c 9s", "Kc Jc Jd 7c 5s")
    assert score([hand(*a), fouled], HK).totals == (5, -5)


@pytest.mark.parametrize(
    "special", [Special.THREE_STRAIGHTS, Special.THREE_FLUSHES, Special.SIX_PAIRS, Special.ALL_BIG, Special.ALL_SMALL]
)
def test_a_report_wins_3_and_4_under_rule_seven(special: Special) -> None:
    decl = declared(SPECIAL_HANDS[special], special)
    other = _filler(decl)
    assert score([decl, other], HK).totals == (3, -3)
    assert score([decl, other], HK, SEVEN).totals == (4, -4)


@pytest.mark.parametrize("special", [Special.DRAGON, Special.SUITED_DRAGON])
def test_a_dragon_wins_13_and_7_under_rule_seven(special: Special) -> None:
    decl = declared(SPECIAL_HANDS[special], special)
    other = _filler(decl)
    assert score([other, decl], HK).totals == (-13, 13)
    assert score([other, decl], HK, SEVEN).totals == (-7, 7)


def test_both_declare_the_banker_pays_the_player() -> None:
    six = declared(SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS)
    flushes = declared("2c 3c 4c 2d 3d 5d 7d 9d 4d 6d 8d Td Jd", Special.THREE_FLUSHES)
    assert score([six, flushes], HK).totals == (0, 0)  # no banker: two reports tie
    assert score([six, flushes], HK, banker=0).totals == (-3, 3)  # the banker (0) pays the player
    assert score([six, flushes], HK, banker=1).totals == (3, -3)


def test_not_every_special_is_a_report() -> None:
    with pytest.raises(DealError, match="not a special hand in hongkong"):
        score([declared(SPECIAL_HANDS[Special.FOUR_TRIPS], Special.FOUR_TRIPS), *duel("WWW")[1:]], HK)


def test_the_score_document_reads_hongkong_banker_and_stakes() -> None:
    a, b = BONUS_DUELS["rush_three"]
    doc = {
        "rules": "hongkong",
        "options": {"rule_seven": True, "ties": "top_card"},
        "banker": 1,
        "stakes": [3, 1],
        "players": [player(*a), player(*b)],
    }
    deal = deal_from_document(doc)
    assert deal.banker == 1 and deal.stakes == (3, 1) and deal.options.ties is TieRule.TOP_CARD
    with pytest.raises(ValueError, match="'ties' must be one of"):
        deal_from_document({**doc, "options": {"ties": "coin"}})


def _filler(decl):
    from rules.deal import Decision

    from .helpers import greedy_arrangement

    used = {int(c) for c in decl.cards}
    rest = [c for c in range(52) if c not in used][:13]
    return Decision.arranged(greedy_arrangement(rest))
