"""`chinese-poker coach` (run in process, `tests/cli/runner.py`): the JSON keys the issue names, the best play on
expert's own choice, a foul priced, a declaration, and bad input as one `error:` line with exit status 2."""

from __future__ import annotations

from tests.cli.test_ai_cli import HAND, ok_json, usage_error

KEYS = {"ev", "best_ev", "loss", "ci95", "verdict", "best", "rows", "sweeps", "why", "alternatives", "note", "tables"}


def _play(out: dict) -> str:
    return f"{out['front']} / {out['middle']} / {out['back']}"


def test_coach_json_on_experts_own_play_says_best_with_no_loss() -> None:
    best = ok_json("solve", *HAND.split(), "--json")
    out = ok_json("coach", *HAND.split(), "--play", _play(best), "--samples", "60", "--json")
    assert set(out) == KEYS
    assert out["verdict"] == "best" and out["loss"] == 0 and out["ci95"] == 0
    assert set(out["best"]) == {"front", "middle", "back", "declare", "ev"}
    assert set(out["rows"]) == {"front", "middle", "back"}
    for row in out["rows"].values():
        assert 0 <= row["yours_win"] <= 1 and row["yours_win"] == row["best_win"]
    # a four-player table at the preset's defaults prices on the bank's relabelled hands: many per table
    assert out["tables"] >= 60 and out["ev"] == out["best_ev"]


def test_coach_prices_a_foul_as_a_blunder() -> None:
    foul = "Kd 9c 9s / As Qh 7d 5c 4s / Td 7h 3d 3h 2c"  # a pair in front over a high-card middle
    out = ok_json("coach", *HAND.split(), "--play", foul, "--samples", "60", "--json")
    assert out["verdict"] == "blunder" and out["loss"] > 5
    assert out["rows"]["front"]["yours_win"] is None and out["rows"]["front"]["best_win"] is not None
    assert "foul" in out["why"].lower()


def test_coach_prices_a_declaration_against_the_arrangement() -> None:
    six_pairs = "2s 2h 5c 5d 8s 8h Tc Td Qs Qh Ks Kh 3d"
    out = ok_json(
        "coach", *six_pairs.split(), "--declare", "six_pairs", "--rules", "shisanshui", "--samples", "40", "--json"
    )
    assert out["best"]["declare"] == "six_pairs" and out["verdict"] == "best"


def test_coach_refuses_bad_input_with_one_line() -> None:
    assert "13 cards" in usage_error("coach", *HAND.split(), "--play", "As Kd Qh / 9c 9s 7d 7h 5c / 4s 3d 3h 2c 2d")
    assert "FRONT / MIDDLE / BACK" in usage_error("coach", *HAND.split(), "--play", "As Kd Qh 9c")
    assert "--play" in usage_error("coach", *HAND.split())
    assert "do not make" in usage_error("coach", *HAND.split(), "--declare", "dragon")
    assert "expected 13 cards" in usage_error("coach", "As", "Kd", "--play", "x / y / z")
