"""The joker (JK, rules/RULES.md §20) on the command line: rank, compare and check take it as they are; score
and solve need the joker option, and say so in one ``error:`` line with status 2 when it is missing."""

from __future__ import annotations

import json

import pytest

from .test_rules_cli import ok, run, score_json

JOKER_PLAYERS = [
    {"front": "JK 2c 3d", "middle": "4s 5s 6s 7s 8s", "back": "9h Th Jh Qh Kh"},
    {"front": "2s 3s 4d", "middle": "5d 6d 7d 8d 9d", "back": "Ts Js Qs Ks As"},
]
DRAGON_WITH_JOKER = "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c JK"


def fails(proc, pattern: str) -> None:  # type: ignore[no-untyped-def]
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and pattern in lines[0], proc.stderr


@pytest.mark.parametrize(
    ("cards", "line"),
    [
        ("Kh Qh JK", "Pair 對子: K Q (JK = Ks)"),
        ("9s 8s 7s 6s jk", "Straight flush 同花順: T 9 8 7 6 (JK = Ts)"),
        ("As Ah Ac Ad 🃏", "Four of a kind 鐵支: A K (JK = Ks)"),
    ],
)
def test_rank_names_what_the_joker_stands_for(cards: str, line: str) -> None:
    assert ok(run("rank", cards)) == line + "\n"


def test_rank_json_has_the_joker_only_when_there_is_one() -> None:
    with_joker = json.loads(ok(run("rank", "--json", "7s 7d Jh Jc JK")))
    assert with_joker["category"] == "full_house" and with_joker["joker"] == "Js"
    assert with_joker["cards"].startswith("JK")
    assert "joker" not in json.loads(ok(run("rank", "--json", "7s 7d Jh Jc Js")))


def test_compare_and_check_take_the_joker() -> None:
    assert ok(run("compare", "Kh Kd JK", "Ks Kc Kd")) == "=\n"  # the joker's trips tie natural ones
    assert ok(run("compare", "Kh Kd JK", "Ks Kc Qd")) == ">\n"
    assert ok(run("check", "Kh Kd JK", "2s 3s 4d 5d 7c", "As Ad Ac 9d 9c")).startswith("foul: front (Trips")
    assert ok(run("check", "Kh 2d JK", "Qs Qd 5c 5h 3s", "As Ad Ac 9d 9c")) == "legal\n"


def test_score_needs_the_option_for_a_joker() -> None:
    fails(run("score", stdin=json.dumps({"players": JOKER_PLAYERS})), "player 0 holds the joker (JK)")
    doc = {"options": {"joker": True}, "players": JOKER_PLAYERS}
    result = score_json(doc=doc)
    assert result["totals"] == [-16, 16] and result["fouled"] == [False, False]
    fails(
        run("score", stdin=json.dumps({"rules": "ladder", "options": {"joker": True}, "players": []})),
        "not played in ladder",
    )


def test_solve_needs_joker_and_finds_a_dragon_with_it() -> None:
    fails(run("solve", DRAGON_WITH_JOKER), "--joker")
    out = json.loads(ok(run("solve", DRAGON_WITH_JOKER, "--joker", "--level", "hard", "--json")))
    assert out["declare"] == "dragon"
    fails(run("solve", DRAGON_WITH_JOKER, "--joker", "--rules", "ladder"), "not played in ladder")
    text = ok(run("solve", "Kh 7d 2c 3d 4h 8s 9s Ts Js Qd Ad As JK", "--joker", "--level", "normal"))
    assert "(JK = " in text


def test_arena_plays_with_the_joker() -> None:
    out = json.loads(ok(run("arena", "--players", "hard,easy", "--deals", "3", "--jobs", "1", "--joker", "--json")))
    assert out["joker"] is True and [p["fouls"] for p in out["players"]] == [0, 0]


def test_coach_needs_joker_and_prices_a_joker_hand() -> None:
    hand = "Kh 7d 2c 3d 4h 8s 9s Ts Js Qd Ad As JK"
    play = "Kh Qd 7d / As Ad 4h 3d 2c / JK Js Ts 9s 8s"
    fails(run("coach", hand, "--play", play, "--samples", "20"), "--joker")
    out = json.loads(ok(run("coach", hand, "--play", play, "--samples", "20", "--joker", "--json")))
    assert out["loss"] >= 0 and out["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")


def test_play_refuses_the_joker_in_the_ladder_and_takes_it_elsewhere() -> None:
    import argparse

    from app.commands.play_cmds import config_from_args

    fails(run("play", "--joker", "--rules", "ladder"), "not played in ladder")
    args = argparse.Namespace(
        rules="arcade",
        level=None,
        time_limit=None,
        players=3,
        banker=None,
        exempt=False,
        joker=True,
        exchange=None,
        exchange_way=None,
        practice=False,
        no_takeover=False,
        watch=False,
        seed=5,
    )
    config = config_from_args(args)
    assert config.options.joker and config.preset.value == "arcade" and config.players == 3
