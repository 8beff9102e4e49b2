"""The `taiwan` preset (rules/RULES.md §5, §12, §13.5–13.7): the W/T/L table, 紅不讓, every 加賭 bonus and when it is
paid, dragons; and the `score` document's input checks (§13.13), read here under the default preset."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules.cards import CardError
from rules.deal import Deal, DealError, Decision, Outcome
from rules.evaluate import Wheel
from rules.presets import OptionError, Options, Preset
from rules.scoring import deal_from_document, score, score_deal
from rules.specials import Special

from .helpers import (
    BONUS_DUELS,
    LADDER,
    LADDER_RUSH,
    PLAIN_DRAGON,
    SPECIAL_HANDS,
    SUITED_DRAGON,
    declared,
    duel,
    hand,
    hands,
    pair_items,
    player,
    with_fillers,
)

TAIWAN = Preset.TAIWAN

# §5's table, from the first player's side, keyed by (wins, ties, losses).
TABLE: dict[tuple[int, int, int], int] = {
    (2, 0, 1): 1,
    (1, 0, 2): -1,
    (1, 1, 1): 0,
    (0, 3, 0): 0,
    (3, 0, 0): 6,
    (2, 1, 0): 6,
    (1, 2, 0): 6,
    (0, 0, 3): -6,
    (0, 1, 2): -6,
    (0, 2, 1): -6,
}


def counts(outcomes: str) -> tuple[int, int, int]:
    return outcomes.count("W"), outcomes.count("T"), outcomes.count("L")


ALL_OUTCOMES = ["".join(p) for p in itertools.product("WTL", repeat=3)]


def test_the_table_covers_every_combination() -> None:
    assert {counts(o) for o in ALL_OUTCOMES} == set(TABLE)


@pytest.mark.parametrize("outcomes", ALL_OUTCOMES)
def test_table_row(outcomes: str) -> None:
    result = score(duel(outcomes), TAIWAN)
    expected = TABLE[counts(outcomes)]
    letter = {Outcome.WIN: "W", Outcome.TIE: "T", Outcome.LOSS: "L"}
    rows = result.pair(0, 1).rows
    assert rows is not None
    assert "".join(letter[o] for o in rows) == outcomes
    assert result.totals == (expected, -expected)


@pytest.mark.parametrize(
    ("outcomes", "kind"),
    [("WWW", "sweep"), ("WWT", "crush"), ("TWT", "crush"), ("LLL", "sweep"), ("LTL", "crush"), ("WLW", "rows")],
)
def test_item_kinds(outcomes: str, kind: str) -> None:
    items = pair_items(score(duel(outcomes), TAIWAN), 0, 1)
    assert list(items) == [kind]


def test_zero_results_have_no_items() -> None:
    for outcomes in ("WTL", "TTT", "LWT"):
        assert score(duel(outcomes), TAIWAN).pair(0, 1).items == ()


# ------------------------------------------------------------------ 紅不讓 (§5, §12)


def test_home_run_wins_36() -> None:
    result = score(hands(*LADDER), TAIWAN)
    assert result.totals == (36, 0, -12, -24)
    for other in (1, 2, 3):
        assert pair_items(result, 0, other) == {"sweep": 6, "home_run": 6}
    assert pair_items(result, 1, 2) == {"sweep": 6}


def test_no_home_run_at_three_players() -> None:
    result = score(hands(*LADDER[:3]), TAIWAN)
    assert result.totals == (12, 0, -12)
    assert all("home_run" not in pair_items(result, 0, o) for o in (1, 2))


def test_sweeps_of_a_fouled_hand_count_toward_the_home_run() -> None:
    fouled_last = ("8s 8h 8d", "6d 5d 4h 3h 2s", "2d 6c 5c 7s 7h")
    result = score(hands(*LADDER[:3], fouled_last), TAIWAN)
    assert result.fouled == (False, False, False, True)
    assert result.totals[0] == 36
    assert pair_items(result, 0, 3) == {"sweep": 6, "home_run": 6}


# ------------------------------------------------------------------ 加賭 (§5, §13.7)

TAIWAN_BONUSES: dict[str, dict[str, int]] = {
    "rush_three": {"rush_three": 3},
    "double_monster_rush": {"double_monster_rush": 9, "middle_quads": 8, "back_straight_flush": 5},
    "two_quads": {"middle_quads": 8, "back_quads": 4},
    "back_quads": {"back_quads": 4},
    "two_straight_flushes": {"middle_straight_flush": 10, "back_straight_flush": 5},
    "back_straight_flush": {"back_straight_flush": 5},
    "three_flushes": {"three_flushes": 3},
    "six_pairs": {"six_pairs": 6},
    "six_pairs_with_quads": {"back_quads": 4, "six_pairs": 6},
    "two_houses_pair": {"two_houses_pair": 5},
    "seven_eleven_middle": {"seven_eleven": 3},
    "seven_eleven_back": {"seven_eleven": 3},
    "not_seven_eleven": {},
}


@pytest.mark.parametrize("case", list(TAIWAN_BONUSES))
def test_bonus_paid_to_the_sweeping_winner(case: str) -> None:
    a, b = BONUS_DUELS[case]
    result = score(hands(a, b), TAIWAN)
    bonuses = TAIWAN_BONUSES[case]
    assert pair_items(result, 0, 1) == {"sweep": 6, **bonuses}
    assert result.totals == (6 + sum(bonuses.values()), -6 - sum(bonuses.values()))


@pytest.mark.parametrize("case", list(TAIWAN_BONUSES))
def test_bonus_paid_by_the_loser_whichever_seat_it_sits_in(case: str) -> None:
    a, b = BONUS_DUELS[case]
    result = score(hands(b, a), TAIWAN)
    assert result.totals[1] == 6 + sum(TAIWAN_BONUSES[case].values())


def test_double_monster_rush_replaces_rush_three() -> None:
    a, b = BONUS_DUELS["double_monster_rush"]
    items = pair_items(score(hands(a, b), TAIWAN), 0, 1)
    assert "rush_three" not in items
    assert items["double_monster_rush"] == 9


def test_bonus_paid_on_a_one_unit_win() -> None:
    # 2W 1L: +1 and the winner's bonus.
    rush = ("Qs Qh Qd", "2s 3h 4d 5c 6s", "7h 8h Th Jh Kh")
    other = ("2h 2c Ac", "Js Jd 3c 4s 5d", "9s 9h 9c 8c 8d")  # only its full house back wins
    result = score(hands(rush, other), TAIWAN)
    assert result.pair(0, 1).rows == (Outcome.WIN, Outcome.WIN, Outcome.LOSS)
    assert pair_items(result, 0, 1) == {"rows": 1, "rush_three": 3}
    assert result.totals == (4, -4)


def test_no_bonus_when_the_pair_result_is_zero() -> None:
    rush = ("Qs Qh Qd", "2s 3h 4d 5c 6s", "7h 8h Th Jh Kh")
    other = ("Js Jd Ac", "2h 3c 4s 5d 6d", "9s 9h 9c 8c 8d")  # ties the middle, wins the back
    result = score(hands(rush, other), TAIWAN)
    assert result.pair(0, 1).rows == (Outcome.WIN, Outcome.TIE, Outcome.LOSS)
    assert result.pair(0, 1).items == ()
    assert result.totals == (0, 0)


def test_no_bonus_for_the_loser() -> None:
    rush = ("Qs Qh Qd", "2s 3h 4d 5c 6s", "7h 8h Th Jh Kh")
    other = ("Js Jd 2c", "7c 8d 9d Ts Jc", "As Ad Ac Kc Kd")  # wins middle and back with nothing special
    result = score(hands(rush, other), TAIWAN)
    assert result.pair(0, 1).rows == (Outcome.WIN, Outcome.LOSS, Outcome.LOSS)
    assert pair_items(result, 0, 1) == {"rows": -1}


def test_winner_is_paid_its_own_bonus_not_the_losers() -> None:
    rush = ("Qs Qh Qd", "2s 3h 4d 5c 6s", "7h 8h Th Jh Kh")
    quads = ("Js Jd 2c", "7c 8d 9d Ts Jc", "As Ad Ac Ah Kd")
    result = score(hands(rush, quads), TAIWAN)
    assert pair_items(result, 1, 0) == {"rows": 1, "back_quads": 4}


def test_bonus_paid_even_when_its_row_lost() -> None:
    # Back quads lose the back to a straight flush, but the hand wins the pair 2–1 and is paid its back_quads.
    quads = ("Ks Kh 2d", "Js Jh 9d 9h 4s", "Ts Th Td Tc 7s")
    straight_flush = ("Qs Qh 3d", "8s 8h 6d 6h 2s", "5c 6c 7c 8c 9c")
    result = score(hands(quads, straight_flush), TAIWAN)
    assert result.pair(0, 1).rows == (Outcome.WIN, Outcome.WIN, Outcome.LOSS)
    assert pair_items(result, 0, 1) == {"rows": 1, "back_quads": 4}


def test_fouled_loser_pays_the_winners_bonuses() -> None:
    a, _ = BONUS_DUELS["rush_three"]
    fouled = ("As Ad Kc", "2c 3c 4c 5h 7c", "9s 9h 8c 8d 7d")
    result = score(hands(a, fouled), TAIWAN)
    assert result.fouled == (False, True)
    assert pair_items(result, 0, 1) == {"sweep": 6, "rush_three": 3}


def test_bonuses_with_home_run_at_four_players() -> None:
    result = score(hands(*LADDER_RUSH), TAIWAN)
    for other in (1, 2, 3):
        assert pair_items(result, 0, other) == {"sweep": 6, "rush_three": 3, "home_run": 6}
    assert result.totals == (45, -3, -15, -27)


# ------------------------------------------------------------------ dragons (§5, §13.6)


def dragon(text: str = PLAIN_DRAGON, special: Special = Special.DRAGON) -> Decision:
    return declared(text, special)


def suited() -> Decision:
    return declared(SUITED_DRAGON, Special.SUITED_DRAGON)


OTHER_PLAIN_DRAGON = "Ah Kd Qc Jh Td 9c 8h 7d 6c 5h 4d 3c 2h"  # no spades


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.TOURNAMENT])
def test_one_dragon_at_four_players(preset: Preset) -> None:
    result = score(with_fillers([dragon()]), preset)
    assert result.totals == (75, -25, -25, -25)
    for other in (1, 2, 3):
        assert pair_items(result, 0, other) == {"sweep": 6, "dragon": 13, "home_run": 6}
        assert result.pair(0, other).rows is None
    for i, j in ((1, 2), (1, 3), (2, 3)):
        assert result.pair(i, j).rows is None
        assert result.pair(i, j).items == ()


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.TOURNAMENT])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_one_dragon_at_three_players(preset: Preset, seat: int) -> None:
    others = with_fillers([dragon()], 3)[1:]
    decisions = list(others)
    decisions.insert(seat, dragon())
    result = score(decisions, preset)
    assert result.totals[seat] == 38
    rest = [s for s in range(3) if s != seat]
    assert all(result.totals[s] == -19 for s in rest)
    assert result.pair(*rest).rows is None and result.pair(*rest).items == ()


@pytest.mark.parametrize("preset", [Preset.TAIWAN, Preset.TOURNAMENT])
def test_one_dragon_at_two_players(preset: Preset) -> None:
    result = score(with_fillers([dragon()], 2), preset)
    assert result.totals == (19, -19)


def test_suited_dragon_declared_is_the_same_amount_in_taiwan() -> None:
    result = score(with_fillers([suited()], 4), TAIWAN)
    assert result.totals == (75, -25, -25, -25)


def test_dragon_collects_from_a_fouled_hand() -> None:
    fouled = ("Ah Ad Kc", "2c 3d 4c 5d 7d", "9c 9d 8c 8h 7h")
    result = score([dragon(), hand(*fouled)], TAIWAN)
    assert result.fouled == (False, True)
    assert result.totals == (19, -19)


def test_dragon_against_bonus_hands_pays_no_bonus_either_way() -> None:
    # A two-straight-flush hand would earn 15 in bonuses; against a dragon it just pays 6 + 13.
    rows = ("Qh Qd 3h", "2s 3s 4s 5s 6s", "8s 9s Ts Js Qs")
    result = score([dragon(OTHER_PLAIN_DRAGON), hand(*rows)], TAIWAN)
    assert pair_items(result, 0, 1) == {"sweep": 6, "dragon": 13}


def test_suited_and_plain_dragon_in_taiwan() -> None:
    result = score(with_fillers([suited(), dragon(OTHER_PLAIN_DRAGON)]), TAIWAN)
    assert result.pair(0, 1).items == ()  # the two dragons tie
    assert pair_items(result, 0, 2) == {"sweep": 6, "dragon": 13, "home_run": 6}
    assert pair_items(result, 1, 2) == {"sweep": 6, "dragon": 13}
    assert result.pair(2, 3).rows is None and result.pair(2, 3).items == ()
    assert result.totals == (50, 38, -44, -44)


def test_two_plain_dragons_in_taiwan() -> None:
    second = "Ah Kd Qc Js Th 9d 8c 7s 6h 5d 4c 3s 2h"
    decisions = with_fillers([dragon(), dragon(second)])
    result = score(decisions, TAIWAN)
    assert result.pair(0, 1).items == ()
    for d in (0, 1):
        for o in (2, 3):
            assert pair_items(result, d, o) == {"sweep": 6, "dragon": 13}
    # the two others compare normally, exactly as they would alone
    alone = score(decisions[2:], TAIWAN)
    assert result.pair(2, 3).rows == alone.pair(0, 1).rows
    assert result.pair(2, 3).items == alone.pair(0, 1).items
    assert result.totals[:2] == (38, 38)


def test_suited_dragon_declared_as_dragon_scores_as_a_plain_one() -> None:
    decisions = with_fillers([dragon(SUITED_DRAGON), dragon(OTHER_PLAIN_DRAGON)])
    result = score(decisions, TAIWAN)
    assert result.totals[:2] == (38, 38)
    assert result.pair(2, 3).rows is not None


def test_suited_dragon_three_players_takes_no_home_run() -> None:
    result = score(with_fillers([suited(), dragon(OTHER_PLAIN_DRAGON)], 3), TAIWAN)
    assert result.totals == (19, 19, -38)


def test_dragon_cards_arranged_are_scored_as_rows() -> None:
    rows = ("2s 3h 4d", "5c 6s 7h 8d 9c", "Ts Jh Qd Kc As")
    result = score(with_fillers([hand(*rows)], 2), TAIWAN)
    assert "dragon" not in pair_items(result, 0, 1)
    assert result.pair(0, 1).rows is not None


def test_other_specials_cannot_be_declared_in_taiwan() -> None:
    six = declared(SPECIAL_HANDS[Special.SIX_PAIRS], Special.SIX_PAIRS)
    with pytest.raises(DealError, match="not a special hand in taiwan"):
        score(with_fillers([six], 2), TAIWAN)


# ------------------------------------------------------------------ the `score` document (§13.13)

P0 = player(*LADDER[0])
P1 = player(*LADDER[1])
P2 = player(*LADDER[2])
P3 = player(*LADDER[3])
REST = ("Tc 8c 2d", "Jd 9d 7d 3d Qc", "Ah Ad Kd Kc Qh")  # shares no card with PLAIN_DRAGON or the six pairs


def doc(**extra: Any) -> dict[str, Any]:
    return {"players": [P0, P1, P2, P3], **extra}


def test_document_defaults_to_taiwan() -> None:
    deal = deal_from_document(doc())
    assert deal.preset is TAIWAN
    assert deal.options == TAIWAN.default_options
    assert score_deal(deal).totals == (36, 0, -12, -24)


def test_document_matches_score() -> None:
    for preset in Preset:
        from_doc = score_deal(deal_from_document(doc(rules=preset.value)))
        assert from_doc == score(hands(*LADDER), preset)


def test_rules_override_wins_over_the_document() -> None:
    deal = deal_from_document(doc(rules="taiwan"), "shisanshui")
    assert deal.preset is Preset.SHISANSHUI
    assert score_deal(deal).totals[0] == 72


def test_unknown_keys_are_ignored() -> None:
    d = doc(comment="hello", seed=3)
    d["players"] = [{**P0, "name": "me"}, P1, P2, P3]
    assert score_deal(deal_from_document(d)).totals == (36, 0, -12, -24)


def test_options_are_read() -> None:
    deal = deal_from_document(doc(options={"wheel": "second", "suit_tiebreak": True, "three_flush_straight": False}))
    assert deal.options == Options(wheel=Wheel.SECOND, suit_tiebreak=True, three_flush_straight=False)


@pytest.mark.parametrize(
    ("document", "match"),
    [
        (doc(rules="poker"), "unknown preset 'poker'"),
        (doc(rules=3), "preset name"),
        (doc(options={"banker": True}), "unknown option 'banker'"),
        (doc(options={"banker_wins_ties": True}), "unknown option"),
        (doc(options={"rake": 0.1}), "unknown option"),
        (doc(options={"time_limit": 60}), "unknown option"),
        (doc(options={"wheel": "high"}), "wheel"),
        (doc(options={"suit_tiebreak": "yes"}), "true or false"),
        (doc(options=[1]), "must be an object"),
    ],
)
def test_option_errors(document: dict[str, Any], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        deal_from_document(document)


@pytest.mark.parametrize("preset", ["taiwan", "tournament", "shisanshui"])
@pytest.mark.parametrize(
    ("extra", "match"),
    [
        ({"doubles": [1, None, None, None]}, "only in arcade"),
        ({"doubles": [None, None, 3, None]}, "only in arcade"),
        ({"treasure": ["As"]}, "only in arcade"),
    ],
)
def test_doubles_and_treasure_outside_arcade_are_errors(preset: str, extra: dict[str, Any], match: str) -> None:
    with pytest.raises(DealError, match=match):
        deal_from_document(doc(rules=preset, **extra))
    treasure = [0] * len(extra.get("treasure", []))
    with pytest.raises(DealError, match=match):
        score(hands(*LADDER), Preset(preset), doubles=extra.get("doubles", ()), treasure=treasure)


def test_empty_doubles_and_treasure_are_fine_outside_arcade() -> None:
    assert score_deal(deal_from_document(doc(doubles=[], treasure=[]))).totals[0] == 36
    assert score_deal(deal_from_document(doc(doubles=None, treasure=None))).totals[0] == 36


def test_a_non_empty_doubles_list_is_an_error_outside_arcade_even_all_null() -> None:
    # §13.13 read strictly: "non-empty doubles outside arcade are errors".
    with pytest.raises(DealError, match="only in arcade"):
        deal_from_document(doc(doubles=[None] * 4))


@pytest.mark.parametrize(
    ("key", "value"),
    [("options", False), ("options", []), ("doubles", 0), ("doubles", ""), ("treasure", ""), ("treasure", ["7h 8h"])],
)
def test_wrong_json_types_are_errors(key: str, value: object) -> None:
    with pytest.raises((DealError, OptionError)):
        deal_from_document({**doc(), "rules": "arcade", key: value})


@pytest.mark.parametrize(
    ("players", "match"),
    [
        ([P0], "2 to 4 players"),
        ([P0, P1, P2, P3, P0], "2 to 4 players"),
        ([], "2 to 4 players"),
        ("P0 P1", "must be a list"),
        ([P0, P0], "held by players 0 and 1"),
        ([P0, {**P1, "front": "3d 3c Jc Kc"}], "player 1: front: expected 3 cards, got 4"),
        ([P0, {**P1, "back": "Qs Qh Qd Js"}], "player 1: back: expected 5 cards, got 4"),
        ([P0, {**P1, "middle": "9d 8c 7d 6s Qs"}], "player 1: duplicate card Qs"),
        ([P0, {**P1, "back": "Qs Qh Qd Js Jx"}], "player 1: back: unknown suit in 'Jx'"),
        ([P0, {"front": "3d 3c Jc"}], "player 1: an arranged player needs"),
        ([P0, "3d 3c Jc"], "player 1: a player must be an object"),
        ([P0, {"cards": PLAIN_DRAGON}], "needs 'declare'"),
        ([P0, {"cards": PLAIN_DRAGON, "declare": "rainbow"}], "unknown special hand 'rainbow'"),
        ([{"cards": PLAIN_DRAGON[:-3], "declare": "dragon"}, P1], "player 0: expected 13 cards, got 12"),
    ],
)
def test_player_errors(players: Any, match: str) -> None:
    with pytest.raises(DealError, match=match):
        deal_from_document({"players": players})


def test_declared_special_the_cards_do_not_make() -> None:
    not_a_dragon = "As Ah Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s"
    with pytest.raises(DealError, match="do not make dragon"):
        deal_from_document({"players": [{"cards": not_a_dragon, "declare": "dragon"}, P1]})
    with pytest.raises(DealError, match="do not make suited_dragon"):
        deal_from_document({"players": [{"cards": PLAIN_DRAGON, "declare": "suited_dragon"}, P1]})


def test_declared_special_not_allowed_in_preset() -> None:
    six = {"cards": SPECIAL_HANDS[Special.SIX_PAIRS], "declare": "six_pairs"}
    rest = player(*REST)
    for preset in ("taiwan", "tournament", "arcade"):
        with pytest.raises(DealError, match=f"six_pairs is not a special hand in {preset}"):
            deal_from_document({"rules": preset, "players": [six, rest]})
    deal = deal_from_document({"rules": "shisanshui", "players": [six, rest]})
    assert score_deal(deal).totals == (4, -4)


def test_declared_dragon_in_a_document() -> None:
    deal = deal_from_document({"players": [{"cards": PLAIN_DRAGON, "declare": "dragon"}, player(*REST)]})
    assert score_deal(deal).totals == (19, -19)


def test_errors_are_value_errors_not_tracebacks() -> None:
    assert issubclass(DealError, ValueError)
    assert issubclass(OptionError, ValueError)
    assert issubclass(CardError, ValueError)
    with pytest.raises(DealError, match="JSON object"):
        deal_from_document([1, 2])


def test_deal_rejects_bad_doubles_and_treasure_in_arcade() -> None:
    decisions = tuple(hands(*LADDER))
    arcade = Preset.ARCADE
    opts = arcade.default_options
    with pytest.raises(DealError, match="one entry per player"):
        Deal(arcade, opts, decisions, (1, None))
    with pytest.raises(DealError, match="cannot double"):
        Deal(arcade, opts, decisions, (0, None, None, None))
    with pytest.raises(DealError, match="cannot double"):
        Deal(arcade, opts, decisions, (4, None, None, None))
    with pytest.raises(DealError, match="treasure"):
        deal_from_document(doc(rules="arcade", treasure=["As", "Ks", "Qs", "Js", "Ts"]))
    with pytest.raises(DealError, match="treasure"):
        deal_from_document(doc(rules="arcade", treasure=["As", "as"]))
    with pytest.raises(DealError, match="treasure"):
        deal_from_document(doc(rules="arcade", treasure=["Ax"]))
    with pytest.raises(DealError, match="doubles"):
        deal_from_document(doc(rules="arcade", doubles=[True, None, None, None]))
    with pytest.raises(DealError, match="doubles"):
        deal_from_document(doc(rules="arcade", doubles={"0": 1}))


def test_score_takes_a_preset_name() -> None:
    by_name = score(hands(*LADDER), "shisanshui")  # type: ignore[arg-type]
    assert by_name == score(hands(*LADDER), Preset.SHISANSHUI)
    with pytest.raises(OptionError, match="unknown preset 'poker'"):
        score(hands(*LADDER), "poker")  # type: ignore[arg-type]


def test_options_wheel_by_name_scores_like_the_member() -> None:
    # Middle A2345 under a 23456 back: legal with the wheel low, a foul with it second, however it is spelt.
    rows = ("Ks Qd 9h", "As 2d 3h 4c 5s", "2s 3d 4h 5c 6d")
    other = ("Jh 8c 7d", "Jd Jc 9c 8d 7c", "Ah Ad Kc Kd Qc")
    for name, fouled in (("low", False), ("second", True)):
        options = Options(wheel=name)  # type: ignore[arg-type]
        assert options.wheel is Wheel(name)
        assert options.to_dict()["wheel"] == name
        result = score(hands(rows, other), TAIWAN, options)
        assert result.fouled[0] is fouled
    with pytest.raises(OptionError, match="wheel"):
        Options(wheel="high")  # type: ignore[arg-type]
